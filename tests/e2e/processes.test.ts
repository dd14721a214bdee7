
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { JobKind } from '../../server/jobs/job-kind.ts';
import { JobQueue } from '../../server/jobs/queue.ts';
import { atPhoneWidth, chromiumAvailable, E2E_ADMIN_PASSWORD, inProcessSuite, problemsOf, saveShot, shotsFolder, shownText, signedIn } from './browser.ts';

const SHOTS = shotsFolder('processes');

/** The processes whose run is over (however it ended). */
const ended = new Set<string>();

/** Counts to `steps`, a progress report and a log line per step, a step every `stepMs` (the work it stands for). */
const slowCount: JobKind<{ steps: number; stepMs: number }> = {
  kind: 'layer_import',
  async run({ steps, stepMs }, run) {
    try {
      for (let i = 1; i <= steps; i++) {
        await run.progress((i * 100) / steps);
        await run.log('info', run.lang === 'tr' ? `${i}. satır okundu.` : `Row ${i} read.`);
        await new Promise((r) => setTimeout(r, stepMs));
      }
    } finally {
      ended.add(run.processId);
    }
  },
};
const kinds = { layer_import: slowCount };

describe.runIf(chromiumAvailable())('background processes in a browser', () => {
  const suite = inProcessSuite({ jobKinds: kinds, workers: 2, workerTimings: { pollingIntervalSeconds: 0.5, heartbeatMs: 1000 } });

  /** Starts a process as the admin, as a handler would (in its transaction). */
  async function startCounting(name: string, steps: number, stepMs: number, lang: 'tr' | 'en' = 'tr') {
    const { db } = suite.server;
    const [admin] = await db.query<{ user_id: string; tenant_id: string }>("select u.user_id, u.tenant_id from app_user u join tenant t using (tenant_id) where t.domain = 'localhost' and u.username = 'admin'");
    const queue = await JobQueue.open({ db, kinds });
    try {
      return await db.transaction((tx) => queue.start(tx, { kind: 'layer_import', tenantId: admin.tenant_id, userId: admin.user_id, lang, processName: name, payload: { steps, stepMs } }));
    } finally {
      await queue.close();
    }
  }

  const bar = (page: Page, name: string, lang: 'tr' | 'en' = 'tr') => page.getByRole('progressbar', { name: lang === 'tr' ? `${name} ilerlemesi` : `Progress of ${name}` });

  it('shows a progress bar going to the end, in the user settings menu', async () => {
    const { page, errors, close } = await signedIn(suite.browser, suite.server.url(), 'admin', E2E_ADMIN_PASSWORD);
    const name = 'Ülkeler katmanı ülkeler.xlsx dosyasından';
    await startCounting(name, 12, 250);
    await page.goto(`${suite.server.url()}/islemler`);
    await page.getByRole('heading', { level: 1, name: 'Arka Plan İşlemleri' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Ana menü' });
    expect(await menu.getByRole('link', { name: 'Arka Plan İşlemleri', includeHidden: true }).count()).toBe(1);

    // It moves while it runs, then ends full.
    await expect.poll(async () => Number(await bar(page, name).getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(async () => Number(await bar(page, name).getAttribute('aria-valuenow')), { timeout: 30_000 }).toBe(100);
    await page.getByRole('cell', { name: 'Tamamlandı' }).waitFor();
    expect(await page.getByRole('cell', { name: "Veri katmanı Excel'den güncelleme" }).count()).toBe(1);

    // Its log, oldest first, in the starter's language.
    await page.getByRole('button', { name: `${name} kaydını göster` }).click();
    const log = page.getByRole('region', { name: `${name} kaydı` });
    await log.getByText('12. satır okundu.').waitFor();
    expect((await shownText(log.getByRole('listitem').first())).includes('Başladı (1. deneme).')).toBe(true);
    await saveShot(page, SHOTS, 'tr-finished-1280x800');
    expect(await problemsOf(page, 'processes tr 1280')).toEqual([]);

    await atPhoneWidth(page);
    await saveShot(page, SHOTS, 'tr-finished-390x844');
    expect(await problemsOf(page, 'processes tr 390')).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it('stops a running process: it stays stopped and goes no further', async () => {
    const { page, errors, close } = await signedIn(suite.browser, suite.server.url(), 'admin', E2E_ADMIN_PASSWORD);
    await page.getByRole('combobox', { name: 'Dil' }).selectOption({ label: 'English' });
    const name = 'Update of Countries from countries.xlsx';
    // 2000 steps of 100 ms: it shows progress after a second, and is still running however slowly the page gets to "Stop".
    const started = await startCounting(name, 2000, 100, 'en');
    await page.goto(`${suite.server.url()}/processes`);
    await page.getByRole('heading', { level: 1, name: 'Background Processes' }).waitFor();
    await expect.poll(async () => Number(await bar(page, name, 'en').getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(0);
    await saveShot(page, SHOTS, 'en-running-1280x800');

    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: 'Stop' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Stop this process?' });
    await saveShot(page, SHOTS, 'en-confirm-stop-1280x800');
    await ask.getByRole('button', { name: 'Stop' }).click();
    await page.getByText('The process was stopped.').waitFor();
    await row.getByRole('cell', { name: 'Stopped' }).waitFor();

    const progressOf = async () =>
      (await suite.server.db.query<{ process_status: string; progress_percent: number }>('select process_status, progress_percent from process where process_id = $1', [started.process_id]))[0];
    const stopped = await progressOf();
    // Its run is over: nothing more of it can move the bar.
    await expect.poll(() => ended.has(started.process_id), { timeout: 20_000 }).toBe(true);
    expect(await progressOf()).toEqual(stopped);
    expect(stopped.process_status).toBe('stopped');
    expect(stopped.progress_percent).toBeLessThan(100);

    await row.getByRole('button', { name: `Show the log of ${name}` }).click();
    await page.getByRole('region', { name: `Log of ${name}` }).getByText('Stopped by admin.').waitFor();
    await saveShot(page, SHOTS, 'en-stopped-1280x800');
    expect(await problemsOf(page, 'processes en 1280')).toEqual([]);
    await atPhoneWidth(page);
    await saveShot(page, SHOTS, 'en-stopped-390x844');
    expect(await problemsOf(page, 'processes en 390')).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  }, 120_000);
});
