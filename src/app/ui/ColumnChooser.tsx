// The column chooser of a table (generic lists and hand-written tables alike): every column with a check box;
// a column that gave way to the width is unchecked and marked so, and checking it keeps it (another gives way
// instead). The last shown column cannot be turned off.
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useColumnFit, type FitColumn } from './useColumnFit';

const NONE: ReadonlySet<string> = new Set();

/** The set with or without the key. */
function flip(set: ReadonlySet<string>, key: string, present: boolean): ReadonlySet<string> {
  const next = new Set(set);
  if (present) next.add(key);
  else next.delete(key);
  return next;
}

/** Which columns the user turned off, and which they asked to keep when the width would drop them. */
function useColumnChoice() {
  const [off, setOff] = useState(NONE);
  const [kept, setKept] = useState(NONE);
  // Turned on again, a column is kept even where the width would drop it; turned off, it is neither.
  const toggle = (key: string) => {
    const on = off.has(key);
    setOff(flip(off, key, !on));
    setKept(flip(kept, key, on));
  };
  const keep = (key: string) => setKept((prev) => new Set(prev).add(key));
  const reset = () => {
    setOff(NONE);
    setKept(NONE);
  };
  return { off, kept, toggle, keep, reset };
}

export interface ColumnChoice {
  key: string;
  label: string;
}

export interface ColumnChooserProps {
  columns: readonly ColumnChoice[];
  /** The columns the user shows (before any gives way to the width). */
  chosen: ReadonlySet<string>;
  /** The chosen columns that gave way to the width. */
  gone: ReadonlySet<string>;
  onToggle: (key: string) => void;
  onKeep: (key: string) => void;
  onReset: () => void;
}

export function ColumnChooser({ columns, chosen, gone, onToggle, onKeep, onReset }: ColumnChooserProps) {
  const { t } = useTranslation();
  const shownCount = [...chosen].filter((k) => !gone.has(k)).length;
  return (
    <details className="columns-chooser">
      <summary className="button button--secondary">
        {t('columns.title')}
        {gone.size > 0 && <span className="columns-chooser__note"> {t('columns.goneCount', { count: gone.size })}</span>}
      </summary>
      <fieldset className="fieldset columns-chooser__list">
        <legend>{t('columns.legend')}</legend>
        {columns.map((c) => {
          const gaveWay = gone.has(c.key);
          const checked = chosen.has(c.key) && !gaveWay;
          return (
            <label key={c.key} className="columns-chooser__choice">
              <input type="checkbox" checked={checked} disabled={checked && shownCount === 1} onChange={() => (gaveWay ? onKeep(c.key) : onToggle(c.key))} />{' '}
              {c.label}
              {gaveWay && <span className="columns-chooser__note"> ({t('columns.gone')})</span>}
            </label>
          );
        })}
        <button type="button" className="button button--secondary button--small" onClick={onReset}>
          {t('columns.reset')}
        </button>
      </fieldset>
    </details>
  );
}

/**
 * A table's columns as shown — the user's choice, then what fits the region (useColumnFit) — with the chooser
 * that changes them. `keyOf` and `labelOf` must be stable functions (defined outside the component).
 */
export function useChosenColumns<C extends FitColumn>(
  region: RefObject<HTMLElement | null>,
  columns: C[],
  keyOf: (c: C) => string,
  labelOf: (c: C) => string,
  rows: unknown,
) {
  const choice = useColumnChoice();
  const chosen = columns.filter((c) => !choice.off.has(keyOf(c)));
  const { shown, gone } = useColumnFit(region, chosen, keyOf, rows, choice.kept);
  const chooser = (
    <ColumnChooser
      columns={columns.map((c) => ({ key: keyOf(c), label: labelOf(c) }))}
      chosen={new Set(chosen.map(keyOf))}
      gone={gone}
      onToggle={choice.toggle}
      onKeep={choice.keep}
      onReset={choice.reset}
    />
  );
  return { shown, chooser };
}
