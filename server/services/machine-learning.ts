// Machine learning on a project's dataset (issue 14): /wanalyzer_machinelearning_train checks the request against
// the dataset's columns, prices it, spends the credits, records the model `waiting` and starts its `ml_train`
// process, all in the caller's transaction; the process reads the values through the DatasetReader, trains in a
// worker thread (./ml-train-thread.ts) with a time limit, and stores the model with its held-out metrics, or why
// it failed. /wanalyzer/machinelearning/data/get lists a project's models; /wanalyzer/machinelearning/predict
// answers from a trained model. Who may reach the project is the dataset store's check (openDataset), done by the
// handlers before these.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import type { JobKind, JobRun } from '../jobs/job-kind.ts';
import { ApiError, notFound, type Lang } from '../http/api-error.ts';
import type { RequestContext } from '../http/context.ts';
import { requireUser } from '../auth/caller.ts';
import type { AnalysisColumn, MachineLearningModel } from '../../src/generated/types/entities.ts';
import type {
  WanalyzerMachinelearningPredictResponse,
  WanalyzerMachinelearningTrainRequest,
  WanalyzerMachinelearningTrainResponse,
} from '../../src/generated/types/routes.ts';
import { creditsForTraining } from '../../src/domain/credit-price.ts';
import { inputCells, type Cell, type InputProblem } from '../../src/domain/ml/encoding.ts';
import { seedOf } from '../../src/domain/ml/random.ts';
import { MAX_CLASSES, MIN_ROWS, predictRow, targetsOf, taskOf, type ModelMetrics, type TargetProblem, type TrainedModel, type TrainingProblem } from '../../src/domain/ml/train.ts';
import { spendCredits } from './credit-ledger.ts';
import type { DatasetReader, RowFilter } from './dataset-reader.ts';
import { fieldError } from './shop-access.ts';
import { fittedModel, insertModel, markFailed, markTrained, markTraining, ML_TRAIN, modelAnswer, modelRow, projectModels, TRAINING_STOPPED, type ModelRow } from './machine-learning-store.ts';
import { TrainingEnded, trainInThread } from './ml-train-thread.ts';
import { LruCache } from './lru-cache.ts';
import { isoOf } from './paging.ts';

/** A model reads at most this many input columns. */
export const MAX_FEATURES = 50;
/** …and learns from at most this many rows. */
export const MAX_ROWS = 100_000;
/** A training taking longer than this is stopped and fails. */
export const TRAINING_TIME_LIMIT_MS = 10 * 60_000;

type Bilingual = Record<Lang, string>;

const FIELD: Record<'unknown_column' | 'target_is_feature' | 'too_many_features' | 'too_many_classes' | TargetProblem, (n?: number) => Bilingual> = {
  unknown_column: () => ({ en: 'is not a column of this dataset.', tr: 'bu veri setinin bir sütunu değil.' }),
  target_is_feature: () => ({ en: 'is the target column: a model cannot use what it predicts as an input.', tr: 'hedef sütundur: bir model tahmin ettiği sütunu girdi olarak kullanamaz.' }),
  too_many_features: () => ({ en: `can have at most ${MAX_FEATURES} columns.`, tr: `en fazla ${MAX_FEATURES} sütun içerebilir.` }),
  too_many_classes: (n) => ({
    en: `has ${n} different values; a model can predict at most ${MAX_CLASSES} classes. Choose a column with fewer values, or train a numeric target.`,
    tr: `${n} farklı değer içeriyor; bir model en fazla ${MAX_CLASSES} sınıf tahmin edebilir. Daha az değerli bir sütun ya da sayısal bir hedef seçin.`,
  }),
  needs_categorical: () => ({
    en: 'must be a categorical, text or yes/no column for this algorithm (it predicts classes); for a numeric column choose linear regression, a tree, a forest or k-nearest neighbours.',
    tr: 'bu algoritma için kategorik, metin ya da evet/hayır sütunu olmalıdır (sınıf tahmin eder); sayısal bir sütun için doğrusal regresyon, ağaç, orman ya da k-en yakın komşu seçin.',
  }),
  needs_numeric: () => ({
    en: 'must be a numeric column for linear regression; to predict classes choose logistic regression, a tree, a forest, naive Bayes or k-nearest neighbours.',
    tr: 'doğrusal regresyon için sayısal bir sütun olmalıdır; sınıf tahmini için lojistik regresyon, ağaç, orman, Naive Bayes ya da k-en yakın komşu seçin.',
  }),
  date_target: () => ({ en: 'is a date column: a model predicts a number or a class, not a date.', tr: 'bir tarih sütunudur: model bir sayı ya da sınıf tahmin eder, tarih değil.' }),
};

const INPUT: Record<InputProblem['problem'], Bilingual> = {
  missing: { en: 'is needed: the model reads this column (leave it empty with null).', tr: 'gereklidir: model bu sütunu okur (boş bırakmak için null verin).' },
  number: { en: 'must be a number.', tr: 'bir sayı olmalıdır.' },
  date: { en: 'must be a date (YYYY-MM-DD).', tr: 'bir tarih (YYYY-AA-GG) olmalıdır.' },
};

/** The columns a request names, by name; each unknown or misplaced one refused at its field. */
function namedColumns(columns: AnalysisColumn[], request: WanalyzerMachinelearningTrainRequest, lang: Lang): { target: AnalysisColumn; features: AnalysisColumn[] } {
  const byName = new Map(columns.map((c) => [c.column_name, c]));
  const target = byName.get(request.target_column);
  if (!target) throw fieldError('target_column', FIELD.unknown_column(), lang);
  if (request.feature_column_list.length > MAX_FEATURES) throw fieldError('feature_column_list', FIELD.too_many_features(), lang);
  const features = request.feature_column_list.map((name, i) => {
    const column = byName.get(name);
    if (!column) throw fieldError(`feature_column_list.${i}`, FIELD.unknown_column(), lang);
    if (name === request.target_column) throw fieldError(`feature_column_list.${i}`, FIELD.target_is_feature(), lang);
    return column;
  });
  return { target, features };
}

/**
 * Starts training a model on the dataset `reader` reads (the caller's own project: the handler opened it with
 * access 'own'), in `tx` with the caller's other writes: the credits for its training cells are spent, the model is
 * recorded `waiting` and its process queued. Too few credits: 12001 and nothing is written.
 */
export async function startTraining(tx: Queryable, ctx: RequestContext, reader: DatasetReader, request: WanalyzerMachinelearningTrainRequest): Promise<WanalyzerMachinelearningTrainResponse> {
  const me = requireUser(ctx);
  const { target, features } = namedColumns(await reader.columns(), request, ctx.lang);
  const task = taskOf(request.algorithm, target.column_type);
  if (task !== 'classification' && task !== 'regression') throw fieldError('target_column', FIELD[task](), ctx.lang);
  const filter = (request.filter ?? null) as RowFilter | null;
  const { values } = await reader.columnValues([target.column_id], filter ?? undefined);
  const { rows, classes } = targetsOf(task, { name: target.column_name, type: target.column_type, values: values[0] });
  if (classes.length > MAX_CLASSES) throw fieldError('target_column', FIELD.too_many_classes(classes.length), ctx.lang);
  if (rows.length < MIN_ROWS) throw new ApiError('ml_too_few_rows', { minimum: MIN_ROWS, count: rows.length });

  const modelId = randomUUID();
  const credits = creditsForTraining(rows.length, features.length);
  await spendCredits(tx, ctx.tenant.tenant_id, me.userId, credits, { reason: 'machine_learning', projectId: reader.projectId, description: request.model_name });
  const process = await ctx.services.jobs.start<MlTrainPayload>(tx, {
    kind: ML_TRAIN,
    tenantId: ctx.tenant.tenant_id,
    userId: me.userId,
    lang: ctx.lang,
    processName: { en: `Training of the model ${request.model_name}`, tr: `${request.model_name} modelinin eğitimi` }[ctx.lang],
    payload: { model_id: modelId },
    projectId: reader.projectId,
  });
  const row = await insertModel(tx, {
    model_id: modelId,
    tenant_id: ctx.tenant.tenant_id,
    project_id: reader.projectId,
    owner_user_id: me.userId,
    model_name: request.model_name,
    algorithm: request.algorithm,
    target_column: request.target_column,
    feature_column_list: request.feature_column_list,
    train_ratio: request.train_ratio ?? 0.8,
    filter,
    process_id: process.process_id,
    dataset_version: reader.datasetVersion,
    credit_used: credits,
  });
  return { machine_learning_model: modelAnswer(row), process_id: process.process_id };
}

/** A project's models, newest first (/wanalyzer/machinelearning/data/get; the handler checked the project). */
export async function modelsOfProject(db: Queryable, projectId: string): Promise<MachineLearningModel[]> {
  return (await projectModels(db, projectId)).map(modelAnswer);
}

/** The project a model of the tenant belongs to, for the handler's access check; another tenant's or an unknown id: 10016. */
export async function projectOfModel(db: Queryable, tenantId: string, modelId: string): Promise<string> {
  const row = await modelRow(db, tenantId, modelId);
  if (!row) throw notFound('machine_learning_model');
  return row.project_id;
}

/** Recently used trained models, parsed (each under ~5 MB). */
const trainedModels = new LruCache<TrainedModel>(20);

/**
 * A trained model's answer for `input` (cells keyed by the feature column names): the prediction and, for a
 * classifier, each class's probability. Each missing or ill-typed value is refused at `input.<name>` (10001); a
 * model not trained (yet) answers 13120.
 */
export async function predict(db: Queryable, tenantId: string, modelId: string, input: Record<string, Cell>, lang: Lang): Promise<WanalyzerMachinelearningPredictResponse> {
  const row = await modelRow(db, tenantId, modelId);
  if (!row) throw notFound('machine_learning_model');
  if (row.training_status !== 'trained' || !row.trained_at) throw new ApiError('ml_model_not_trained');
  // A training's result never changes (training again gives a new trained_at): the parsed model is kept.
  const model = await trainedModels.getOr(`${modelId}@${isoOf(row.trained_at)}`, async () => {
    const fitted = await fittedModel(db, modelId);
    // Training again began since the row was read.
    if (!fitted) throw new ApiError('ml_model_not_trained');
    return fitted;
  });
  const { cells, problems } = inputCells(model.encoding, input);
  if (problems.length) {
    const errors = problems.map((p) => ({ field: `input.${p.field}`, message: INPUT[p.problem][lang] }));
    throw new ApiError('invalid_input', { details: errors.map((e) => `${e.field} ${e.message}`).join('; ') }, { errors });
  }
  return predictRow(model, cells);
}

export interface MlTrainPayload {
  model_id: string;
}

/** How a background process opens a project's dataset (no caller: the tenant and project say which). */
export type ReaderFor = (db: Queryable, tenantId: string, projectId: string) => Promise<DatasetReader>;

const LOG = {
  gone: { en: 'The model no longer exists.', tr: 'Model artık yok.' },
  columnGone: (name: string): Bilingual => ({ en: `The column "${name}" is no longer in the dataset.`, tr: `"${name}" sütunu artık veri setinde yok.` }),
  read: (rows: number, columns: number): Bilingual => ({ en: `${rows} rows × ${columns} columns read.`, tr: `${rows} satır × ${columns} sütun okundu.` }),
  tooManyRows: { en: `A model learns from at most ${MAX_ROWS.toLocaleString('en')} rows.`, tr: `Bir model en fazla ${MAX_ROWS.toLocaleString('tr')} satırdan öğrenir.` },
  timeLimit: (ms: number): Bilingual => ({ en: `The training took longer than ${ms / 60_000} minutes and was stopped.`, tr: `Eğitim ${ms / 60_000} dakikadan uzun sürdü ve durduruldu.` }),
  stopped: TRAINING_STOPPED,
  tooFewRows: (count: number): Bilingual => ({
    en: `Only ${count} rows have a value in the target column; at least ${MIN_ROWS} are needed.`,
    tr: `Hedef sütunda yalnızca ${count} satırın değeri var; en az ${MIN_ROWS} gerekir.`,
  }),
  tooLarge: { en: 'The model would be larger than 5 MB; choose fewer columns.', tr: "Model 5 MB'tan büyük olurdu; daha az sütun seçin." },
  failed: (message: string): Bilingual => ({ en: `The training failed: ${message}`, tr: `Eğitim başarısız oldu: ${message}` }),
  done: (metrics: ModelMetrics): Bilingual =>
    metrics.accuracy !== undefined
      ? { en: `Trained: accuracy ${(metrics.accuracy * 100).toFixed(1)}% on ${metrics.test_count} test rows.`, tr: `Eğitildi: ${metrics.test_count} test satırında doğruluk %${(metrics.accuracy * 100).toFixed(1)}.` }
      : { en: `Trained: RMSE ${metrics.rmse?.toPrecision(4)} on ${metrics.test_count} test rows.`, tr: `Eğitildi: ${metrics.test_count} test satırında RMSE ${metrics.rmse?.toPrecision(4)}.` },
};

/** Why a training ended without a model, in the starter's language. */
function reasonOf(e: unknown, signal: AbortSignal, timeLimitMs: number, lang: Lang): string {
  if (signal.aborted) return LOG.stopped[lang];
  if (e instanceof TrainingEnded) {
    const o = e.outcome;
    if (o.type === 'time_limit') return LOG.timeLimit(timeLimitMs)[lang];
    if (o.type === 'error') return LOG.failed(o.message)[lang];
    return problemReason(o.problem, o.count, lang);
  }
  return e instanceof Error ? e.message : String(e);
}

function problemReason(problem: TrainingProblem['problem'], count: number, lang: Lang): string {
  if (problem === 'too_few_rows') return LOG.tooFewRows(count)[lang];
  if (problem === 'model_too_large') return LOG.tooLarge[lang];
  const field = problem === 'too_many_classes' ? FIELD.too_many_classes(count) : FIELD[problem]();
  return field[lang];
}

/** Loads the model's columns through the reader and trains; answers the outcome to store. */
async function train(row: ModelRow, reader: DatasetReader, run: JobRun, timeLimitMs: number) {
  const columns = await reader.columns();
  const byName = new Map(columns.map((c) => [c.column_name, c]));
  const named = [row.target_column, ...row.feature_column_list].map((name) => {
    const column = byName.get(name);
    if (!column) throw new Error(LOG.columnGone(name)[run.lang]);
    return column;
  });
  const { rowCount, values } = await reader.columnValues(
    named.map((c) => c.column_id),
    row.filter ?? undefined,
  );
  if (rowCount > MAX_ROWS) throw new Error(LOG.tooManyRows[run.lang]);
  await run.log('info', LOG.read(rowCount, named.length)[run.lang]);
  await run.progress(10);
  const [target, ...features] = named.map((c, i) => ({ name: c.column_name, type: c.column_type, values: values[i] }));
  return trainInThread(
    { algorithm: row.algorithm, target, features, trainRatio: Number(row.train_ratio), seed: seedOf(row.project_id) },
    { signal: run.signal, timeLimitMs, progress: (share) => run.progress(10 + 85 * share) },
  );
}

/**
 * The `ml_train` process kind. `readerFor` opens a project's dataset for a process (the dataset store's
 * datasetReaderFor); `timeLimitMs` bounds one training. A stopped, timed-out or impossible training leaves the
 * model failed with its reason in the starter's language, and the process failed (or stopped).
 */
export function mlTrainJob(readerFor: ReaderFor, options: { timeLimitMs?: number } = {}): JobKind<MlTrainPayload> {
  const timeLimitMs = options.timeLimitMs ?? TRAINING_TIME_LIMIT_MS;
  return {
    kind: ML_TRAIN,
    async run(payload, run) {
      const row = await modelRow(run.db, run.tenantId, payload.model_id);
      if (!row) throw new Error(LOG.gone[run.lang]);
      await markTraining(run.db, row.model_id);
      try {
        const trained = await train(row, await readerFor(run.db, run.tenantId, row.project_id), run, timeLimitMs);
        run.signal.throwIfAborted();
        await markTrained(run.db, row.model_id, trained);
        await run.progress(100);
        await run.log('info', LOG.done(trained.metrics)[run.lang]);
      } catch (e) {
        const reason = reasonOf(e, run.signal, timeLimitMs, run.lang);
        await markFailed(run.db, row.model_id, reason);
        throw new Error(reason);
      }
    },
  };
}
