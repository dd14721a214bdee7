// The patient's details form, for registering (patient_new) and correcting (the follow-up's "Edit details"): the
// spec's required-field messages, an unreadable date and a national id whose check digits do not match are shown
// at their fields before sending; what only the server knows (a file number or national id already used at this
// hospital, a patient changed meanwhile) comes back at its field or above the form.
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import { DATE_HINT, focusFirstInvalid, Notice, SelectField, serverFieldErrors, SubmitButton, TextAreaField, TextField, useErrorText } from '../../app/ui';
import { isValidIdentityNumber } from '../../domain/identity-number';
import type { Lang } from '../../domain/language';
import { statusMessage } from '../../domain/status-messages';
import { gender as genderEnum } from '../../generated/enums/gender';
import type { Gender, Patient } from '../../generated/types/entities';
import type { PatientNewRequest } from '../../generated/types/routes';
import { genderLabel, isDay } from './shared';

const FIELDS = ['firstname', 'lastname', 'gender', 'date_of_birth', 'patient_no', 'identity_number', 'diagnosis', 'icd10_code'] as const;
type Draft = Record<(typeof FIELDS)[number], string>;

/** The form's fields of a patient (a new one: all empty). */
const draftOf = (p?: Patient): Draft => Object.fromEntries(FIELDS.map((k) => [k, p?.[k] ?? ''])) as Draft;

/** The spec's messages for what is missing (section 5), and a national id that fails its check digits. */
function draftErrors(d: Draft, lang: Lang, notADate: string): Partial<Record<keyof Draft, string>> {
  const errors: Partial<Record<keyof Draft, string>> = {};
  if (!d.firstname.trim()) errors.firstname = statusMessage('firstname_required', lang);
  if (!d.lastname.trim()) errors.lastname = statusMessage('lastname_required', lang);
  if (!d.gender) errors.gender = statusMessage('gender_required', lang);
  if (!d.date_of_birth) errors.date_of_birth = statusMessage('field_required', lang);
  else if (!isDay(d.date_of_birth)) errors.date_of_birth = notADate;
  if (d.identity_number.trim() && !isValidIdentityNumber(d.identity_number.trim())) errors.identity_number = statusMessage('identity_number_invalid', lang);
  return errors;
}

/** The request: empty optional fields left out. */
function requestOf(d: Draft): PatientNewRequest['patient'] {
  const optional = (['patient_no', 'identity_number', 'diagnosis', 'icd10_code'] as const).filter((k) => d[k].trim());
  return {
    firstname: d.firstname.trim(),
    lastname: d.lastname.trim(),
    gender: d.gender as Gender,
    date_of_birth: d.date_of_birth,
    ...Object.fromEntries(optional.map((k) => [k, d[k].trim()])),
  };
}

export interface PatientFormProps {
  /** The patient corrected; none for a new one. */
  patient?: Patient;
  /** Names the form (the heading's id). */
  labelledBy: string;
  submitLabel: string;
  /** Sends the patient's fields; a refusal is shown at its fields. */
  onSave: (fields: PatientNewRequest['patient']) => Promise<void>;
  /** Beside the submit button (a Cancel). */
  children?: ReactNode;
}

export function PatientForm({ patient, labelledBy, submitLabel, onSave, children }: PatientFormProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(patient));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Draft) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found = draftErrors(draft, lang, t('patient.notADate', { hint: DATE_HINT[lang] }));
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      await onSave(requestOf(draft));
    } catch (err) {
      setFailure(err);
      setErrors(serverFieldErrors(err, lang));
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  };

  const field = (k: keyof Draft, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} name={k} value={draft[k]} onValue={set(k)} error={errors[k]} {...extra} />
  );

  return (
    <>
      {failure ? <Notice>{errorText(failure)}</Notice> : null}
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby={labelledBy}>
        <div className="form__row">
          {field('firstname', t('patient.firstname'), { required: true, maxLength: 100, autoComplete: 'off' })}
          {field('lastname', t('patient.lastname'), { required: true, maxLength: 100, autoComplete: 'off' })}
        </div>
        <div className="form__row">
          <SelectField
            label={t('patient.gender')}
            name="gender"
            required
            value={draft.gender}
            onValue={set('gender')}
            placeholder={t('common.choose')}
            options={genderEnum.values.map((g) => ({ value: g, label: genderLabel(g, lang) }))}
            error={errors.gender}
          />
          {field('date_of_birth', t('patient.dateOfBirth'), { required: true, type: 'date' })}
        </div>
        <div className="form__row">
          {field('patient_no', t('patient.fileNumber'), { maxLength: 30, autoComplete: 'off', hint: t('patient.fileNumberHint') })}
          {field('identity_number', t('patient.identityNumber'), { maxLength: 11, inputMode: 'numeric', autoComplete: 'off', hint: t('patient.identityHint') })}
        </div>
        <TextAreaField label={t('patient.diagnosis')} name="diagnosis" maxLength={500} value={draft.diagnosis} onValue={set('diagnosis')} error={errors.diagnosis} />
        {field('icd10_code', t('patient.icd10'), { maxLength: 8, autoComplete: 'off', hint: t('patient.icd10Hint') })}
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
        {children}
      </form>
    </>
  );
}
