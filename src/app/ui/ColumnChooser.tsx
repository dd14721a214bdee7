// The column chooser of a table (generic lists and hand-written tables alike): every column with a check box;
// a column that gave way to the width is unchecked and marked so, and checking it keeps it (another gives way
// instead). The last shown column cannot be turned off.
import { useTranslation } from 'react-i18next';

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
