// The analysis pages in a real browser (issue 14, part "pages"): Add Dataset prices a real workbook on the real
// server (/excel/calculate_credit, the admin's credits); the project list, a project's home, the dataset filter
// and a data query are drawn from answers given in the browser to the /v1/wanalyzer/* calls, whose server is built in
// another part of the issue (the lead's merge lets these go to the real server). Each page is checked at
// 390×844 in both languages (no sideways scrolling, no raw id, axe finds nothing serious), and screenshots at
// 1280×800 and 390×844 in both languages go to /tmp/shots/analysis/.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { grantCredits } from '../../server/services/credit-ledger.ts';
import { tableToXlsx } from '../../server/services/excel.ts';
import { creditsForCells } from '../../src/domain/credit-price.ts';
import type { AnalysisColumn } from '../../src/generated/types/entities.ts';
import { chromiumAvailable, E2E_ADMIN_PASSWORD, inProcessSuite, lookAtBothLanguages, shownText, signedIn } from './browser.ts';

const SHOTS = '/tmp/shots/analysis';
const PROJECT_ID = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const column = (i: number, column_name: string, column_type: AnalysisColumn['column_type'], results: AnalysisColumn['results']): AnalysisColumn => ({
  column_id: `00000000-0000-4000-8000-00000000000${i}`,
  project_id: PROJECT_ID,
  column_index: i,
  column_name,
  column_type,
  results,
});
const COLUMNS = [
  column(0, 'Species', 'categorical', { count: 150, missing_count: 0, category_list: [{ value: 'setosa', count: 50 }, { value: 'versicolor', count: 50 }, { value: 'virginica', count: 50 }] }),
  column(1, 'Sepal length', 'numeric', { count: 148, missing_count: 2, mean: 5.8433, median: 5.8 }),
  column(2, 'Petal width', 'numeric', { count: 150, missing_count: 0, mean: 1.1993, median: 1.3 }),
  column(3, 'Measured on', 'date', { count: 150, missing_count: 0 }),
  column(4, 'Checked', 'boolean', { count: 150, missing_count: 0, category_list: [{ value: 'true', count: 120 }, { value: 'false', count: 30 }] }),
];
const DETAILS = { description: 'Fisher’s iris measurements, 1936.', file_name: 'iris.xlsx', row_count: 150, column_count: 5, filled_cell_count: 748, credit_used: 8 };
const ROWS = Array.from({ length: 20 }, (_, i) => [['setosa', 'versicolor', 'virginica'][i % 3], 4.3 + i / 10, 0.1 + i / 20, `2026-01-${String((i % 28) + 1).padStart(2, '0')}`, i % 5 !== 0]);

/** Answers the analysis calls in the browser, as the analysis server answers them. */
async function answerAnalysisCalls(page: Page) {
  const ok = { status_code: '10000', status_message: 'Done.' };
  const answers: Record<string, (body: Record<string, unknown>) => object> = {
    '/v1/wanalyzer/project/list': () => ({
      project_list: [
        { project_id: PROJECT_ID, project_name: 'Iris', details: DETAILS, is_public: true, is_own: true, owner_name: 'Site Administrator', updated_at: '2026-11-20T09:00:00Z' },
        { project_id: '6a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d', project_name: 'Tooth growth (guinea pigs, vitamin C)', details: { description: 'The effect of vitamin C on tooth growth in guinea pigs.', row_count: 60, column_count: 3 }, is_public: true, is_own: false, owner_name: 'Mehmet Kaya', updated_at: '2026-11-18T14:30:00Z' },
      ],
      total: 2,
      page: 1,
      page_size: 10,
    }),
    '/v1/wanalyzer/project/details/columns/wai/get': () => ({ project_id: PROJECT_ID, project_name: 'Iris', details: DETAILS, is_public: true, is_own: true, column_list: COLUMNS }),
    '/v1/wanalyzer/project/column_data/list': () => ({ column_data_list: [{ column_id: COLUMNS[0].column_id, distinct_count: 3, value_list: COLUMNS[0].results!.category_list }] }),
    '/v1/wanalyzer/project/dataset/get': (body) => {
      const ids = (body.column_id_list as string[] | undefined) ?? COLUMNS.map((c) => c.column_id);
      const rows = body.filter ? ROWS.filter((r) => r[0] === 'virginica') : ROWS;
      return { row_list: rows.map((r) => ids.map((id) => r[COLUMNS.findIndex((c) => c.column_id === id)])), total: body.filter ? 50 : 150, page: 1, page_size: 20 };
    },
  };
  answers['/v1/wanalyzer/data/query'] = ({ query, ...rest }) => answers['/v1/wanalyzer/project/dataset/get']({ ...rest, ...((query as { condition_list: unknown[] }).condition_list.length ? { filter: query } : {}) });
  await page.route(/\/v1\/wanalyzer\//, async (route) => {
    const answer = answers[new URL(route.request().url()).pathname];
    if (!answer) return route.fallback();
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ...ok, ...answer(route.request().postDataJSON() ?? {}) }) });
  });
}

describe.runIf(chromiumAvailable())('the analysis pages in a browser', () => {
  const suite = inProcessSuite();

  it('prices a workbook, lists projects, shows a project and filters its rows, in both languages and on a phone', async () => {
    const { db } = suite.server;
    const [admin] = await db.query<{ user_id: string; tenant_id: string }>("select u.user_id, u.tenant_id from app_user u join tenant t using (tenant_id) where t.domain = 'localhost' and u.username = 'admin'");
    await db.transaction((tx) => grantCredits(tx, admin.tenant_id, admin.user_id, 50, { reason: 'manual_adjustment' }));
    const { page, errors, close } = await signedIn(suite.browser, suite.server.url(), 'admin', E2E_ADMIN_PASSWORD);
    await answerAnalysisCalls(page);
    const problems: string[] = [];

    // Add Dataset: the real server prices a real workbook (40 rows × 3 columns and the header row).
    const rows = Array.from({ length: 40 }, (_, i) => [`P${i + 1}`, 20 + (i % 30), i % 2 === 0 ? 'F' : 'M']);
    const workbook = await tableToXlsx('Veri', [{ key: 'id', label: 'Hasta' }, { key: 'age', label: 'Yaş' }, { key: 'sex', label: 'Cinsiyet' }], rows);
    await page.goto(`${suite.server.url()}/dataset-ekle`);
    await page.getByRole('heading', { level: 1, name: 'Veri Seti Ekle' }).waitFor();
    await page.getByLabel(/^Excel dosyası/).setInputFiles({ name: 'hastalar.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: workbook });
    const quote = page.getByRole('region', { name: 'Fiyat' });
    await quote.waitFor();
    expect(await shownText(quote)).toContain(String(creditsForCells(123)));
    await page.getByText('Krediniz yeterli.').waitFor();
    expect(await page.getByLabel(/^Proje adı/).inputValue()).toBe('hastalar');
    problems.push(...(await lookAtBothLanguages(page, 'add-dataset', { tr: 'Veri Seti Ekle', en: 'Add Dataset', enText: /You have enough credits/ }, SHOTS)));

    await page.goto(`${suite.server.url()}/kullanici-proje`);
    await page.getByRole('table', { name: 'Açabileceğiniz projeler' }).waitFor();
    problems.push(...(await lookAtBothLanguages(page, 'projects', { tr: 'Projeler', en: 'Projects', enText: /150 rows × 5 columns/ }, SHOTS)));

    await page.getByRole('link', { name: 'Iris' }).click();
    await page.getByRole('heading', { level: 1, name: 'Iris' }).waitFor();
    expect(await shownText(page.getByRole('table', { name: 'Sütunlar' }).getByRole('row', { name: /Sepal length/ }))).toContain('ortalama 5,8433');
    problems.push(...(await lookAtBothLanguages(page, 'project-home', { tr: 'Iris', en: 'Iris', enText: /Project settings/ }, SHOTS)));

    await page.getByRole('link', { name: 'Veri Seti Filtresi' }).click();
    await page.getByText('150 satırdan 150 satır').waitFor();
    await page.getByRole('button', { name: 'Koşul ekle' }).click();
    await page.getByRole('group', { name: 'Koşul 1' }).getByLabel('Değer').selectOption({ label: 'virginica (50 satır)' });
    await page.getByRole('button', { name: 'Filtreyi uygula' }).click();
    await page.getByText('150 satırdan 50 satır').waitFor();
    problems.push(...(await lookAtBothLanguages(page, 'dataset-filter', { tr: 'Iris', en: 'Iris', enText: /50 of 150 rows/ }, SHOTS)));

    // A data query with two columns chosen.
    await page.goto(`${suite.server.url()}/kullanici-proje/veri-sorgusu-olustur?project_id=${PROJECT_ID}`);
    const run = page.getByRole('button', { name: 'Sorguyu çalıştır' });
    await run.waitFor();
    try {
      await page.locator('summary', { hasText: 'Sütunlar' }).click({ timeout: 10_000 });
      for (const name of ['Species', 'Measured on', 'Checked']) await page.getByRole('checkbox', { name, exact: true }).uncheck({ timeout: 10_000 });
      await run.click({ timeout: 10_000 });
    } catch (e) {
      await page.screenshot({ path: `${SHOTS}/data-query-failed.png`, fullPage: true });
      throw e;
    }
    const result = page.getByRole('table', { name: 'Sorgu sonucu' });
    await result.waitFor();
    expect(await result.getByRole('columnheader').allInnerTexts()).toEqual(['Sıra', 'Sepal length', 'Petal width']);
    problems.push(...(await lookAtBothLanguages(page, 'data-query', { tr: 'Iris', en: 'Iris', enText: /Query result/ }, SHOTS)));

    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  }, 240_000);
});
