// Registration, its mail approval and the password reset.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useAppStore } from '../../src/app/store';
import { account, fail } from './support/account';
import { ok } from './support/handlers';
import { startApp } from './support/app-fixtures';
import { server } from './support/server';

type User = ReturnType<typeof userEvent.setup>;

function captureRegister(answer: Record<string, unknown>) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('*/v1/register', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ ...ok, ...answer });
    }),
  );
  return bodies;
}

async function fillRegistration(user: User, labels: Record<string, string>, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) {
    const input = screen.getByLabelText(new RegExp(`^${labels[field]}`));
    if (input.tagName === 'SELECT') await user.selectOptions(input, value);
    else await user.type(input, value);
  }
}

const TR = { username: 'Kullanıcı adı', mail: 'E-posta', firstname: 'Ad', lastname: 'Soyad', gender: 'Cinsiyet', password: 'Parola' };
const GOOD = { username: 'mehmet.kaya', mail: 'mehmet@example.com', firstname: 'Mehmet', lastname: 'Kaya', gender: 'male', password: 'uzun.parola.1' };

describe('register', () => {
  it('checks every field with the messages of section 5 (Turkish), each tied to its field', async () => {
    const bodies = captureRegister({ is_email_eligible: true, is_username_eligible: true });
    const user = userEvent.setup();
    await startApp('/kayit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kayıt Ol' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Kayıt ol' }));

    const expectations: [RegExp, string][] = [
      [/^Kullanıcı adı/, 'Kullanıcı adı boş olamaz'],
      [/^E-posta/, 'Lütfen e-posta adresinizi yazın'],
      [/^Ad\b/, 'Lütfen adınızı yazın'],
      [/^Soyad/, 'Lütfen soyadınızı yazın'],
      [/^Cinsiyet/, 'Lütfen cinsiyet seçin'],
      [/^Parola/, 'Lütfen parolanızı yazın'],
      [/sözleşmesini okudum/, 'Lütfen sözleşmeleri okuyup onaylayın'],
    ];
    for (const [label, message] of expectations) {
      const field = screen.getByLabelText(label);
      expect(field, String(label)).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    await waitFor(() => expect(screen.getByLabelText(/^Kullanıcı adı/)).toHaveFocus());

    await user.type(screen.getByLabelText(/^Kullanıcı adı/), 'ayşe_y');
    await user.type(screen.getByLabelText(/^E-posta/), 'ayse-at-example');
    await user.type(screen.getByLabelText(/^Parola/), 'kisa');
    await user.click(screen.getByRole('button', { name: 'Kayıt ol' }));
    expect(screen.getByLabelText(/^Kullanıcı adı/)).toHaveAccessibleDescription(expect.stringContaining('Kullanıcı adı yalnızca İngilizce harf, rakam ve nokta içerebilir'));
    expect(screen.getByLabelText(/^E-posta/)).toHaveAccessibleDescription('Lütfen geçerli bir e-posta adresi yazın');
    expect(screen.getByLabelText(/^Parola/)).toHaveAccessibleDescription(expect.stringContaining('Parola en az 8 karakter olmalıdır'));
    expect(bodies).toHaveLength(0);
  });

  it('checks in English when English is active', async () => {
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    const user = userEvent.setup();
    await startApp('/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Username/), 'bad name');
    await user.type(screen.getByLabelText(/^E-mail/), 'nope@');
    await user.type(screen.getByLabelText(/^Password/), '1234567');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(screen.getByLabelText(/^Username/)).toHaveAccessibleDescription(expect.stringContaining('Username can contain only English letters, numbers and dot'));
    expect(screen.getByLabelText(/^E-mail/)).toHaveAccessibleDescription('Please write as true mail format');
    expect(screen.getByLabelText(/^First name/)).toHaveAccessibleDescription('Please write firstname');
    expect(screen.getByLabelText(/^Last name/)).toHaveAccessibleDescription('Please write lastname');
    expect(screen.getByLabelText(/^Gender/)).toHaveAccessibleDescription('Please select gender');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(expect.stringContaining('Password minimum 8 characters'));
    const agreement = screen.getByLabelText(/membership agreement/);
    expect(agreement).toHaveAccessibleDescription(expect.stringContaining('Please read and approve agreements'));
    // The check box says what it approves: the site's membership agreement page, opened beside the form.
    const read = screen.getByRole('link', { name: 'Read the membership agreement (opens in a new tab)' });
    expect(read).toHaveAttribute('href', '/membership-agreement');
    expect(read).toHaveAttribute('target', '_blank');
  });

  it("shows the server's eligibility answer on the username and e-mail fields", async () => {
    const bodies = captureRegister({ is_email_eligible: false, is_username_eligible: false });
    const user = userEvent.setup();
    await startApp('/kayit');
    await screen.findByRole('heading', { level: 1, name: 'Kayıt Ol' });
    await fillRegistration(user, TR, GOOD);
    await user.click(screen.getByLabelText(/sözleşmesini okudum/));
    await user.click(screen.getByRole('button', { name: 'Kayıt ol' }));

    await waitFor(() => expect(screen.getByLabelText(/^Kullanıcı adı/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/^Kullanıcı adı/)).toHaveAccessibleDescription(expect.stringContaining('Bu kullanıcı adı kullanılamaz'));
    expect(screen.getByLabelText(/^E-posta/)).toHaveAccessibleDescription('Bu e-posta adresi kullanılamaz. Daha önce kayıt olunmuş olabilir.');
    expect(bodies[0]).toEqual({ ...GOOD, active_lang: { label: 'tr', value: 0 }, agreements_approved: true });
  });

  it('ends in a "check your mail" state that leads to the approval page with the new user id', async () => {
    captureRegister({ is_email_eligible: true, is_username_eligible: true, new_user_id: 'u-123', new_mail_id: 'm-1', new_access_id: 'a-1' });
    const user = userEvent.setup();
    await startApp('/kayit');
    await screen.findByRole('heading', { level: 1, name: 'Kayıt Ol' });
    await fillRegistration(user, TR, GOOD);
    await user.click(screen.getByLabelText(/sözleşmesini okudum/));
    await user.click(screen.getByRole('button', { name: 'Kayıt ol' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'E-postanızı kontrol edin' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('mehmet@example.com adresine bir onay kodu gönderdik');
    await user.click(screen.getByRole('link', { name: 'Onay sayfasına git' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kayıt Onayı' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/kayit/onay?user_id=u-123');
  });

  it('registers through an external application named in the link', async () => {
    const bodies = captureRegister({ is_email_eligible: true, is_username_eligible: true, new_user_id: 'u-5' });
    const user = userEvent.setup();
    await startApp('/kayit?externalapplication_key=analiz_app-1');
    expect(await screen.findByText(/Bir dış uygulama üzerinden kayıt oluyorsunuz/)).toBeInTheDocument();
    await fillRegistration(user, TR, GOOD);
    await user.click(screen.getByLabelText(/sözleşmesini okudum/));
    await user.click(screen.getByRole('button', { name: 'Kayıt ol' }));
    await screen.findByRole('heading', { level: 1, name: 'E-postanızı kontrol edin' });
    expect(bodies[0]).toMatchObject({ externalapplication_key: 'analiz_app-1', agreements_approved: true });
  });

  it("shows the server's refusal in an alert, with its field messages", async () => {
    server.use(
      http.post('*/v1/register', () =>
        HttpResponse.json(
          { status_code: '11013', status_message: 'Kullanıcı adı yalnızca İngilizce harf, rakam ve nokta içerebilir', errors: [{ field: 'username', message: 'Kullanıcı adı yalnızca İngilizce harf, rakam ve nokta içerebilir' }] },
          { status: 400 },
        ),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    await startApp('/kayit');
    await screen.findByRole('heading', { level: 1, name: 'Kayıt Ol' });
    await fillRegistration(user, TR, GOOD);
    await user.click(screen.getByLabelText(/sözleşmesini okudum/));
    await user.click(screen.getByRole('button', { name: 'Kayıt ol' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Kullanıcı adı yalnızca İngilizce harf');
    expect(screen.getByLabelText(/^Kullanıcı adı/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's refusal of a guessable password, with its reason, at the password field", async () => {
    server.use(http.post('*/v1/register', () => HttpResponse.json(GUESSABLE, { status: 400 })));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    await startApp('/kayit');
    await screen.findByRole('heading', { level: 1, name: 'Kayıt Ol' });
    await fillRegistration(user, TR, { ...GOOD, password: 'mehmet.kaya1' });
    await user.click(screen.getByLabelText(/sözleşmesini okudum/));
    await user.click(screen.getByRole('button', { name: 'Kayıt ol' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(GUESSABLE.status_message);
    expect(screen.getByLabelText(/^Parola/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Parola/)).toHaveAccessibleDescription(expect.stringContaining('kendi bilgilerinizden'));
  });
});

/** The server's answer to a password made of the user's own details (Turkish). */
const GUESSABLE_MESSAGE =
  'Bu parola kolay tahmin edilir: kendi bilgilerinizden (kullanıcı adı, e-posta, ad) ya da sitenin adından oluşuyor. Lütfen daha uzun bir parola seçin, örneğin birbiriyle ilgisiz birkaç sözcük.';
const GUESSABLE = { status_code: '11043', status_message: GUESSABLE_MESSAGE, errors: [{ field: 'password', message: GUESSABLE_MESSAGE }] };

describe('register approve', () => {
  function captureApprove(route: 'register/mail/approve' | 'mail/verify') {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(`*/v1/${route}`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (body.mail_approve_token !== '482913') return fail(request, 'approval_code_invalid' as never);
        return HttpResponse.json({ ...ok, user_id: 'u-123', registration_status: 'completed', mail_approve_date: '2025-01-01T10:00:00Z' });
      }),
    );
    return bodies;
  }

  it('asks for the code ("Please write mail approve code"), then approves with the link\'s user id', async () => {
    const bodies = captureApprove('register/mail/approve');
    const user = userEvent.setup();
    await startApp('/kayit/onay?user_id=u-123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kayıt Onayı' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^E-posta( \*)?$/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Onayla' }));
    expect(screen.getByLabelText(/^E-posta onay kodu/)).toHaveAccessibleDescription('Lütfen e-posta onay kodunu yazın');

    await user.type(screen.getByLabelText(/^E-posta onay kodu/), '482913');
    await user.click(screen.getByRole('button', { name: 'Onayla' }));

    expect(await screen.findByText(/E-posta adresiniz onaylandı/)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Giriş yap' })).toHaveAttribute('href', '/login');
    expect(bodies).toEqual([{ user_id: 'u-123', mail_approve_token: '482913' }]);
  });

  it('approves at once from the mail link (user_id and code in the query string)', async () => {
    const bodies = captureApprove('register/mail/approve');
    await startApp('/register/approve?user_id=u-123&code=482913');
    expect(await screen.findByText(/E-posta adresiniz onaylandı/)).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });

  it('approves by e-mail address and code when there is no user id (mail/verify), showing a wrong code in an alert', async () => {
    const bodies = captureApprove('mail/verify');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    const user = userEvent.setup();
    await startApp('/register/approve');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByLabelText(/^E-mail/)).toHaveAccessibleDescription('Please write your mail');
    expect(screen.getByLabelText(/^Mail approve code/)).toHaveAccessibleDescription('Please write mail approve code');

    await user.type(screen.getByLabelText(/^E-mail/), 'mehmet@example.com');
    await user.type(screen.getByLabelText(/^Mail approve code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is wrong, already used or expired.');

    await user.clear(screen.getByLabelText(/^Mail approve code/));
    await user.type(screen.getByLabelText(/^Mail approve code/), '482913');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/registration is complete/)).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ mail: 'mehmet@example.com', mail_approve_token: '482913' });
  });
});

describe('password reset', () => {
  it('asks for the address, then (from the mail link) sets the new password and logs in', async () => {
    const requests: unknown[] = [];
    const approvals: unknown[] = [];
    server.use(
      http.post('*/v1/password/reset/by/mail', async ({ request }) => {
        requests.push(await request.json());
        return HttpResponse.json(ok);
      }),
      http.post('*/v1/password/reset/by/mail/approve', async ({ request }) => {
        approvals.push(await request.json());
        account.accessTokens.add('access-r');
        account.refreshToken = 'refresh-r';
        return HttpResponse.json({ ...ok, token_type: 'Bearer', access_token: 'access-r', refresh_token: 'refresh-r', expires_in: 900 });
      }),
    );
    const user = userEvent.setup();
    await startApp('/giris/sifre-sifirlama');
    expect(await screen.findByRole('heading', { level: 1, name: 'Şifre Sıfırlama' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^E-posta/), 'ayse.yilmaz@example.com.tr');
    await user.click(screen.getByRole('button', { name: 'E-postayı gönder' }));
    expect(await screen.findByText(/adresini kullanan bir hesap varsa/)).toBeInTheDocument();
    expect(requests).toEqual([{ mail: 'ayse.yilmaz@example.com.tr' }]);

    // The mail's link.
    act(() => {
      window.history.pushState(null, '', '/giris/sifre-sifirlama?user_id=u-1&code=111222');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await screen.findByLabelText(/^E-postadaki kod/)).toHaveValue('111222');
    await user.type(screen.getByLabelText(/^Yeni parola\s*\*?$/), 'yeni.parola.42');
    await user.type(screen.getByLabelText(/^Yeni parola \(tekrar\)/), 'baska.parola');
    await user.click(screen.getByRole('button', { name: 'Parolayı kaydet ve giriş yap' }));
    expect(screen.getByLabelText(/^Yeni parola \(tekrar\)/)).toHaveAccessibleDescription('İki parola aynı değil');

    await user.clear(screen.getByLabelText(/^Yeni parola \(tekrar\)/));
    await user.type(screen.getByLabelText(/^Yeni parola \(tekrar\)/), 'yeni.parola.42');
    await user.click(screen.getByRole('button', { name: 'Parolayı kaydet ve giriş yap' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ana sayfa' })).toBeInTheDocument();
    expect(approvals).toEqual([{ user_id: 'u-1', mail_password_reset_token: '111222', password: 'yeni.parola.42' }]);
    expect(useAppStore.getState().session.user?.username).toBe('ayse.yilmaz');
    expect(JSON.parse(localStorage.getItem('token')!)).toMatchObject({ access_token: 'access-r' });
  });

  it("shows the server's refusal of a guessable password at the new password's field and lets the person try again", async () => {
    server.use(http.post('*/v1/password/reset/by/mail/approve', () => HttpResponse.json(GUESSABLE, { status: 400 })));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    await startApp('/giris/sifre-sifirlama?user_id=u-1&code=111222');
    await screen.findByLabelText(/^E-postadaki kod/);
    await user.type(screen.getByLabelText(/^Yeni parola\s*\*?$/), 'ayse.yilmaz1');
    await user.type(screen.getByLabelText(/^Yeni parola \(tekrar\)/), 'ayse.yilmaz1');
    await user.click(screen.getByRole('button', { name: 'Parolayı kaydet ve giriş yap' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(GUESSABLE_MESSAGE);
    expect(screen.getByLabelText(/^Yeni parola\s*\*?$/)).toHaveAccessibleDescription(expect.stringContaining('kendi bilgilerinizden'));
    expect(screen.getByRole('button', { name: 'Parolayı kaydet ve giriş yap' })).toBeEnabled();
  });
});
