// Reading an analysis project's dataset (issue 14) on PGlite and PostgreSQL: filters of every rule operator run in
// the database on the column's type, paging and sorting, the distinct values for the filter pickers, a formula
// over a page of rows with an error per row, and the DatasetReader the statistics and machine learning read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  wanalyzerDataQuery,
  wanalyzerProjectCellCalculate,
  wanalyzerProjectColumnDataList,
  wanalyzerProjectDatasetGet,
  wanalyzerProjectSave,
} from '../../src/generated/client/index.ts';
import type { AnalysisColumn, RuleOperator } from '../../src/generated/types/entities.ts';
import type { Cell } from '../../server/services/dataset-reader.ts';
import { grantCredits } from '../../server/services/credit-ledger.ts';
import { datasetReaderFor } from '../../server/services/analysis-store.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, tenantIdOf, type Actor } from './support/actors.ts';
import { mixedRows, workbookBase64 } from './support/analysis-workbooks.ts';

describe.each(databaseKinds('same-on-every-database'))('analysis dataset queries on %s', (kind) => {
  let t: TestApp;
  let owner: Actor;
  let tenantId: string;
  let projectId: string;
  let columns: AnalysisColumn[];
  const id = (name: string) => columns.find((c) => c.column_name === name)!.column_id;

  beforeAll(async () => {
    t = await startTestApp(kind);
    tenantId = await tenantIdOf(t.db);
    owner = await actor(t, 'analyst.queries');
    await t.db.transaction((tx) => grantCredits(tx, tenantId, owner.userId, 5, { reason: 'manual_adjustment' }));
    owner.use();
    const saved = await wanalyzerProjectSave({ project_name: 'Sorgular', excel_file: { file_name: 'karisik.xlsx', content_base64: await workbookBase64(mixedRows()) } });
    expect(saved.status_code, saved.status_message).toBe('10000');
    projectId = saved.project.project_id;
    columns = saved.project.column_list!;
  });
  afterAll(() => t.close());

  /** The subjects of the rows passing the conditions (S1 = the first row). */
  const subjects = async (conditions: [string, RuleOperator, Cell?][], logic: 'and' | 'or' = 'and') => {
    owner.use();
    const res = await wanalyzerProjectDatasetGet({
      project_id: projectId,
      column_id_list: [id('Subject')],
      filter: { logic, condition_list: conditions.map(([name, operator, value]) => ({ column_id: id(name), operator, ...(value === undefined ? {} : { value }) })) },
      page_size: 100,
    });
    expect(res.status_code, res.status_message).toBe('10000');
    return res.row_list.map((r) => r[0]);
  };
  const rowsOf = (indices: number[]) => indices.map((i) => `S${i + 1}`);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k);

  it('filters with every rule operator on the column type: numbers as numbers, text ignoring case, dates, yes/no, empty', async () => {
    expect(await subjects([['len', 'greater', 10]])).toEqual(rowsOf(range(13, 23)));
    expect(await subjects([['len', 'smaller_or_equal', '5']])).toEqual(rowsOf([0, 1, 2]));
    expect(await subjects([['dose', 'greater_or_equal', 1]])).toHaveLength(16);
    expect(await subjects([['len', 'smaller', 4.5]])).toEqual(['S1']);
    expect(await subjects([['supp', 'equal', 'oj']])).toEqual(rowsOf(range(0, 23).filter((i) => i % 2 === 0)));
    expect(await subjects([['supp', 'not_equal', 'OJ']])).toEqual(rowsOf(range(0, 23).filter((i) => i % 2 === 1)));
    expect(await subjects([['visit', 'smaller', '2024-01-05']])).toEqual(rowsOf([0, 1, 2, 3]));
    expect(await subjects([['visit', 'greater', '2024-02-20']])).toEqual(rowsOf([21, 22, 23]));
    expect(await subjects([['smoker', 'equal', true]])).toEqual(rowsOf(range(0, 23).filter((i) => i % 2 === 0)));
    expect(await subjects([['note', 'includes', 'NOTE 1']])).toEqual(rowsOf([1, ...range(10, 19)]));
    expect(await subjects([['note', 'not_includes', '1']])).toHaveLength(12);
    expect(await subjects([['len', 'equal', null]])).toEqual(['S8']);
    expect(await subjects([['len', 'not_equal', null]])).toHaveLength(23);
    expect(await subjects([['len', 'do_not_look_for_value']])).toHaveLength(24);
    expect(await subjects([['supp', 'equal', 'VC'], ['dose', 'equal', 2]], 'or')).toHaveLength(16);
    expect(await subjects([['supp', 'equal', 'VC'], ['dose', 'equal', 2]])).toEqual(rowsOf([5, 11, 17, 23]));
    // A value that looks like SQL is only a value.
    expect(await subjects([['note', 'equal', "x' or '1'='1"]])).toEqual([]);
  });

  it('refuses a condition value the column type cannot read, and a column of another project, naming the field', async () => {
    owner.use({ lang: 0 });
    const badNumber = await wanalyzerProjectDatasetGet({ project_id: projectId, filter: { condition_list: [{ column_id: id('len'), operator: 'greater', value: 'çok' }] } });
    expect(badNumber).toMatchObject({ status_code: '10001', errors: [{ field: 'filter.condition_list.0.value', message: 'bir sayı olmalı' }] });
    const unknown = await wanalyzerDataQuery({ project_id: projectId, query: { condition_list: [{ column_id: crypto.randomUUID(), operator: 'equal', value: 1 }] } });
    expect(unknown).toMatchObject({ status_code: '10001', errors: [{ field: 'query.condition_list.0.column_id' }] });
  });

  it('pages and sorts rows, answering the chosen columns in column order', async () => {
    owner.use();
    const page = await wanalyzerDataQuery({
      project_id: projectId,
      query: { condition_list: [{ column_id: id('supp'), operator: 'equal', value: 'OJ' }] },
      column_id_list: [id('dose'), id('Subject')],
      sort: '-row_index',
      page: 2,
      page_size: 5,
    });
    expect(page).toMatchObject({ status_code: '10000', total: 12, page: 2, page_size: 5 });
    expect(page.column_list!.map((c) => c.column_name)).toEqual(['Subject', 'dose']);
    expect(page.row_list).toEqual([
      ['S13', 0.5],
      ['S11', 1],
      ['S9', 2],
      ['S7', 0.5],
      ['S5', 1],
    ]);
    const all = await wanalyzerProjectDatasetGet({ project_id: projectId, page_size: 1 });
    expect(all.row_list).toEqual([['S1', 4, 'OJ', 0.5, '2024-01-01', true, 'note 0', 0, 0]]);
  });

  it('lists the distinct values of columns with counts, most frequent first', async () => {
    owner.use();
    const res = await wanalyzerProjectColumnDataList({ project_id: projectId, column_id_list: [id('supp'), id('len')], max_values: 2 });
    expect(res.column_data_list[0]).toEqual({ column_id: id('supp'), distinct_count: 2, value_list: [{ value: 'OJ', count: 12 }, { value: 'VC', count: 12 }] });
    // len: an empty and an unreadable cell are both empty for a numeric column (2 rows), then single values.
    expect(res.column_data_list[1]).toMatchObject({ distinct_count: 22, value_list: [{ value: null, count: 2 }, { value: 4, count: 1 }] });
  });

  it('calculates a formula over a page of rows without saving it, with an error for each row it cannot calculate', async () => {
    owner.use();
    const res = await wanalyzerProjectCellCalculate({ project_id: projectId, expression: 'len_2 / column_h + len', row_from: 0, row_count: 4 });
    expect(res.status_code, res.status_message).toBe('10000');
    expect(res.total_rows).toBe(24);
    expect(res.result_list).toEqual([
      { row_index: 0, value: null, error: 'no value: a division by zero or a number out of range' },
      { row_index: 1, value: 6.5 },
      { row_index: 2, value: 7 },
      { row_index: 3, value: null, error: '“len” is empty in this row' },
    ]);
    const paren = await wanalyzerProjectCellCalculate({ project_id: projectId, expression: 'len / (dose' });
    expect([paren.status_code, paren.status_message]).toEqual(['14001', 'Please check the parenthesis']);
    expect(await t.db.query('select 1 from analysis_column where project_id = $1 and expression is not null', [projectId])).toEqual([]);
    // A first row past what an int holds was a 500 from the database: the contract bounds it.
    const past = await wanalyzerProjectCellCalculate({ project_id: projectId, expression: 'len', row_from: 2147483648 });
    expect(past).toMatchObject({ status_code: '10001', errors: [{ field: 'row_from' }] });
    expect((await wanalyzerProjectCellCalculate({ project_id: projectId, expression: 'len', row_from: 1048575 })).result_list).toEqual([]);
  });

  it('gives the statistics and machine learning the typed values of the asked columns under a filter', async () => {
    const reader = await datasetReaderFor(t.db, tenantId, projectId);
    expect((await reader.columns()).map((c) => c.column_name)).toContain('visit');
    const { rowCount, values } = await reader.columnValues([id('len'), id('smoker'), id('visit')], {
      condition_list: [{ column_id: id('dose'), operator: 'equal', value: 0.5 }],
    });
    expect(rowCount).toBe(8);
    expect(values[0].slice(0, 3)).toEqual([4, null, 7]);
    expect(values[1].slice(0, 3)).toEqual([true, false, true]);
    expect(values[2].slice(0, 2)).toEqual(['2024-01-01', '2024-01-04']);
  });
});
