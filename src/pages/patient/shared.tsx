// What the patient pages share: the patient named by the address (?patient=<id>), how a patient, a gender and a
// number are written, and the link to a patient's follow-up.
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Notice, useErrorText, useLoad } from '../../app/ui';
import { fromLocalDate } from '../../app/ui/DateInput';
import { patientGet } from '../../generated/client';
import { gender as genderEnum } from '../../generated/enums/gender';
import type { Gender, LabResult, Patient } from '../../generated/types/entities';
import type { Lang } from '../../domain/language';
import { usePagePath } from '../shared/hooks';
import './strings';

export const patientName = (p: Pick<Patient, 'firstname' | 'lastname'>): string => `${p.firstname} ${p.lastname}`;

export const genderLabel = (g: Gender, lang: Lang): string => genderEnum.labels[genderEnum.values.indexOf(g)][lang];

const LOCALE = { tr: 'tr-TR', en: 'en-GB' } as const;

/** A measured value in the reader's language, to at most `digits` decimals. */
export const formatNumber = (value: number, lang: Lang, digits = 2): string => new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: digits }).format(value);

/** The path of a patient's page (follow-up, laboratory results, medications), or null when this site has no such page. */
export function usePatientPagePath(routeName: 'patient_followup' | 'laboratory_results' | 'patient_medications'): ((patientId: string) => string) | null {
  const path = usePagePath(routeName);
  return path ? (patientId: string) => `${path}?${new URLSearchParams({ patient: patientId })}` : null;
}

/** The patient of ?patient=<id>, loaded (the read is recorded in the audit trail by the server). */
export function useAddressedPatient() {
  const [params] = useSearchParams();
  const patientId = params.get('patient') ?? '';
  const load = useCallback(async () => (await patientGet({ patient_id: patientId })).patient, [patientId]);
  return { patientId, ...useLoad(patientId ? load : null) };
}

/** What a patient page shows without its patient: none named, or the reason it could not be read. */
export function PatientMissing({ patientId, error }: { patientId: string; error: unknown }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const searchPath = usePagePath('patient_search');
  return (
    <>
      {patientId ? error ? <Notice>{errorText(error)}</Notice> : <p role="status">{t('app.loading')}</p> : <Notice kind="info">{t('patient.noPatient')}</Notice>}
      {searchPath && (patientId === '' || error) ? (
        <p>
          <Link to={searchPath}>{t('patient.toSearch')}</Link>
        </p>
      ) : null}
    </>
  );
}

/** A typed date that is a real day (the date field passes on what it cannot read as one). */
export const isDay = (value: string): boolean => fromLocalDate(value) === value;

/** Which side of its reference range a result lies (none inside it, or without a range). */
export function outOfRange(r: Pick<LabResult, 'value' | 'reference_min' | 'reference_max' | 'is_abnormal'>): 'low' | 'high' | null {
  if (!r.is_abnormal) return null;
  return r.reference_min !== undefined && r.value < r.reference_min ? 'low' : 'high';
}

/** A result's value with its unit, marked in words (not by colour alone) when outside its reference range. */
export function LabValue({ result, lang }: { result: LabResult; lang: Lang }) {
  const { t } = useTranslation();
  const side = outOfRange(result);
  return (
    <span className={side ? 'lab-value lab-value--abnormal' : 'lab-value'}>
      {formatNumber(result.value, lang, 4)} {result.unit}
      {side && <strong className="lab-value__mark"> {t(`patient.lab.${side}`)}</strong>}
    </span>
  );
}

/** A result's reference range as written on a report (4–10, ≤ 35, ≥ 1.8), or '' without one. */
export function referenceText(r: Pick<LabResult, 'reference_min' | 'reference_max'>, lang: Lang): string {
  const n = (v: number) => formatNumber(v, lang, 4);
  if (r.reference_min !== undefined && r.reference_max !== undefined) return `${n(r.reference_min)}–${n(r.reference_max)}`;
  if (r.reference_max !== undefined) return `≤ ${n(r.reference_max)}`;
  return r.reference_min !== undefined ? `≥ ${n(r.reference_min)}` : '';
}

/** The test's name in the reader's language, else its code. */
export const testName = (r: Pick<LabResult, 'test_code' | 'test_name'>, lang: Lang): string => r.test_name?.[lang] ?? r.test_name?.en ?? r.test_name?.tr ?? r.test_code;
