// The data-analysis journey in a real browser against the real server, database and queue worker (issue 14's
// "Done means"): an analyst uploads a 10,000 × 10 workbook on Add Dataset, pays the quoted price once, reviews the
// detected column types, reads the descriptives, compares two groups, trains a decision tree (a background
// process) and predicts with it. Every page is checked at 390×844 in Turkish and English (no sideways scrolling, no
// raw id, axe finds nothing serious); screenshots at 1280×800 and 390×844 in both languages go to
// $SEMA_SHOTS/analysis/ when asked for.
import { describe, expect, it } from 'vitest';
import { creditBalance, grantCredits } from '../../server/services/credit-ledger.ts';
import { tableToXlsx } from '../../server/services/excel.ts';
import { creditsForCells } from '../../src/domain/credit-price.ts';
import { chromiumAvailable, E2E_ADMIN_PASSWORD, inProcessSuite, lookAtBothLanguages, problemsOf, saveShot, shotsFolder, shownText, signedIn } from './browser.ts';

const SHOTS = shotsFolder('analysis');
const HEADERS = ['group', 'age', 'weight', 'height', 'sex', 'smoker', 'visit', 'score', 'city', 'outcome'];
const CITIES = ['Ankara', 'İstanbul', 'İzmir', 'Bursa', 'Antalya'];

/** 9,999 rows and the header: 100,000 filled cells, the spec's largest workbook. Deterministic (no Math.random). */
function analysisRows(): (string | number | Date)[][] {
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: 9_999 }, (_, i) => {
    const group = i % 2 === 0 ? 'A' : 'B';
    const age = 20 + Math.floor(next() * 60);
    const score = Math.round((50 + (group === 'B' ? 4 : 0) + (next() - 0.5) * 40) * 10) / 10;
    return [
      group,
      age,
      Math.round((55 + next() * 40) * 10) / 10,
      Math.round(150 + next() * 45),
      next() < 0.5 ? 'F' : 'M',
      next() < 0.3 ? 'evet' : 'hayır',
      new Date(Date.UTC(2025, 0, 1 + (i % 365))),
      score,
      CITIES[i % CITIES.length],
      // The outcome follows age and score, so a tree can learn it.
      age > 50 && score > 48 ? 'yes' : 'no',
    ];
  });
}

describe.runIf(chromiumAvailable())('the data-analysis journey in a browser', () => {
  const suite = inProcessSuite({ workers: 1, workerTimings: { pollingIntervalSeconds: 0.5 } });

  it('uploads a 10,000 × 10 workbook, pays once, reads types and descriptives, compares two groups, trains a tree and predicts', async () => {
    const { db } = suite.server;
    const [admin] = await db.query<{ user_id: string; tenant_id: string }>(
      "select u.user_id, u.tenant_id from app_user u join tenant t using (tenant_id) where t.domain = 'localhost' and u.username = 'admin'",
    );
    await db.transaction((tx) => grantCredits(tx, admin.tenant_id, admin.user_id, 150, { reason: 'manual_adjustment' }));
    const price = creditsForCells(100_000);
    const { page, errors, close } = await signedIn(suite.browser, suite.server.url(), 'admin', E2E_ADMIN_PASSWORD);
    const problems: string[] = [];

    // Add Dataset: the quote, then the save after the confirmation.
    const workbook = await tableToXlsx('Veri', HEADERS.map((h) => ({ key: h, label: h })), analysisRows());
    await page.goto(`${suite.server.url()}/dataset-ekle`);
    await page.getByRole('heading', { level: 1, name: 'Veri Seti Ekle' }).waitFor();
    await page.getByLabel(/^Excel dosyası/).setInputFiles({ name: 'calisma.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: workbook });
    const quote = page.getByRole('region', { name: 'Fiyat' });
    await quote.waitFor({ timeout: 60_000 });
    expect(await shownText(quote)).toContain('100.000');
    expect(await shownText(quote)).toContain(String(price));
    problems.push(...(await lookAtBothLanguages(page, 'add-dataset', { tr: 'Veri Seti Ekle', en: 'Add Dataset', enText: /You have enough credits/ }, SHOTS)));
    await page.getByRole('button', { name: /^Projeyi kaydet/ }).click();
    await page.getByRole('button', { name: 'Kaydet ve krediyi kullan' }).click();

    // The project's home: the detected types to review, and the credits taken once.
    await page.getByRole('heading', { level: 1, name: 'calisma' }).waitFor({ timeout: 60_000 });
    const columns = page.getByRole('table', { name: 'Sütunlar' });
    await columns.waitFor();
    const typeOf = async (name: string) => shownText(columns.getByRole('row', { name: new RegExp(`^${name}\\b`) }));
    expect(await typeOf('age')).toContain('Sayısal');
    expect(await typeOf('city')).toContain('Kategorik');
    expect(await typeOf('visit')).toContain('Tarih');
    expect(await typeOf('smoker')).toContain('Evet / hayır');
    expect(await creditBalance(db, admin.tenant_id, admin.user_id)).toBe(150 - price);
    const spent = await db.query<{ n: number }>('select count(*)::int as n from credit_entry where user_id = $1 and credit_change < 0', [admin.user_id]);
    expect(spent[0].n).toBe(1);
    problems.push(...(await lookAtBothLanguages(page, 'project-home', { tr: 'calisma', en: 'calisma', enText: /Project settings/ }, SHOTS)));

    // The rows matching a condition, read in the database a page at a time.
    await page.getByRole('link', { name: 'Veri Seti Filtresi' }).click();
    await page.getByText('9.999 satırdan 9.999 satır').waitFor();
    await page.getByRole('button', { name: 'Koşul ekle' }).click();
    const condition = page.getByRole('group', { name: 'Koşul 1' });
    await condition.getByLabel('Sütun').selectOption({ label: 'city' });
    await condition.getByLabel('Değer').selectOption({ label: 'Ankara (2.000 satır)' });
    await page.getByRole('button', { name: 'Filtreyi uygula' }).click();
    await page.getByText('9.999 satırdan 2.000 satır').waitFor();
    problems.push(...(await lookAtBothLanguages(page, 'dataset-filter', { tr: 'calisma', en: 'calisma', enText: /2,000 of 9,999 rows/ }, SHOTS)));

    // Descriptives, then two groups compared, on the statistics page.
    await page.getByRole('link', { name: 'İstatistik Görünümü' }).click();
    const form = page.getByRole('region', { name: 'Analizler' });
    await form.waitFor();
    await form.getByRole('checkbox', { name: 'Tanımlayıcı istatistikler' }).check();
    await form.getByRole('checkbox', { name: 'age (sayısal)' }).check();
    await form.getByRole('checkbox', { name: 'score (sayısal)' }).check();
    await form.getByRole('button', { name: 'Analizleri çalıştır' }).click();
    const results = page.getByRole('region', { name: 'Sonuçlar', exact: true });
    await results.getByRole('table').first().waitFor({ timeout: 60_000 });
    expect(await shownText(results)).toContain('9.999');
    problems.push(...(await lookAtBothLanguages(page, 'descriptives', { tr: 'calisma', en: 'calisma', enText: /Descriptive statistics/ }, SHOTS)));

    await form.getByRole('checkbox', { name: 'Tanımlayıcı istatistikler' }).uncheck();
    await form.getByRole('checkbox', { name: 'İki grup: t-testi' }).check();
    await form.getByRole('checkbox', { name: 'age (sayısal)' }).uncheck();
    await form.getByLabel(/^Gruplama sütunu/).selectOption({ label: 'group (kategorik)' });
    await form.getByRole('button', { name: 'Analizleri çalıştır' }).click();
    await results.getByText(/Welch/).first().waitFor({ timeout: 60_000 });
    expect(await shownText(results)).toContain('< ,001');
    problems.push(...(await lookAtBothLanguages(page, 't-test', { tr: 'calisma', en: 'calisma', enText: /Welch/ }, SHOTS)));

    // A decision tree trained by the queue's worker, then a prediction.
    await page.getByRole('link', { name: 'Makine Öğrenmesi' }).click();
    const train = page.getByRole('region', { name: 'Yeni model eğit' });
    await train.waitFor();
    await train.getByLabel(/^Model adı/).fill('Sonuç ağacı');
    await train.getByRole('radio', { name: /^Karar ağacı/ }).check();
    await train.getByLabel(/^Tahmin edilecek sütun/).selectOption({ label: 'outcome (evet / hayır)' });
    await train.getByRole('checkbox', { name: /^age/ }).check();
    await train.getByRole('checkbox', { name: /^score/ }).check();
    await train.getByRole('button', { name: 'Eğit' }).click();
    await page.getByText('Eğitildi', { exact: true }).first().waitFor({ timeout: 120_000 });
    const balanceAfterTraining = await creditBalance(db, admin.tenant_id, admin.user_id);
    expect(balanceAfterTraining).toBeLessThan(150 - price);
    problems.push(...(await lookAtBothLanguages(page, 'model', { tr: 'calisma', en: 'calisma', enText: /Trained/ }, SHOTS)));

    const predict = page.getByRole('region', { name: 'Sonuç ağacı' });
    await predict.getByLabel(/^age/).fill('70');
    await predict.getByLabel(/^score/).fill('65');
    await predict.getByRole('button', { name: 'Tahmin et' }).click();
    await page.getByText('outcome: Evet').waitFor();
    problems.push(...(await lookAtBothLanguages(page, 'prediction', { tr: 'calisma', en: 'calisma', enText: /outcome: Yes/ }, SHOTS)));

    // The cell-calculation frame page on the same project: a formula over its rows, then an unbalanced one.
    const projectId = new URL(page.url()).searchParams.get('project_id');
    await page.goto(`${suite.server.url()}/kullanici-proje/hucre-hesaplama-cerceve?project_id=${projectId}`);
    const formula = page.getByLabel(/^Formül/);
    await formula.fill('score * 2');
    await page.getByRole('button', { name: 'Hesapla' }).click();
    const calculated = page.getByRole('region', { name: 'Hesaplanan satırlar' });
    await calculated.waitFor();
    const firstRow = (await shownText(calculated.getByRole('row').nth(1))).split(/\s+/);
    const [score, doubled] = [firstRow.at(-2), firstRow.at(-1)].map((v) => Number(v!.replace('.', '').replace(',', '.')));
    expect(doubled).toBeCloseTo(score * 2, 6);
    // A frame page has no menu layout to switch to phone width through: the viewport itself is set.
    for (const [width, height] of [[1280, 800], [390, 844]]) {
      await page.setViewportSize({ width, height });
      problems.push(...(await problemsOf(page, `cell-calculate-${width}`)));
      await saveShot(page, SHOTS, `cell-calculate-tr-${width}`);
    }
    await formula.fill('(score * 2');
    await page.getByRole('button', { name: 'Hesapla' }).click();
    await page.getByText(/parantez/i).first().waitFor();

    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  }, 600_000);
});
