
import { describe, expect, it } from 'vitest';
import { tableToXlsx } from '../../server/services/excel.ts';
import { callApi, chromiumAvailable, E2E_ADMIN_PASSWORD, inProcessSuite, lookAtBothLanguages, problemsOf, saveShot, shotsFolder, signedIn } from './browser.ts';

const SHOTS = shotsFolder('database');
const DB_HEADING = { tr: /^Veritabanı$/, en: /^Database$/ };

describe.runIf(chromiumAvailable())('the db page in a browser', () => {
  const suite = inProcessSuite({ workers: 1, workerTimings: { pollingIntervalSeconds: 0.5 } });



  it('browses the tree, edits a record (a refused value, then saved) and filters the records', async () => {
    const admin = await signedIn(suite.browser, suite.server.url(), 'admin', E2E_ADMIN_PASSWORD);
    const { page } = admin;
    const problems: string[] = [];
    await page.goto(`${suite.server.url()}/veritabani`);
    await page.getByRole('heading', { level: 1, name: 'Veritabanı' }).waitFor();
    await expect.poll(() => page.getByLabel(/^Katman/).inputValue()).toBe('places');

    // The tree: Türkiye opens to its cities; Ankara opens in the form the layer's fields make.
    const tree = page.getByRole('region', { name: 'Ağaç' });
    await tree.getByRole('button', { name: 'Türkiye altındaki kayıtları göster' }).click();
    await tree.getByRole('button', { name: 'Ankara', exact: true }).click();
    const form = page.getByRole('form', { name: 'Düzenle: Ankara' });
    await expect.poll(() => form.getByLabel(/^Tür/).inputValue()).toBe('city');
    problems.push(...(await lookAtBothLanguages(page, 'record-form', DB_HEADING, SHOTS)));

    // A refused value: its message at the field, nothing sent.
    const population = form.getByLabel(/^Nüfus/);
    await population.fill('-5');
    await form.getByRole('button', { name: 'Kaydı kaydet' }).click();
    await expect.poll(() => population.getAttribute('aria-invalid')).toBe('true');
    await form.getByText('En küçük değerin altında bir değer yazdınız. En küçük değer; 0 olmalıdır').waitFor();
    // Then a good one: saved, and the server has it.
    await population.fill('5900000');
    await form.getByRole('button', { name: 'Kaydı kaydet' }).click();
    await page.getByText('Kayıt kaydedildi.').waitFor();
    const saved = await callApi(page, '/v1/db/data/get', { layer_code: 'places', search: 'Ankara' });
    expect((saved.record_list as { record: { population: number }; row_version: number }[]).map((r) => [r.record.population, r.row_version])).toEqual([[5900000, 2]]);

    // A filter: the cities only, from the server.
    const list = page.getByRole('region', { name: 'Kayıtlar' });
    await list.getByText('Süzgeç').click();
    const filter = list.getByRole('form', { name: 'Süzgeç' });
    await filter.getByLabel('Alan', { exact: true }).selectOption({ label: 'Tür' });
    await filter.getByLabel('Koşul', { exact: true }).selectOption({ label: 'Eşit' });
    await filter.getByLabel('Değer', { exact: true }).selectOption({ label: 'Şehir' });
    await filter.getByRole('button', { name: 'Süzgeci uygula' }).click();
    await list.getByText('5 kayıt bulundu.').waitFor();
    const table = list.getByRole('table');
    await table.getByRole('button', { name: 'Berlin' }).waitFor();
    expect(await table.getByRole('button', { name: 'Türkiye' }).count()).toBe(0);
    problems.push(...(await lookAtBothLanguages(page, 'filtered-list', DB_HEADING, SHOTS)));

    expect(problems).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.close();
  });

  it('imports a workbook as a background process whose progress bar the processes page follows to the end', async () => {
    const admin = await signedIn(suite.browser, suite.server.url(), 'admin', E2E_ADMIN_PASSWORD);
    const { page } = admin;
    await page.goto(`${suite.server.url()}/veritabani`);
    await page.getByRole('heading', { level: 1, name: 'Veritabanı' }).waitFor();
    await page.getByLabel('Katman', { exact: true }).selectOption('units');
    const before = (await callApi(page, '/v1/db/data/get', { layer_code: 'units' })).total as number;

    const rows = Array.from({ length: 2000 }, (_, i) => [`Poliklinik ${i + 1}`, 'Servis', i % 50, 'evet']);
    const workbook = await tableToXlsx('Birimler', ['Ad', 'Tür', 'Yatak sayısı', 'Etkin'].map((h) => ({ key: h, label: h })), rows);
    await page.locator('input[type=file]').setInputFiles({ name: 'poliklinikler.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: workbook });
    await page.getByText('İçe aktarma arka plan işlemi olarak başladı.').waitFor();
    await page.getByRole('link', { name: 'İlerlemesini İşlemler sayfasında izleyin' }).click();

    await page.getByRole('heading', { level: 1, name: 'Arka Plan İşlemleri' }).waitFor();
    const name = /poliklinikler\.xlsx/;
    const row = page.getByRole('row').filter({ hasText: name });
    const bar = row.getByRole('progressbar');
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 }).toBe(100);
    await row.getByRole('cell', { name: 'Tamamlandı' }).waitFor();
    expect(await row.getByRole('cell', { name: "Veri katmanı Excel'den güncelleme" }).count()).toBe(1);
    await saveShot(page, SHOTS, 'import-finished-tr-1280');
    expect((await callApi(page, '/v1/db/data/get', { layer_code: 'units' })).total).toBe(before + 2000);
    expect(await problemsOf(page, 'processes after the import')).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.close();
  }, 120_000);
});
