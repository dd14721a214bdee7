
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { atPhoneWidth, callApi, chromiumAvailable, E2E_ADMIN_PASSWORD, inProcessSuite, problemsOf, saveShot, shotsFolder, shownText, signedIn } from './browser.ts';

const SHOTS = shotsFolder('speed-monitoring');
const TOKEN = {
  tr: 'Erişim jetonu al (parola, dış uygulama anahtarı veya yenileme jetonu)',
  en: 'Get an access token (password, external-application key or refresh token)',
};
const WORDS = {
  tr: { title: 'Hız İzleme', table: 'En yavaş rotalar', chart: 'Dakika başına çağrılar ve p95', day: 'Son 24 saat' },
  en: { title: 'Speed Monitoring', table: 'Slowest routes', chart: 'Calls and p95 per minute', day: 'Last 24 hours' },
};

describe.runIf(chromiumAvailable())('the speed-monitoring page', () => {
  const suite = inProcessSuite();

  /** The route names of the slowest-routes table, slowest first (the wide layout's table). */
  async function slowest(page: Page, lang: 'tr' | 'en'): Promise<string[]> {
    const table = page.getByRole('table', { name: WORDS[lang].table });
    await table.waitFor();
    return table.locator('tbody th').allInnerTexts();
  }

  it('shows the slow sign-in among the slowest routes, with the chart, in Turkish and English', async () => {
    const admin = await signedIn(suite.browser, suite.server.url(), 'admin', E2E_ADMIN_PASSWORD);
    const { page } = admin;
    // The chart's drawing must not need what the Content-Security-Policy refuses (Plot's inline <style>).
    const refused: string[] = [];
    page.on('console', (m) => /Content Security Policy|Refused to/.test(m.text()) && refused.push(m.text()));
    for (let i = 0; i < 5; i++) expect((await callApi(page, '/v1/application/version', {})).status_code).toBe('10000');
    await page.goto(`${suite.server.url()}/hiz-izleme`);
    const problems: string[] = [];

    for (const lang of ['tr', 'en'] as const) {
      if (lang === 'en') await page.getByRole('combobox', { name: 'Dil' }).selectOption({ label: 'English' });
      await page.getByRole('heading', { level: 1, name: WORDS[lang].title }).waitFor();
      const names = await slowest(page, lang);
      const at = names.findIndex((n) => n.includes(TOKEN[lang]));
      expect(at, names.join(' | ')).toBeGreaterThanOrEqual(0);
      expect(at, names.join(' | ')).toBeLessThan(3);
      // The chart is drawn (Observable Plot's SVG) and says what it shows in the page's language.
      const chart = page.getByRole('region', { name: WORDS[lang].chart });
      await chart.locator('svg').first().waitFor();
      expect(await shownText(chart.locator('figcaption'))).toMatch(lang === 'tr' ? /çağrı/ : /calls/);
      await saveShot(page, SHOTS, `speed-monitoring-${lang}-1280`);
      await atPhoneWidth(page);
      await page.getByRole('heading', { level: 1, name: WORDS[lang].title }).waitFor();
      expect(await shownText(page.locator('main'))).toContain(TOKEN[lang]);
      problems.push(...(await problemsOf(page, `speed monitoring (390 px, ${lang})`)));
      await saveShot(page, SHOTS, `speed-monitoring-${lang}-390`);
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    await page.getByRole('radio', { name: WORDS.en.day }).check();
    await expect.poll(async () => (await slowest(page, 'en')).some((n) => n.includes(TOKEN.en))).toBe(true);
    expect(problems).toEqual([]);
    expect(refused).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.close();
  });
});
