// Asking a trained model (/v1/wanalyzer/machinelearning/predict): a field per input column, shaped by the
// column's type (a number, one of the column's categories, a date, yes/no, a text), each needed (the server
// refuses a missing value at input.<column>). The answer is the prediction and, for a classifier, every
// class's probability, likeliest first.
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldMessages } from '../../../api/errors';
import { useActiveLabel } from '../../../app/router/hooks';
import { focusFirstInvalid, Notice, SelectField, SubmitButton, TableRegion, TextField, useErrorText } from '../../../app/ui';
import { wanalyzerMachinelearningPredict } from '../../../generated/client';
import type { AnalysisColumn, MachineLearningModel } from '../../../generated/types/entities';
import type { WanalyzerMachinelearningPredictRequest, WanalyzerMachinelearningPredictResponse } from '../../../generated/types/routes';
import { formatShare } from '../statistics/format';
import type { Wording } from '../statistics/tables';

/** A typed value as the route takes it: a number (a comma as the decimal sign too), yes/no, or the text. */
function typedValue(column: AnalysisColumn | undefined, raw: string): number | string | boolean | null {
  if (raw.trim() === '') return null;
  if (column?.column_type === 'numeric') {
    const n = Number(raw.trim().replace(',', '.'));
    return Number.isFinite(n) ? n : raw;
  }
  if (column?.column_type === 'boolean') return raw === 'true';
  return raw;
}

export function PredictForm({ model, columns, wording }: { model: MachineLearningModel; columns: readonly AnalysisColumn[]; wording: Wording }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const resultId = useId();
  const byName = new Map(columns.map((c) => [c.column_name, c]));
  const [raw, setRaw] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<WanalyzerMachinelearningPredictResponse | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const [checked, setChecked] = useState(false);
  const problem = (name: string) => {
    const value = typedValue(byName.get(name), raw[name] ?? '');
    if (value === null) return checked ? t('machineLearning.valueRequired') : undefined;
    return typeof value === 'string' && byName.get(name)?.column_type === 'numeric' ? t('machineLearning.notANumber') : undefined;
  };
  // The server names a value by its column (input.Sepal.Length): the column's name is all after "input.".
  const serverErrors = failure instanceof ApiError ? Object.fromEntries(fieldMessages(failure, lang).map((f) => [f.field.replace(/^input\./, ''), f.message])) : {};

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    setChecked(true);
    if (model.feature_column_list.some((name) => typedValue(byName.get(name), raw[name] ?? '') === null || problem(name))) return focusFirstInvalid(form);
    setBusy(true);
    setFailure(null);
    const input: WanalyzerMachinelearningPredictRequest['input'] = Object.fromEntries(model.feature_column_list.map((name) => [name, typedValue(byName.get(name), raw[name] ?? '')]));
    try {
      setAnswer(await wanalyzerMachinelearningPredict({ model_id: model.model_id, input }));
    } catch (error) {
      setAnswer(null);
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: string) => {
    const column = byName.get(name);
    const common = { label: name, value: raw[name] ?? '', onValue: (v: string) => setRaw((r) => ({ ...r, [name]: v })), error: problem(name) ?? serverErrors[name], required: true };
    if (column?.column_type === 'boolean')
      return <SelectField key={name} {...common} placeholder={t('common.choose')} options={[{ value: 'true', label: t('common.yes') }, { value: 'false', label: t('common.no') }]} />;
    const categories = column?.results?.category_list;
    if (column?.column_type === 'categorical' && categories?.length)
      return <SelectField key={name} {...common} placeholder={t('common.choose')} options={categories.map((c) => ({ value: c.value, label: c.value }))} />;
    if (column?.column_type === 'date') return <TextField key={name} {...common} type="date" />;
    return <TextField key={name} {...common} inputMode={column?.column_type === 'numeric' ? 'decimal' : undefined} />;
  };

  const probabilities = [...(answer?.probability_list ?? [])].sort((a, b) => b.probability - a.probability);
  return (
    <form className="form form--wide ml-predict" noValidate onSubmit={submit}>
      <p className="field__hint">{t('machineLearning.predictHint', { target: model.target_column })}</p>
      <div className="ml-predict__fields">{model.feature_column_list.map(field)}</div>
      {failure ? <Notice>{errorText(failure)}</Notice> : null}
      <SubmitButton busy={busy}>{t('machineLearning.predict')}</SubmitButton>
      {answer && (
        <section className="ml-prediction" aria-labelledby={resultId} aria-live="polite">
          <h4 id={resultId}>{t('machineLearning.predictionTitle')}</h4>
          <p className="ml-prediction__value">{t('machineLearning.prediction', { target: model.target_column, value: wording.valueText(answer.prediction) })}</p>
          {probabilities.length > 0 && (
            <TableRegion label={t('machineLearning.probabilities')}>
              <table className="table">
                <caption>{t('machineLearning.probabilities')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('machineLearning.class')}</th>
                    <th scope="col">{t('machineLearning.probability')}</th>
                  </tr>
                </thead>
                <tbody>
                  {probabilities.map((p) => (
                    <tr key={String(p.value)}>
                      <th scope="row">{wording.valueText(p.value)}</th>
                      <td className="stat-table__number">{formatShare(p.probability, lang)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
        </section>
      )}
    </form>
  );
}
