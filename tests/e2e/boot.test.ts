// The boot journey in a real browser against the real server (npm start's command, fresh database):
// the Turkish shop menu appears, switching to English changes the menu and the paths without a reload,
// and the clinical site starts in English.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchBrowser, shownText, startServer, type RunningServer } from './browser.ts';

describe.runIf(chromiumAvailable())('boot in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ SEMA_ADMIN_PASSWORD: 'e2e-admin-password' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const menuLinks = (page: Page) => page.getByRole('navigation').getByRole('link').allInnerTexts();

  it('shows the Turkish shop menu on localhost, then switches to English without a reload', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url('localhost'));
    await page.waitForURL('**/anasayfa');
    await expect.poll(() => menuLinks(page)).toContain('Ana sayfa');
    expect(await menuLinks(page)).toContain('Mağaza');
    // The rule engine's pages are clinical pages: off on the shop site.
    expect(await menuLinks(page)).not.toContain('Kural Motoru Paketleri');
    expect(await page.locator('html').getAttribute('lang')).toBe('tr');
    expect(await page.title()).toBe('Sema');
    await expect.poll(() => shownText(page.getByRole('main'))).toContain("Sema'ya hoş geldiniz");

    // A marker on window survives only if the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await page.getByLabel('Dil').selectOption('en');
    await page.waitForURL('**/home');
    await expect.poll(() => menuLinks(page)).toContain('Home');
    expect(await menuLinks(page)).toContain('Shop');
    expect(await menuLinks(page)).not.toContain('Mağaza');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    // The English paths are the real routes: following a menu link lands on its English path.
    await page.getByRole('navigation').getByRole('link', { name: 'Shop', exact: true }).click();
    await page.waitForURL('**/shop');
    expect(errors).toEqual([]);
  });

  it('starts the clinical site in English', async () => {
    const page = await browser.newPage();
    await page.goto(server.url('clinical.localhost'));
    await page.waitForURL('**/dashboard');
    await expect.poll(() => menuLinks(page)).toContain('Dashboard');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.title()).toBe('Sema Clinical');
    // The clinical site has the shop feature off (no shop pages, no currency to choose); its clinical pages
    // need a sign-in, so a visitor's menu leaves them out.
    expect(await menuLinks(page)).not.toContain('Shop');
    expect(await page.getByRole('combobox', { name: 'Currency' }).count()).toBe(0);
    // Its help pages (seeded units, open to everyone) are grouped under Help.
    expect(await menuLinks(page)).toEqual(['Dashboard', 'Projects', 'Help']);
  });

  it('serves deep links (history mode) and answers unknown paths with the page-not-found page', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url('localhost')}/magaza`);
    await expect.poll(() => shownText(page.getByRole('heading', { level: 1 }))).toBe('Mağaza');
    await page.goto(`${server.url('localhost')}/no/such/page`);
    await page.waitForURL('**/sayfa-bulunamadi');
  });

  it('works at phone width: the menu starts closed and opens from the toggle', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(server.url('localhost'));
    await page.waitForURL('**/anasayfa');
    await expect.poll(() => page.getByRole('navigation').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menü' }).click();
    await expect.poll(() => page.getByRole('navigation').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
