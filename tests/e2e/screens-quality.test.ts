// The shipped screens as their users see them, in headless Chromium at 1280×800 and 390×844: no list region
// scrolls sideways, no raw id or auth code where a name exists, axe finds no serious or critical violation;
// and a refusal follows a change of language.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AUTH_CODES } from '../../src/domain/auth-codes.ts';
import { chromiumAvailable, E2E_ADMIN_PASSWORD, inProcessSuite, shownText, submitLogin } from './browser.ts';

const SHOP = '4a8f3ee7-7ad5-4a3b-a0ac-e769781ad817'; // fixtures/seed/shops.json
const BUNDLE = 'db50f177-192f-4360-983c-efc0c56baef7';
const PRODUCT = '7f1240fa-2ab4-4bf1-838b-9f780fa76cce';

/** Signed-in screens (the shop site, Turkish paths). */
const SCREENS: [name: string, path: string][] = [
  ['home', '/anasayfa'],
  ['shops', '/kullanici-magaza-listesi'],
  ['shop', `/kullanici-magaza-kaydi?shop_client_id=${SHOP}`],
  ['bundles', `/kullanici-magaza-paket-listesi?shop_client_id=${SHOP}`],
  ['product', `/kullanici-magaza-paket-urun-kaydi?shop_client_id=${SHOP}&bundle_client_id=${BUNDLE}&pro_client_id=${PRODUCT}`],
  ['bundle details', `/urun-detaylari?shop_client_id=${SHOP}&bundle_client_id=${BUNDLE}`],
  ['units', '/on-yuz-web-sitesi-birimleri'],
  ['unit', '/on-yuz-web-birimi'],
  ['audit', '/denetim-kaydi'],
  ['authorizations', '/yetki-listesi'],
  ['authority', '/yetki-yonetim'],
  ['user settings', '/kullanici-ayarlari'],
  ['support requests', '/kullanici-destek-talepleri'],
  ['support request form', '/kullanici-destek-talepleri?view=own&new=1'],
];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const CODE = new RegExp(`\\b(${AUTH_CODES.filter((c) => c.includes('_')).join('|')})\\b`);

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect.poll(() => shownText(page.locator('body')), { timeout: 30_000 }).not.toMatch(/Yükleniyor|Loading/);
}

describe.runIf(chromiumAvailable())('the shipped screens', { timeout: 300_000 }, () => {
  const suite = inProcessSuite();

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const)
    it(`at ${width}×${height}: no sideways scroll, no raw ids or codes, no serious accessibility problem`, async () => {
      const context = await suite.browser.newContext({ viewport: { width, height }, locale: 'tr-TR' });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
      await submitLogin(page, suite.server.url(), 'admin', E2E_ADMIN_PASSWORD);
      await page.waitForURL((u) => !u.pathname.startsWith('/giris') && !u.pathname.startsWith('/login'));
      for (const [name, path] of SCREENS) {
        await page.goto(suite.server.url() + path);
        await settled(page);
        const overflow = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth - window.innerWidth,
          regions: [...document.querySelectorAll<HTMLElement>('.table-region')].map((r) => r.scrollWidth - r.clientWidth).filter((d) => d > 1),
        }));
        if (overflow.page > 1) problems.push(`${name}: the page scrolls sideways by ${overflow.page}px`);
        if (path.includes('listesi') && overflow.regions.length) problems.push(`${name}: a list scrolls sideways by ${overflow.regions.join(', ')}px`);
        // What a person reads: text and form values (not a hidden field's or a check box's value).
        const values = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select, textarea')]
            .filter((e) => e.offsetParent)
            .map((e) => (e instanceof HTMLSelectElement ? (e.selectedOptions[0]?.text ?? '') : e.value)),
        );
        const shown = [await shownText(page.locator('body')), ...values].join('\n');
        if (shown.includes('Bir hata oluştu')) problems.push(`${name}: the page broke (error boundary)`);
        const id = UUID.exec(shown);
        if (id) problems.push(`${name}: shows the id ${id[0]}`);
        const code = CODE.exec(shown);
        if (code) problems.push(`${name}: shows the auth code ${code[0]}`);
        const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        for (const v of axe.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
          problems.push(`${name}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
      }
      await context.close();
      expect(problems).toEqual([]);
    });

  it('says a refusal again in English after the user switches language', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'tr-TR' });
    const page = await context.newPage();
    await submitLogin(page, suite.server.url(), 'admin', E2E_ADMIN_PASSWORD);
    await page.waitForURL((u) => !u.pathname.startsWith('/giris') && !u.pathname.startsWith('/login'));
    await page.goto(`${suite.server.url()}/kullanici-magaza-kaydi?shop_client_id=${SHOP}`);
    await settled(page);
    // The server refuses an e-mail address it cannot use; the browser's checks let the text through.
    await page.getByLabel(/^Mağaza e-postası/).fill('magaza@örnek');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    const mail = page.getByLabel(/^Mağaza e-postası/);
    await expect.poll(() => mail.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('combobox', { name: 'Dil' }).selectOption({ label: 'English' });
    await page.getByRole('button', { name: 'Save' }).waitFor();
    const description = await page.getByLabel(/^Shop e-mail/).evaluate((e) => document.getElementById(e.getAttribute('aria-describedby')?.split(' ').find((x) => x.endsWith('error')) ?? '')?.textContent ?? '');
    expect(description).toMatch(/must be a valid e-mail address/);
    expect(await shownText(page.locator('body'))).not.toMatch(/geçerli bir e-posta/);
    await context.close();
  });
});
