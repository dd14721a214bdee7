// Mail sending in a real browser (issue 13): the site's admin chooses two users on the sending_mail page, writes
// a subject and content, checks the two-language preview, confirms "Send to 2 users?", and both mails arrive at
// an SMTP server this test runs (smtp-server), each in its reader's language; the page then shows both as sent.
// The server is the app in this process sending through smtpMailer (what SMTP_URL sets up), with a worker of the
// job queue that runs the bulk_mail process the page started.
// The page is checked at 390×844 and 1280×800, Turkish and English (screenshots in $SEMA_SHOTS/mail/ when asked for).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromiumAvailable, E2E_ADMIN_PASSWORD, E2E_CAPTCHA, launchBrowser, lookAtBothLanguages, shotsFolder, signedIn, startInProcessServer, type InProcessServer } from './browser.ts';
import { startTestSmtp, type TestSmtp } from '../server/support/smtp.ts';

const SHOTS = shotsFolder('mail');
const MAIL_HEADING = { tr: /^Mail Gönderme$/, en: /^Send Mail$/ };

describe.runIf(chromiumAvailable())('sending mail in a browser', () => {
  let smtp: TestSmtp;
  let server: InProcessServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    const { smtpMailer } = await import('../../server/mail/mailer.ts');
    server = await startInProcessServer({
      captchaCode: E2E_CAPTCHA,
      mailer: smtpMailer(smtp.url),
      jobs: { workers: 1, workerTimings: { pollingIntervalSeconds: 0.5 } },
    });
    for (const [username, firstname, lastname, lang] of [
      ['selin', 'Selin', 'Kaya', 0],
      ['mark', 'Mark', 'Brown', 1],
    ] as const)
      await server.db.query(
        `insert into app_user (user_id, tenant_id, username, firstname, lastname, mail, active_lang)
         select $1, tenant_id, $2, $3, $4, $5, $6 from tenant where domain = 'localhost'`,
        [randomUUID(), username, firstname, lastname, `${username}@example.org`, lang],
      );
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });



  it('sends a mail to two users from the page, and both arrive at the SMTP server in their language', async () => {
    const admin = await signedIn(browser, server.url(), 'admin', E2E_ADMIN_PASSWORD);
    const page = admin.page;
    await page.goto(`${server.url()}/mail-gonderme`);
    await page.getByRole('heading', { level: 1, name: 'Mail Gönderme' }).waitFor();

    await page.getByRole('searchbox', { name: /Ad, kullanıcı adı veya e-posta/ }).fill('example.org');
    await page.getByRole('checkbox', { name: /Selin Kaya \(selin\)/ }).check();
    await page.getByRole('checkbox', { name: /Mark Brown \(mark\)/ }).check();
    await page.getByText('2 kullanıcı seçildi').waitFor();
    await page.getByRole('textbox', { name: /^Konu/ }).fill('Bakım duyurusu');
    await page.getByRole('textbox', { name: 'İçerik' }).click();
    await page.keyboard.type('Cumartesi 02:00 ile 04:00 arası site kapalı olacak.');
    await page.getByRole('figure', { name: 'İngilizce okuyan alıcı' }).getByText("Hello [Recipient's name],").waitFor();
    const problems = await lookAtBothLanguages(page, 'compose', MAIL_HEADING, SHOTS);

    await page.getByRole('button', { name: 'Gönder', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: '2 kullanıcıya gönderilsin mi?' });
    await dialog.getByRole('button', { name: 'Gönder' }).click();
    await page.getByText('E-posta 2 kullanıcıya gönderiliyor.').waitFor();

    // The queue's worker delivers the mailing through the SMTP server.
    await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(2);
    expect(smtp.received.map((m) => (m.to as { text: string }).text).sort()).toEqual(['mark@example.org', 'selin@example.org']);
    const selin = smtp.received.find((m) => (m.to as { text: string }).text === 'selin@example.org')!;
    const mark = smtp.received.find((m) => (m.to as { text: string }).text === 'mark@example.org')!;
    expect(selin.subject).toBe('Bakım duyurusu');
    expect(selin.text).toContain('Merhaba Selin,');
    expect(selin.text).toContain('Cumartesi 02:00 ile 04:00 arası site kapalı olacak.');
    expect(mark.text).toContain('Hello Mark,');

    // The page follows the mailing until both are sent.
    await page.getByText('2 alıcının 2 tanesi tamamlandı').waitFor({ timeout: 15_000 });
    const list = page.getByRole('list', { name: 'Bu e-postanın alıcıları' });
    await expect(list.getByText('Gönderildi').count()).resolves.toBe(2);
    problems.push(...(await lookAtBothLanguages(page, 'sent', MAIL_HEADING, SHOTS)));
    expect(problems).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.close();
  }, 240_000);
});
