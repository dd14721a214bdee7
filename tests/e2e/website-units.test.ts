// Website units and front-end settings in a real browser against the real server: the admin adds a unit that
// lists bundles (a generic screen) — it is in the menu at once in both languages, without a reload — writes a
// rich-text unit with the editor's toolbar (the page shows it formatted after a reload; pasted scripts never
// run), and saves new settings that the next page load uses.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, E2E_ADMIN_PASSWORD, inProcessSuite, submitLogin } from './browser.ts';


describe.runIf(chromiumAvailable())('website units in a browser', () => {
  const suite = inProcessSuite();

  const mainMenu = (page: Page) => page.getByRole('navigation', { name: /^(Ana menü|Main menu)$/ });
  const noReload = (page: Page) => page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  const stillNoReload = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

  async function logInAsAdmin(page: Page) {
    await submitLogin(page, suite.server.url(), 'admin', E2E_ADMIN_PASSWORD);
    await page.getByRole('link', { name: 'Çıkış yap' }).waitFor();
  }

  /** Opens the unit form through the menu (no reload): Ayarlar → Web Sitesi Birimleri (the generic list) → new. */
  async function openNewUnitForm(page: Page) {
    await mainMenu(page).getByRole('button', { name: 'Ayarlar alt sayfalarını göster' }).click();
    await mainMenu(page).getByRole('link', { name: 'Web Sitesi Birimleri' }).click();
    await page.getByRole('table', { name: 'Web Sitesi Birimleri' }).getByRole('rowheader', { name: 'Ana sayfa' }).waitFor();
    await page.getByRole('link', { name: 'Yeni kayıt' }).click();
    await page.getByRole('heading', { level: 2, name: 'Yeni Web sitesi birimi' }).waitFor();
  }
  const captionIn = (page: Page, lang: 'Türkçe' | 'İngilizce') => page.getByRole('group', { name: /^Başlık/ }).getByLabel(lang, { exact: true });

  it('a unit listing bundles is in the menu at once, in Turkish and English, without a reload', async () => {
    const page = await suite.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await logInAsAdmin(page);
    await noReload(page);

    await openNewUnitForm(page);
    await captionIn(page, 'Türkçe').fill('Paket Listesi');
    await captionIn(page, 'İngilizce').fill('Bundle List');
    // The paths follow the captions.
    expect(await page.getByRole('group', { name: /^Yol/ }).getByLabel('Türkçe', { exact: true }).inputValue()).toBe('/paket-listesi');
    await page.getByLabel('Simge').selectOption('package');
    await page.getByRole('radio', { name: 'Liste veya kayıt ekranı' }).check();
    await page.getByLabel(/^Ekran/).selectOption('bundle');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Web sitesi birimi oluşturuldu ve menüde.').waitFor();

    await mainMenu(page).getByRole('link', { name: 'Paket Listesi' }).click();
    await page.waitForURL('**/paket-listesi');
    await page.getByRole('heading', { level: 1, name: 'Paket Listesi' }).waitFor();
    // The bundle screen asks which shop first (the admin's shops).
    await page.getByRole('heading', { level: 2, name: /Önce seçin/ }).waitFor();

    await page.getByLabel('Dil').selectOption('en');
    await page.waitForURL('**/bundle-list');
    await page.getByRole('heading', { level: 1, name: 'Bundle List' }).waitFor();
    expect(await mainMenu(page).getByRole('link').allInnerTexts()).toContain('Bundle List');
    expect(await stillNoReload(page)).toBe(true);

    // Everyone else gets it on their next load.
    const visitor = await suite.browser.newPage();
    await visitor.goto(`${suite.server.url()}/paket-listesi`);
    await visitor.getByRole('heading', { level: 1, name: 'Paket Listesi' }).waitFor();
    expect(await mainMenu(visitor).getByRole('link').allInnerTexts()).toContain('Paket Listesi');
    expect(errors).toEqual([]);
  });

  it('a rich-text unit formatted with the toolbar is saved, and after a reload its page shows the formatted text; pasted scripts never run', async () => {
    const page = await suite.browser.newPage();
    const dialogs: string[] = [];
    const errors: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await logInAsAdmin(page);
    await openNewUnitForm(page);
    await captionIn(page, 'Türkçe').fill('Hakkımızda');
    await captionIn(page, 'İngilizce').fill('About us');
    await page.getByRole('radio', { name: 'Zengin metin' }).check();

    // The editor's chunk loads with the field: a labelled text box per language under its toolbar.
    const tr = page.getByRole('textbox', { name: 'Metin (Türkçe)', exact: true });
    const tools = page.getByRole('toolbar', { name: 'Metin (Türkçe) biçimlendirme' });
    const tool = (name: string) => tools.getByRole('button', { name, exact: true });
    await tr.click();
    await page.keyboard.type('Biz kimiz?');
    await tool('Başlık').click();
    expect(await tool('Başlık').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Biz ');
    await tool('Kalın').click();
    await page.keyboard.type('buradayız');
    await tool('Kalın').click();
    await page.keyboard.type('. Bize yazın');
    for (const _ of 'Bize yazın') await page.keyboard.press('Shift+ArrowLeft');
    await tool('Bağlantı').click();
    const address = page.getByRole('textbox', { name: 'Bağlantı adresi' });
    await address.fill('javascript:alert(1)');
    await address.press('Enter');
    await page.getByText(/Bu adres bağlantı olamaz/).waitFor();
    await address.fill('ornek.com.tr');
    await page.getByRole('button', { name: 'Uygula' }).click();
    await tr.getByRole('link', { name: 'Bize yazın' }).waitFor();

    // A paste brings only what the server's allow-list keeps: no script, handler or javascript: link.
    await page.getByRole('textbox', { name: 'Metin (İngilizce)', exact: true }).click();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/html', '<p onclick="alert(1)">We are <em>here</em>.<script>alert("script")</script><img src="x" onerror="alert(\'onerror\')"> <a href="javascript:alert(\'link\')">click</a></p>');
      data.setData('text/plain', 'We are here. click');
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Web sitesi birimi oluşturuldu ve menüde.').waitFor();
    // The editor wrote what the server keeps: the server had nothing to change.
    expect(await page.getByText(/Sunucu şu alanlarda girdiğinizi değiştirdi/).count()).toBe(0);

    await page.reload();
    await mainMenu(page).getByRole('link', { name: 'Hakkımızda' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hakkımızda' }).waitFor();
    const text = page.getByTestId('rich-text');
    expect(await text.innerHTML()).toBe('<h2>Biz kimiz?</h2><p>Biz <strong>buradayız</strong>. <a href="https://ornek.com.tr">Bize yazın</a></p>');
    await text.getByRole('heading', { level: 2, name: 'Biz kimiz?' }).waitFor();
    expect(Number(await text.locator('strong').evaluate((el) => getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(600);
    expect(await text.getByRole('link', { name: 'Bize yazın' }).getAttribute('href')).toBe('https://ornek.com.tr');

    await page.getByLabel('Dil').selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'About us' }).waitFor();
    expect(await text.innerHTML()).toBe('<p>We are <em>here</em>.<img src="x"> click</p>');
    await text.getByText('click').click();
    // The broken image has failed to load (where an onerror would have run) before the dialogs are looked at.
    await expect.poll(() => text.locator('img').evaluate((img: HTMLImageElement) => img.complete), { timeout: 10_000 }).toBe(true);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('saved settings are used by the next page load of the domain', async () => {
    const page = await suite.browser.newPage();
    await logInAsAdmin(page);
    await mainMenu(page).getByRole('button', { name: 'Ayarlar alt sayfalarını göster' }).click();
    await mainMenu(page).getByRole('link', { name: 'Ön Yüz Ayarları' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ön Yüz Ayarları' }).waitFor();
    await page.getByLabel(/^Uygulama adı/).fill('Sema Çarşı');
    await page.getByRole('textbox', { name: 'Kenar çubuğu arka planı (#rrggbb)' }).fill('#3a0ca3');
    // Previewed on the real layout before saving.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.getElementById('sidebar')!).backgroundColor)).toBe('rgb(58, 12, 163)');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText(/Ayarlar kaydedildi/).waitFor();
    expect(await page.title()).toBe('Sema Çarşı');

    const visitor = await suite.browser.newPage();
    await visitor.goto(suite.server.url());
    await visitor.waitForURL('**/anasayfa');
    expect(await visitor.title()).toBe('Sema Çarşı');
    await expect.poll(() => visitor.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--sema-sidebar-bg').trim())).toBe('#3a0ca3');
    // Another site keeps its own.
    await visitor.goto(suite.server.url('clinical.localhost'));
    await expect.poll(() => visitor.title()).toBe('Sema Clinical');
  });
});
