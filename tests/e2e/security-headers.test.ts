// The strict Content-Security-Policy holds in a real browser (issue 8): the main pages — signed out and
// signed in, the generic list and record screens (rjsf), the rich-text editor (Tiptap/ProseMirror), the rule
// canvas (React Flow) — load and work under it with no violation reported, and every page answer carries the
// policy and the other security headers.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, E2E_ADMIN_PASSWORD, E2E_CAPTCHA, inProcessSuite, submitLogin } from './browser.ts';

/** Collects the page's CSP violations (the DOM event, and Chromium's console report) from the first script on. */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const reported: string[] = [];
  page.on('console', (m) => /Content Security Policy|Refused to/.test(m.text()) && reported.push(m.text()));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  return async () => [...reported, ...(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []))];
}

describe.runIf(chromiumAvailable())('the security headers in a browser', () => {
  const suite = inProcessSuite();

  async function visit(page: Page, url: string, ready: () => Promise<unknown>) {
    const response = await page.goto(url);
    const headers = response!.headers();
    expect(headers['content-security-policy'], url).toContain("script-src 'self'");
    expect(headers['content-security-policy'], url).not.toContain('unsafe-');
    expect(headers['x-content-type-options'], url).toBe('nosniff');
    expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], url).toContain('camera=()');
    expect(headers['cross-origin-opener-policy'], url).toBe('same-origin');
    await ready();
  }

  it('the shop site\'s pages run under the policy, signed out and signed in, with no violation', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const violations = await watchPolicy(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const url = suite.server.url();

    await visit(page, `${url}/`, () => page.getByRole('navigation', { name: 'Ana menü' }).waitFor());
    await visit(page, `${url}/magaza`, () => page.getByRole('heading', { level: 1 }).waitFor());
    await visit(page, `${url}/kayit`, () => page.getByRole('heading', { level: 1 }).waitFor());
    await submitLogin(page, url, 'admin', E2E_ADMIN_PASSWORD);
    await page.getByRole('link', { name: 'Çıkış yap' }).waitFor();
    await visit(page, `${url}/on-yuz-ayarlari`, () => page.getByRole('heading', { level: 1, name: 'Ön Yüz Ayarları' }).waitFor());
    await visit(page, `${url}/on-yuz-web-sitesi-birimleri`, () => page.getByRole('table').waitFor());
    // The record screen: @rjsf and ajv's compiled validators (no eval under the policy).
    await visit(page, `${url}/on-yuz-web-birimi`, () => page.getByRole('button', { name: 'Kaydet' }).waitFor());
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByRole('alert').first().waitFor();
    // The rich-text editor (Tiptap/ProseMirror, its own chunk and style sheet): typing, formats, the link form.
    await page.getByRole('radio', { name: 'Zengin metin' }).check();
    const editor = page.getByRole('textbox', { name: 'Metin (Türkçe)', exact: true });
    const tools = page.getByRole('toolbar', { name: 'Metin (Türkçe) biçimlendirme' });
    await editor.click();
    await page.keyboard.type('Politika ');
    await tools.getByRole('button', { name: 'Kalın', exact: true }).click();
    await page.keyboard.type('sınaması');
    await tools.getByRole('button', { name: 'Madde işaretli liste', exact: true }).click();
    await tools.getByRole('button', { name: 'Bağlantı', exact: true }).click();
    await page.getByRole('textbox', { name: 'Bağlantı adresi' }).fill('https://example.com');
    await page.getByRole('button', { name: 'Uygula' }).click();
    await editor.getByRole('link').waitFor();
    // Filled in, the form validates (the oneOf content branch too) and saves.
    const caption = page.getByRole('group', { name: /^Başlık/ });
    await caption.getByLabel('Türkçe', { exact: true }).fill('Politika Sınaması');
    await caption.getByLabel('İngilizce', { exact: true }).fill('Policy Check');
    await page.getByRole('radio', { name: 'Liste veya kayıt ekranı' }).check();
    await page.getByLabel(/^Ekran/).selectOption('bundle');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Web sitesi birimi oluşturuldu ve menüde.').waitFor();
    await visit(page, `${url}/kullanici-magaza-listesi`, () => page.getByRole('table').waitFor());
    await visit(page, `${url}/yetki-listesi`, () => page.getByRole('heading', { level: 1 }).waitFor());

    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the clinical site\'s rule canvas (React Flow) runs under the policy with no violation', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const violations = await watchPolicy(page);
    const url = suite.server.url('clinical.localhost');
    await submitLogin(page, url, 'admin', E2E_ADMIN_PASSWORD, E2E_CAPTCHA, 'en');
    await page.getByRole('link', { name: 'Log out' }).waitFor();
    await visit(page, `${url}/rule-engine-packages`, () => page.getByRole('table').waitFor());
    await page.getByRole('table').getByRole('link').first().click();
    await page.locator('.react-flow__node').first().waitFor();
    // The test panel runs the drawing in the browser: the engine's closures, never eval.
    await page.getByRole('tab', { name: /Test/ }).click();
    // The panel's width (a style property set from script, allowed) follows a drag of its handle; the More
    // menu opens; the panel hides and shows.
    const handle = (await page.getByRole('separator', { name: 'Side panel width' }).boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + 200);
    await page.mouse.down();
    await page.mouse.move(handle.x - 60, handle.y + 200, { steps: 4 });
    await page.mouse.up();
    expect(await page.getByRole('separator').getAttribute('aria-valuenow')).toBe(String(340 + 60 + Math.round(handle.width / 2)));
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Show the whole drawing' }).click();
    await page.getByRole('button', { name: 'Side panel', exact: true }).click();
    await page.getByRole('button', { name: 'Side panel', exact: true }).click();
    await page.getByRole('tabpanel').waitFor();
    expect(await violations()).toEqual([]);
    await page.close();
  });
});
