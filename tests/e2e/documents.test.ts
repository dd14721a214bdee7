
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { atPhoneWidth, chromiumAvailable, E2E_ADMIN_PASSWORD, inProcessSuite, problemsOf, saveShot, shotsFolder, shownText, signedIn } from './browser.ts';
import { EXE, padded, PNG_1PX } from '../server/support/sample-files.ts';

const SHOTS = shotsFolder('documents');
const MB = 1024 * 1024;

describe.runIf(chromiumAvailable())('documents in a browser', () => {
  const suite = inProcessSuite();

  const choose = (page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) => page.getByTestId('documents-file-input').setInputFiles(files);

  async function switchLanguage(page: Page, to: 'en' | 'tr') {
    await page.getByRole('combobox', { name: to === 'en' ? 'Dil' : 'Language' }).selectOption({ label: to === 'en' ? 'English' : 'Türkçe' });
  }

  it("refuses a picture over 2 MB and a renamed executable in the page's language, and lists a valid upload", async () => {
    const admin = await signedIn(suite.browser, suite.server.url(), 'admin', E2E_ADMIN_PASSWORD);
    const { page } = admin;
    await page.goto(`${suite.server.url()}/belgelerim`);
    await page.getByRole('heading', { level: 1, name: 'Belgelerim' }).waitFor();
    await page.getByText('Henüz belgeniz yok. Yukarıdan bir belge yükleyin.').waitFor();

    await choose(page, [{ name: 'buyuk-resim.png', mimeType: 'image/png', buffer: padded(PNG_1PX, 2 * MB + 1) }]);
    await page.getByText('buyuk-resim.png: Dosya boyutu uygun değil').waitFor();
    await choose(page, [{ name: 'fatura.pdf', mimeType: 'application/pdf', buffer: EXE }]);
    await page.getByText('fatura.pdf: Uygun olmayan dosya türü').waitFor();

    await choose(page, [{ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX }]);
    await page.getByText('logo.png yüklendi.').waitFor();
    const table = page.getByRole('table', { name: 'Belgeler' });
    const row = table.getByRole('row', { name: /logo\.png/ });
    await row.waitFor();
    await row.getByRole('img', { name: 'logo.png önizlemesi' }).waitFor();
    expect(await shownText(row)).toContain('PNG görseli');
    expect(await table.getByRole('row').count()).toBe(2);

    await switchLanguage(page, 'en');
    await page.getByRole('heading', { level: 1, name: 'My Documents' }).waitFor();
    await choose(page, [{ name: 'setup.pdf', mimeType: 'application/pdf', buffer: EXE }]);
    await page.getByText('setup.pdf: Inappropriate file type').waitFor();
    await choose(page, [{ name: 'big-picture.jpg', mimeType: 'image/jpeg', buffer: padded(Buffer.from([0xff, 0xd8, 0xff]), 3 * MB) }]);
    await page.getByText('big-picture.jpg: File size is not eligible').waitFor();

    // How it looks: both sizes, both languages.
    const problems: string[] = [];
    for (const lang of ['en', 'tr'] as const) {
      if (lang === 'tr') await switchLanguage(page, 'tr');
      const heading = lang === 'tr' ? 'Belgelerim' : 'My Documents';
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await saveShot(page, SHOTS, `documents-${lang}-1280`);
      await atPhoneWidth(page);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      problems.push(...(await problemsOf(page, `documents (390 px, ${lang})`)));
      await saveShot(page, SHOTS, `documents-${lang}-390`);
    }
    // The share dialog at phone width.
    await page.getByRole('button', { name: 'Paylaş' }).first().click();
    await page.getByRole('dialog', { name: 'logo.png belgesini paylaş' }).waitFor();
    problems.push(...(await problemsOf(page, 'share dialog (390 px, tr)')));
    await saveShot(page, SHOTS, 'documents-share-tr-390');
    expect(problems).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.close();
  });
});
