// Machine learning on the server (issue 14, part "ml") against PGlite and PostgreSQL: starting a training checks
// the columns by name and the target against the algorithm, spends the credits of its training cells once in the
// transaction that records the model and queues its `ml_train` process (refused with nothing written when short);
// the process trains in a worker thread and stores the model and its held-out metrics, or why it failed (stopped,
// time limit); a trained model predicts, refusing missing or ill-typed inputs at their field; another site's model
// is unknown. The dataset store is another part's: an in-memory DatasetReader stands in for it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/adapter.ts';
import type { RequestContext } from '../../server/http/context.ts';
import { ApiError } from '../../server/http/api-error.ts';
import type { JobRun, LogLevel } from '../../server/jobs/job-kind.ts';
import { JobQueue } from '../../server/jobs/queue.ts';
import { compileValidators } from '../../server/http/validators.ts';
import { creditBalance, grantCredits } from '../../server/services/credit-ledger.ts';
import type { Cell, DatasetReader, RowFilter } from '../../server/services/dataset-reader.ts';
import { ML_TRAIN } from '../../server/services/machine-learning-store.ts';
import { mlTrainJob, modelsOfProject, predict, projectOfModel, startTraining, type MlTrainPayload } from '../../server/services/machine-learning.ts';
import { creditsForTraining } from '../../src/domain/credit-price.ts';
import type { AnalysisColumn, AnalysisColumnType } from '../../src/generated/types/entities.ts';
import type { WanalyzerMachinelearningTrainRequest } from '../../src/generated/types/routes.ts';
import { IRIS_NAMES, irisRows } from '../unit/ml-fixtures.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, tenantIdOf } from './support/actors.ts';

/** A dataset held in memory, read as the dataset store reads one (only the filter operator `equal` is needed here). */
function memoryReader(tenantId: string, projectId: string, columns: { name: string; type: AnalysisColumnType }[], rows: Cell[][]): DatasetReader {
  const list: AnalysisColumn[] = columns.map((c, i) => ({ column_id: randomUUID(), project_id: projectId, column_index: i, column_name: c.name, column_type: c.type }));
  const at = (id: string) => list.findIndex((c) => c.column_id === id);
  return {
    projectId,
    tenantId,
    datasetVersion: 3,
    columns: async () => list,
    async columnValues(ids: string[], filter?: RowFilter) {
      const passes = (row: Cell[]) => (filter?.condition_list ?? []).every((c) => c.operator === 'equal' && row[at(c.column_id)] === c.value);
      const kept = rows.filter(passes);
      return { rowCount: kept.length, values: ids.map((id) => kept.map((r) => r[at(id)])) };
    },
  };
}

const IRIS_COLUMNS = IRIS_NAMES.map((name, j) => ({ name, type: (j === 4 ? 'categorical' : 'numeric') as AnalysisColumnType }));
const FEATURES = IRIS_NAMES.slice(0, 4);

describe.each(databaseKinds('same-on-every-database'))('machine learning on %s', (kind) => {
  let t: TestApp;
  let db: Db;
  let queue: JobQueue;
  let tenantId: string;
  let ownerId: string;
  let projectId: string;
  let reader: DatasetReader;
  const readers = new Map<string, DatasetReader>();
  const job = mlTrainJob(async (_db, tenant, project) => {
    const r = readers.get(project);
    if (!r || r.tenantId !== tenant) throw new Error('no such dataset');
    return r;
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    db = t.db;
    // Queues only (no workers): the tests run the kind themselves, as a worker would.
    queue = await JobQueue.open({ db, kinds: { [ML_TRAIN]: job } });
    tenantId = await tenantIdOf(db);
    ownerId = (await actor(t, 'ml.owner')).userId;
    // A fixed project id: the split's seed comes from it, so the held-out metrics are the same on every run.
    projectId = await newProject(tenantId, ownerId, '5b1f2a9e-0c1d-4e7a-9a57-3c2e8d4f6a10');
    reader = memoryReader(tenantId, projectId, IRIS_COLUMNS, irisRows());
    readers.set(projectId, reader);
    await db.transaction((tx) => grantCredits(tx, tenantId, ownerId, 10, { reason: 'manual_adjustment' }));
  });
  afterAll(async () => {
    await queue.close();
    await t.close();
  });

  async function newProject(tenant: string, owner: string, id: string = randomUUID()): Promise<string> {
    await db.query('insert into analysis_project (project_id, tenant_id, owner_user_id, project_name, file_name, dataset_version) values ($1, $2, $3, $4, $5, 3)', [
      id,
      tenant,
      owner,
      'Iris',
      'iris.xlsx',
    ]);
    return id;
  }

  /** The handler's context as startTraining reads it: the site, the language, the signed-in caller and the queue. */
  const contextOf = (userId: string, lang: 'en' | 'tr' = 'en', tenant = tenantId) =>
    ({ tenant: { tenant_id: tenant }, lang, caller: { kind: 'user', userId, username: 'u', authCodes: [] }, services: { jobs: queue } }) as unknown as RequestContext;

  const request = (over: Partial<WanalyzerMachinelearningTrainRequest> = {}): WanalyzerMachinelearningTrainRequest => ({
    project_id: projectId,
    model_name: 'Species tree',
    algorithm: 'decision_tree',
    target_column: 'Species',
    feature_column_list: FEATURES,
    ...over,
  });

  const start = (over: Partial<WanalyzerMachinelearningTrainRequest> = {}, userId = ownerId, lang: 'en' | 'tr' = 'en', r = reader) =>
    db.transaction((tx) => startTraining(tx, contextOf(userId, lang), r, request(over)));

  const refusal = async (work: Promise<unknown>) => {
    const e = await work.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  };

  /** What a refused start must leave unchanged. */
  const counts = async () =>
    (
      await db.query<{ models: number; processes: number; entries: number }>(
        `select (select count(*)::int from machine_learning_model) as models, (select count(*)::int from process where process_kind = 'ml_train') as processes,
                (select count(*)::int from credit_entry where credit_reason = 'machine_learning') as entries`,
      )
    )[0];

  /** Runs the process kind directly with a JobRun of the test's; `stopAt` aborts it at that progress. */
  async function runTraining(modelId: string, options: { stopAt?: number; kindOf?: typeof job } = {}) {
    const [process] = await db.query<{ process_id: string; payload: MlTrainPayload }>('select process_id, payload from process where payload->>\'model_id\' = $1', [modelId]);
    const stop = new AbortController();
    const progress: number[] = [];
    const log: [LogLevel, string][] = [];
    const run: JobRun = {
      processId: process.process_id,
      tenantId,
      userId: ownerId,
      lang: 'en',
      signal: stop.signal,
      db,
      progress: async (p) => {
        stop.signal.throwIfAborted();
        progress.push(p);
        if (options.stopAt !== undefined && p >= options.stopAt) stop.abort(new Error('The process was stopped.'));
      },
      log: async (level, message) => {
        log.push([level, message]);
      },
    };
    const outcome = await (options.kindOf ?? job).run(process.payload, run).then(
      () => 'done',
      (e: Error) => e.message,
    );
    return { outcome, progress, log };
  }

  it('records the model waiting, queues its process and spends the quoted credits once', async () => {
    const before = await creditBalance(db, tenantId, ownerId);
    const res = await start();
    expect(res.machine_learning_model).toMatchObject({ project_id: projectId, model_name: 'Species tree', training_status: 'waiting', train_ratio: 0.8, process_id: res.process_id });
    const price = creditsForTraining(150, 4);
    expect(price).toBe(1);
    expect(await creditBalance(db, tenantId, ownerId)).toBe(before - price);
    const [process] = await db.query<{ process_kind: string; process_status: string; project_id: string; payload: MlTrainPayload }>(
      'select process_kind, process_status, project_id, payload from process where process_id = $1',
      [res.process_id],
    );
    expect(process).toEqual({ process_kind: 'ml_train', process_status: 'waiting', project_id: projectId, payload: { model_id: res.machine_learning_model.model_id } });
    const [entry] = await db.query<{ credit_change: number; project_id: string }>("select credit_change, project_id from credit_entry where credit_reason = 'machine_learning' and user_id = $1", [ownerId]);
    expect(entry).toEqual({ credit_change: -price, project_id: projectId });
  });

  it("refuses with 12001 and writes nothing when the caller's credits are short", async () => {
    const poor = (await actor(t, 'ml.poor')).userId;
    const poorProject = await newProject(tenantId, poor);
    const poorReader = memoryReader(tenantId, poorProject, IRIS_COLUMNS, irisRows());
    const before = await counts();
    const e = await refusal(start({ project_id: poorProject }, poor, 'en', poorReader));
    expect(e.key).toBe('not_enough_credit');
    expect(await counts()).toEqual(before);
  });

  it('refuses unknown columns, the target among the inputs and a target the algorithm cannot predict, at their fields in the caller’s language', async () => {
    const before = await counts();
    const fieldOf = async (over: Partial<WanalyzerMachinelearningTrainRequest>, lang: 'en' | 'tr' = 'en') => {
      const e = await refusal(start(over, ownerId, lang));
      expect(e.key).toBe('invalid_input');
      return (e.extra.errors as { field: string; message: string }[])[0];
    };
    expect(await fieldOf({ target_column: 'Kind' })).toEqual({ field: 'target_column', message: 'is not a column of this dataset.' });
    expect(await fieldOf({ feature_column_list: ['Sepal.Length', 'Petal.Size'] })).toMatchObject({ field: 'feature_column_list.1' });
    expect(await fieldOf({ feature_column_list: ['Sepal.Length', 'Species'] })).toMatchObject({ field: 'feature_column_list.1', message: expect.stringMatching(/^is the target column/) });
    expect(await fieldOf({ algorithm: 'linear_regression' })).toMatchObject({ field: 'target_column', message: expect.stringMatching(/^must be a numeric column for linear regression/) });
    expect(await fieldOf({ algorithm: 'logistic_regression', target_column: 'Petal.Width', feature_column_list: ['Petal.Length'] }, 'tr')).toMatchObject({
      field: 'target_column',
      message: expect.stringMatching(/^bu algoritma için kategorik/),
    });
    // A filter leaving too few rows with a target.
    const species = (await reader.columns()).find((c) => c.column_name === 'Species')!;
    const few = await refusal(start({ filter: { condition_list: [{ column_id: species.column_id, operator: 'equal', value: 'none' }] } }));
    expect([few.key, few.params]).toEqual(['ml_too_few_rows', { minimum: 10, count: 0 }]);
    expect(await counts()).toEqual(before);
  });

  it('trains in its process and stores the model with held-out metrics; the model predicts', async () => {
    const res = await start({ model_name: 'Iris tree' });
    const modelId = res.machine_learning_model.model_id;
    const { outcome, progress, log } = await runTraining(modelId);
    expect(outcome).toBe('done');
    expect(progress[0]).toBe(10);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(log[0]).toEqual(['info', '150 rows × 5 columns read.']);
    expect(log.at(-1)![1]).toMatch(/^Trained: accuracy \d+\.\d% on 30 test rows\.$/);

    const listed = (await modelsOfProject(db, projectId)).find((m) => m.model_id === modelId)!;
    expect(listed).toMatchObject({ training_status: 'trained', trained_at: expect.any(String), metrics: { train_count: 120, test_count: 30, class_list: ['setosa', 'versicolor', 'virginica'] } });
    expect(listed.metrics!.accuracy).toBeGreaterThanOrEqual(0.9);

    const answer = await predict(db, tenantId, modelId, { 'Sepal.Length': 5.0, 'Sepal.Width': 3.4, 'Petal.Length': 1.5, 'Petal.Width': 0.2 }, 'en');
    expect(answer.prediction).toBe('setosa');
    expect(answer.probability_list!.map((p) => p.value)).toEqual(['setosa', 'versicolor', 'virginica']);
    expect(answer.probability_list![0].probability).toBeGreaterThan(0.5);

    // A second training of the same model (the process started again) learns the same model from the same seed.
    const first = (await db.query<{ model: unknown }>('select model from machine_learning_model where model_id = $1', [modelId]))[0].model;
    expect((await runTraining(modelId)).outcome).toBe('done');
    expect((await db.query<{ model: unknown }>('select model from machine_learning_model where model_id = $1', [modelId]))[0].model).toEqual(first);
  });

  it('answers as the routes’ response schemas say, for a classifier and a regression', async () => {
    const { routes } = compileValidators();
    const conforms = (route: string, answer: unknown) => {
      const validate = routes.get(route as never)!.response;
      expect(validate(structuredClone(answer)), JSON.stringify(validate.errors)).toBe(true);
    };
    const started = await start({ model_name: 'Petal width', algorithm: 'linear_regression', target_column: 'Petal.Width', feature_column_list: ['Petal.Length', 'Species'] });
    conforms('wanalyzer_machinelearning_train', started);
    const modelId = started.machine_learning_model.model_id;
    expect((await runTraining(modelId)).outcome).toBe('done');
    const models = await modelsOfProject(db, projectId);
    expect(models.find((m) => m.model_id === modelId)!.metrics).toMatchObject({ rmse: expect.any(Number), mae: expect.any(Number), r2: expect.any(Number), test_count: 30 });
    expect(models.find((m) => m.model_id === modelId)!.metrics!.r2).toBeGreaterThan(0.8);
    conforms('wanalyzer_machinelearning_data_get', { machine_learning_model_list: models, column_list: await reader.columns() });
    const width = await predict(db, tenantId, modelId, { 'Petal.Length': 5.5, Species: 'virginica' }, 'en');
    expect(width.prediction).toBeGreaterThan(1.5);
    conforms('wanalyzer_machinelearning_predict', width);
    const tree = models.find((m) => m.model_name === 'Iris tree')!;
    conforms('wanalyzer_machinelearning_predict', await predict(db, tenantId, tree.model_id, { 'Sepal.Length': 6, 'Sepal.Width': 3, 'Petal.Length': 4, 'Petal.Width': 1.2 }, 'en'));
  });

  it('refuses a missing or ill-typed input at its field, an untrained model with 13120, and another site’s model as unknown', async () => {
    const trained = (await modelsOfProject(db, projectId)).find((m) => m.model_name === 'Iris tree')!;
    const bad = await refusal(predict(db, tenantId, trained.model_id, { 'Sepal.Length': 'long', 'Sepal.Width': 3, 'Petal.Width': null }, 'tr'));
    expect(bad.key).toBe('invalid_input');
    expect(bad.extra.errors).toEqual([
      { field: 'input.Sepal.Length', message: 'bir sayı olmalıdır.' },
      { field: 'input.Petal.Length', message: 'gereklidir: model bu sütunu okur (boş bırakmak için null verin).' },
    ]);

    const waiting = (await start({ model_name: 'Not yet' })).machine_learning_model.model_id;
    expect((await refusal(predict(db, tenantId, waiting, { 'Sepal.Length': 5 }, 'en'))).key).toBe('ml_model_not_trained');

    const clinical = await tenantIdOf(db, 'clinical.localhost');
    expect((await refusal(predict(db, clinical, trained.model_id, { 'Sepal.Length': 5 }, 'en'))).params).toEqual({ entity: 'machine_learning_model' });
    expect((await refusal(projectOfModel(db, clinical, trained.model_id))).key).toBe('record_not_found');
    expect(await projectOfModel(db, tenantId, trained.model_id)).toBe(projectId);
  });

  it('a stopped training ends with the model failed as stopped, and a training over its time limit fails saying so', async () => {
    const stopped = (await start({ model_name: 'Stopped', algorithm: 'random_forest' })).machine_learning_model.model_id;
    // Stopped while its thread trains the forest (progress past the reading's 10 %).
    const { outcome, progress } = await runTraining(stopped, { stopAt: 30 });
    expect(outcome).toBe('The training was stopped.');
    expect(progress.at(-1)).toBeLessThan(100);
    expect((await modelsOfProject(db, projectId)).find((m) => m.model_id === stopped)).toMatchObject({ training_status: 'failed', error_message: 'The training was stopped.' });

    // A process stopped before any worker took it: the model waits for nothing and is listed failed.
    const never = await start({ model_name: 'Never run' }, ownerId, 'tr');
    await db.query("update process set process_status = 'stopped' where process_id = $1", [never.process_id]);
    expect((await modelsOfProject(db, projectId)).find((m) => m.model_id === never.machine_learning_model.model_id)).toMatchObject({
      training_status: 'failed',
      error_message: 'Eğitim durduruldu.',
    });

    const slow = (await start({ model_name: 'Slow' })).machine_learning_model.model_id;
    const hurried = mlTrainJob(async () => reader, { timeLimitMs: 1 });
    expect((await runTraining(slow, { kindOf: hurried })).outcome).toMatch(/^The training took longer than [\d.e-]+ minutes and was stopped\.$/);
    expect((await modelsOfProject(db, projectId)).find((m) => m.model_id === slow)).toMatchObject({ training_status: 'failed', error_message: expect.stringMatching(/^The training took longer/) });
  });
});
