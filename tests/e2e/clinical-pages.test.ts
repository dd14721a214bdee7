
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { atPhoneWidth, chromiumAvailable, inProcessSuite, problemsOf, saveShot, shotsFolder, shownText } from './browser.ts';

const SHOTS = shotsFolder('clinical-pages');

/** Each page's path, caption and one of its section headings, per language. */
const PAGES = {
  en: [
    { path: '/help', caption: 'Help', heading: 'Automatic sign-out when idle' },
    { path: '/about', caption: 'About', heading: 'What it is not' },
    { path: '/faq', caption: 'FAQ', heading: 'I forgot my password. What do I do?' },
    { path: '/videos', caption: 'Videos', heading: 'For administrators: adding a video' },
    { path: '/contact', caption: 'Contact', heading: 'What to include in a request' },
  ],
  tr: [
    { path: '/yardim', caption: 'Yardım', heading: 'İşlem yapılmadığında otomatik çıkış' },
    { path: '/hakkinda', caption: 'Hakkında', heading: 'Ne değildir?' },
    { path: '/sss', caption: 'SSS', heading: 'Parolamı unuttum. Ne yapmalıyım?' },
    { path: '/videolar', caption: 'Videolar', heading: 'Yöneticiler için: video eklemek' },
    { path: '/iletisim', caption: 'İletişim', heading: 'Başvuruya neler yazılmalı?' },
  ],
} as const;

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe.runIf(chromiumAvailable())('the clinical help pages in a browser', () => {
  const suite = inProcessSuite();
  const site = () => suite.server.url('clinical.localhost');
  const mainMenu = (page: Page) => page.getByRole('navigation', { name: /^(Ana menü|Main menu)$/ });

  /** A page in `lang`: the site starts in English; Turkish is chosen in the top bar once, then remembered. */
  async function openIn(lang: 'en' | 'tr', size: (typeof SIZES)[number]): Promise<Page> {
    // A context of its own: axe runs its checks in a page of the same context.
    const context = await suite.browser.newContext({ viewport: { width: size.width, height: size.height } });
    const page = await context.newPage();
    await page.goto(`${site()}/help`);
    await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
    if (lang === 'tr') {
      if (size.name === 'phone') await atPhoneWidth(page);
      await page.getByLabel('Language').selectOption('tr');
      await page.waitForURL('**/yardim');
    }
    return page;
  }

  it('Help is in the menu with about, FAQ, videos and contact under it, in both languages', async () => {
    const page = await openIn('en', SIZES[0]);
    // The help page links its four pages.
    expect(await page.getByRole('navigation', { name: 'Pages' }).getByRole('link').allInnerTexts()).toEqual(['About', 'FAQ', 'Videos', 'Contact']);
    await page.goto(`${site()}/dashboard`);
    await mainMenu(page).getByRole('button', { name: 'Show the pages under Help' }).click();
    expect(await mainMenu(page).getByRole('link').allInnerTexts()).toEqual(expect.arrayContaining(['Dashboard', 'Help', 'About', 'FAQ', 'Videos', 'Contact']));
    await mainMenu(page).getByRole('link', { name: 'Contact', exact: true }).click();
    await expect.poll(() => page.url(), { timeout: 5000 }).toMatch(/\/contact$/);
    // In Turkish, the same page on its Turkish path, and its siblings in the menu in Turkish.
    await page.getByLabel('Language').selectOption('tr');
    await page.waitForURL('**/iletisim');
    await mainMenu(page).getByRole('link', { name: 'SSS', exact: true }).click();
    await page.waitForURL('**/sss');
    await page.getByRole('heading', { level: 1, name: 'SSS' }).waitFor();
    await page.context().close();
  });

  for (const size of SIZES)
    for (const lang of ['en', 'tr'] as const)
      it(`each page shows its text, fits and passes axe: ${lang}, ${size.width}×${size.height}`, async () => {
        const page = await openIn(lang, size);
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        const problems: string[] = [];
        for (const p of PAGES[lang]) {
          await page.goto(`${site()}${p.path}`);
          await page.getByRole('heading', { level: 1, name: p.caption, exact: true }).waitFor();
          await page.getByRole('heading', { level: 2, name: p.heading, exact: true }).waitFor();
          if (size.name === 'phone') await atPhoneWidth(page);
          expect((await shownText(page.getByTestId('rich-text'))).length).toBeGreaterThan(400);
          // No player, frame or picture: the site loads nothing from elsewhere.
          expect(await page.locator('main video, main iframe, main img').count()).toBe(0);
          problems.push(...(await problemsOf(page, `${p.path} ${size.name}`)));
          await saveShot(page, SHOTS, `${lang}-${p.path.slice(1)}-${size.width}x${size.height}`);
        }
        expect(problems).toEqual([]);
        expect(errors).toEqual([]);
        await page.context().close();
      });
});
