// The statistics service (issue 14, server/services/statistics.ts) on PGlite and PostgreSQL, over an analysis
// project inserted directly and an in-memory DatasetReader holding R's ToothGrowth: an owner's results are stored
// per dataset version and asking again answers 13006 with them; visitors get answers that are not stored;
// columns that do not suit an analysis are refused with 10001 naming the field in the caller's language, and
// nothing is stored; the stored results page; deleting the project deletes them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractAjv, loadContract, SCHEMA_BASE } from '../../codegen/contract.ts';
import type { Db } from '../../server/db/adapter.ts';
import { ApiError } from '../../server/http/api-error.ts';
import type { DatasetReader, RowFilter } from '../../server/services/dataset-reader.ts';
import { analyzeProject, type StatsAsker, statsResultList } from '../../server/services/statistics.ts';
import type { AnalysisColumn, TTestResult } from '../../src/generated/types/entities.ts';
import type { Cell } from '../../src/domain/statistics/index.ts';
import toothGrowth from '../../fixtures/statistics/ToothGrowth.json' with { type: 'json' };
import { databaseKinds, openTestDb } from './harness.ts';

const validStatsResult = contractAjv(loadContract()).getSchema(`${SCHEMA_BASE}entities/stats_result.json`)!;

/** ToothGrowth's columns, a text column and a 3-valued category, with their values in row order. */
function dataset(projectId: string) {
  const rows = toothGrowth.columns.len.length;
  const table: { column: AnalysisColumn; values: Cell[] }[] = [
    { column: { column_id: randomUUID(), column_index: 0, column_name: 'len', column_type: 'numeric' }, values: toothGrowth.columns.len },
    { column: { column_id: randomUUID(), column_index: 1, column_name: 'supp', column_type: 'categorical' }, values: toothGrowth.columns.supp },
    { column: { column_id: randomUUID(), column_index: 2, column_name: 'dose', column_type: 'categorical' }, values: toothGrowth.columns.dose },
    { column: { column_id: randomUUID(), column_index: 3, column_name: 'note', column_type: 'text' }, values: Array.from({ length: rows }, (_, i) => `guinea pig ${i}`) },
  ];
  return table.map((t) => ({ ...t, column: { ...t.column, project_id: projectId } }));
}

type Dataset = ReturnType<typeof dataset>;

/** A reader over the values in memory; `equal` conditions only, which is all these tests filter by. */
function memoryReader(projectId: string, tenantId: string, data: Dataset, datasetVersion = 1): DatasetReader {
  const byId = new Map(data.map((d) => [d.column.column_id, d]));
  return {
    projectId,
    tenantId,
    datasetVersion,
    columns: async () => data.map((d) => d.column),
    columnValues: async (ids: string[], filter?: RowFilter) => {
      const keep = (i: number) => (filter?.condition_list ?? []).every((c) => byId.get(c.column_id)!.values[i] === c.value);
      const rows = data[0].values.map((_, i) => i).filter(keep);
      return { rowCount: rows.length, values: ids.map((id) => rows.map((i) => byId.get(id)!.values[i])) };
    },
  };
}

/** The refusal `work` throws. */
async function refusalOf(work: Promise<unknown>): Promise<ApiError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe.each(databaseKinds('same-on-every-database'))('statistics on %s', (kind) => {
  let db: Db;
  let tenantId: string;
  let ownerId: string;
  let projectId: string;
  let data: Dataset;
  let reader: DatasetReader;
  const col = (name: string) => data.find((d) => d.column.column_name === name)!.column.column_id;
  const owner = (): StatsAsker => ({ userId: ownerId, owns: true, lang: 'en' });
  const storedCount = async () => (await db.query<{ n: number }>('select count(*)::int as n from analysis_stats_result where project_id = $1', [projectId]))[0].n;

  beforeAll(async () => {
    db = await openTestDb(kind);
    [{ tenant_id: tenantId }] = await db.query<{ tenant_id: string }>("select tenant_id from tenant where domain = 'localhost'");
    ownerId = randomUUID();
    projectId = randomUUID();
    await db.query('insert into app_user (user_id, tenant_id, username) values ($1, $2, $3)', [ownerId, tenantId, 'analyst']);
    await db.query("insert into analysis_project (project_id, tenant_id, owner_user_id, project_name, dataset_version) values ($1, $2, $3, 'Tooth growth', 1)", [
      projectId,
      tenantId,
      ownerId,
    ]);
    data = dataset(projectId);
    for (const { column } of data)
      await db.query('insert into analysis_column (column_id, project_id, column_index, column_name, column_type, detected_type) values ($1, $2, $3, $4, $5, $5)', [
        column.column_id,
        projectId,
        column.column_index,
        column.column_name,
        column.column_type,
      ]);
    reader = memoryReader(projectId, tenantId, data);
  });
  afterAll(async () => db?.close());

  it("stores an owner's results in the stats_result shape and answers the same request with 13006 and them", async () => {
    const request = { project_id: projectId, column_list: [col('len')], analyze_type_list: ['t_test', 'descriptive'] as const, group_column_id: col('supp') };
    const first = await db.transaction((tx) => analyzeProject(tx, reader, { ...request, analyze_type_list: [...request.analyze_type_list] }, owner()));
    expect(first.stats_result_list.map((r) => r.analyze_type)).toEqual(['t_test', 'descriptive']);
    for (const r of first.stats_result_list) expect(validStatsResult(r.result), JSON.stringify(validStatsResult.errors)).toBe(true);
    const t = first.stats_result_list[0];
    expect(t).toMatchObject({ column_list: [col('len')], group_column_id: col('supp') });
    // t.test(len ~ supp, data = ToothGrowth): p-value = 0.06063
    expect((t.result as TTestResult).test_list[0].welch.p!.toPrecision(4)).toBe('0.06063');
    // A descriptive ignores the grouping column: it is not stored with one.
    expect(first.stats_result_list[1].group_column_id).toBeUndefined();
    expect(await storedCount()).toBe(2);

    const again = await refusalOf(analyzeProject(db, reader, { ...request, analyze_type_list: [...request.analyze_type_list] }, owner()));
    expect(again.key).toBe('same_results');
    expect(again.extra.stats_result_list).toEqual(first.stats_result_list);
    expect(await storedCount()).toBe(2);
  });

  it('runs only what is new when part of a request was asked before', async () => {
    const answer = await analyzeProject(db, reader, { project_id: projectId, column_list: [col('len')], analyze_type_list: ['descriptive', 'anova'], group_column_id: col('dose') }, owner());
    const stored = await statsResultList(db, { project_id: projectId, dataset_version: 1 }, { analyze_type: 'descriptive' });
    expect(answer.stats_result_list[0].result_id).toBe(stored.stats_result_list[0].result_id);
    expect(answer.stats_result_list[1].analyze_type).toBe('anova');
    expect(await storedCount()).toBe(3);
  });

  it('computes again on another filter or a new dataset version', async () => {
    const request = { project_id: projectId, column_list: [col('len')], analyze_type_list: ['descriptive' as const] };
    const filtered = await analyzeProject(db, reader, { ...request, filter: { condition_list: [{ column_id: col('supp'), operator: 'equal', value: 'OJ' }] } }, owner());
    expect(filtered.stats_result_list[0].result).toMatchObject({ variable_list: [{ n: 30 }] });
    const newer = await analyzeProject(db, memoryReader(projectId, tenantId, data, 2), request, owner());
    expect(newer.stats_result_list[0].result).toMatchObject({ variable_list: [{ n: 60 }] });
    expect(await storedCount()).toBe(5);
    // The list shows the current version's results only.
    const current = await statsResultList(db, { project_id: projectId, dataset_version: 2 }, {});
    expect(current.total).toBe(1);
  });

  it("answers a visitor's request without storing it, as often as asked", async () => {
    const visitor: StatsAsker = { userId: null, owns: false, lang: 'en' };
    const request = { project_id: projectId, column_list: [col('len')], analyze_type_list: ['kruskal_wallis' as const], group_column_id: col('dose') };
    const once = await analyzeProject(db, reader, request, visitor);
    const twice = await analyzeProject(db, reader, request, visitor);
    expect(once.stats_result_list[0].result).toEqual(twice.stats_result_list[0].result);
    expect(once.stats_result_list[0].result_id).not.toBe(twice.stats_result_list[0].result_id);
    expect(await storedCount()).toBe(5);
  });

  it('refuses columns that do not suit the analysis, naming the field in the caller\'s language, and stores nothing', async () => {
    const base = { project_id: projectId, column_list: [col('len')] };
    const cases: { request: Parameters<typeof analyzeProject>[2]; lang: 'en' | 'tr'; field: string; message: string }[] = [
      { request: { ...base, column_list: [col('note')], analyze_type_list: ['descriptive'] }, lang: 'en', field: 'column_list.0', message: 'note is not a numeric column; this analysis needs numbers.' },
      { request: { ...base, column_list: [col('note')], analyze_type_list: ['descriptive'] }, lang: 'tr', field: 'column_list.0', message: 'note sayısal bir sütun değil; bu analiz sayılarla yapılır.' },
      { request: { ...base, analyze_type_list: ['t_test'], group_column_id: col('dose') }, lang: 'en', field: 'group_column_id', message: 'The grouping column dose must have exactly two values; it has 3.' },
      { request: { ...base, analyze_type_list: ['anova'] }, lang: 'tr', field: 'group_column_id', message: 'Bu analiz için bir gruplama sütunu seçin.' },
      { request: { ...base, analyze_type_list: ['correlation'] }, lang: 'en', field: 'column_list', message: 'Choose at least 2 suitable columns for this analysis.' },
      { request: { ...base, analyze_type_list: ['logistic_regression'], dependent_column_id: col('dose') }, lang: 'en', field: 'dependent_column_id', message: 'For a logistic regression the outcome dose must have exactly two values; it has 3.' },
      { request: { ...base, analyze_type_list: ['linear_regression'], dependent_column_id: col('supp') }, lang: 'en', field: 'dependent_column_id', message: 'supp is not a numeric column; this analysis needs numbers.' },
      { request: { ...base, column_list: [col('note')], analyze_type_list: ['crosstab'], group_column_id: col('supp') }, lang: 'en', field: 'column_list.0', message: 'note has 60 values; a cross table or a categorical predictor takes 2 to 50.' },
      { request: { ...base, column_list: [col('len'), randomUUID()], analyze_type_list: ['descriptive'] }, lang: 'en', field: 'column_list.1', message: 'This project has no such column.' },
    ];
    for (const { request, lang, field, message } of cases) {
      const error = await refusalOf(analyzeProject(db, reader, request, { ...owner(), lang }));
      expect(error.key).toBe('invalid_input');
      expect(error.extra.errors).toEqual([{ field, message }]);
    }
    // One unsuitable analysis refuses the whole request: the frequency table beside it is not stored either.
    await refusalOf(analyzeProject(db, reader, { ...base, column_list: [col('note')], analyze_type_list: ['frequency', 'descriptive'] }, owner()));
    expect(await storedCount()).toBe(5);
  });

  it('pages the stored results, newest first, by type', async () => {
    const listed = (input: Parameters<typeof statsResultList>[2]) => statsResultList(db, { project_id: projectId, dataset_version: 1 }, input);
    const first = await listed({ page_size: 2 });
    expect([first.total, first.page, first.page_size, first.stats_result_list.length]).toEqual([4, 1, 2, 2]);
    const second = await listed({ page_size: 2, page: 2 });
    const all = [...first.stats_result_list, ...second.stats_result_list];
    expect(new Set(all.map((r) => r.result_id)).size).toBe(4);
    const times = all.map((r) => r.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const oldestFirst = (await listed({ sort: 'created_at' })).stats_result_list.map((r) => r.created_at);
    expect(oldestFirst).toEqual([...times].sort());
    expect((await listed({ analyze_type: 'anova' })).stats_result_list.map((r) => r.analyze_type)).toEqual(['anova']);
  });

  it('deletes the results with their project', async () => {
    await db.query('delete from analysis_project where project_id = $1', [projectId]);
    expect(await storedCount()).toBe(0);
  });
});
