// What the treatment pages share: statuses and steps in words, the plan's warnings, a drug day's dose with the
// disclosure of how it was calculated, and the addresses of the treatment pages.
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../app/ui';
import { enumEntryLabel, type Lang } from '../../domain/language';
import { doseUnit } from '../../generated/enums/doseUnit';
import { drugStatus } from '../../generated/enums/drugStatus';
import { treatmentStatus } from '../../generated/enums/treatmentStatus';
import type { DrugStatus, PlanWarning, TreatmentCycle, TreatmentStatus } from '../../generated/types/entities';
import { Amount, DerivationDetails, num } from '../clinical/DoseDerivation';
import { usePagePath } from '../shared/hooks';
import './strings';
import './treatment.css';

export type DrugDay = TreatmentCycle['drug_day_list'][number];

export const treatmentStatusLabel = (s: TreatmentStatus, lang: Lang): string => enumEntryLabel(treatmentStatus, s, lang);
export const drugStatusLabel = (s: DrugStatus, lang: Lang): string => enumEntryLabel(drugStatus, s, lang);

/** The path of a treatment page with its address parameters, or null when this site has no such page. */
export function useTreatmentPagePath(routeName: 'treatment' | 'new_treatment' | 'treatment_list'): ((params: Record<string, string>) => string) | null {
  const path = usePagePath(routeName);
  return path ? (params) => `${path}?${new URLSearchParams(params)}` : null;
}

/**
 * The plan's warnings where they cannot be missed: first on the page, each with its kind in words (not by colour
 * alone) and the message that names the date it concerns.
 */
export function WarningList({ warnings, lang }: { warnings: readonly PlanWarning[]; lang: Lang }) {
  const { t } = useTranslation();
  if (!warnings.length) return null;
  return (
    <section className="treatment-warnings" role="alert" aria-labelledby="treatment-warnings-title">
      <h2 id="treatment-warnings-title">{t('treatment.warningsTitle')}</h2>
      <p>{t('treatment.warningsCount')}</p>
      <ul>
        {warnings.map((w, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the plan's warnings come in a fixed order and may repeat a code on other days.
          <li key={i} className={`treatment-warnings__item treatment-warnings__item--${w.severity}`}>
            <strong>{t(`treatment.severity.${w.severity}`)}:</strong> {w.message[lang]}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The protocol's dose of a line in words: 5 AUC, 175 mg/m². */
export const protocolDose = (d: DrugDay, lang: Lang): string => `${num(d.dosage, lang)} ${enumEntryLabel(doseUnit, d.unit, lang)}`;

/** A drug day's dose, with its derivation in a disclosure a second person checks it by. */
export function DoseWithDerivation({ day, lang }: { day: DrugDay; lang: Lang }) {
  const { t } = useTranslation();
  if (!day.dose_derivation) return <span>{t('treatment.noDose')}</span>;
  return (
    <div className="treatment-dose">
      <span className="treatment-dose__value">
        <Amount q={day.dose_derivation.value} lang={lang} />
      </span>
      <DerivationDetails
        derivation={day.dose_derivation.derivation}
        lang={lang}
        summary={t('treatment.how')}
        summaryLabel={t('treatment.howOf', { drug: day.drug_name, day: day.day })}
      />
    </div>
  );
}

/** A day's facts: date, protocol dose, percent. */
export function DayFacts({ day, lang }: { day: DrugDay; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <dl className="patient-facts treatment-day__facts">
      <div>
        <dt>{t('treatment.protocolDose')}</dt>
        <dd>{protocolDose(day, lang)}</dd>
      </div>
      <div>
        <dt>{t('treatment.percent')}</dt>
        <dd>{t('treatment.percentValue', { value: day.dose_percent ?? 100 })}</dd>
      </div>
      <div>
        <dt>{t('treatment.dose')}</dt>
        <dd>
          <DoseWithDerivation day={day} lang={lang} />
        </dd>
      </div>
    </dl>
  );
}

export const dayTitle = (day: DrugDay, lang: Lang, t: (k: string, o?: Record<string, unknown>) => string): string =>
  `${day.drug_name} — ${t('treatment.dayDate', { day: day.day, date: formatDate(day.planned_date, lang) })}`;
