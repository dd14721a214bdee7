// The accounts journey of issue 3 in a real browser, captcha on: register → read the approval code from the
// outbox → approve → log in with the captcha → the admin assigns an auth to the new user → the user sees the
// newly allowed page → the admin cancels it → the user loses the page (menu and direct visit).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, E2E_ADMIN_PASSWORD, E2E_CAPTCHA, inProcessSuite, submitLogin } from './browser.ts';


describe.runIf(chromiumAvailable())('accounts in a browser', () => {
  const suite = inProcessSuite();

  const logIn = (page: Page, username: string, password: string, captcha = E2E_CAPTCHA) => submitLogin(page, suite.server.url(), username, password, captcha);

  const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Ana menü' });

  it('register → approve → log in with the captcha → an assigned auth opens a page, its cancellation closes it', async () => {
    const errors: string[] = [];
    const userContext = await suite.browser.newContext();
    const user = await userContext.newPage();
    user.on('pageerror', (e) => errors.push(e.message));

    // Register.
    await user.goto(`${suite.server.url()}/kayit`);
    await user.getByLabel(/^Kullanıcı adı/).fill('deniz.aydin');
    await user.getByLabel(/^E-posta/).fill('deniz@example.com');
    await user.getByLabel(/^Ad\b/).fill('Deniz');
    await user.getByLabel(/^Soyad/).fill('Aydın');
    await user.getByLabel(/^Cinsiyet/).selectOption('female');
    await user.getByLabel(/^Parola/).fill('deniz.parola.1');
    await user.getByLabel(/sözleşmesini okudum/).check();
    await user.getByRole('button', { name: 'Kayıt ol' }).click();
    await user.getByRole('heading', { name: 'E-postanızı kontrol edin' }).waitFor();

    // The approval code, from the outbox (where the console printer reads it too).
    const [mail] = await suite.server.db.query<{ text_body: string }>("select text_body from outbox where mail_to = 'deniz@example.com'");
    const code = /\b(\d{6})\b/.exec(mail.text_body)![1];

    // Not approved yet: the login is refused with the server's message.
    await logIn(user, 'deniz.aydin', 'deniz.parola.1');
    await expect.poll(() => user.getByRole('alert').allInnerTexts()).not.toEqual([]);
    expect(user.url()).toContain('/login');

    // Approve by typing the mail and the code.
    await user.goto(`${suite.server.url()}/kayit/onay`);
    await user.getByRole('textbox', { name: 'E-posta', exact: true }).fill('deniz@example.com');
    await user.getByRole('textbox', { name: 'E-posta onay kodu' }).fill(code);
    await user.getByRole('button', { name: 'Onayla' }).click();
    await user.getByText(/E-posta adresiniz onaylandı/).waitFor();

    // A wrong captcha is refused with the spec's message.
    await logIn(user, 'deniz.aydin', 'deniz.parola.1', 'WRONG');
    await user.getByRole('alert').getByText('Kod hatalı').waitFor();
    // The right one logs in.
    await logIn(user, 'deniz.aydin', 'deniz.parola.1');
    await user.waitForURL('**/anasayfa');
    expect(await mainMenu(user).getByRole('link', { name: 'Ayarlar', exact: true }).count()).toBe(0);

    // The admin logs in (captcha too) and assigns "Kullanıcı kaydetme" (register) to deniz.aydin.
    const adminContext = await suite.browser.newContext();
    const admin = await adminContext.newPage();
    admin.on('pageerror', (e) => errors.push(`admin: ${e.message}`));
    await logIn(admin, 'admin', E2E_ADMIN_PASSWORD);
    await admin.waitForURL('**/anasayfa');
    await admin.goto(`${suite.server.url()}/yetki-yonetim`);
    const form = admin.getByRole('form', { name: 'Yetki ata' });
    await form.getByLabel(/^Yetki/).selectOption({ label: 'Kullanıcı kaydetme' });
    await form.getByLabel(/^Kullanıcı bul/).fill('deniz');
    await form.getByRole('button', { name: 'Ara' }).click();
    await form.getByRole('button', { name: /deniz\.aydin/ }).click();
    await form.getByRole('button', { name: 'Ata' }).click();
    await admin.getByText('Kullanıcı kaydetme yetkisi deniz.aydin kullanıcısına atandı.').waitFor();

    // deniz comes back to the tab: the settings section and its register page appear.
    await user.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => mainMenu(user).getByRole('link', { name: 'Ayarlar', exact: true }).count()).toBe(1);
    await user.goto(`${suite.server.url()}/yetkili-kisi-tarafindan-kayit`);
    await user.getByRole('button', { name: 'Kullanıcıyı kaydet' }).waitFor();

    // The admin cancels the auth (with confirmation).
    await admin.reload();
    await admin.getByRole('button', { name: /deniz\.aydin kullanıcısının Kullanıcı kaydetme yetkisini iptal et/ }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Evet, iptal et' }).click();
    await admin.getByText(/yetkisi iptal edildi/).waitFor();

    // deniz loses it: the page is refused and the menu entry is gone.
    await user.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await user.getByText('Bu sayfayı görmek için yetkiniz yok.').waitFor();
    expect(await mainMenu(user).getByRole('link', { name: 'Ayarlar', exact: true }).count()).toBe(0);
    // And the server refuses the call itself, whatever the browser shows.
    const refused = await user.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('token') ?? '{}').access_token;
      const res = await fetch('/v1/register/by/authorized_person?__lang__v=1', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ username: 'mallory', mail: 'mallory@example.com', firstname: 'M', lastname: 'M', gender: 'female' }),
      });
      return res.json();
    });
    expect(refused.status_code).toBe('10009');
    expect(errors).toEqual([]);
  });
});
