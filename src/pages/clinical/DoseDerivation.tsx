// A dosing result's derivation as a second person checks it: the formula, the inputs with their values, units and
// dates, the intermediate steps, every cap, rounding and percent applied, the calculations it used and its
// source. Shared by the dose calculator and the treatment pages (the same words for the same derivation).
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../domain/language';
import { unitSymbol } from '../../domain/units';
import type { DosingCalculated, DosingEntry, DosingQuantity } from '../../generated/types/entities';
import './dosing-strings';
import './dose-calculator.css';

const FORMATS = { en: 'en-GB', tr: 'tr-TR' } as const;
/** A number for reading: `digits` decimals at most, no grouping (1.234 would read as a decimal in the other language). */
export const num = (value: number, lang: Lang, digits = 2) => new Intl.NumberFormat(FORMATS[lang], { maximumFractionDigits: digits, useGrouping: false }).format(value);


/** A quantity for reading: the unit's symbol, and years in the page's language. */
export function Amount({ q, lang, digits }: { q: DosingQuantity; lang: Lang; digits?: number }) {
  const { t } = useTranslation();
  // Beside its label "Target AUC" the AUC's symbol needs no "AUC" of its own; a factor has no unit.
  const unit = q.unit === 'a' ? t('doseCalculator.years') : q.unit === '1' ? '' : q.unit === 'mg.min/mL' ? unitSymbol('mg/mL·min', lang) : unitSymbol(q.unit, lang);
  return (
    <>
      {num(q.value, lang, digits)}
      {unit && <span className="dose-calc__unit">{` ${unit}`}</span>}
    </>
  );
}

function Entries({ entries, lang }: { entries: DosingEntry[]; lang: Lang }) {
  return (
    <dl className="dose-calc__entries">
      {entries.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a derivation's entries are fixed in order and may share labels.
        <div key={i}>
          <dt>{e.label[lang]}</dt>
          <dd>{e.quantity ? <Amount q={e.quantity} lang={lang} digits={4} /> : e.text?.[lang]}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The derivation in a disclosure, closed until asked for: `summary` is its visible label, `summaryLabel` its name to a screen reader. */
export function DerivationDetails({ derivation: d, lang, summary, summaryLabel }: { derivation: DosingCalculated['derivation']; lang: Lang; summary: string; summaryLabel?: string }) {
  const { t } = useTranslation();
  return (
  <details className="dose-calc__how">
    <summary aria-label={summaryLabel}>{summary}</summary>
    <h5>{t('doseCalculator.formula')}</h5>
    <p className="dose-calc__formula">{d.formula[lang]}</p>
    <h5>{t('doseCalculator.inputs')}</h5>
    <Entries entries={d.inputs} lang={lang} />
    {d.steps.length > 0 && (
      <>
        <h5>{t('doseCalculator.steps')}</h5>
        <Entries entries={d.steps} lang={lang} />
      </>
    )}
    <h5>{t('doseCalculator.applied')}</h5>
    {d.adjustments.length ? (
      <ul>
        {d.adjustments.map((a) => (
          <li key={a.kind}>{a.note[lang]}</li>
        ))}
      </ul>
    ) : (
      <p>{t('doseCalculator.noneApplied')}</p>
    )}
    {d.based_on.length > 0 && (
      <>
        <h5>{t('doseCalculator.basedOn')}</h5>
        <ul>
          {d.based_on.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the calculations used, fixed in order.
            <li key={i}>
              {b.derivation.method[lang]}: <Amount q={b.value} lang={lang} digits={4} />
            </li>
          ))}
        </ul>
      </>
    )}
    {d.source && (
      <>
        <h5>{t('doseCalculator.source')}</h5>
        <p className="dose-calc__source">{d.source}</p>
      </>
    )}
  </details>
  );
}
