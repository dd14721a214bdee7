// The statistics routes over HTTP (issue 14) on PGlite and PostgreSQL: an owner's analyses of a saved workbook
// answer R's figures and are stored, asked again they answer 13006 with the stored results, a visitor of a
// public project gets figures that are not stored, another user cannot read a private project, and a column that
// does not suit an analysis is refused at its field in the caller's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  wanalyzerProjectSave,
  wanalyzerProjectStatisticsAnalyzeList,
  wanalyzerProjectStatsResultList,
} from '../../src/generated/client/index.ts';
import type { AnalysisColumn, TTestResult } from '../../src/generated/types/entities.ts';
import { grantCredits } from '../../server/services/credit-ledger.ts';
import toothGrowth from '../../fixtures/statistics/ToothGrowth.json' with { type: 'json' };
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, tenantIdOf, type Actor } from './support/actors.ts';
import { workbookBase64 } from './support/analysis-workbooks.ts';

describe.each(databaseKinds('same-on-every-database'))('statistics routes on %s', (kind) => {
  let t: TestApp;
  let owner: Actor;
  let other: Actor;
  let projectId: string;
  let column: (name: string) => AnalysisColumn;

  const save = async (name: string, isPublic: boolean) => {
    const { len, supp, dose } = toothGrowth.columns;
    const rows = [['len', 'supp', 'dose'], ...len.map((l, i) => [l, supp[i], dose[i]])];
    const saved = await wanalyzerProjectSave({ project_name: name, is_public: isPublic, excel_file: { file_name: 'toothgrowth.xlsx', content_base64: await workbookBase64(rows) } });
    expect(saved.status_code, saved.status_message).toBe('10000');
    return saved.project;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    const tenantId = await tenantIdOf(t.db);
    owner = await actor(t, 'stats.owner');
    other = await actor(t, 'stats.other');
    await t.db.transaction((tx) => grantCredits(tx, tenantId, owner.userId, 10, { reason: 'manual_adjustment' }));
    owner.use();
    const project = await save('Diş uzunluğu', true);
    projectId = project.project_id;
    column = (name) => project.column_list!.find((c) => c.column_name === name)!;
  });
  afterAll(() => t.close());

  const tTest = () => ({ project_id: projectId, column_list: [column('len').column_id], group_column_id: column('supp').column_id, analyze_type_list: ['t_test' as const] });

  it("answers the owner R's figures, stores them, and answers a repeat with 13006 and the stored result", async () => {
    owner.use();
    const first = await wanalyzerProjectStatisticsAnalyzeList(tTest());
    expect(first.status_code, first.status_message).toBe('10000');
    const [test] = (first.stats_result_list[0].result as TTestResult).test_list;
    // t.test(len ~ supp, data = ToothGrowth): t = 1.9153, df = 55.309, p-value = 0.06063
    expect(test.welch.t!.toPrecision(5)).toBe('1.9153');
    expect(test.welch.df!.toPrecision(5)).toBe('55.309');
    expect(test.welch.p!.toPrecision(4)).toBe('0.06063');

    const again = await wanalyzerProjectStatisticsAnalyzeList(tTest());
    expect(again.status_code).toBe('13006');
    expect(again.status_message).toBe('You already got results with these values.');
    expect((again as unknown as typeof first).stats_result_list.map((r) => r.result_id)).toEqual([first.stats_result_list[0].result_id]);

    const listed = await wanalyzerProjectStatsResultList({ project_id: projectId });
    expect(listed.stats_result_list.map((r) => [r.analyze_type, r.result_id])).toEqual([['t_test', first.stats_result_list[0].result_id]]);
  });

  it('answers a visitor of a public project without storing, and hides a private project from other users', async () => {
    t.as({ host: 'localhost' });
    const before = await snapshot(t.db);
    const visitor = await wanalyzerProjectStatisticsAnalyzeList({ ...tTest(), analyze_type_list: ['mann_whitney'] });
    expect(visitor.status_code, visitor.status_message).toBe('10000');
    expect(visitor.stats_result_list[0].analyze_type).toBe('mann_whitney');
    expect(await snapshot(t.db)).toEqual(before);

    owner.use();
    const hidden = await save('Gizli', false);
    other.use();
    const refused = await wanalyzerProjectStatisticsAnalyzeList({ project_id: hidden.project_id, column_list: [hidden.column_list![0].column_id], analyze_type_list: ['descriptive'] });
    expect(refused.status_code).toBe('10016');
    const list = await wanalyzerProjectStatsResultList({ project_id: hidden.project_id });
    expect(list.status_code).toBe('10016');
  });

  it('refuses a grouping column that does not suit the analysis at its field, in Turkish, storing nothing', async () => {
    owner.use({ lang: 0 });
    const before = await snapshot(t.db);
    const refused = await wanalyzerProjectStatisticsAnalyzeList({ ...tTest(), group_column_id: column('dose').column_id });
    expect(refused.status_code).toBe('10001');
    const errors = (refused as unknown as { errors: { field: string; message: string }[] }).errors;
    expect(errors.map((e) => e.field)).toEqual(['group_column_id']);
    expect(errors[0].message).toMatch(/[çğıöşü]/);
    expect(await snapshot(t.db)).toEqual(before);
  });
});
