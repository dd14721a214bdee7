// External applications, access keys and their tokens: keys at most 32 characters, shown once, stored
// hashed, never answered; ownership per user and per creator; tenant isolation; the token check and the
// lookup behind /v1/oauth/token's external-application form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  externalapplicationTokenCheck,
  oauthToken,
  registerExternalapplication,
  registerExternalapplicationList,
  userAccesskeyRecord,
  userAccesskeyTokenCreate,
  userExternalapplicationGet,
  userExternalapplicationList,
  userExternalapplicationRecord,
  userGetByAccessKey,
} from '../../src/generated/client/index.ts';
import { hashSecret } from '../../server/auth/secret-hash.ts';
import { userOfAccessKeyToken } from '../../server/auth/access-keys.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, tenantIdOf, type Actor } from './support/actors.ts';

const APP = { externalapplication_name: 'Sema Klinik', externalapplication_url: 'https://klinik.example.com.tr', externalapplication_route: '/auth/callback' };

describe.each(databaseKinds('same-on-every-database'))('external applications on %s', (kind) => {
  let t: TestApp;
  let admin: Actor;
  let ayse: Actor;
  let tenantId: string;
  /** The keys the server made for the suite's applications (answered once, at creation or renewal). */
  let semaKey: string;
  let makerKey: string;
  let rotatingKey: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    tenantId = await tenantIdOf(t.db);
    admin = await actor(t, 'admin');
    ayse = await actor(t, 'ayse');
  });
  afterAll(() => t.close());

  describe('user/externalapplication/record', () => {
    it('makes the key itself, answers it this once, stores only its hash and never answers it again', async () => {
      admin.use();
      const res = await userExternalapplicationRecord({ ...APP, register_in_this_application_status: 1, external_application_for_register: true });
      expect(res.status_code).toBe('10000');
      semaKey = res.new_externalapplication_key!;
      expect(semaKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(res.external_application).toMatchObject({ ...APP, register_in_this_application_status: 1, external_application_for_register: true, user_client_id: admin.userId });
      const [row] = await t.db.query<{ key_hash: string }>('select key_hash from external_application where externalapplication_client_id = $1', [
        res.external_application.externalapplication_client_id,
      ]);
      expect(row.key_hash).toBe(hashSecret(semaKey));
      const audit = await t.db.query<{ row: string }>("select a::text as row from audit_record a where route_name = 'user_externalapplication_record'");
      expect(audit.length).toBeGreaterThan(0);
      expect(audit.map((a) => a.row).join()).not.toContain(semaKey);
      const read = await userExternalapplicationList({ search: 'klinik' });
      expect(JSON.stringify(read)).not.toContain(semaKey);
    });

    it('makes a 32-character key when none is given and shows it this once', async () => {
      admin.use();
      const res = await userExternalapplicationRecord({ ...APP, externalapplication_name: 'Survey Studio' });
      expect(res.new_externalapplication_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const list = await userExternalapplicationList({ search: 'survey' });
      expect(list.external_application_list).toHaveLength(1);
      expect(JSON.stringify(list)).not.toContain(res.new_externalapplication_key!);
      // The key works: a user can bind an access key to the application with it.
      ayse.use();
      expect((await userAccesskeyRecord({ url: 'https://survey.example.org', externalapplication_key: res.new_externalapplication_key! })).status_code).toBe('10000');
    });

    it('takes no key from the caller (so none can be probed for), and answers a key longer than 32 characters with the spec\'s message where one is sent', async () => {
      const before = await snapshot(t.db);
      admin.use();
      // A key another application has was refused as taken, which told the caller it exists: a key is not taken at all.
      const chosen = await userExternalapplicationRecord({ ...APP, externalapplication_key: semaKey } as never);
      expect(chosen).toMatchObject({ status_code: '10001', errors: [{ field: 'externalapplication_key' }] });
      expect(chosen.status_message).not.toContain('another application');
      expect((await userExternalapplicationRecord({ ...APP, externalapplication_url: 'javascript:alert(1)' })).status_code).toBe('10001');
      ayse.use();
      const en = await userAccesskeyRecord({ url: 'https://a.example', externalapplication_key: 'k'.repeat(40) });
      expect(en).toMatchObject({ status_code: '11014', status_message: 'Maximum key character count is 32' });
      ayse.use({ lang: 0 });
      const tr = await userAccesskeyRecord({ url: 'https://a.example', externalapplication_key: 'k'.repeat(40) });
      expect(tr.status_code).toBe('11014');
      expect(tr.status_message).not.toBe(en.status_message);
      expect((await registerExternalapplication({ access_key: 'a'.repeat(33), externalapplication_key: 'b' })).status_code).toBe('11014');
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('lets an external_application_add holder manage only the applications they created', async () => {
      const maker = await actor(t, 'maker', { authCodes: ['external_application_add'] });
      maker.use();
      const own = await userExternalapplicationRecord({ ...APP, externalapplication_name: 'Maker App' });
      expect(own.status_code).toBe('10000');
      makerKey = own.new_externalapplication_key!;
      const list = await userExternalapplicationList({});
      expect(list.external_application_list.map((a) => a.externalapplication_name)).toEqual(['Maker App']);
      expect(list.total).toBe(1);
      const update = await userExternalapplicationRecord({ ...APP, externalapplication_client_id: own.external_application.externalapplication_client_id, externalapplication_name: 'Maker App 2' });
      expect(update.external_application.externalapplication_name).toBe('Maker App 2');
      // The admin's application: refused as if it did not exist.
      admin.use();
      const adminApps = await userExternalapplicationList({ page_size: 100 });
      expect(adminApps.total).toBeGreaterThanOrEqual(3);
      const adminApp = adminApps.external_application_list.find((a) => a.externalapplication_name === 'Sema Klinik')!;
      maker.use();
      const before = await snapshot(t.db);
      expect((await userExternalapplicationRecord({ ...APP, externalapplication_client_id: adminApp.externalapplication_client_id })).status_code).toBe('10016');
      expect(await snapshot(t.db)).toEqual(before);
      // A user without the auth: refused before anything runs.
      ayse.use();
      expect((await userExternalapplicationList({})).status_code).toBe('10009');
    });

    it('a new key, made on request and answered once, stops the old one at once', async () => {
      admin.use();
      const created = await userExternalapplicationRecord({ ...APP, externalapplication_name: 'Rotating' });
      const id = created.external_application.externalapplication_client_id;
      const old = created.new_externalapplication_key!;
      const kept = await userExternalapplicationRecord({ ...APP, externalapplication_name: 'Rotating', externalapplication_client_id: id });
      expect(kept).not.toHaveProperty('new_externalapplication_key');
      const renewed = await userExternalapplicationRecord({ ...APP, externalapplication_name: 'Rotating', externalapplication_client_id: id, renew_externalapplication_key: true });
      rotatingKey = renewed.new_externalapplication_key!;
      expect(rotatingKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(rotatingKey).not.toBe(old);
      ayse.use();
      expect((await userAccesskeyRecord({ url: 'https://a.example', externalapplication_key: old })).status_code).toBe('10016');
      expect((await userAccesskeyRecord({ url: 'https://a.example', externalapplication_key: rotatingKey })).status_code).toBe('10000');
    });
  });

  describe('no-login calls', () => {
    it('get and the registration list answer public fields of this site only', async () => {
      admin.use();
      const apps = (await userExternalapplicationList({ page_size: 100 })).external_application_list;
      const klinik = apps.find((a) => a.externalapplication_name === 'Sema Klinik')!;
      t.as({ host: 'localhost' });
      const got = await userExternalapplicationGet({ externalapplication_client_id: klinik.externalapplication_client_id });
      expect(got.status_code).toBe('10000');
      expect(Object.keys(got.external_application).sort()).toEqual(
        ['externalapplication_client_id', 'externalapplication_name', 'externalapplication_url', 'externalapplication_route', 'register_in_this_application_status', 'external_application_for_register'].sort(),
      );
      const reg = await registerExternalapplicationList({});
      expect(reg.external_application_list.map((a) => a.externalapplication_name)).toEqual(['Sema Klinik']);
      t.as({ host: 'clinical.localhost' });
      expect((await userExternalapplicationGet({ externalapplication_client_id: klinik.externalapplication_client_id })).status_code).toBe('10016');
      expect((await registerExternalapplicationList({})).external_application_list).toEqual([]);
    });
  });

  describe('access keys and tokens', () => {
    let accessKey: string;
    let accessKeyId: string;

    it('makes the caller one key per application, shown once; renewing replaces it', async () => {
      ayse.use();
      const first = await userAccesskeyRecord({ url: 'https://klinik.example.com.tr', externalapplication_key: semaKey, route: '/auth/callback' });
      expect(first.status_code).toBe('10000');
      expect(first.new_access_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(first.access_key).toMatchObject({ url: 'https://klinik.example.com.tr', route: '/auth/callback', user_client_id: ayse.userId, externalapplication_name: 'Sema Klinik' });
      expect(first.access_key).not.toHaveProperty('access_key');
      expect(first.access_key).not.toHaveProperty('externalapplication_key');
      const again = await userAccesskeyRecord({ url: 'https://klinik.example.com.tr/v2', externalapplication_key: semaKey });
      expect(again).not.toHaveProperty('new_access_key');
      expect(again.access_key.access_key_client_id).toBe(first.access_key.access_key_client_id);
      expect(again.access_key.url).toBe('https://klinik.example.com.tr/v2');
      const renewed = await userAccesskeyRecord({ url: 'https://klinik.example.com.tr', externalapplication_key: semaKey, renew_access_key: true });
      expect(renewed.new_access_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(renewed.new_access_key).not.toBe(first.new_access_key);
      accessKey = renewed.new_access_key!;
      accessKeyId = renewed.access_key.access_key_client_id;
      const [row] = await t.db.query<{ key_hash: string }>('select key_hash from access_key where access_key_client_id = $1', [accessKeyId]);
      expect(row.key_hash).toBe(hashSecret(accessKey));
      expect((await userAccesskeyRecord({ url: 'https://a.example', externalapplication_key: 'no-such-app' })).status_code).toBe('10016');
    });

    it('makes tokens only for the caller\'s own keys; a new token revokes the previous one', async () => {
      const intruder = await actor(t, 'intruder');
      intruder.use();
      const before = await snapshot(t.db);
      expect((await userAccesskeyTokenCreate({ access_key_client_id: accessKeyId })).status_code).toBe('10016');
      expect(await snapshot(t.db)).toEqual(before);

      ayse.use();
      const first = await userAccesskeyTokenCreate({ access_key_client_id: accessKeyId });
      expect(first).toMatchObject({ status_code: '10000', token_status: 'valid' });
      expect(Date.parse(first.expires_at) - Date.now()).toBeGreaterThan(23 * 3600_000);
      const second = await userAccesskeyTokenCreate({ access_key_client_id: accessKeyId });
      t.as({ host: 'localhost' });
      expect(await externalapplicationTokenCheck({ externalapplication_key: semaKey, access_key_token: first.access_key_token })).toMatchObject({
        status_code: '10000',
        token_status: 'revoked',
      });
      const valid = await externalapplicationTokenCheck({ externalapplication_key: semaKey, access_key_token: second.access_key_token });
      expect(valid).toMatchObject({ token_status: 'valid', expires_at: second.expires_at });
      // Another application, another site, or a made-up token: never heard of it.
      expect((await externalapplicationTokenCheck({ externalapplication_key: makerKey, access_key_token: second.access_key_token })).status_code).toBe('10016');
      expect((await externalapplicationTokenCheck({ externalapplication_key: semaKey, access_key_token: 'x'.repeat(43) })).status_code).toBe('10016');
      t.as({ host: 'clinical.localhost' });
      expect((await externalapplicationTokenCheck({ externalapplication_key: semaKey, access_key_token: second.access_key_token })).status_code).toBe('10016');
      // The key owner's list shows the latest token's state, never the token.
      ayse.use();
      const listed = await userAccesskeyRecord({ url: 'https://klinik.example.com.tr', externalapplication_key: semaKey });
      expect(listed.access_key).toMatchObject({ token_status: 'valid', expires_at: second.expires_at });
      expect(JSON.stringify(listed)).not.toContain(second.access_key_token);
      const stored = await t.db.query<{ n: number }>('select count(*)::int as n from access_key_token where token_hash = $1', [hashSecret(second.access_key_token)]);
      expect(stored[0].n).toBe(1);
    });

    it('finds the owner behind a token for /v1/oauth/token (userOfAccessKeyToken), and nobody otherwise', async () => {
      ayse.use();
      const { access_key_token: token } = await userAccesskeyTokenCreate({ access_key_client_id: accessKeyId });
      expect(await userOfAccessKeyToken(t.db, tenantId, semaKey, token)).toMatchObject({ user_id: ayse.userId, access_key_client_id: accessKeyId });
      expect(await userOfAccessKeyToken(t.db, tenantId, makerKey, token)).toBeUndefined();
      expect(await userOfAccessKeyToken(t.db, await tenantIdOf(t.db, 'clinical.localhost'), semaKey, token)).toBeUndefined();
      expect(await userOfAccessKeyToken(t.db, tenantId, semaKey, `${token}x`)).toBeUndefined();
      await t.db.query('update app_user set is_active = false where user_id = $1', [ayse.userId]);
      expect(await userOfAccessKeyToken(t.db, tenantId, semaKey, token)).toBeUndefined();
      await t.db.query('update app_user set is_active = true where user_id = $1', [ayse.userId]);
      await t.db.query('update access_key_token set expires_at = now() - interval \'1 second\' where token_hash = $1', [hashSecret(token)]);
      expect(await userOfAccessKeyToken(t.db, tenantId, semaKey, token)).toBeUndefined();
      t.as({ host: 'localhost' });
      const expired = await externalapplicationTokenCheck({ externalapplication_key: semaKey, access_key_token: token });
      expect(expired.token_status).toBe('expired');
      expect(expired).not.toHaveProperty('expires_at');
    });

    it('registers the key owner in an application that accepts registration', async () => {
      t.as({ host: 'localhost' });
      const res = await registerExternalapplication({ access_key: accessKey, externalapplication_key: semaKey });
      expect(res).toMatchObject({ status_code: '10000', externalapplication_url: 'https://klinik.example.com.tr', register_in_this_application_status: 1 });
      const [row] = await t.db.query<{ registered_at: unknown }>('select registered_at from access_key where access_key_client_id = $1', [accessKeyId]);
      expect(row.registered_at).toBeTruthy();
      const before = await snapshot(t.db);
      expect((await registerExternalapplication({ access_key: accessKey, externalapplication_key: makerKey })).status_code).toBe('10016');
      expect((await registerExternalapplication({ access_key: 'not-a-key', externalapplication_key: semaKey })).status_code).toBe('10016');
      t.as({ host: 'clinical.localhost' });
      expect((await registerExternalapplication({ access_key: accessKey, externalapplication_key: semaKey })).status_code).toBe('10016');
      expect(await snapshot(t.db)).toEqual(before);
      // An application that does not accept registration.
      ayse.use();
      const survey = await userAccesskeyRecord({ url: 'https://survey.example.org', externalapplication_key: rotatingKey, renew_access_key: true });
      t.as({ host: 'localhost' });
      expect((await registerExternalapplication({ access_key: survey.new_access_key!, externalapplication_key: rotatingKey })).status_code).toBe('10016');
    });

    it('answers the user behind a key only to a session issued from that key', async () => {
      ayse.use();
      const before = await snapshot(t.db);
      expect((await userGetByAccessKey({ access_key: accessKey })).status_code).toBe('10016'); // a plain login session
      expect(await snapshot(t.db)).toEqual(before);
      // The session /v1/oauth/token issues from an access key token remembers the key.
      const appSession = await actor(t, 'ayse');
      await t.db.query('update session_token set access_key_client_id = $1 where token_hash = $2', [accessKeyId, hashSecret(appSession.authorization.slice('Bearer '.length))]);
      appSession.use();
      const res = await userGetByAccessKey({ access_key: accessKey });
      expect(res.status_code).toBe('10000');
      expect(res.user).toEqual({ user_client_id: ayse.userId, username: 'ayse', active_lang: { label: 'tr', value: 0 } });
      expect((await userGetByAccessKey({ access_key: 'someone-elses-key' })).status_code).toBe('10016');
      // Another user with an app session of their own cannot read ayse through her key.
      const other = await actor(t, 'otheruser');
      other.use();
      expect((await userGetByAccessKey({ access_key: accessKey })).status_code).toBe('10016');
      // A session of ayse's issued from her key of another application does not open this key either.
      const [otherKey] = await t.db.query<{ id: string }>('select access_key_client_id as id from access_key where user_id = $1 and access_key_client_id <> $2 limit 1', [
        ayse.userId,
        accessKeyId,
      ]);
      const wrongSession = await actor(t, 'ayse');
      await t.db.query('update session_token set access_key_client_id = $1 where token_hash = $2', [otherKey.id, hashSecret(wrongSession.authorization.slice('Bearer '.length))]);
      wrongSession.use();
      expect((await userGetByAccessKey({ access_key: accessKey })).status_code).toBe('10016');
    });

    it('end to end: key → token → /v1/oauth/token (external-application form) → the user behind the key', async () => {
      ayse.use();
      const { access_key_token } = await userAccesskeyTokenCreate({ access_key_client_id: accessKeyId });
      // The external application's server, with no user token:
      t.as({ host: 'localhost' });
      const tokens = await oauthToken({ externalapplication_key: semaKey, access_key_token });
      expect(tokens.status_code).toBe('10000');
      t.as({ host: 'localhost', authorization: `Bearer ${tokens.access_token}` });
      const res = await userGetByAccessKey({ access_key: accessKey });
      expect(res).toMatchObject({ status_code: '10000', user: { username: 'ayse', user_client_id: ayse.userId } });
      // The same token with another application's key is no login.
      t.as({ host: 'localhost' });
      expect((await oauthToken({ externalapplication_key: makerKey, access_key_token })).status_code).toBe('11002');
    });
  });
});
