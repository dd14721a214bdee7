// The machine-learning panel of a project (the machine-learning page): the project's models with their state
// (/v1/wanalyzer/machinelearning/data/get, asked again every few seconds while one is waiting or training),
// training a new one, a model's held-out test results or why its training failed, and predictions for new
// values. Only the project's owner trains; anyone who may read the project asks its trained models.
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useActiveLabel } from '../../../app/router/hooks';
import { enumLabel, formatDate, Notice, useErrorText, useLoad } from '../../../app/ui';
import { mlAlgorithm } from '../../../generated/enums/mlAlgorithm';
import { mlTrainingStatus } from '../../../generated/enums/mlTrainingStatus';
import { wanalyzerMachinelearningDataGet } from '../../../generated/client';
import type { MachineLearningModel } from '../../../generated/types/entities';
import type { WanalyzerProjectDetailsColumnsWaiGetResponse } from '../../../generated/types/routes';
import { usePagePath } from '../../shared/hooks';
import { useWording } from '../statistics/wording';
import { ModelResults } from './ModelResults';
import { PredictForm } from './PredictForm';
import { TrainForm } from './TrainForm';
import '../statistics/strings';
import '../statistics/statistics.css';

/** How often the models are asked again while one is training. */
export const FOLLOW_MS = 3000;

const inTraining = (m: MachineLearningModel) => m.training_status === 'waiting' || m.training_status === 'training';

export function MachineLearningPanel({ project }: { project: WanalyzerProjectDetailsColumnsWaiGetResponse }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const processPath = usePagePath('processes');
  const wording = useWording(project.column_list);
  const detailId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const models = useLoad(useCallback((signal: AbortSignal) => wanalyzerMachinelearningDataGet({ project_id: project.project_id }, { signal }), [project.project_id]));
  const list = models.data?.machine_learning_model_list ?? [];
  const following = list.some(inTraining);

  const { retry } = models;
  useEffect(() => {
    if (!following || models.loading) return;
    const timer = setTimeout(retry, FOLLOW_MS);
    return () => clearTimeout(timer);
  }, [following, models.loading, retry]);

  const model = list.find((m) => m.model_id === chosen) ?? null;
  const started = (m: MachineLearningModel) => {
    setChosen(m.model_id);
    retry();
  };

  return (
    <div className="ml-panel">
      <section className="section" aria-labelledby="ml-models-title">
        <h2 id="ml-models-title">{t('machineLearning.modelsTitle')}</h2>
        {models.error ? (
          <Notice>
            {errorText(models.error)}{' '}
            <button type="button" className="button button--small" onClick={retry}>
              {t('machineLearning.retry')}
            </button>
          </Notice>
        ) : null}
        {models.loading && !models.data && <p role="status">{t('app.loading')}</p>}
        {models.data && list.length === 0 && <p>{t('machineLearning.noModels')}</p>}
        {list.length > 0 && (
          <ul className="ml-models">
            {list.map((m) => (
              <li key={m.model_id} className={m.model_id === chosen ? 'ml-model ml-model--chosen' : 'ml-model'}>
                <button type="button" className="ml-model__open" aria-expanded={m.model_id === chosen} aria-controls={detailId} onClick={() => setChosen(m.model_id === chosen ? null : m.model_id)}>
                  <span className="ml-model__name">{m.model_name}</span>
                  <span className="ml-model__facts">
                    {t('machineLearning.modelFacts', { algorithm: enumLabel(mlAlgorithm, m.algorithm, lang), target: m.target_column })}
                  </span>
                  <span className={`ml-status ml-status--${m.training_status ?? 'waiting'}`}>{enumLabel(mlTrainingStatus, m.training_status ?? 'waiting', lang)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {following && (
          <p role="status">
            {t('machineLearning.following')} {processPath && <Link to={processPath}>{t('machineLearning.processes')}</Link>}
          </p>
        )}
      </section>

      <div id={detailId}>
        {model && (
          <section className="section" aria-labelledby="ml-model-title">
            <h2 id="ml-model-title">{model.model_name}</h2>
            <p className="field__hint">
              {t('machineLearning.modelAbout', {
                algorithm: enumLabel(mlAlgorithm, model.algorithm, lang),
                target: model.target_column,
                features: model.feature_column_list.join(', '),
              })}
              {model.trained_at ? ` ${t('machineLearning.trainedAt', { when: formatDate(model.trained_at, lang, true) })}` : ''}
            </p>
            {inTraining(model) && <p>{t('machineLearning.stillTraining')}</p>}
            {model.training_status === 'failed' && <Notice>{model.error_message || t('machineLearning.failedNoReason')}</Notice>}
            {model.training_status === 'trained' && (
              <>
                <h3>{t('machineLearning.testTitle')}</h3>
                {model.metrics ? <ModelResults metrics={model.metrics} wording={wording} /> : <p>{t('machineLearning.noMetrics')}</p>}
                <h3>{t('machineLearning.predictTitle')}</h3>
                <PredictForm key={model.model_id} model={model} columns={project.column_list} wording={wording} />
              </>
            )}
          </section>
        )}
      </div>

      {project.is_own && (
        <section className="section" aria-labelledby="ml-train-title">
          <h2 id="ml-train-title">{t('machineLearning.trainTitle')}</h2>
          <TrainForm projectId={project.project_id} columns={project.column_list} onStarted={started} />
        </section>
      )}
    </div>
  );
}
