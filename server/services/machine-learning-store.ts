// The machine_learning_model table (migration 0035): a model's request, its training state, its held-out metrics
// and the fitted model (src/domain/ml's TrainedModel as jsonb). Lists never read the fitted model itself.
import type { Queryable } from '../db/adapter.ts';
import type { MachineLearningModel, MlAlgorithm, MlTrainingStatus, ProcessStatus } from '../../src/generated/types/entities.ts';
import type { Lang } from '../http/api-error.ts';
import type { TrainedModel, ModelMetrics } from '../../src/domain/ml/train.ts';
import type { RowFilter } from './dataset-reader.ts';
import { isoOf } from './paging.ts';

/** The stable name of the training process's kind (stored with each process). */
export const ML_TRAIN = 'ml_train';

export type ModelRow = {
  model_id: string;
  tenant_id: string;
  project_id: string;
  owner_user_id: string;
  model_name: string;
  algorithm: MlAlgorithm;
  target_column: string;
  feature_column_list: string[];
  train_ratio: number;
  filter: RowFilter | null;
  training_status: MlTrainingStatus;
  process_id: string | null;
  metrics: ModelMetrics | null;
  dataset_version: number;
  credit_used: number;
  error_message: string | null;
  created_at: string;
  trained_at: string | null;
  /** The training process's state and language (null once the process was deleted). */
  process_status: ProcessStatus | null;
  process_lang: Lang | null;
};

/** Everything but the fitted model (which may be megabytes), with the state of the training process. */
const COLUMNS = `m.model_id, m.tenant_id, m.project_id, m.owner_user_id, m.model_name, m.algorithm, m.target_column, m.feature_column_list,
  m.train_ratio, m.filter, m.training_status, m.process_id, m.metrics, m.dataset_version, m.credit_used, m.error_message, m.created_at,
  m.trained_at, p.process_status, p.lang as process_lang`;
const FROM = 'machine_learning_model m left join process p on p.process_id = m.process_id';

/**
 * Why a model waiting for (or in) a training that will not come is failed: its process was stopped before it ran,
 * or its worker died for good. The process's own run writes the reason when it gets to.
 */
export const TRAINING_STOPPED: Record<Lang, string> = { en: 'The training was stopped.', tr: 'Eğitim durduruldu.' };
const ENDED: Partial<Record<ProcessStatus, Record<Lang, string>>> = {
  stopped: TRAINING_STOPPED,
  failed: { en: 'The training process failed; see its log on the processes page.', tr: 'Eğitim işlemi başarısız oldu; günlüğü işlemler sayfasında.' },
};

function effectiveState(row: ModelRow): { training_status: MlTrainingStatus; error_message: string | null } {
  const ended = row.process_status ? ENDED[row.process_status] : undefined;
  if ((row.training_status === 'waiting' || row.training_status === 'training') && ended)
    return { training_status: 'failed', error_message: row.error_message ?? ended[row.process_lang ?? 'en'] };
  return { training_status: row.training_status, error_message: row.error_message };
}

export function modelAnswer(row: ModelRow): MachineLearningModel {
  const state = effectiveState(row);
  return {
    model_id: row.model_id,
    project_id: row.project_id,
    model_name: row.model_name,
    algorithm: row.algorithm,
    target_column: row.target_column,
    feature_column_list: row.feature_column_list,
    train_ratio: Number(row.train_ratio),
    training_status: state.training_status,
    ...(row.process_id ? { process_id: row.process_id } : {}),
    ...(row.metrics ? { metrics: row.metrics } : {}),
    ...(state.error_message ? { error_message: state.error_message } : {}),
    created_at: isoOf(row.created_at)!,
    ...(row.trained_at ? { trained_at: isoOf(row.trained_at) } : {}),
  };
}

export type NewModel = Pick<
  ModelRow,
  'model_id' | 'tenant_id' | 'project_id' | 'owner_user_id' | 'model_name' | 'algorithm' | 'target_column' | 'feature_column_list' | 'train_ratio' | 'filter' | 'process_id' | 'dataset_version' | 'credit_used'
>;

export async function insertModel(tx: Queryable, m: NewModel): Promise<ModelRow> {
  await tx.query(
    `insert into machine_learning_model (model_id, tenant_id, project_id, owner_user_id, model_name, algorithm, target_column, feature_column_list,
                                         train_ratio, filter, process_id, dataset_version, credit_used)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10::jsonb, $11, $12, $13)`,
    [
      m.model_id,
      m.tenant_id,
      m.project_id,
      m.owner_user_id,
      m.model_name,
      m.algorithm,
      m.target_column,
      JSON.stringify(m.feature_column_list),
      m.train_ratio,
      m.filter ? JSON.stringify(m.filter) : null,
      m.process_id,
      m.dataset_version,
      m.credit_used,
    ],
  );
  return (await modelRow(tx, m.tenant_id, m.model_id))!;
}

/** A model of the tenant (without its fitted model), or undefined. */
export async function modelRow(db: Queryable, tenantId: string, modelId: string): Promise<ModelRow | undefined> {
  const [row] = await db.query<ModelRow>(`select ${COLUMNS} from ${FROM} where m.tenant_id = $1 and m.model_id = $2`, [tenantId, modelId]);
  return row;
}

/** A trained model's fitted model (undefined until trained). */
export async function fittedModel(db: Queryable, modelId: string): Promise<TrainedModel | undefined> {
  const [row] = await db.query<{ model: TrainedModel | null }>(`select model from machine_learning_model where model_id = $1 and training_status = 'trained'`, [modelId]);
  return row?.model ?? undefined;
}

/** A project's models, newest first. */
export async function projectModels(db: Queryable, projectId: string): Promise<ModelRow[]> {
  return db.query<ModelRow>(`select ${COLUMNS} from ${FROM} where m.project_id = $1 order by m.created_at desc, m.model_id`, [projectId]);
}

/** The training began (again): the earlier outcome is cleared. */
export async function markTraining(db: Queryable, modelId: string): Promise<void> {
  await db.query(
    `update machine_learning_model set training_status = 'training', error_message = null, metrics = null, model = null, trained_at = null where model_id = $1`,
    [modelId],
  );
}

export async function markTrained(db: Queryable, modelId: string, trained: { model: TrainedModel; metrics: ModelMetrics }): Promise<void> {
  await db.query(
    `update machine_learning_model set training_status = 'trained', model = $2::jsonb, metrics = $3::jsonb, error_message = null, trained_at = now()
      where model_id = $1`,
    [modelId, JSON.stringify(trained.model), JSON.stringify(trained.metrics)],
  );
}

export async function markFailed(db: Queryable, modelId: string, reason: string): Promise<void> {
  await db.query(`update machine_learning_model set training_status = 'failed', error_message = $2 where model_id = $1`, [modelId, reason.slice(0, 500)]);
}
