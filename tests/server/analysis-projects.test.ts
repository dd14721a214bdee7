// Analysis projects (issue 14) against PGlite and PostgreSQL: a workbook read off the request thread (types
// detected on a mixed sheet, refusals for the wrong type, too many cells and a read that takes too long), the
// save paid with exactly the quoted credits in its transaction (short: nothing written; two saves with credit for
// one: one wins), a type changed by the owner, calculated columns, and who may open or change which project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  excelCalculateCredit,
  wanalyzerProjectColumnSave,
  wanalyzerProjectDelete,
  wanalyzerProjectDetailsColumnsWaiGet,
  wanalyzerProjectList,
  wanalyzerProjectSave,
} from '../../src/generated/client/index.ts';
import type { AnalysisColumn } from '../../src/generated/types/entities.ts';
import { grantCredits } from '../../server/services/credit-ledger.ts';
import { setWorkbookReadLimitForTests } from '../../server/services/workbook-reader.ts';
import { datasetReaderFor } from '../../server/services/analysis-store.ts';
import { databaseKinds, frontendKeyForTest, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, tenantIdOf, type Actor } from './support/actors.ts';
import { mixedRows, workbookBase64 } from './support/analysis-workbooks.ts';

describe.each(databaseKinds('depends-on-database'))('analysis projects on %s', (kind) => {
  let t: TestApp;
  let owner: Actor;
  let other: Actor;
  let stranger: Actor;
  let mixed: string;
  let projectId: string;
  let columns: AnalysisColumn[];
  const byName = (name: string) => columns.find((c) => c.column_name === name)!;

  let tenantId: string;
  const give = (who: Actor, amount: number) => t.db.transaction((tx) => grantCredits(tx, tenantId, who.userId, amount, { reason: 'manual_adjustment' }));

  beforeAll(async () => {
    t = await startTestApp(kind);
    tenantId = await tenantIdOf(t.db);
    owner = await actor(t, 'analyst.owner');
    other = await actor(t, 'analyst.other');
    stranger = await actor(t, 'analyst.stranger', { domain: 'clinical.localhost' });
    mixed = await workbookBase64(mixedRows());
    await give(owner, 20);
    owner.use();
    const saved = await wanalyzerProjectSave({ project_name: 'Diş uzunluğu', description: 'Karışık türler', excel_file: { file_name: 'karisik.xlsx', content_base64: mixed } });
    expect(saved.status_code, saved.status_message).toBe('10000');
    projectId = saved.project.project_id;
    columns = saved.project.column_list!;
  });
  afterAll(() => t.close());

  it('detects each column type on a mixed sheet, names empty and repeated headers, and counts missing values', () => {
    expect(columns.map((c) => [c.column_name, c.column_type])).toEqual([
      ['Subject', 'text'],
      ['len', 'numeric'],
      ['supp', 'categorical'],
      ['dose', 'numeric'],
      ['visit', 'date'],
      ['smoker', 'boolean'],
      ['note', 'text'],
      ['Column H', 'numeric'],
      ['len (2)', 'numeric'],
    ]);
    // 24 rows: one empty len and one "n/a" (unreadable as a number, so missing).
    expect(byName('len').results).toMatchObject({ count: 22, missing_count: 2, minimum: 4, maximum: 15.5 });
    expect(byName('supp').results).toEqual({ count: 24, missing_count: 0, category_list: [{ value: 'OJ', count: 12 }, { value: 'VC', count: 12 }] });
    expect(byName('dose').results!.mean).toBeCloseTo(7 / 6, 10);
    expect(byName('dose').results!.standard_deviation).toBeCloseTo(0.6370220573, 9);
    expect(byName('smoker').results!.category_list).toEqual([{ value: 'false', count: 12 }, { value: 'true', count: 12 }]);
  });

  it('spends exactly the quoted credits in the save, once, and refuses a save without enough credit, writing nothing', async () => {
    owner.use();
    const quote = await excelCalculateCredit({ excel_file: { file_name: 'karisik.xlsx', content_base64: mixed } });
    expect(quote.credit_needed).toBe(1);
    const details = await wanalyzerProjectDetailsColumnsWaiGet({ project_id: projectId });
    expect(details.details).toMatchObject({ credit_used: quote.credit_needed, row_count: 24, column_count: 9, filled_cell_count: quote.filled_cell_count });
    expect(quote.credit_balance).toBe(20 - quote.credit_needed);

    other.use();
    const before = await snapshot(t.db);
    const refused = await wanalyzerProjectSave({ project_name: 'Krediler yetmez', excel_file: { file_name: 'karisik.xlsx', content_base64: mixed } });
    expect([refused.status_code, refused.status_message]).toEqual(['12001', "You don't have enough credit!"]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('lets only one of two concurrent saves through when the credit pays for one', async () => {
    await give(other, 1);
    other.use();
    const both = await Promise.all(
      ['Birinci', 'İkinci'].map((name) => wanalyzerProjectSave({ project_name: name, excel_file: { file_name: 'karisik.xlsx', content_base64: mixed } })),
    );
    expect(both.map((r) => r.status_code).sort()).toEqual(['10000', '12001']);
    const mine = await wanalyzerProjectList({ scope: 'own' });
    expect(mine.project_list).toHaveLength(1);
  });

  it('refuses a file that is not a workbook, one with more than 100,000 filled cells, and one that takes too long to read', async () => {
    owner.use();
    const notExcel = await wanalyzerProjectSave({ project_name: 'x', excel_file: { file_name: 'notlar.xlsx', content_base64: Buffer.from('just some text, not a workbook').toString('base64') } });
    expect([notExcel.status_code, notExcel.status_message]).toEqual(['13002', 'Invalid file type']);
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    const legacy = await wanalyzerProjectSave({ project_name: 'x', excel_file: { file_name: 'eski.xls', content_base64: ole2.toString('base64') } });
    expect(legacy).toMatchObject({ status_code: '13002', errors: [{ field: 'excel_file', message: expect.stringContaining('save it as .xlsx') }] });

    const wide = Array.from({ length: 10_001 }, (_, r) => Array.from({ length: 10 }, (_, c) => r * 10 + c));
    const tooMany = await wanalyzerProjectSave({ project_name: 'x', excel_file: { file_name: 'buyuk.xlsx', content_base64: await workbookBase64(wide) } });
    expect(tooMany.status_code).toBe('13003');

    setWorkbookReadLimitForTests(1);
    try {
      owner.use({ lang: 0 });
      const slow = await wanalyzerProjectSave({ project_name: 'x', excel_file: { file_name: 'karisik.xlsx', content_base64: mixed } });
      expect(slow.status_code).toBe('13130');
      expect(slow.status_message).toMatch(/çok uzun sürdü/);
    } finally {
      setWorkbookReadLimitForTests();
    }
  });

  it('recomputes a column when the owner changes its type, and marks the dataset as changed', async () => {
    owner.use();
    const [{ dataset_version: before }] = await t.db.query<{ dataset_version: number }>('select dataset_version from analysis_project where project_id = $1', [projectId]);
    const dose = byName('dose');
    const saved = await wanalyzerProjectColumnSave({ project_id: projectId, column: { ...dose, column_type: 'categorical', unit: 'mg' } });
    expect(saved.status_code, saved.status_message).toBe('10000');
    expect(saved.column).toMatchObject({ column_type: 'categorical', unit: 'mg' });
    expect(saved.column.results).toEqual({ count: 24, missing_count: 0, category_list: [{ value: '0.5', count: 8 }, { value: '1', count: 8 }, { value: '2', count: 8 }] });
    const reader = await datasetReaderFor(t.db, tenantId, projectId);
    expect(reader.datasetVersion).toBe(before + 1);
    const { values } = await reader.columnValues([dose.column_id]);
    expect(values[0].slice(0, 3)).toEqual(['0.5', '1', '2']);
    const back = await wanalyzerProjectColumnSave({ project_id: projectId, column: { ...dose, column_type: 'numeric' } });
    expect(back.column.results).toMatchObject({ count: 24, minimum: 0.5, maximum: 2 });

    const clash = await wanalyzerProjectColumnSave({ project_id: projectId, column: { ...dose, column_name: 'SUPP' } });
    expect(clash.status_code).toBe('13132');
  });

  it('adds a calculated column computed for every row, and refuses an unbalanced or unknown formula', async () => {
    owner.use();
    const column = { column_id: crypto.randomUUID(), column_index: 0, column_name: 'len per dose', column_type: 'numeric' as const, expression: 'len / (dose * 2)' };
    const saved = await wanalyzerProjectColumnSave({ project_id: projectId, column });
    expect(saved.status_code, saved.status_message).toBe('10000');
    expect(saved.column).toMatchObject({ column_index: 9, column_name: 'len per dose', expression: 'len / (dose * 2)' });
    expect(saved.column.results).toMatchObject({ count: 22, missing_count: 2, maximum: 14.5 });
    const reader = await datasetReaderFor(t.db, tenantId, projectId);
    const { values } = await reader.columnValues([saved.column.column_id]);
    expect(values[0].slice(0, 4)).toEqual([4, 2.25, 1.25, null]);

    const unbalanced = await wanalyzerProjectColumnSave({ project_id: projectId, column: { ...column, column_id: crypto.randomUUID(), column_name: 'b', expression: '(len + 1' } });
    expect([unbalanced.status_code, unbalanced.status_message]).toEqual(['14001', 'Please check the parenthesis']);
    const unknown = await wanalyzerProjectColumnSave({ project_id: projectId, column: { ...column, column_id: crypto.randomUUID(), column_name: 'c', expression: 'weight * 2' } });
    expect(unknown.status_code).toBe('13133');
    expect(unknown.status_message).toContain('“weight” is not a column of this project');
    const onFileColumn = await wanalyzerProjectColumnSave({ project_id: projectId, column: { ...byName('len'), expression: 'dose * 2' } });
    expect(onFileColumn.status_code).toBe('13134');
  });

  it('opens a project to its owner, a public one read-only to others of the site, and nothing to another site', async () => {
    other.use();
    const privateRead = await wanalyzerProjectDetailsColumnsWaiGet({ project_id: projectId });
    expect([privateRead.status_code, privateRead.status_message]).toEqual(['10016', 'There is no analysis project with this id on this site.']);
    t.as({ query: { __lang__v: 1 } });
    expect((await wanalyzerProjectDetailsColumnsWaiGet({ project_id: projectId })).status_code).toBe('10016');

    owner.use();
    const madePublic = await wanalyzerProjectSave({ project_id: projectId, project_name: 'Diş uzunluğu', is_public: true });
    expect(madePublic).toMatchObject({ status_code: '10000', credit_used: 0 });
    expect(madePublic.project.column_list).toHaveLength(10);
    expect((await wanalyzerProjectDetailsColumnsWaiGet({ project_id: projectId })).is_own).toBe(true);

    other.use();
    const publicRead = await wanalyzerProjectDetailsColumnsWaiGet({ project_id: projectId });
    expect(publicRead).toMatchObject({ status_code: '10000', is_public: true, is_own: false });
    expect((await wanalyzerProjectColumnSave({ project_id: projectId, column: byName('len') })).status_code).toBe('10016');
    expect((await wanalyzerProjectSave({ project_id: projectId, project_name: 'Benim' })).status_code).toBe('10016');
    expect((await wanalyzerProjectDelete({ project_id: projectId })).status_code).toBe('10016');

    t.as({ query: { __lang__v: 1 } });
    expect((await wanalyzerProjectDetailsColumnsWaiGet({ project_id: projectId })).status_code).toBe('10000');
    const anonymousList = await wanalyzerProjectList({ scope: 'own' });
    expect(anonymousList.project_list.map((p) => [p.project_name, p.is_own])).toContainEqual(['Diş uzunluğu', false]);
    expect(anonymousList.project_list.every((p) => p.is_public)).toBe(true);

    t.as({ authorization: await frontendKeyForTest(t.db), query: { __lang__v: 1 } });
    expect((await wanalyzerProjectDetailsColumnsWaiGet({ project_id: projectId })).status_code).toBe('10000');

    // Public on its own site only: another site's user, or its visitors, find no such project.
    stranger.use();
    expect((await wanalyzerProjectDetailsColumnsWaiGet({ project_id: projectId })).status_code).toBe('10016');
    t.as({ host: 'clinical.localhost', query: { __lang__v: 1 } });
    expect((await wanalyzerProjectDetailsColumnsWaiGet({ project_id: projectId })).status_code).toBe('10016');
    expect((await wanalyzerProjectList({})).project_list.map((p) => p.project_id)).not.toContain(projectId);
  });

  it('seeds a public demo project (R ToothGrowth) that anyone on the shop site can open', async () => {
    t.as({ query: { __lang__v: 1 } });
    const list = await wanalyzerProjectList({ search: 'ToothGrowth' });
    expect(list.project_list).toHaveLength(1);
    expect(list.project_list[0]).toMatchObject({ project_name: 'Diş büyümesi (ToothGrowth)', owner_name: 'Demo Analist', is_public: true, is_own: false });
    expect(list.project_list[0].details).toMatchObject({ row_count: 60, column_count: 3 });
    const demo = await wanalyzerProjectDetailsColumnsWaiGet({ project_id: list.project_list[0].project_id });
    const len = demo.column_list.find((c) => c.column_name === 'len')!;
    // R: mean(ToothGrowth$len) 18.81333, sd 7.649315, median 19.25, range 4.2–33.9.
    expect(len).toMatchObject({ column_type: 'numeric', unit: 'mm', results: { count: 60, missing_count: 0, median: 19.25, minimum: 4.2, maximum: 33.9 } });
    expect(len.results!.mean).toBeCloseTo(18.81333, 5);
    expect(len.results!.standard_deviation).toBeCloseTo(7.649315, 6);
  });

  it('refuses a formula that reads its own column back, and computes the columns reading a changed one again, in order', async () => {
    await give(owner, 1);
    owner.use();
    const made = await wanalyzerProjectSave({ project_name: 'Zincir', excel_file: { file_name: 'zincir.xlsx', content_base64: mixed } });
    const id = made.project.project_id;
    const add = async (column_name: string, expression: string) => {
      const res = await wanalyzerProjectColumnSave({ project_id: id, column: { column_id: crypto.randomUUID(), column_index: 0, column_name, column_type: 'numeric', expression } });
      expect(res.status_code, res.status_message).toBe('10000');
      return res.column;
    };
    const a = await add('calc_a', 'len + 1');
    const b = await add('calc_b', 'calc_a + 1');
    const c = await add('calc_c', 'calc_b * 10');
    const before = await snapshot(t.db);
    const loop = await wanalyzerProjectColumnSave({ project_id: id, column: { ...a, expression: 'calc_c + 1' } });
    expect([loop.status_code, loop.status_message]).toEqual(['13137', 'This formula would calculate “calc_a” from itself (calc_a → calc_c → calc_b → calc_a). Please calculate it from other columns.']);
    expect(await snapshot(t.db)).toEqual(before);

    expect((await wanalyzerProjectColumnSave({ project_id: id, column: { ...a, expression: 'len * 2' } })).status_code).toBe('10000');
    const reader = await datasetReaderFor(t.db, tenantId, id);
    const len = (await reader.columns()).find((x) => x.column_name === 'len')!;
    const { values } = await reader.columnValues([len.column_id, a.column_id, b.column_id, c.column_id]);
    const first = values[0].findIndex((v) => typeof v === 'number');
    const l = values[0][first] as number;
    expect([values[1][first], values[2][first], values[3][first]]).toEqual([l * 2, l * 2 + 1, (l * 2 + 1) * 10]);
    expect((await wanalyzerProjectDetailsColumnsWaiGet({ project_id: id })).column_list.find((x) => x.column_name === 'calc_c')!.results!.maximum).toBe(
      Math.max(...values[0].filter((v): v is number => typeof v === 'number')) * 20 + 10,
    );
  });

  it('deletes a project with its dataset, owner only', async () => {
    await give(owner, 1);
    owner.use();
    const doomed = await wanalyzerProjectSave({ project_name: 'Silinecek', excel_file: { file_name: 'C:\\Veri\\KARISIK.XLSX', content_base64: mixed } });
    expect(doomed.project.details!.file_name).toBe('KARISIK.xlsx');
    expect((await wanalyzerProjectDelete({ project_id: doomed.project.project_id })).status_code).toBe('10000');
    expect(await t.db.query('select 1 from analysis_row where project_id = $1', [doomed.project.project_id])).toEqual([]);
    expect((await wanalyzerProjectDetailsColumnsWaiGet({ project_id: doomed.project.project_id })).status_code).toBe('10016');
  });
});
