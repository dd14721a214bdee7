
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { atPhoneWidth, chromiumAvailable, E2E_ADMIN_PASSWORD, inProcessSuite, problemsOf, saveShot, shotsFolder, shownText, signedIn } from './browser.ts';

const SHOTS = shotsFolder('idle');
const MINUTE = 60_000;

/** Another tab of the site writes that the last call was `ago` ms ago (the storage event reaches this tab). */
const lastCallFrom = (other: Page, ago: number) => other.evaluate((ms) => localStorage.setItem('sema_last_call', String(Date.now() - ms)), ago);

describe.runIf(chromiumAvailable())('the idle warning in a browser', () => {
  const suite = inProcessSuite();

  it('warns from another tab\'s last call, counts down, fits a phone in both languages, and keeps the login on request', async () => {
    const url = suite.server.url();
    const admin = await signedIn(suite.browser, url, 'admin', E2E_ADMIN_PASSWORD);
    const other = await admin.page.context().newPage();
    await other.goto(`${url}/anasayfa`);
    await admin.page.goto(`${url}/ayarlar`);
    await admin.page.getByRole('heading', { level: 1, name: 'Ayarlar' }).waitFor();
    await admin.page.waitForLoadState('networkidle');

    const problems: string[] = [];
    for (const lang of ['tr', 'en'] as const) {
      if (lang === 'en') await admin.page.getByRole('combobox', { name: 'Dil' }).selectOption({ label: 'English' });
      await admin.page.waitForLoadState('networkidle');
      await lastCallFrom(other, 60 * MINUTE - 30_000);
      const dialog = admin.page.getByRole('alertdialog', { name: lang === 'tr' ? 'Hâlâ burada mısınız?' : 'Still there?' });
      await dialog.waitFor();
      expect(await shownText(dialog)).toMatch(lang === 'tr' ? /(30|29|28) saniye içinde/ : /in (30|29|28) seconds/);
      await saveShot(admin.page, SHOTS, `idle-${lang}-1280`);
      await atPhoneWidth(admin.page);
      problems.push(...(await problemsOf(admin.page, `idle warning (390 px, ${lang})`)));
      await saveShot(admin.page, SHOTS, `idle-${lang}-390`);
      await admin.page.setViewportSize({ width: 1280, height: 800 });
      await dialog.getByRole('button', { name: lang === 'tr' ? 'Oturumu açık tut' : 'Stay signed in' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    expect(new URL(admin.page.url()).pathname).toBe('/settings');
    expect(problems).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.close();
  });
});
