// Registration: every validation of spec section 5 with its Turkish and English message, eligibility,
// approval by link and by typed code (right, wrong, used, expired), the password reset and its approval,
// registration by an authorized person, and where mail goes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailVerify,
  oauthToken,
  passwordResetByMail,
  passwordResetByMailApprove,
  register,
  registerByAuthorizedPerson,
  registerMailApprove,
  userUserController,
} from '../../src/generated/client/index.ts';
import { consoleMailer, smtpMailer } from '../../server/mail/mailer.ts';
import { databaseKinds, signInForTest, startTestApp, type TestApp } from './harness.ts';
import { TEST_ADMIN_PASSWORD } from './paths.ts';
import { bearer, callFrom, codeIn, lastMail, logIn, newIp, registeredUser, registration, startAccountApp } from './account-helpers.ts';
import type { RegisterRequest } from '../../src/generated/types/routes.ts';

const PASSWORD = 'correct-horse-42';

/** [what is wrong, the fields to change (undefined = leave out), status code, English, Turkish] */
const VALIDATIONS: [string, Partial<Record<keyof RegisterRequest, unknown>>, string, string, string][] = [
  ['a username with a non-English letter', { username: 'ayşe' }, '11013', 'Username can contain only English letters, numbers and dot', 'Kullanıcı adı yalnızca İngilizce harf, rakam ve nokta içerebilir'],
  ['a username with an underscore', { username: 'ali_veli' }, '11013', 'Username can contain only English letters, numbers and dot', 'Kullanıcı adı yalnızca İngilizce harf, rakam ve nokta içerebilir'],
  ['an empty username', { username: '' }, '11003', 'Username cannot be empty', 'Kullanıcı adı boş olamaz'],
  ['no username', { username: undefined }, '11003', 'Username cannot be empty', 'Kullanıcı adı boş olamaz'],
  ['a password of 7 characters', { password: 'seven77' }, '11011', 'Password minimum 8 characters', 'Parola en az 8 karakter olmalıdır'],
  ['no mail', { mail: undefined }, '11005', 'Please write your mail', 'Lütfen e-posta adresinizi yazın'],
  ['an empty mail', { mail: '' }, '11005', 'Please write your mail', 'Lütfen e-posta adresinizi yazın'],
  ['a malformed mail', { mail: 'deniz-at-example.com' }, '11006', 'Please write as true mail format', 'Lütfen geçerli bir e-posta adresi yazın'],
  ['an empty first name', { firstname: '' }, '11007', 'Please write firstname', 'Lütfen adınızı yazın'],
  ['no first name', { firstname: undefined }, '11007', 'Please write firstname', 'Lütfen adınızı yazın'],
  ['an empty last name', { lastname: '' }, '11008', 'Please write lastname', 'Lütfen soyadınızı yazın'],
  ['no gender', { gender: undefined }, '11009', 'Please select gender', 'Lütfen cinsiyet seçin'],
  ['an unknown gender', { gender: 'm' }, '11009', 'Please select gender', 'Lütfen cinsiyet seçin'],
  ['agreements not approved', { agreements_approved: false }, '11010', 'Please read and approve agreements', 'Lütfen sözleşmeleri okuyup onaylayın'],
  ['no agreements field', { agreements_approved: undefined }, '11010', 'Please read and approve agreements', 'Lütfen sözleşmeleri okuyup onaylayın'],
];

function withChanges(name: string, changes: Partial<Record<keyof RegisterRequest, unknown>>): RegisterRequest {
  const body: Record<string, unknown> = { ...registration(name) };
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) delete body[k];
    else body[k] = v;
  }
  return body as unknown as RegisterRequest;
}

const countUsers = async (t: TestApp) => (await t.db.query<{ n: number }>('select count(*)::int as n from app_user'))[0].n;

describe.each(databaseKinds('same-on-every-database'))('registration on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAccountApp(kind);
  });
  afterAll(() => t.close());

  describe('validations of spec section 5, one by one, in English and Turkish', () => {
    it.each(VALIDATIONS)('%s', async (_why, changes, code, en, tr) => {
      const before = await countUsers(t);
      for (const [lang, message] of [
        [1, en],
        [0, tr],
      ] as const) {
        callFrom(t.app, { ip: newIp(), lang });
        const res = await register(withChanges('valid.name', changes));
        expect(res).toMatchObject({ status_code: code, status_message: message, http_status: 400 });
        // The form's field gets the same words.
        expect((res as unknown as { errors: { message: string }[] }).errors.map((e) => e.message)).toContain(message);
      }
      expect(await countUsers(t)).toBe(before);
    });

    it('an empty form answers "All required fields must be filled in." with each field\'s own message', async () => {
      callFrom(t.app, { ip: newIp(), lang: 1 });
      const res = await register({} as RegisterRequest);
      expect(res).toMatchObject({ status_code: '10002', status_message: 'All required fields must be filled in.' });
      const errors = (res as unknown as { errors: { field: string; message: string }[] }).errors;
      expect(errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'username', message: 'Username cannot be empty' }),
          expect.objectContaining({ field: 'mail', message: 'Please write your mail' }),
          expect.objectContaining({ field: 'gender', message: 'Please select gender' }),
          expect.objectContaining({ field: 'agreements_approved', message: 'Please read and approve agreements' }),
        ]),
      );
    });

    it('with several bad fields, the status names the first in the form\'s order', async () => {
      callFrom(t.app, { ip: newIp(), lang: 1 });
      const res = await register(withChanges('x', { username: 'bad name', mail: 'nope', password: 'short' }));
      expect(res.status_code).toBe('11013');
      expect((res as unknown as { errors: unknown[] }).errors).toHaveLength(3);
    });

    it('the admin 16-character rule does not apply to a new account', async () => {
      callFrom(t.app, { ip: newIp() });
      expect((await register(registration('nine.chars', { password: 'kuş.Masa7' }))).status_code).toBe('10000');
    });
  });

  describe('guessable passwords (11043)', () => {
    /** [the password, English reason, Turkish reason]; the account is guess.me, Deniz Kaya, on the site "Sema". */
    const GUESSABLE: [string, string, string][] = [
      ['aaaaaaaa', 'it repeats one character', 'tek bir karakteri tekrarlıyor'],
      ['password1', 'it is a commonly used password', 'sık kullanılan bir parola'],
      ['Password123', 'it is a commonly used password', 'sık kullanılan bir parola'],
      ['12345678', 'one of the ten most used passwords', 'en çok kullanılan on paroladan biri'],
      ['qwertyuiop', 'one of the hundred most used passwords', 'en çok kullanılan yüz paroladan biri'],
      ['abcdefgh', 'it is a sequence', 'bir diziden oluşuyor'],
      ['guess.me', 'your own details', 'kendi bilgilerinizden'],
      ['Guess.Me1', 'your own details', 'kendi bilgilerinizden'],
      ['DenizKaya', 'your own details', 'kendi bilgilerinizden'],
      ['guess.me@example.com', 'your own details', 'kendi bilgilerinizden'],
      ['Sema1234', "the site's name", 'sitenin adından'],
      ['kX9#mQ2v', 'too short for the kinds of characters', 'karakter türleri için fazla kısa'],
    ];

    it.each(GUESSABLE)('refuses %s, saying why in the caller\'s language', async (password, en, tr) => {
      const before = await countUsers(t);
      const answers = [];
      for (const lang of [1, 0] as const) {
        callFrom(t.app, { ip: newIp(), lang });
        const res = await register(registration('guess.me', { password, firstname: 'Deniz', lastname: 'Kaya' }));
        expect(res).toMatchObject({ status_code: '11043', http_status: 400 });
        // The reason is the password field's message too (the form shows it there).
        expect((res as unknown as { errors: { field: string; message: string }[] }).errors).toEqual([{ field: 'password', message: res.status_message }]);
        answers.push(res.status_message);
      }
      expect(answers[0]).toContain('This password is too easy to guess');
      expect(answers[0]).toContain(en);
      expect(answers[1]).toContain('Bu parola kolay tahmin edilir');
      expect(answers[1]).toContain(tr);
      expect(answers[1]).not.toMatch(/[A-Z][a-z]+ (is|are) /); // no English (zxcvbn's own words) for a Turkish reader
      expect(await countUsers(t)).toBe(before);
    });

    it('a strong password passes', async () => {
      callFrom(t.app, { ip: newIp(), lang: 1 });
      expect((await register(registration('strong.one', { password: 'kedi-masa-kalem-73' }))).status_code).toBe('10000');
    });

    it('the password reset refuses a guessable password and keeps its code for a better one', async () => {
      await registeredUser(t, 'weak.reset');
      callFrom(t.app, { ip: newIp(), lang: 0 });
      await passwordResetByMail({ mail: 'weak.reset@example.com' });
      const mail = await lastMail(t.db, 'weak.reset@example.com');
      const weak = await passwordResetByMailApprove({ user_id: mail!.user_id!, mail_password_reset_token: codeIn(mail), password: 'weak.reset1' });
      expect(weak).toMatchObject({ status_code: '11043' });
      expect(weak.status_message).toContain('kendi bilgilerinizden');
      const ok = await passwordResetByMailApprove({ user_id: mail!.user_id!, mail_password_reset_token: codeIn(mail), password: 'kedi-masa-kalem-73' });
      expect(ok.status_code).toBe('10000');
    });

    it('registration by an authorized person refuses a guessable password in the caller\'s language', async () => {
      callFrom(t.app, { authorization: await signInForTest(t.db, { username: 'weak.registrar', authCodes: ['register'] }), lang: 1 });
      const { agreements_approved: _a, ...person } = registration('weak.colleague', { password: 'password1' });
      const res = await registerByAuthorizedPerson({ ...person, active_lang: { label: 'tr', value: 0 } });
      expect(res).toMatchObject({ status_code: '11043' });
      expect(res.status_message).toContain('it is a commonly used password');
      expect(await lastMail(t.db, 'weak.colleague@example.com')).toBeUndefined();
    });
  });

  describe('eligibility and creation', () => {
    it('creates the user waiting for approval, hashed, and mails a 6-digit code in the user\'s language', async () => {
      callFrom(t.app, { ip: newIp(), lang: 0 });
      const res = await register(registration('yeni.kullanici', { date_of_birth: '1990-05-01' }));
      expect(res).toMatchObject({ status_code: '10000', is_email_eligible: true, is_username_eligible: true });
      expect(res.new_user_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.new_mail_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(res).not.toHaveProperty('new_access_id');
      const [user] = await t.db.query<{ registration_status: string; password_hash: string; active_lang: number; agreements_approved_at: Date | null }>(
        'select registration_status, password_hash, active_lang, agreements_approved_at from app_user where user_id = $1',
        [res.new_user_id],
      );
      expect(user).toMatchObject({ registration_status: 'approve_waiting', active_lang: 0 });
      expect(user.password_hash).toMatch(/^scrypt\$/);
      expect(user.password_hash).not.toContain(PASSWORD);
      expect(user.agreements_approved_at).toBeTruthy();
      const mail = await lastMail(t.db, 'yeni.kullanici@example.com');
      expect(mail).toMatchObject({ purpose: 'register', user_id: res.new_user_id });
      expect(mail!.subject).toContain('onaylayın');
      const code = codeIn(mail);
      expect(mail!.text_body).toContain(`/kayit/onay?user_id=${res.new_user_id}&code=${code}`);
      // The code itself is never stored, only its hash.
      const codes = await t.db.query<{ code_hash: string }>('select code_hash from mail_code where user_id = $1', [res.new_user_id]);
      expect(codes).toHaveLength(1);
      expect(codes[0].code_hash).not.toContain(code);
    });

    it('refuses a taken username (any case) with 11016 and a taken mail with 11017, carrying both flags, creating nothing', async () => {
      await registeredUser(t, 'taken.name');
      const before = await countUsers(t);
      callFrom(t.app, { ip: newIp(), lang: 1 });
      const byName = await register(registration('TAKEN.name', { mail: 'fresh@example.com' }));
      expect(byName).toMatchObject({
        status_code: '11016',
        status_message: 'This username is not eligible. Please choose another one.',
        is_username_eligible: false,
        is_email_eligible: true,
      });
      expect((byName as unknown as { errors: unknown[] }).errors).toEqual([{ field: 'username', message: 'This username is not eligible. Please choose another one.' }]);
      const byMail = await register(registration('fresh.name', { mail: 'Taken.Name@example.com' }));
      expect(byMail).toMatchObject({ status_code: '11017', is_username_eligible: true, is_email_eligible: false });
      expect((byMail as unknown as { errors: unknown[] }).errors).toEqual([{ field: 'mail', message: 'This e-mail address is not eligible. It may already be registered.' }]);
      callFrom(t.app, { ip: newIp(), lang: 0 });
      const both = await register(registration('taken.name'));
      expect(both).toMatchObject({ status_code: '11016', status_message: 'Bu kullanıcı adı kullanılamaz. Lütfen başka bir kullanıcı adı seçin.', is_username_eligible: false, is_email_eligible: false });
      expect(await countUsers(t)).toBe(before);
    });

    it('a site whose login is external (clinical.localhost) takes no registrations', async () => {
      callFrom(t.app, { ip: newIp(), host: 'clinical.localhost', lang: 1 });
      const res = await register(registration('taken.name'));
      expect(res).toMatchObject({ status_code: '11042', status_message: 'This site does not take registrations.' });
    });

    it('limits registrations per address', async () => {
      const ip = newIp();
      await t.db.query(
        "insert into rate_limit (tenant_id, bucket, key, hits, window_start) select tenant_id, 'register_address', $1, 19, now() from tenant where domain = 'localhost'",
        [ip],
      );
      callFrom(t.app, { ip });
      expect((await register(registration('twentieth'))).status_code).toBe('10000');
      expect((await register(registration('twentyfirst'))).status_code).toBe('10011');
    });
  });

  describe('approval', () => {
    it('approves with the link\'s user id and code, once', async () => {
      callFrom(t.app, { ip: newIp() });
      const res = await register(registration('link.user'));
      const code = codeIn(await lastMail(t.db, 'link.user@example.com'));
      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await registerMailApprove({ user_id: res.new_user_id!, mail_approve_token: wrongCode });
      expect(wrong).toMatchObject({ status_code: '11040', status_message: 'The code is wrong, already used or expired.' });
      const ok = await registerMailApprove({ user_id: res.new_user_id!, mail_approve_token: code });
      expect(ok).toMatchObject({ status_code: '10000', user_id: res.new_user_id, registration_status: 'completed' });
      expect(Math.abs(Date.parse(ok.mail_approve_date) - Date.now())).toBeLessThan(60_000);
      expect((await registerMailApprove({ user_id: res.new_user_id!, mail_approve_token: code })).status_code).toBe('11040');
      expect((await logIn(t, 'link.user', PASSWORD, { ip: newIp() })).status_code).toBe('10000');
    });

    it('approves with the typed code and the mail address (/mail/verify); an empty code has the spec message', async () => {
      callFrom(t.app, { ip: newIp(), lang: 1 });
      await register(registration('typed.user'));
      const code = codeIn(await lastMail(t.db, 'typed.user@example.com'));
      expect(await mailVerify({ mail: 'typed.user@example.com', mail_approve_token: '' })).toMatchObject({ status_code: '11015', status_message: 'Please write mail approve code' });
      callFrom(t.app, { ip: newIp(), lang: 0 });
      expect((await mailVerify({ mail: 'typed.user@example.com', mail_approve_token: '' })).status_message).toBe('Lütfen e-posta onay kodunu yazın');
      expect((await mailVerify({ mail: 'other@example.com', mail_approve_token: code })).status_code).toBe('11040');
      const ok = await mailVerify({ mail: 'Typed.User@example.com', mail_approve_token: code });
      expect(ok).toMatchObject({ status_code: '10000', registration_status: 'completed' });
    });

    it('an expired code is refused and the registration becomes not_accepted, freeing its name and mail', async () => {
      callFrom(t.app, { ip: newIp() });
      const res = await register(registration('late.user'));
      const code = codeIn(await lastMail(t.db, 'late.user@example.com'));
      await t.db.query("update mail_code set expires_at = now() - interval '1 second' where user_id = $1", [res.new_user_id]);
      expect((await registerMailApprove({ user_id: res.new_user_id!, mail_approve_token: code })).status_code).toBe('11040');
      const [row] = await t.db.query<{ registration_status: string }>('select registration_status from app_user where user_id = $1', [res.new_user_id]);
      expect(row.registration_status).toBe('not_accepted');
      expect((await logIn(t, 'late.user', PASSWORD, { ip: newIp() })).status_code).toBe('11002');
      callFrom(t.app, { ip: newIp() });
      const again = await register(registration('late.user'));
      expect(again.status_code).toBe('10000');
      expect(again.new_user_id).not.toBe(res.new_user_id);
    });

    it('an unapproved registration past 24 hours frees its name even before anyone tries its code', async () => {
      callFrom(t.app, { ip: newIp() });
      const res = await register(registration('abandoned'));
      await t.db.query("update mail_code set expires_at = now() - interval '1 minute' where user_id = $1", [res.new_user_id]);
      expect((await register(registration('abandoned'))).status_code).toBe('10000');
    });

    it('locks a user\'s approval after 5 wrong codes, even for the right one', async () => {
      callFrom(t.app, { ip: newIp() });
      const res = await register(registration('guessed.user'));
      const code = codeIn(await lastMail(t.db, 'guessed.user@example.com'));
      const wrong = code === '999999' ? '999998' : '999999';
      for (let i = 0; i < 5; i++) {
        callFrom(t.app, { ip: newIp() });
        expect((await registerMailApprove({ user_id: res.new_user_id!, mail_approve_token: wrong })).status_code).toBe('11040');
      }
      callFrom(t.app, { ip: newIp() });
      expect((await registerMailApprove({ user_id: res.new_user_id!, mail_approve_token: code })).status_code).toBe('10011');
    });
  });

  describe('password reset', () => {
    it('answers success for an unknown address and sends nothing', async () => {
      callFrom(t.app, { ip: newIp() });
      const res = await passwordResetByMail({ mail: 'nobody.at.all@example.com' });
      expect(res.status_code).toBe('10000');
      expect(await lastMail(t.db, 'nobody.at.all@example.com')).toBeUndefined();
    });

    it('mails a code; approving sets the password, revokes every other session and answers working tokens', async () => {
      await registeredUser(t, 'forgot.user');
      const before = await logIn(t, 'forgot.user', PASSWORD, { ip: newIp() });
      callFrom(t.app, { ip: newIp() });
      expect((await passwordResetByMail({ mail: 'forgot.user@example.com' })).status_code).toBe('10000');
      const mail = await lastMail(t.db, 'forgot.user@example.com');
      expect(mail?.purpose).toBe('password_reset');
      const code = codeIn(mail);
      const userId = mail!.user_id!;
      expect(mail!.text_body).toContain(`/login/password-reset?user_id=${userId}&code=${code}`);
      const wrongCode = code === '123456' ? '654321' : '123456';
      expect((await passwordResetByMailApprove({ user_id: userId, mail_password_reset_token: wrongCode, password: 'a-brand-new-password' })).status_code).toBe('11040');
      expect((await passwordResetByMailApprove({ user_id: userId, mail_password_reset_token: code, password: 'short' })).status_code).toBe('11011');
      const res = await passwordResetByMailApprove({ user_id: userId, mail_password_reset_token: code, password: 'a-brand-new-password' });
      expect(res).toMatchObject({ status_code: '10000', token_type: 'Bearer', expires_in: 900 });
      callFrom(t.app, { authorization: bearer(res.access_token) });
      expect((await userUserController({})).user.username).toBe('forgot.user');
      // The session from before the reset is over, and the old password no longer works.
      callFrom(t.app, { authorization: bearer(before.access_token) });
      expect((await userUserController({})).status_code).toBe('10096');
      expect((await oauthToken({ grant_type: 'refresh_token', refresh_token: before.refresh_token })).status_code).toBe('10096');
      expect((await logIn(t, 'forgot.user', PASSWORD, { ip: newIp() })).status_code).toBe('11002');
      expect((await logIn(t, 'forgot.user', 'a-brand-new-password', { ip: newIp() })).status_code).toBe('10000');
      // The code worked once.
      callFrom(t.app, { ip: newIp() });
      expect((await passwordResetByMailApprove({ user_id: userId, mail_password_reset_token: code, password: 'yet-another-password' })).status_code).toBe('11040');
    });

    it('refuses an expired code (1 hour)', async () => {
      await registeredUser(t, 'slow.user');
      callFrom(t.app, { ip: newIp() });
      await passwordResetByMail({ mail: 'slow.user@example.com' });
      const mail = await lastMail(t.db, 'slow.user@example.com');
      const [row] = await t.db.query<{ seconds: number }>(
        "select round(extract(epoch from expires_at - created_at))::int as seconds from mail_code where user_id = $1 and purpose = 'password_reset'",
        [mail!.user_id],
      );
      expect(row.seconds).toBe(3600);
      await t.db.query("update mail_code set expires_at = now() - interval '1 second' where user_id = $1 and purpose = 'password_reset'", [mail!.user_id]);
      expect((await passwordResetByMailApprove({ user_id: mail!.user_id!, mail_password_reset_token: codeIn(mail), password: 'a-brand-new-password' })).status_code).toBe('11040');
    });

    it('an account holding admin needs 16 characters; the refusal does not use the code up', async () => {
      await t.db.query("update app_user set mail = 'admin@localhost.example' where username = 'admin' and tenant_id = (select tenant_id from tenant where domain = 'localhost')");
      callFrom(t.app, { ip: newIp(), lang: 1 });
      await passwordResetByMail({ mail: 'admin@localhost.example' });
      const mail = await lastMail(t.db, 'admin@localhost.example');
      const short = await passwordResetByMailApprove({ user_id: mail!.user_id!, mail_password_reset_token: codeIn(mail), password: 'twelve-chars' });
      expect(short).toMatchObject({ status_code: '11012', status_message: 'Password minimum 16 characters' });
      const ok = await passwordResetByMailApprove({ user_id: mail!.user_id!, mail_password_reset_token: codeIn(mail), password: TEST_ADMIN_PASSWORD });
      expect(ok.status_code).toBe('10000');
    });

    it('sends at most 3 reset mails per address an hour, answering success all the same', async () => {
      await registeredUser(t, 'many.resets');
      for (let i = 0; i < 5; i++) {
        callFrom(t.app, { ip: newIp() });
        expect((await passwordResetByMail({ mail: 'many.resets@example.com' })).status_code).toBe('10000');
      }
      const [row] = await t.db.query<{ n: number }>("select count(*)::int as n from outbox where mail_to = 'many.resets@example.com' and purpose = 'password_reset'");
      expect(row.n).toBe(3);
    });
  });

  describe('registration by an authorized person', () => {
    it('needs a login and the admin or register auth', async () => {
      const person = (name: string) => {
        const { agreements_approved: _a, ...p } = registration(name);
        return p;
      };
      callFrom(t.app, { ip: newIp() });
      expect((await registerByAuthorizedPerson(person('by.nobody'))).status_code).toBe('10008');
      callFrom(t.app, { authorization: await signInForTest(t.db, { username: 'plain.user' }) });
      expect((await registerByAuthorizedPerson(person('by.plain'))).status_code).toBe('10009');
      expect(await lastMail(t.db, 'by.plain@example.com')).toBeUndefined();
    });

    it('with register: the account is completed at once and a mail with a set-password code tells the person', async () => {
      callFrom(t.app, { authorization: await signInForTest(t.db, { username: 'registrar', authCodes: ['register'] }) });
      const { password: _p, agreements_approved: _a, ...person } = registration('new.colleague');
      const res = await registerByAuthorizedPerson({ ...person, active_lang: { label: 'en', value: 1 } });
      expect(res).toMatchObject({ status_code: '10000', is_email_eligible: true, is_username_eligible: true });
      expect(res.new_mail_id).toBeTruthy();
      const [row] = await t.db.query<{ registration_status: string; password_hash: string | null; registered_by: string }>(
        'select registration_status, password_hash, registered_by from app_user where user_id = $1',
        [res.new_user_id],
      );
      expect(row).toMatchObject({ registration_status: 'completed', password_hash: null });
      expect(row.registered_by).toBeTruthy();
      const mail = await lastMail(t.db, 'new.colleague@example.com');
      expect(mail).toMatchObject({ purpose: 'account_created' });
      expect(mail!.text_body).toContain('registrar opened an account for you');
      const set = await passwordResetByMailApprove({ user_id: res.new_user_id!, mail_password_reset_token: codeIn(mail), password: 'chosen-by-myself' });
      expect(set.status_code).toBe('10000');
      expect((await logIn(t, 'new.colleague', 'chosen-by-myself', { ip: newIp() })).status_code).toBe('10000');
    });

    it('with admin and a password: the person can log in at once; eligibility as in /register', async () => {
      const admin = await logIn(t, 'admin', TEST_ADMIN_PASSWORD, { ip: newIp() });
      callFrom(t.app, { authorization: bearer(admin.access_token), lang: 1 });
      const { agreements_approved: _a, ...person } = registration('with.password');
      expect((await registerByAuthorizedPerson(person)).status_code).toBe('10000');
      expect((await logIn(t, 'with.password', PASSWORD, { ip: newIp() })).status_code).toBe('10000');
      expect(codeIn.bind(null, await lastMail(t.db, 'with.password@example.com'))).toThrow(); // no code needed
      callFrom(t.app, { authorization: bearer(admin.access_token), lang: 1 });
      expect(await registerByAuthorizedPerson(person)).toMatchObject({ status_code: '11016', is_username_eligible: false, is_email_eligible: false });
      expect((await registerByAuthorizedPerson({ ...person, username: 'bad name' })).status_code).toBe('11013');
    });
  });

  describe('where mail goes', () => {
    it('without SMTP_URL the console shows the whole mail, approval code included', async () => {
      const printed: string[] = [];
      const app = await startTestApp(kind, { captcha: { newCode: () => 'HK3M7' }, mailer: consoleMailer((s) => printed.push(s)) });
      try {
        callFrom(app.app, { ip: newIp() });
        await register(registration('console.user'));
        await app.app.close(); // waits for the mail on its way
        const mail = await lastMail(app.db, 'console.user@example.com');
        const code = codeIn(mail);
        expect(printed.join('\n')).toContain(code);
        expect(printed.join('\n')).toContain('To: console.user@example.com');
        const [row] = await app.db.query<{ sent_at: Date | null }>('select sent_at from outbox where outbox_id = $1', [mail!.outbox_id]);
        expect(row.sent_at).toBeTruthy();
      } finally {
        await app.db.close();
      }
    });

    it('with SMTP_URL the mail goes to the SMTP server', async () => {
      const { smtp, received, close } = await fakeSmtpServer();
      const app = await startTestApp(kind, { mailer: smtpMailer(smtp) });
      try {
        callFrom(app.app, { ip: newIp() });
        await register(registration('smtp.user'));
        await app.app.close();
        expect(received.join('')).toContain('smtp.user@example.com');
        const [row] = await app.db.query<{ sent_at: Date | null; error: string | null }>("select sent_at, error from outbox where mail_to = 'smtp.user@example.com'");
        expect(row).toMatchObject({ error: null });
        expect(row.sent_at).toBeTruthy();
      } finally {
        await app.db.close();
        await close();
      }
    });

    it('unsent mail of the last day is handed over again (at start), at most 5 times', async () => {
      const { deliverOutbox } = await import('../../server/mail/outbox.ts');
      await t.db.query(
        `insert into outbox (outbox_id, purpose, mail_to, subject, text_body, attempts, created_at) values
           (gen_random_uuid(), 'register', 'retry.me@example.com', 'Retry', 'body', 1, now() - interval '1 hour'),
           (gen_random_uuid(), 'register', 'given.up@example.com', 'Retry', 'body', 5, now() - interval '1 hour'),
           (gen_random_uuid(), 'register', 'too.old@example.com', 'Retry', 'body', 0, now() - interval '2 days')`,
      );
      const sent: string[] = [];
      await deliverOutbox(t.db, { kind: 'test', send: async (m) => void sent.push(m.to) }, console);
      expect(sent).toContain('retry.me@example.com');
      expect(sent).not.toContain('given.up@example.com');
      expect(sent).not.toContain('too.old@example.com');
    });

    it('a mail the SMTP server refuses stays in the outbox with its error', async () => {
      const app = await startTestApp(kind, { mailer: smtpMailer('smtp://127.0.0.1:1') });
      try {
        callFrom(app.app, { ip: newIp() });
        expect((await register(registration('unsent.user'))).status_code).toBe('10000');
        await app.app.close();
        const [row] = await app.db.query<{ sent_at: Date | null; error: string | null; attempts: number }>("select sent_at, error, attempts from outbox where mail_to = 'unsent.user@example.com'");
        expect(row.sent_at).toBeNull();
        expect(row.error).toBeTruthy();
        expect(row.attempts).toBe(1);
      } finally {
        await app.db.close();
      }
    });
  });
});

/** A minimal SMTP server on the loopback address that accepts every mail. */
async function fakeSmtpServer(): Promise<{ smtp: string; received: string[]; close: () => Promise<void> }> {
  const { createServer } = await import('node:net');
  const received: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      for (;;) {
        const i = inData ? buffer.indexOf('\r\n.\r\n') : buffer.indexOf('\r\n');
        if (i < 0) break;
        if (inData) {
          received.push(buffer.slice(0, i));
          buffer = buffer.slice(i + 5);
          inData = false;
          socket.write('250 OK queued\r\n');
          continue;
        }
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    smtp: `smtp://127.0.0.1:${port}?from=sema@example.com`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
