// Profiles and settings: the public profile, the own record (and an admin editing others of the site), the
// user search, user settings and the site's session settings. Also: no secret in logs or the audit trail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captchaNew,
  oauthToken,
  register,
  tenantSessionSettingsGet,
  tenantSessionSettingsSave,
  userGet,
  userRecord,
  userSearch,
  userSettingsGet,
  userSettingsSave,
  userUserController,
} from '../../src/generated/client/index.ts';
import { captchaSvg, CAPTCHA_ALPHABET, newCaptchaCode } from '../../server/auth/captcha.ts';
import { outboxOnlyMailer } from '../../server/mail/mailer.ts';
import { databaseKinds, signInForTest, startTestApp, type TestApp } from './harness.ts';
import { bearer, callFrom, CAPTCHA, codeIn, lastMail, logIn, newIp, registeredUser, registration, startAccountApp } from './account-helpers.ts';

const PASSWORD = 'correct-horse-42';

describe.each(databaseKinds('same-on-every-database'))('profiles and settings on %s', (kind) => {
  let t: TestApp;
  let ayla: string;
  let aylaId: string;
  beforeAll(async () => {
    t = await startAccountApp(kind);
    aylaId = await registeredUser(t, 'ayla', {}, { firstname: 'Ayla', lastname: 'Demir', mail: 'ayla.private@example.com' });
    ayla = bearer((await logIn(t, 'ayla', PASSWORD, { ip: newIp() })).access_token);
  });
  afterAll(() => t.close());

  describe('user/get (no login): the public profile only', () => {
    it('answers names and profile fields, never the mail, gender or birth date', async () => {
      callFrom(t.app, { authorization: ayla });
      await userRecord({ user_data: { firstname: 'Ayla', lastname: 'Demir', date_of_birth: '1991-02-03', about_me: ['Analyst.'], website: 'https://ayla.example.com' } });
      callFrom(t.app);
      const res = await userGet({ username: 'AYLA' });
      expect(res.status_code).toBe('10000');
      expect(res.user).toEqual({ user_client_id: aylaId, username: 'ayla', firstname: 'Ayla', lastname: 'Demir', about_me: ['Analyst.'], website: 'https://ayla.example.com' });
      expect(JSON.stringify(res)).not.toContain('ayla.private');
    });

    it('does not show unknown users, waiting registrations or another site\'s users', async () => {
      callFrom(t.app, { ip: newIp() });
      await register(registration('still.waiting'));
      callFrom(t.app, { lang: 1 });
      expect(await userGet({ username: 'still.waiting' })).toMatchObject({ status_code: '10016', status_message: 'There is no user with this id on this site.' });
      expect((await userGet({ username: 'nobody' })).status_code).toBe('10016');
      callFrom(t.app, { host: 'clinical.localhost' });
      expect((await userGet({ username: 'ayla' })).status_code).toBe('10016');
    });
  });

  describe('user/record', () => {
    it('saves the own profile: absent profile fields are cleared, gender and language kept', async () => {
      callFrom(t.app, { authorization: ayla });
      const full = await userRecord({
        user_data: { firstname: 'Ayla', lastname: 'Demir', gender: 'female', active_lang: { label: 'en', value: 1 }, twitter: 'ayla', about_me: ['One', 'Two'] },
      });
      expect(full.status_code).toBe('10000');
      expect(full.user_wdmr).toMatchObject({ username: 'ayla', mail: 'ayla.private@example.com', gender: 'female', twitter: 'ayla', about_me: ['One', 'Two'], active_lang: { label: 'en', value: 1 } });
      const trimmed = await userRecord({ user_data: { firstname: 'Ayla Nur', lastname: 'Demir' } });
      expect(trimmed.user_wdmr).toMatchObject({ firstname: 'Ayla Nur', gender: 'female', active_lang: { value: 1 } });
      expect(trimmed.user_wdmr).not.toHaveProperty('twitter');
      expect(trimmed.user_wdmr).not.toHaveProperty('about_me');
      expect((await userUserController({})).user.firstname).toBe('Ayla Nur');
    });

    it('answers the spec message for an empty first name, and changes nothing', async () => {
      callFrom(t.app, { authorization: ayla, lang: 0 });
      const res = await userRecord({ user_data: { firstname: '', lastname: 'Demir' } });
      expect(res).toMatchObject({ status_code: '11007', status_message: 'Lütfen adınızı yazın' });
      expect((await userUserController({})).user.firstname).toBe('Ayla Nur');
    });

    it("refuses another user's record to a non-admin", async () => {
      const otherId = await registeredUser(t, 'other.person');
      callFrom(t.app, { authorization: ayla, lang: 1 });
      const res = await userRecord({ user_client_id: otherId, user_data: { firstname: 'Hacked', lastname: 'Name' } });
      expect(res).toMatchObject({ status_code: '10009', http_status: 403 });
      const [row] = await t.db.query<{ firstname: string }>('select firstname from app_user where user_id = $1', [otherId]);
      expect(row.firstname).toBe('Deniz');
    });

    it('lets the admin edit another user of the site, not of another site', async () => {
      const otherId = await registeredUser(t, 'edited.person');
      callFrom(t.app, { authorization: await signInForTest(t.db, { username: 'admin' }) });
      const res = await userRecord({ user_client_id: otherId, user_data: { firstname: 'Edited', lastname: 'Person' } });
      expect(res).toMatchObject({ status_code: '10000', user_wdmr: { user_client_id: otherId, firstname: 'Edited' } });
      const [clinicalAdmin] = await t.db.query<{ user_id: string }>(
        "select u.user_id from app_user u join tenant t on t.tenant_id = u.tenant_id where t.domain = 'clinical.localhost' and u.username = 'admin'",
      );
      expect((await userRecord({ user_client_id: clinicalAdmin.user_id, user_data: { firstname: 'X', lastname: 'Y' } })).status_code).toBe('10016');
    });

    it('needs a login', async () => {
      callFrom(t.app);
      expect((await userRecord({ user_data: { firstname: 'A', lastname: 'B' } })).status_code).toBe('10008');
    });
  });

  describe('user/search', () => {
    it('finds by username, first or last name (case-insensitive), never by mail, only completed users of the site', async () => {
      await registeredUser(t, 'kemal.ozturk', {}, { firstname: 'Kemal', lastname: 'Yıldız', mail: 'unique-mailbox@example.com' });
      callFrom(t.app, { authorization: ayla });
      expect((await userSearch({ search: 'KEMAL' })).user_list.map((u) => u.username)).toEqual(['kemal.ozturk']);
      expect((await userSearch({ search: 'yıldız' })).user_list.map((u) => u.username)).toContain('kemal.ozturk');
      const byMail = await userSearch({ search: 'unique-mailbox' });
      expect(byMail).toMatchObject({ status_code: '10000', total: 0, user_list: [] });
      expect((await userSearch({ search: 'still.waiting' })).total).toBe(0);
      const answer = JSON.stringify(await userSearch({ search: 'kemal' }));
      expect(answer).not.toContain('@');
      callFrom(t.app, { host: 'clinical.localhost', authorization: await signInForTest(t.db, { username: 'clin', domain: 'clinical.localhost' }) });
      expect((await userSearch({ search: 'kemal' })).total).toBe(0);
    });

    it('pages and sorts; % and _ are plain text', async () => {
      for (const n of ['pager.a', 'pager.b', 'pager.c']) await registeredUser(t, n);
      callFrom(t.app, { authorization: ayla });
      const page = await userSearch({ search: 'pager', sort: '-username', page: 2, page_size: 2 });
      expect(page).toMatchObject({ total: 3, page: 2, page_size: 2 });
      expect(page.user_list.map((u) => u.username)).toEqual(['pager.a']);
      expect((await userSearch({ search: '%%' })).total).toBe(0);
      expect((await userSearch({ search: 'a' })).status_code).toBe('10001'); // at least 2 characters
    });
  });

  describe('user settings', () => {
    it('reads the own settings (currency defaults to the site\'s) and saves them', async () => {
      callFrom(t.app, { authorization: ayla });
      const res = await userSettingsGet({});
      expect(res.user_settings).toEqual({ active_lang: 1, user_currency_type: 0, mail_notification: true });
      const saved = await userSettingsSave({ user_settings: { active_lang: 0, user_currency_type: 1, mail_notification: false } });
      expect(saved.user_settings).toEqual({ active_lang: 0, user_currency_type: 1, mail_notification: false });
      expect((await userSettingsGet({})).user_settings).toEqual(saved.user_settings);
      expect((await userUserController({})).user.active_lang).toEqual({ label: 'tr', value: 0 });
    });
  });

  describe("the site's session settings", () => {
    it('any signed-in user reads the idle time (60 minutes by default); only admin saves it, within 5 min .. 24 h', async () => {
      callFrom(t.app, { authorization: ayla });
      expect((await tenantSessionSettingsGet({})).session_settings).toEqual({ idle_session_minutes: 60 });
      expect((await tenantSessionSettingsSave({ session_settings: { idle_session_minutes: 30 } })).status_code).toBe('10009');
      callFrom(t.app, { authorization: await signInForTest(t.db, { username: 'admin' }) });
      expect((await tenantSessionSettingsSave({ session_settings: { idle_session_minutes: 4 } })).status_code).toBe('10001');
      expect((await tenantSessionSettingsSave({ session_settings: { idle_session_minutes: 1441 } })).status_code).toBe('10001');
      expect((await tenantSessionSettingsSave({ session_settings: { idle_session_minutes: 1440 } })).session_settings).toEqual({ idle_session_minutes: 1440 });
      const [row] = await t.db.query<{ session_idle_seconds: number }>("select session_idle_seconds from tenant where domain = 'localhost'");
      expect(row.session_idle_seconds).toBe(86400);
      // The other site keeps its own.
      const [clinical] = await t.db.query<{ session_idle_seconds: number }>("select session_idle_seconds from tenant where domain = 'clinical.localhost'");
      expect(clinical.session_idle_seconds).toBe(3600);
      expect((await tenantSessionSettingsSave({ session_settings: { idle_session_minutes: 60 } })).status_code).toBe('10000');
    });
  });
});

describe('secrets stay out of logs and the audit trail', () => {
  it('a full register → approve → login → refresh run logs no password, code or token', async () => {
    const lines: string[] = [];
    const t = await startTestApp('pglite', {
      captcha: { newCode: () => CAPTCHA },
      mailer: outboxOnlyMailer,
      logger: { level: 'trace', redact: ['req.headers.authorization'], stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const userId = await registeredUser(t, 'secret.keeper');
      const mailCode = codeIn(await lastMail(t.db, 'secret.keeper@example.com'));
      callFrom(t.app, { ip: newIp() });
      const challenge = await captchaNew({});
      const tokens = await oauthToken({ username: 'secret.keeper', password: PASSWORD, captcha_id: challenge.captcha_id, captcha_code: CAPTCHA });
      callFrom(t.app, { authorization: bearer(tokens.access_token) });
      await userUserController({});
      callFrom(t.app);
      const renewed = await oauthToken({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
      expect(renewed.status_code).toBe('10000');
      const logged = lines.join('\n');
      expect(lines.length).toBeGreaterThan(5);
      for (const secret of [PASSWORD, mailCode, tokens.access_token, tokens.refresh_token, renewed.access_token, CAPTCHA]) expect(logged).not.toContain(secret);
      const audit = JSON.stringify(await t.db.query('select * from audit_record'));
      for (const secret of [PASSWORD, mailCode, tokens.access_token, tokens.refresh_token]) expect(audit).not.toContain(secret);
      expect(audit).toContain(userId);
      const oauth = await t.db.query<{ changed_fields: string[]; status_code: string }>("select changed_fields, status_code from audit_record where route_name = 'oauth_token' order by occurred_at limit 1");
      expect(oauth[0]).toMatchObject({ status_code: '10000', changed_fields: ['captcha_code', 'captcha_id', 'password', 'username'] });
    } finally {
      await t.close();
    }
  });
});

describe('captcha drawing', () => {
  it('draws every character of its alphabet, and codes use only those', () => {
    for (const ch of CAPTCHA_ALPHABET) expect(captchaSvg(ch.repeat(5))).toMatch(/<path d="M/);
    for (let i = 0; i < 50; i++) expect(newCaptchaCode()).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{5}$`));
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0O1I2Z5S8B]/);
  });
});
