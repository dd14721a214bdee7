// The laboratory entry form of a patient (patient/lab/add): one or several results entered together, each with
// its test, value, unit, optional reference range and time; saved all or nothing. Problems come back at the
// row and field they belong to.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import { DATE_HINT, focusFirstInvalid, Notice, SubmitButton, TextField, useErrorText } from '../../app/ui';
import { ApiError, fieldMessages } from '../../api/errors';
import { statusMessage } from '../../domain/status-messages';
import { patientLabAdd } from '../../generated/client';
import type { PatientLabAddRequest } from '../../generated/types/routes';
import { isDay } from './shared';

type Fields = Record<'test_code' | 'test_name' | 'value' | 'unit' | 'reference_min' | 'reference_max' | 'date' | 'time', string>;
/** A row of the form; `key` keeps each row's fields with it when another row is removed. */
type Row = Fields & { key: number };
let rowKeys = 0;
const emptyRow = (date: string): Row => ({ key: ++rowKeys, test_code: '', test_name: '', value: '', unit: '', reference_min: '', reference_max: '', date, time: '08:00' });
type RowErrors = Partial<Record<keyof Fields, string>>;

const number = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.replace(',', '.')));

/** The result's test code from what was typed: lower case, spaces as underscores (the contract's code pattern). */
const codeOf = (text: string) => text.trim().toLowerCase().replace(/\s+/g, '_');

export function LabEntry({ patientId, today, onSaved }: { patientId: string; today: string; onSaved: () => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [rows, setRows] = useState<Row[]>([emptyRow(today)]);
  const [errors, setErrors] = useState<RowErrors[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (i: number, k: keyof Fields) => (v: string) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [k]: v } : r)));

  const check = (): RowErrors[] =>
    rows.map((r) => {
      const e: RowErrors = {};
      const required = statusMessage('field_required', lang);
      if (!r.test_code.trim()) e.test_code = required;
      if (!r.unit.trim()) e.unit = required;
      if (!r.date) e.date = required;
      else if (!isDay(r.date)) e.date = t('patient.notADate', { hint: DATE_HINT[lang] });
      for (const k of ['value', 'reference_min', 'reference_max'] as const) if (r[k].trim() && !Number.isFinite(number(r[k]))) e[k] = t('patient.notANumber');
      if (!r.value.trim()) e.value = required;
      return e;
    });

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    setFailure(null);
    setSaved(false);
    const found = check();
    setErrors(found);
    if (found.some((e) => Object.keys(e).length)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const request: PatientLabAddRequest = {
      patient_id: patientId,
      lab_result_list: rows.map((r) => {
        const min = number(r.reference_min);
        const max = number(r.reference_max);
        return {
          test_code: codeOf(r.test_code),
          ...(r.test_name.trim() ? { test_name: { [lang]: r.test_name.trim() } } : {}),
          value: number(r.value)!,
          unit: r.unit.trim(),
          ...(min === undefined ? {} : { reference_min: min }),
          ...(max === undefined ? {} : { reference_max: max }),
          result_date: new Date(`${r.date}T${r.time || '00:00'}`).toISOString(),
        };
      }),
    };
    setBusy(true);
    try {
      await patientLabAdd(request);
      setRows([emptyRow(today)]);
      setErrors([]);
      setSaved(true);
      onSaved();
    } catch (err) {
      setFailure(err);
      // lab_result_list.<row>.<field>: each message at its row's field.
      const byRow: RowErrors[] = [];
      for (const f of err instanceof ApiError ? fieldMessages(err, lang) : []) {
        const m = /^lab_result_list\.(\d+)\.(\w+)$/.exec(f.field);
        if (!m) continue;
        const key = (m[2] === 'result_date' ? 'date' : m[2]) as keyof Fields;
        byRow[Number(m[1])] = { ...byRow[Number(m[1])], [key]: f.message };
      }
      setErrors(byRow);
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="section" aria-labelledby="lab-entry-title">
      <h2 id="lab-entry-title">{t('patient.lab.enter')}</h2>
      {failure ? <Notice>{errorText(failure)}</Notice> : null}
      {saved && <Notice kind="success">{t('patient.lab.saved')}</Notice>}
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="lab-entry-title">
        {rows.map((r, i) => {
          const e = errors[i] ?? {};
          return (
            <fieldset key={r.key} className="lab-entry__row">
              <legend>{t('patient.lab.resultNumber', { n: i + 1 })}</legend>
              <div className="form__row">
                <TextField label={t('patient.lab.testCode')} name={`test_code_${i}`} required maxLength={50} autoComplete="off" value={r.test_code} onValue={set(i, 'test_code')} error={e.test_code} hint={t('patient.lab.testCodeHint')} />
                <TextField label={t('patient.lab.testName')} name={`test_name_${i}`} maxLength={1000} autoComplete="off" value={r.test_name} onValue={set(i, 'test_name')} error={e.test_name} />
              </div>
              <div className="form__row">
                <TextField label={t('patient.lab.value')} name={`value_${i}`} required inputMode="decimal" autoComplete="off" value={r.value} onValue={set(i, 'value')} error={e.value} />
                <TextField label={t('patient.lab.unit')} name={`unit_${i}`} required maxLength={30} autoComplete="off" value={r.unit} onValue={set(i, 'unit')} error={e.unit} />
                <TextField label={t('patient.lab.referenceMin')} name={`reference_min_${i}`} inputMode="decimal" autoComplete="off" value={r.reference_min} onValue={set(i, 'reference_min')} error={e.reference_min} />
                <TextField label={t('patient.lab.referenceMax')} name={`reference_max_${i}`} inputMode="decimal" autoComplete="off" value={r.reference_max} onValue={set(i, 'reference_max')} error={e.reference_max} />
              </div>
              <div className="form__row">
                <TextField label={t('patient.lab.date')} name={`date_${i}`} type="date" required value={r.date} onValue={set(i, 'date')} error={e.date} />
                <TextField label={t('patient.lab.time')} name={`time_${i}`} type="time" value={r.time} onValue={set(i, 'time')} />
              </div>
              {rows.length > 1 && (
                <button type="button" className="button button--secondary" onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>
                  {t('patient.lab.removeRow', { n: i + 1 })}
                </button>
              )}
            </fieldset>
          );
        })}
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={() => setRows((rs) => [...rs, emptyRow(rs[rs.length - 1]?.date ?? today)])}>
            {t('patient.lab.addRow')}
          </button>
        </div>
        <SubmitButton busy={busy}>{rows.length > 1 ? t('patient.lab.saveMany', { count: rows.length }) : t('patient.lab.save')}</SubmitButton>
      </form>
    </section>
  );
}
