// Training a model on the project (/v1/wanalyzer_machinelearning_train): its name, the algorithm (each with a
// line on what it does), the column to predict and the input columns (by name, as the route takes them), the
// share of rows it learns from (the rest test it). Training uses credits: "You don't have enough credit!"
// (12001) is the refusal's own message; 10001's problems are shown at their fields.
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldMessages } from '../../../api/errors';
import { useActiveLabel } from '../../../app/router/hooks';
import { enumLabel, focusFirstInvalid, Notice, SelectField, SubmitButton, TextField, useErrorText } from '../../../app/ui';
import { columnLabel } from '../statistics/wording';
import { mlAlgorithm } from '../../../generated/enums/mlAlgorithm';
import type { AnalysisColumn, MachineLearningModel, MlAlgorithm } from '../../../generated/types/entities';
import { wanalyzerMachinelearningTrain } from '../../../generated/client';

const DEFAULT_SHARE = 80;

type Field = 'model_name' | 'algorithm' | 'target_column' | 'feature_column_list' | 'train_ratio';

export function TrainForm({ projectId, columns, onStarted }: { projectId: string; columns: readonly AnalysisColumn[]; onStarted: (model: MachineLearningModel) => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const ids = { algorithm: useId(), features: useId() };
  const [name, setName] = useState('');
  const [algorithm, setAlgorithm] = useState<MlAlgorithm>('decision_tree');
  const [target, setTarget] = useState('');
  const [features, setFeatures] = useState<string[]>([]);
  const [share, setShare] = useState(String(DEFAULT_SHARE));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const inputs = columns.filter((c) => c.column_name !== target);
  const shareValue = Number(share.replace(',', '.'));

  const check = (): Partial<Record<Field, string>> => ({
    ...(name.trim() ? {} : { model_name: t('machineLearning.nameRequired') }),
    ...(target ? {} : { target_column: t('machineLearning.targetRequired') }),
    ...(features.filter((f) => f !== target).length ? {} : { feature_column_list: t('machineLearning.featuresRequired') }),
    ...(Number.isFinite(shareValue) && shareValue >= 50 && shareValue <= 95 ? {} : { train_ratio: t('machineLearning.shareRange') }),
  });

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return focusFirstInvalid(form);
    setBusy(true);
    try {
      const answer = await wanalyzerMachinelearningTrain({
        project_id: projectId,
        model_name: name.trim(),
        algorithm,
        target_column: target,
        feature_column_list: features.filter((f) => f !== target),
        train_ratio: shareValue / 100,
      });
      onStarted(answer.machine_learning_model);
      setName('');
    } catch (error) {
      const atFields = Object.fromEntries((error instanceof ApiError ? fieldMessages(error, lang) : []).map((f) => [f.field.split('.')[0], f.message]));
      setErrors(atFields);
      setFailure(error);
      focusFirstInvalid(form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form form--wide ml-train" noValidate onSubmit={submit}>
      <TextField label={t('machineLearning.name')} value={name} onValue={setName} error={errors.model_name} required maxLength={200} />
      <fieldset className="fieldset" aria-describedby={errors.algorithm ? `${ids.algorithm}-error` : undefined}>
        <legend>{t('machineLearning.algorithm')}</legend>
        {mlAlgorithm.values.map((a) => (
          <div key={a} className="field field--checkbox">
            <input id={`${ids.algorithm}-${a}`} type="radio" name={ids.algorithm} checked={algorithm === a} onChange={() => setAlgorithm(a)} aria-describedby={`${ids.algorithm}-${a}-about`} />
            <label htmlFor={`${ids.algorithm}-${a}`} className="field__label">
              {enumLabel(mlAlgorithm, a, lang)}
            </label>
            <p id={`${ids.algorithm}-${a}-about`} className="field__hint">
              {t(`machineLearning.about.${a}`)}
            </p>
          </div>
        ))}
        {errors.algorithm && (
          <p id={`${ids.algorithm}-error`} className="field__error">
            {errors.algorithm}
          </p>
        )}
      </fieldset>
      <SelectField
        label={t('machineLearning.target')}
        hint={t('machineLearning.targetHint')}
        value={target}
        onValue={setTarget}
        placeholder={t('common.choose')}
        options={columns.map((c) => ({ value: c.column_name, label: columnLabel(c, lang) }))}
        error={errors.target_column}
        required
      />
      <fieldset className="fieldset" aria-describedby={errors.feature_column_list ? `${ids.features}-error` : undefined}>
        <legend>{t('machineLearning.features')}</legend>
        <div className="stat-columns">
          {inputs.map((c) => (
            <div key={c.column_id} className="field field--checkbox">
              <input
                id={`${ids.features}-${c.column_id}`}
                type="checkbox"
                checked={features.includes(c.column_name)}
                aria-invalid={errors.feature_column_list && c === inputs[0] ? true : undefined}
                onChange={(e) => setFeatures((list) => (e.target.checked ? [...list, c.column_name] : list.filter((f) => f !== c.column_name)))}
              />
              <label htmlFor={`${ids.features}-${c.column_id}`} className="field__label">
                {columnLabel(c, lang)}
              </label>
            </div>
          ))}
        </div>
        {errors.feature_column_list && (
          <p id={`${ids.features}-error`} className="field__error">
            {errors.feature_column_list}
          </p>
        )}
      </fieldset>
      <TextField label={t('machineLearning.share')} hint={t('machineLearning.shareHint')} value={share} onValue={setShare} inputMode="numeric" error={errors.train_ratio} required />
      <p className="ml-credit">{t('machineLearning.creditNote')}</p>
      {failure ? <Notice>{errorText(failure)}</Notice> : null}
      <SubmitButton busy={busy}>{t('machineLearning.train')}</SubmitButton>
    </form>
  );
}
