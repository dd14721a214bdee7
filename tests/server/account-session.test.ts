// Logging in and sessions: the captcha, the password grant and its errors, refresh rotation and reuse, the
// idle timeout, logout, the login and session checks, tenant isolation and the external-application form of
// /oauth/token. The failed-login limits are account-login-limits.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captchaNew, dateDatetime, login, logout, oauthToken, tenantSessionSettingsSave, userUserController } from '../../src/generated/client/index.ts';
import { hashSecret } from '../../server/auth/secret-hash.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { TEST_ADMIN_PASSWORD } from './paths.ts';
import { bearer, callFrom, CAPTCHA, logIn, newIp, registeredUser, startAccountApp } from './account-helpers.ts';

const PASSWORD = 'correct-horse-42';

describe.each(databaseKinds('same-on-every-database'))('sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAccountApp(kind);
    await registeredUser(t, 'selin');
  });
  afterAll(() => t.close());

  describe('captcha', () => {
    it('serves an SVG challenge of our own, valid 5 minutes, stored only as a hash', async () => {
      callFrom(t.app);
      const res = await captchaNew({});
      expect(res).toMatchObject({ status_code: '10000', expires_in: 300, required: true });
      expect(res.image).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(res.image.split(',')[1], 'base64').toString();
      expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).not.toMatch(/<text|https?:\/\/(?!www\.w3\.org)/); // drawn as paths, nothing fetched
      const [row] = await t.db.query<{ code_hash: string }>('select code_hash from captcha_challenge where captcha_id = $1', [res.captcha_id]);
      expect(row.code_hash).not.toContain(CAPTCHA);
    });

    it('logs in with the right code (any case) and answers Bearer tokens of 900 seconds', async () => {
      callFrom(t.app, { ip: newIp() });
      const challenge = await captchaNew({});
      const res = await oauthToken({ username: 'SELIN', password: PASSWORD, captcha_id: challenge.captcha_id, captcha_code: CAPTCHA.toLowerCase() });
      expect(res).toMatchObject({ status_code: '10000', token_type: 'Bearer', expires_in: 900 });
      expect(res.access_token.length).toBeGreaterThanOrEqual(32);
      expect(res.refresh_token).not.toBe(res.access_token);
      // Only hashes are stored.
      const rows = await t.db.query('select 1 from session_token where token_hash in ($1, $2)', [res.access_token, res.refresh_token]);
      expect(rows).toHaveLength(0);
      expect(await t.db.query('select 1 from session_token where token_hash = $1', [hashSecret(res.access_token)])).toHaveLength(1);
    });

    it('answers "Code is incorrect" for a wrong, missing, used or unknown challenge, in both languages', async () => {
      const ip = newIp();
      callFrom(t.app, { ip, lang: 1 });
      const challenge = await captchaNew({});
      const wrong = await oauthToken({ username: 'selin', password: PASSWORD, captcha_id: challenge.captcha_id, captcha_code: 'XXXXX' });
      expect(wrong).toMatchObject({ status_code: '11001', status_message: 'Code is incorrect', http_status: 400 });
      // One attempt per challenge: the right code on a used challenge is refused too.
      callFrom(t.app, { ip, lang: 0 });
      const reused = await oauthToken({ username: 'selin', password: PASSWORD, captcha_id: challenge.captcha_id, captcha_code: CAPTCHA });
      expect(reused).toMatchObject({ status_code: '11001', status_message: 'Kod hatalı' });
      expect((await oauthToken({ username: 'selin', password: PASSWORD })).status_code).toBe('11001');
      expect((await oauthToken({ username: 'selin', password: PASSWORD, captcha_id: crypto.randomUUID(), captcha_code: CAPTCHA })).status_code).toBe('11001');
    });

    it('refuses an expired challenge', async () => {
      callFrom(t.app, { ip: newIp() });
      const challenge = await captchaNew({});
      await t.db.query("update captcha_challenge set expires_at = now() - interval '1 second' where captcha_id = $1", [challenge.captcha_id]);
      expect((await oauthToken({ username: 'selin', password: PASSWORD, captcha_id: challenge.captcha_id, captcha_code: CAPTCHA })).status_code).toBe('11001');
    });

    it('with SEMA_CAPTCHA=off (captcha.required false) the challenge says so and logins need none', async () => {
      const off = await startTestApp(kind, { captcha: { required: false } });
      try {
        callFrom(off.app);
        expect((await captchaNew({})).required).toBe(false);
        const res = await oauthToken({ username: 'admin', password: TEST_ADMIN_PASSWORD });
        expect(res.status_code).toBe('10000');
      } finally {
        await off.close();
      }
    });
  });

  describe('credentials', () => {
    it('answers the same "Username or password error" for a wrong password and an unknown user', async () => {
      const en = await logIn(t, 'selin', 'wrong-password', { ip: newIp(), lang: 1 });
      expect(en).toMatchObject({ status_code: '11002', status_message: 'Username or password error', http_status: 401 });
      const tr = await logIn(t, 'nobody.here', PASSWORD, { ip: newIp(), lang: 0 });
      expect(tr).toMatchObject({ status_code: '11002', status_message: 'Kullanıcı adı veya parola hatalı' });
      expect(en).not.toHaveProperty('errors'); // no field named
    });

    it('answers login_failed for a malformed username too, never naming the field', async () => {
      callFrom(t.app, { ip: newIp(), lang: 1 });
      const res = await oauthToken({ username: 'x y', password: PASSWORD, captcha_id: crypto.randomUUID(), captcha_code: CAPTCHA });
      expect(res.status_code).toBe('11002');
    });

    it('a password login without a username says "Username cannot be empty"', async () => {
      callFrom(t.app, { ip: newIp(), lang: 1 });
      const res = await oauthToken({ password: PASSWORD } as never);
      expect(res).toMatchObject({ status_code: '11003', status_message: 'Username cannot be empty' });
    });

    it('keeps tenants apart: a localhost user cannot log in on clinical.localhost', async () => {
      const res = await logIn(t, 'selin', PASSWORD, { host: 'clinical.localhost', ip: newIp() });
      expect(res.status_code).toBe('11002');
      const ok = await logIn(t, 'selin', PASSWORD, { ip: newIp() });
      callFrom(t.app, { host: 'clinical.localhost', authorization: bearer(ok.access_token) });
      expect((await userUserController({})).status_code).toBe('10096');
    });

    it('tells a waiting registration to approve its mail, only after the right password', async () => {
      const { register } = await import('../../src/generated/client/index.ts');
      const { registration } = await import('./account-helpers.ts');
      callFrom(t.app, { ip: newIp() });
      expect((await register(registration('waiting.user'))).status_code).toBe('10000');
      expect((await logIn(t, 'waiting.user', 'not-the-password', { ip: newIp() })).status_code).toBe('11002');
      expect((await logIn(t, 'waiting.user', PASSWORD, { ip: newIp() })).status_code).toBe('11041');
    });

    it('accepts the clinical fields: client id and secret are not checked, scope wisdom is answered back', async () => {
      callFrom(t.app, { ip: newIp() });
      const challenge = await captchaNew({});
      const res = await oauthToken({
        grant_type: 'password',
        client_id: 'sema-clinical',
        client_secret: 'public-constant',
        scope: 'wisdom',
        username: 'selin',
        password: PASSWORD,
        captcha_id: challenge.captcha_id,
        captcha_code: CAPTCHA,
      });
      expect(res).toMatchObject({ status_code: '10000', scope: 'wisdom' });
      const renewed = await oauthToken({ grant_type: 'refresh_token', refresh_token: res.refresh_token });
      expect(renewed).toMatchObject({ status_code: '10000', scope: 'wisdom' });
      expect((await oauthToken({ username: 'selin', password: PASSWORD, scope: 'other' as never })).status_code).toBe('10001');
    });
  });

  describe('login check, session check and refresh', () => {
    it('the login check answers the user and auth codes and records the login in the audit trail', async () => {
      const res = await logIn(t, 'admin', TEST_ADMIN_PASSWORD, { ip: newIp() });
      callFrom(t.app, { authorization: bearer(res.access_token) });
      const checked = await login({});
      expect(checked.status_code).toBe('10000');
      expect(checked.user).toMatchObject({ username: 'admin', registration_status: 'completed', is_active: { value: 1 }, active_lang: { label: 'tr', value: 0 } });
      expect(checked.user).not.toHaveProperty('mail'); // the seeded admin has none
      expect(checked.auth_code_list).toContain('admin');
      const controller = await userUserController({});
      expect(controller.user).toEqual(checked.user);
      const audit = await t.db.query<{ route_name: string; username: string; record_id: string }>(
        "select route_name, username, record_id from audit_record where route_name = 'login' order by occurred_at desc limit 1",
      );
      expect(audit[0]).toMatchObject({ route_name: 'login', username: 'admin', record_id: checked.user.user_client_id });
    });

    it('rotates the refresh token: the new pair works, the old refresh token is spent', async () => {
      const first = await logIn(t, 'selin', PASSWORD, { ip: newIp() });
      callFrom(t.app);
      const second = await oauthToken({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
      expect(second).toMatchObject({ status_code: '10000', token_type: 'Bearer', expires_in: 900 });
      expect(second.refresh_token).not.toBe(first.refresh_token);
      callFrom(t.app, { authorization: bearer(second.access_token) });
      expect((await userUserController({})).status_code).toBe('10000');
      const [family] = await t.db.query<{ n: number }>(
        'select count(distinct family_id)::int as n from session_token where token_hash = any($1)',
        [[first.access_token, second.access_token].map(hashSecret)],
      );
      expect(family.n).toBe(1);
    });

    it('a reused refresh token revokes the whole login: both new tokens then end (…096)', async () => {
      const first = await logIn(t, 'selin', PASSWORD, { ip: newIp() });
      callFrom(t.app);
      const second = await oauthToken({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
      const stolen = await oauthToken({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
      expect(stolen).toMatchObject({ status_code: '10096', http_status: 401 });
      expect((await oauthToken({ grant_type: 'refresh_token', refresh_token: second.refresh_token })).status_code).toBe('10096');
      callFrom(t.app, { authorization: bearer(second.access_token) });
      expect((await userUserController({})).status_code).toBe('10096');
      callFrom(t.app, { authorization: bearer(first.access_token) });
      expect((await dateDatetime({})).status_code).toBe('10096');
    });

    it('refuses an unknown or expired refresh token with 10096', async () => {
      callFrom(t.app);
      expect((await oauthToken({ grant_type: 'refresh_token', refresh_token: 'not-a-real-refresh-token-at-all' })).status_code).toBe('10096');
      const res = await logIn(t, 'selin', PASSWORD, { ip: newIp() });
      await t.db.query("update session_token set expires_at = now() - interval '1 second' where token_hash = $1", [hashSecret(res.refresh_token)]);
      callFrom(t.app);
      expect((await oauthToken({ grant_type: 'refresh_token', refresh_token: res.refresh_token })).status_code).toBe('10096');
    });

    it('an expired access token ends the session (…096) while its refresh token still renews it', async () => {
      const res = await logIn(t, 'selin', PASSWORD, { ip: newIp() });
      await t.db.query("update session_token set expires_at = now() - interval '1 second' where token_hash = $1", [hashSecret(res.access_token)]);
      callFrom(t.app, { authorization: bearer(res.access_token) });
      expect((await userUserController({})).status_code).toBe('10096');
      callFrom(t.app);
      const renewed = await oauthToken({ grant_type: 'refresh_token', refresh_token: res.refresh_token });
      expect(renewed.status_code).toBe('10000');
    });
  });

  describe('idle timeout', () => {
    // Time passes for the process too, not only in the records the SQL below moves back: a signed-in caller
    // kept in memory (server/auth/caller-cache.ts, at most 30 s) lapses and the token is checked again.
    const later = (seconds: number) => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + seconds * 1000 });
    afterEach(() => vi.useRealTimers());

    it("ends a login idle for longer than the site's idle time: its access token and its refresh token get 10096", async () => {
      const res = await logIn(t, 'selin', PASSWORD, { ip: newIp() });
      callFrom(t.app, { authorization: bearer(res.access_token) });
      expect((await userUserController({})).status_code).toBe('10000');
      // One hour by default: 59 idle minutes are fine, 61 are not.
      await t.db.query("update session_token set last_used_at = now() - interval '59 minutes' where token_hash = $1", [hashSecret(res.access_token)]);
      later(31);
      expect((await userUserController({})).status_code).toBe('10000'); // and this call slides the window
      await t.db.query("update session_token set last_used_at = now() - interval '61 minutes' where token_hash = $1", [hashSecret(res.access_token)]);
      later(62);
      expect((await userUserController({})).status_code).toBe('10096');
      callFrom(t.app);
      expect((await oauthToken({ grant_type: 'refresh_token', refresh_token: res.refresh_token })).status_code).toBe('10096');
    });

    it('writes a token\'s last use at most every 30 seconds: the calls of a busy client only read their session', async () => {
      const res = await logIn(t, 'selin', PASSWORD, { ip: newIp() });
      const token = [hashSecret(res.access_token)];
      const lastUse = async () => (await t.db.query<{ last_used_at: Date }>('select last_used_at from session_token where token_hash = $1', token))[0].last_used_at.getTime();
      callFrom(t.app, { authorization: bearer(res.access_token) });
      await t.db.query("update session_token set last_used_at = now() - interval '20 seconds' where token_hash = $1", token);
      const recent = await lastUse();
      expect((await userUserController({})).status_code).toBe('10000');
      expect(await lastUse()).toBe(recent);
      await t.db.query("update session_token set last_used_at = now() - interval '40 seconds' where token_hash = $1", token);
      const stale = await lastUse();
      // Within the 30 s the caller is kept, a call reads nothing and writes nothing.
      expect((await userUserController({})).status_code).toBe('10000');
      expect(await lastUse()).toBe(stale);
      later(31);
      expect((await userUserController({})).status_code).toBe('10000');
      expect(await lastUse()).toBeGreaterThan(stale + 30_000);
    });

    it('a refresh is not activity: the new access token inherits the login\'s last activity', async () => {
      const res = await logIn(t, 'selin', PASSWORD, { ip: newIp() });
      await t.db.query("update session_token set last_used_at = now() - interval '50 minutes' where token_hash = $1", [hashSecret(res.access_token)]);
      callFrom(t.app);
      const renewed = await oauthToken({ grant_type: 'refresh_token', refresh_token: res.refresh_token });
      expect(renewed.status_code).toBe('10000');
      // 11 more idle minutes make 61: over, though the new token was made "just now".
      await t.db.query("update session_token set last_used_at = last_used_at - interval '11 minutes' where token_hash = any($1)", [[res.access_token, renewed.access_token].map(hashSecret)]);
      callFrom(t.app, { authorization: bearer(renewed.access_token) });
      expect((await userUserController({})).status_code).toBe('10096');
    });

    it("follows the site's idle time set by its admin", async () => {
      const admin = await logIn(t, 'admin', TEST_ADMIN_PASSWORD, { ip: newIp() });
      const user = await logIn(t, 'selin', PASSWORD, { ip: newIp() });
      callFrom(t.app, { authorization: bearer(admin.access_token) });
      expect((await tenantSessionSettingsSave({ session_settings: { idle_session_minutes: 5 } })).status_code).toBe('10000');
      try {
        await t.db.query("update session_token set last_used_at = now() - interval '6 minutes' where token_hash = $1", [hashSecret(user.access_token)]);
        callFrom(t.app, { authorization: bearer(user.access_token) });
        expect((await userUserController({})).status_code).toBe('10096');
      } finally {
        callFrom(t.app, { authorization: bearer(admin.access_token) });
        expect((await tenantSessionSettingsSave({ session_settings: { idle_session_minutes: 60 } })).status_code).toBe('10000');
      }
    });
  });

  describe('logout', () => {
    it('revokes the presented access token\'s login and the refresh token, and always succeeds', async () => {
      const res = await logIn(t, 'selin', PASSWORD, { ip: newIp() });
      const other = await logIn(t, 'selin', PASSWORD, { ip: newIp() });
      callFrom(t.app, { authorization: bearer(res.access_token) });
      expect((await logout({})).status_code).toBe('10000');
      expect((await userUserController({})).status_code).toBe('10096');
      callFrom(t.app);
      expect((await oauthToken({ grant_type: 'refresh_token', refresh_token: res.refresh_token })).status_code).toBe('10096');
      // Another login of the same user goes on.
      callFrom(t.app, { authorization: bearer(other.access_token) });
      expect((await userUserController({})).status_code).toBe('10000');
      // A stale token, a refresh token alone, or nothing at all: still success.
      callFrom(t.app, { authorization: bearer(res.access_token) });
      expect((await logout({})).status_code).toBe('10000');
      callFrom(t.app);
      expect((await logout({ refresh_token: other.refresh_token })).status_code).toBe('10000');
      callFrom(t.app, { authorization: bearer(other.access_token) });
      expect((await userUserController({})).status_code).toBe('10096');
      callFrom(t.app, { authorization: 'Bearer never-issued-token-123' });
      expect((await logout({})).status_code).toBe('10000');
    });

    it("ends an expired access token's login too (its refresh token no longer renews)", async () => {
      const res = await logIn(t, 'selin', PASSWORD, { ip: newIp() });
      await t.db.query("update session_token set expires_at = now() - interval '1 second' where token_hash = $1", [hashSecret(res.access_token)]);
      callFrom(t.app, { authorization: bearer(res.access_token) });
      expect((await logout({})).status_code).toBe('10000');
      callFrom(t.app);
      expect((await oauthToken({ grant_type: 'refresh_token', refresh_token: res.refresh_token })).status_code).toBe('10096');
    });
  });

  describe('external-application form', () => {
    async function accessKeyToken(username: string): Promise<{ key: string; token: string }> {
      const [tenant] = await t.db.query<{ tenant_id: string }>("select tenant_id from tenant where domain = 'localhost'");
      const [user] = await t.db.query<{ user_id: string }>('select user_id from app_user where tenant_id = $1 and username = $2', [tenant.tenant_id, username]);
      const appId = crypto.randomUUID();
      const keyId = crypto.randomUUID();
      const key = `app-key-${appId.slice(0, 8)}`;
      const token = `access-key-token-${crypto.randomUUID()}`;
      await t.db.query(
        `insert into external_application (externalapplication_client_id, tenant_id, externalapplication_name, key_hash, externalapplication_url)
         values ($1, $2, 'Partner', $3, 'https://partner.example.com')`,
        [appId, tenant.tenant_id, hashSecret(key)],
      );
      await t.db.query(
        `insert into access_key (access_key_client_id, tenant_id, user_id, externalapplication_client_id, key_hash, url) values ($1, $2, $3, $4, $5, 'https://partner.example.com')`,
        [keyId, tenant.tenant_id, user.user_id, appId, hashSecret(`user-key-${keyId}`)],
      );
      await t.db.query(`insert into access_key_token (token_hash, tenant_id, access_key_client_id, expires_at) values ($1, $2, $3, now() + interval '1 hour')`, [
        hashSecret(token),
        tenant.tenant_id,
        keyId,
      ]);
      return { key, token };
    }

    it("logs the access key's user in without a captcha, and the session remembers the key", async () => {
      const { key, token } = await accessKeyToken('selin');
      callFrom(t.app, { ip: newIp() });
      const res = await oauthToken({ externalapplication_key: key, access_key_token: token });
      expect(res).toMatchObject({ status_code: '10000', token_type: 'Bearer' });
      const [row] = await t.db.query<{ access_key_client_id: string | null }>('select access_key_client_id from session_token where token_hash = $1', [hashSecret(res.access_token)]);
      expect(row.access_key_client_id).toBeTruthy();
      callFrom(t.app, { authorization: bearer(res.access_token) });
      expect((await userUserController({})).user.username).toBe('selin');
    });

    it('a password login through an external application remembers its access key when the token is the same user\'s', async () => {
      const { key, token } = await accessKeyToken('selin');
      callFrom(t.app, { ip: newIp() });
      const challenge = await captchaNew({});
      const res = await oauthToken({ username: 'selin', password: PASSWORD, externalapplication_key: key, access_key_token: token, captcha_id: challenge.captcha_id, captcha_code: CAPTCHA });
      expect(res.status_code).toBe('10000');
      const [row] = await t.db.query<{ access_key_client_id: string | null }>('select access_key_client_id from session_token where token_hash = $1', [hashSecret(res.access_token)]);
      expect(row.access_key_client_id).toBeTruthy();
    });

    it('/register through an application that takes registrations records it; an unknown key is a registration error', async () => {
      const { register } = await import('../../src/generated/client/index.ts');
      const { registration } = await import('./account-helpers.ts');
      const { key } = await accessKeyToken('selin');
      callFrom(t.app, { ip: newIp(), lang: 1 });
      expect(await register(registration('via.app', { externalapplication_key: key }))).toMatchObject({ status_code: '11018', status_message: 'Registration error' });
      await t.db.query('update external_application set external_application_for_register = true where key_hash = $1', [hashSecret(key)]);
      const res = await register(registration('via.app', { externalapplication_key: key }));
      expect(res.status_code).toBe('10000');
      expect(res).not.toHaveProperty('new_access_id');
      const [row] = await t.db.query<{ registered_through_application: string | null }>('select registered_through_application from app_user where user_id = $1', [res.new_user_id]);
      expect(row.registered_through_application).toBeTruthy();
    });

    it('refuses a wrong token or key with login_failed, and a token of another user beside a password', async () => {
      const { key, token } = await accessKeyToken('selin');
      callFrom(t.app, { ip: newIp() });
      expect((await oauthToken({ externalapplication_key: key, access_key_token: `${token}x` })).status_code).toBe('11002');
      expect((await oauthToken({ externalapplication_key: 'another-key', access_key_token: token })).status_code).toBe('11002');
      expect((await logIn(t, 'admin', TEST_ADMIN_PASSWORD, { ip: newIp() })).status_code).toBe('10000');
      callFrom(t.app, { ip: newIp() });
      const challenge = await captchaNew({});
      const mixed = await oauthToken({ username: 'admin', password: TEST_ADMIN_PASSWORD, externalapplication_key: key, access_key_token: token, captcha_id: challenge.captcha_id, captcha_code: CAPTCHA });
      expect(mixed.status_code).toBe('11002');
    });
  });
});
