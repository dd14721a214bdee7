// The measurement form of a patient (patient/measurement/add): weight and height with their date (required:
// spec section 5, "Weight and length date is required."), and a creatinine with its own date and unit
// (mg/dL or µmol/L). Weight and height are entered in kg and cm; the server stores every value in kg, cm and mg/dL.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import { DATE_HINT, focusFirstInvalid, Notice, SelectField, serverFieldErrors, SubmitButton, TextField, useErrorText } from '../../app/ui';
import { statusMessage } from '../../domain/status-messages';
import { PREFERRED_UNIT_CHOICES, unitLabel } from '../../domain/units';
import { patientMeasurementAdd } from '../../generated/client';
import type { PatientMeasurementAddRequest } from '../../generated/types/routes';
import { isDay } from './shared';

type Draft = Record<'measurement_date' | 'weight' | 'height' | 'creatinine' | 'creatinine_date', string> & { creatinine_unit: 'mg/dL' | 'umol/L' };
type Errors = Partial<Record<keyof Draft, string>>;
const emptyDraft = (today: string): Draft => ({ measurement_date: today, weight: '', height: '', creatinine: '', creatinine_date: today, creatinine_unit: 'mg/dL' });
const number = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.replace(',', '.')));

export function MeasurementEntry({ patientId, today, onSaved }: { patientId: string; today: string; onSaved: () => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(today));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Draft) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));

  const check = (): Errors => {
    const e: Errors = {};
    for (const k of ['weight', 'height', 'creatinine'] as const) if (draft[k].trim() && !Number.isFinite(number(draft[k]))) e[k] = t('patient.notANumber');
    if (!draft.weight.trim() && !draft.height.trim() && !draft.creatinine.trim()) e.weight = statusMessage('measurement_value_required', lang);
    const notADate = t('patient.notADate', { hint: DATE_HINT[lang] });
    if (!draft.measurement_date) e.measurement_date = statusMessage('measurement_date_required', lang);
    else if (!isDay(draft.measurement_date)) e.measurement_date = notADate;
    if (draft.creatinine.trim() && !draft.creatinine_date) e.creatinine_date = statusMessage('field_required', lang);
    else if (draft.creatinine.trim() && !isDay(draft.creatinine_date)) e.creatinine_date = notADate;
    return e;
  };

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    setFailure(null);
    setSaved(false);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const weight = number(draft.weight);
    const height = number(draft.height);
    const creatinine = number(draft.creatinine);
    const request: PatientMeasurementAddRequest = {
      patient_id: patientId,
      measurement_date: draft.measurement_date,
      ...(weight === undefined ? {} : { weight }),
      ...(height === undefined ? {} : { height }),
      ...(creatinine === undefined ? {} : { creatinine, creatinine_date: draft.creatinine_date }),
      units: { weight: 'kg', height: 'cm', creatinine: draft.creatinine_unit },
    };
    setBusy(true);
    try {
      await patientMeasurementAdd(request);
      setDraft(emptyDraft(today));
      setErrors({});
      setSaved(true);
      onSaved();
    } catch (err) {
      setFailure(err);
      setErrors(serverFieldErrors(err, lang));
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="section" aria-labelledby="measurement-entry-title">
      <h2 id="measurement-entry-title">{t('patient.measurement.enter')}</h2>
      {failure ? <Notice>{errorText(failure)}</Notice> : null}
      {saved && <Notice kind="success">{t('patient.measurement.saved')}</Notice>}
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="measurement-entry-title">
        <div className="form__row">
          <TextField label={t('patient.measurement.weightKg')} name="weight" inputMode="decimal" autoComplete="off" value={draft.weight} onValue={set('weight')} error={errors.weight} />
          <TextField label={t('patient.measurement.heightCm')} name="height" inputMode="decimal" autoComplete="off" value={draft.height} onValue={set('height')} error={errors.height} />
          <TextField
            label={t('patient.measurement.date')}
            name="measurement_date"
            type="date"
            required
            value={draft.measurement_date}
            onValue={set('measurement_date')}
            error={errors.measurement_date}
          />
        </div>
        <div className="form__row">
          <TextField label={t('patient.measurement.creatinine')} name="creatinine" inputMode="decimal" autoComplete="off" value={draft.creatinine} onValue={set('creatinine')} error={errors.creatinine} />
          <SelectField
            label={t('patient.measurement.creatinineUnit')}
            name="creatinine_unit"
            value={draft.creatinine_unit}
            onValue={set('creatinine_unit')}
            options={PREFERRED_UNIT_CHOICES.creatinine.map((code) => ({ value: code, label: unitLabel(code, lang) }))}
          />
          <TextField
            label={t('patient.measurement.creatinineDate')}
            name="creatinine_date"
            type="date"
            value={draft.creatinine_date}
            onValue={set('creatinine_date')}
            error={errors.creatinine_date}
          />
        </div>
        <SubmitButton busy={busy}>{t('patient.measurement.save')}</SubmitButton>
      </form>
    </section>
  );
}
