// The spine: start-up calls, the envelope, caller types, tenancy, not-implemented routes, bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationVersion, dateDatetime, frontendGet, frontendSave, layerWdmGet, frontendWebsiteunitList } from '../../src/generated/client/index.ts';
import { routeTable } from '../../src/generated/route-table.ts';
import { databaseKinds, frontendKeyForTest, signInForTest, startTestApp, type TestApp } from './harness.ts';
import tenants from '../../fixtures/seed/tenants.json' with { type: 'json' };
import userFixtures from '../../fixtures/entities/user.json' with { type: 'json' };

const { password: _password, access_key: _key, ...fixtureUser } = userFixtures.valid[0] as Record<string, unknown>;

describe.each(databaseKinds('depends-on-database'))('spine on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  describe('start-up calls', () => {
    it('answers the shop configuration for localhost in Turkish, with its website units and product id', async () => {
      t.as({ host: 'localhost' });
      const res = await frontendGet({ domain: 'localhost' });
      expect(res.status_code).toBe('10000');
      expect(res.status_message).toBe('İşlem tamamlandı.');
      expect(res.frontend).toEqual(tenants.tenants[0].frontend);
      expect(res.frontend_product_id).toBe(tenants.tenants[0].frontend_product_id);
      expect(res.website_unit_list.map((u) => u.route_name)).toEqual(['home', 'membership_agreement']);
      expect(res.website_unit_list[0].path).toEqual({ en: '/home', tr: '/anasayfa' });
    });

    it('answers the clinical configuration on clinical.localhost in English by default', async () => {
      t.as({ host: 'clinical.localhost:8080' });
      const res = await frontendGet({});
      expect(res.status_message).toBe('Done.');
      expect(res.frontend.application_name).toBe('Sema Clinical');
      expect(res.frontend.default_language).toBe(1);
      expect(res.frontend.shop_function).toBe(0);
    });

    it('treats www. as the same site', async () => {
      t.as({ host: 'www.localhost' });
      expect((await frontendGet({ domain: 'www.localhost' })).frontend.application_name).toBe('Sema');
    });

    it('refuses a domain in the body that is not the host called', async () => {
      t.as({ host: 'localhost', query: { __lang__v: 1 } });
      const res = await frontendGet({ domain: 'clinical.localhost' });
      expect(res.status_code).toBe('10015');
      expect(res.status_message).toContain('clinical.localhost');
    });

    it('answers an unknown domain with a clear message, not a site', async () => {
      t.as({ host: 'nowhere.example', query: { __lang__l: 'en' } });
      const res = await frontendGet({});
      expect(res.status_code).toBe('10007');
      expect(res.status_message).toBe('No site is configured for the domain nowhere.example.');
    });

    it('answers the frd layer with the language options', async () => {
      t.as();
      const res = await layerWdmGet({ layer_code_list: 'frd' });
      expect(res.layer_wdm_list.frd?.language_options).toEqual([
        { label: 'tr', value: 0 },
        { label: 'en', value: 1 },
      ]);
      expect((await layerWdmGet({ layer_code_list: 'frd,nope' })).layer_wdm_list).not.toHaveProperty('nope');
    });

    it('answers the application version and the schema version', async () => {
      t.as();
      const res = await applicationVersion({});
      expect(res.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(res.schema_version).toBeGreaterThanOrEqual(2);
    });

    it('lists the website units without a login', async () => {
      t.as({ host: 'clinical.localhost' });
      expect((await frontendWebsiteunitList({})).website_unit_list.map((u) => u.route_name)).toEqual(['dashboard', 'about', 'help', 'faq', 'videos', 'contact', 'membership_agreement']);
    });
  });

  describe('caller types', () => {
    it('asks for a login on a token_or_fkey route, in the site language', async () => {
      t.as({ host: 'localhost' });
      const res = await dateDatetime({});
      expect(res).toMatchObject({ status_code: '10008', status_message: 'Lütfen giriş yapın', http_status: 401 });
      t.as({ host: 'clinical.localhost' });
      expect((await dateDatetime({})).status_message).toBe('Please login');
    });

    it('admits a signed-in user and a front-end key on a token_or_fkey route', async () => {
      t.as({ authorization: await signInForTest(t.db, { username: 'ayse' }) });
      const byUser = await dateDatetime({});
      expect(byUser.status_code).toBe('10000');
      expect(Math.abs(Date.parse(byUser.datetime) - Date.now())).toBeLessThan(60_000);
      t.as({ authorization: await frontendKeyForTest(t.db) });
      expect((await dateDatetime({})).status_code).toBe('10000');
    });

    it('ends the session (…096) for an expired token', async () => {
      t.as({ authorization: await signInForTest(t.db, { username: 'expired', expiresInSeconds: -10 }) });
      const res = await dateDatetime({});
      expect(res.status_code).toBe('10096');
      expect(res.status_code.endsWith('096')).toBe(true);
    });

    it('refuses an unknown front-end key', async () => {
      t.as({ authorization: 'Fkey not-a-real-key-at-all' });
      expect((await dateDatetime({})).status_code).toBe('10014');
    });

    it('keeps tenants apart: a token of localhost is not a session on clinical.localhost', async () => {
      const authorization = await signInForTest(t.db, { username: 'mehmet' });
      t.as({ host: 'clinical.localhost', authorization });
      expect((await dateDatetime({})).status_code).toBe('10096');
      t.as({ host: 'clinical.localhost', authorization: await frontendKeyForTest(t.db, 'localhost') });
      expect((await dateDatetime({})).status_code).toBe('10014');
    });

    it('open routes ignore a stale token instead of failing', async () => {
      t.as({ authorization: 'Bearer stale-token-from-yesterday' });
      expect((await frontendGet({})).status_code).toBe('10000');
    });

    it('refuses a route to a user without one of its auth codes, before anything runs', async () => {
      t.as({ authorization: await signInForTest(t.db, { username: 'zeynep', authCodes: ['shop_admin'] }), query: { __lang__v: 1 } });
      const res = await frontendSave({ frontend: tenants.tenants[0].frontend as never });
      expect(res.status_code).toBe('10009');
      expect(res.status_message).toBe('You are not authorized for this: one of Administrator is needed.');
      expect(res.status_params).toEqual({ auth_codes: 'admin' });
    });

    it('does not count a cancelled or expired auth', async () => {
      const authorization = await signInForTest(t.db, { username: 'can', authCodes: ['admin'] });
      await t.db.query("update user_authorization set is_cancelled = true where user_id = (select user_id from app_user where username = 'can')");
      t.as({ authorization });
      expect((await frontendSave({ frontend: tenants.tenants[0].frontend as never })).status_code).toBe('10009');
      await t.db.query(
        "update user_authorization set is_cancelled = false, end_date = current_date - 1 where user_id = (select user_id from app_user where username = 'can')",
      );
      expect((await frontendSave({ frontend: tenants.tenants[0].frontend as never })).status_code).toBe('10009');
    });
  });

  describe('bad input', () => {
    it('names the bad field in the caller language and writes nothing', async () => {
      t.as({ query: { __lang__v: 1 } });
      const en = await frontendGet({ domain: 42 as never });
      expect(en).toMatchObject({ status_code: '10001', http_status: 400 });
      expect(en.status_message).toBe('Please check the highlighted fields: domain must be text');
      t.as({ query: { __lang__v: 0 } });
      const tr = await frontendGet({ domain: 42 as never });
      expect(tr.status_message).toBe('Lütfen işaretli alanları kontrol edin: domain metin olmalıdır');
      // Each field's problem also carries its keyword and parameters, for a browser to word it in another language.
      expect((tr as unknown as { errors: unknown[] }).errors).toEqual([{ field: 'domain', message: 'metin olmalıdır', keyword: 'type', params: { type: 'string' } }]);
    });

    it('answers missing required fields with the spec message', async () => {
      t.as({ query: { __lang__l: 'en' } });
      const res = await layerWdmGet({} as never);
      expect(res.status_code).toBe('10002');
      expect(res.status_message).toBe('All required fields must be filled in.');
    });

    it('refuses unknown fields and malformed JSON without a 500', async () => {
      t.as({ query: { __lang__v: 1 } });
      expect((await frontendGet({ domian: 'localhost' } as never)).status_message).toContain('domian is not a known field');
      const res = await t.app.inject({ method: 'POST', url: '/v1/frontend/get?__lang__v=1', headers: { host: 'localhost', 'content-type': 'application/json' }, payload: '{"domain":' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status_code: '10003', status_message: 'Check the json structure.' });
    });

    it('refuses a bad common query parameter', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/v1/frontend/get?__lang__v=7', headers: { host: 'localhost' }, payload: {} });
      expect(res.json().status_code).toBe('10001');
    });

    it('answers unknown calls and wrong methods with the envelope', async () => {
      const nope = await t.app.inject({ method: 'POST', url: '/v1/no/such/call?__lang__v=1', headers: { host: 'localhost' }, payload: {} });
      expect(nope.statusCode).toBe(404);
      expect(nope.json()).toEqual({ status_code: '10004', status_message: 'There is no such call: /v1/no/such/call', status_params: { path: '/v1/no/such/call' } });
      const get = await t.app.inject({ method: 'GET', url: '/v1/frontend/get?__lang__v=1', headers: { host: 'localhost' } });
      expect(get.statusCode).toBe(405);
      expect(get.json().status_message).toBe('This call is made with POST.');
    });

    it('never answers a 500 or a stack trace for any catalogued route given junk', async () => {
      for (const route of routeTable) {
        for (const payload of ['[1,2]', '"text"', '{"__proto__": {"x": 1}, "constructor": 1}']) {
          const res = await t.app.inject({
            method: route.method,
            url: route.method === 'GET' ? `${route.path}?junk=%00&__lang__v=1` : route.path,
            headers: { host: 'localhost', 'content-type': 'application/json' },
            ...(route.method === 'POST' ? { payload } : {}),
          });
          expect(res.statusCode, `${route.path} ${payload}`).toBeLessThan(500);
          const body = res.json();
          expect(body.status_code, route.path).toMatch(/^\d{5}$/);
          expect(body.status_code.endsWith('000'), route.path).toBe(false);
          expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
        }
      }
    });
  });
});

describe('routes not built yet', () => {
  it('answer a distinct not-implemented code, never a fake success', async () => {
    const t = await startTestApp('pglite', { handlers: {} });
    t.as({ query: { __lang__v: 1 } });
    const res = await applicationVersion({});
    expect(res).toMatchObject({ status_code: '10006', http_status: 501 });
    expect(res.status_message).toBe('This call is in the catalogue but is not built yet: /v1/application/version');
    await t.close();
  });

  it('an answer that breaks its own schema becomes an internal error with a reference, not a leak', async () => {
    const t = await startTestApp('pglite', { handlers: { application_version: async () => ({ version: 'x', secret: 'leak' }) as never } });
    t.as({ query: { __lang__v: 1 } });
    const res = await applicationVersion({});
    expect(res.status_code).toBe('10012');
    expect(res.status_message).toMatch(/recorded as [0-9a-f-]{36}\.$/);
    expect(JSON.stringify(res)).not.toContain('leak');
    await t.close();
  });
});

describe('secrets in answers', () => {
  it('an answer carrying a write-only field (a password) is refused, not sent', async () => {
    const t = await startTestApp('pglite', {
      handlers: {
        user_user_controller: async () => ({ user: { ...fixtureUser, password: 'hunter2hunter2' }, auth_code_list: [] }) as never,
      },
    });
    const authorization = await signInForTest(t.db, { username: 'ayse' });
    const url = '/v1/user/user_controller?__lang__v=1';
    const res = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost', authorization } });
    expect(res.json().status_code).toBe('10012');
    expect(res.body).not.toContain('hunter2');
    // The same answer without the password goes out: the refusal is about the secret, not the shape.
    const clean = await startTestApp('pglite', { handlers: { user_user_controller: async () => ({ user: fixtureUser, auth_code_list: [] }) as never } });
    const ok = await clean.app.inject({ method: 'GET', url, headers: { host: 'localhost', authorization: await signInForTest(clean.db, { username: 'ayse' }) } });
    expect(ok.json().status_code).toBe('10000');
    await Promise.all([t.close(), clean.close()]);
  });
});

describe('audit', () => {
  it('records every state-changing call, allowed or refused, with names only — never values', async () => {
    const t = await startTestApp('pglite', {
      handlers: {
        frontend_save: async (input, ctx) => {
          ctx.audit.entity = 'frontend_configuration';
          ctx.audit.record_id = ctx.tenant.frontend_client_id;
          return { frontend: input.frontend };
        },
      },
    });
    const admin = await signInForTest(t.db, { username: 'admin' });
    t.as({ authorization: admin });
    expect((await frontendSave({ frontend: tenants.tenants[0].frontend as never })).status_code).toBe('10000');
    t.as({ authorization: await signInForTest(t.db, { username: 'nobody' }) });
    expect((await frontendSave({ frontend: tenants.tenants[0].frontend as never })).status_code).toBe('10009');
    t.as();
    await frontendGet({}); // reads are not audited
    const rows = await t.db.query<Record<string, unknown>>(
      'select username, caller_kind, route_name, status_code, entity, record_id, changed_fields from audit_record order by occurred_at',
    );
    expect(rows).toEqual([
      expect.objectContaining({ username: 'admin', caller_kind: 'user', route_name: 'frontend_save', status_code: '10000', entity: 'frontend_configuration', record_id: tenants.tenants[0].frontend_client_id }),
      expect.objectContaining({ username: 'nobody', route_name: 'frontend_save', status_code: '10009' }),
    ]);
    expect(rows[0].changed_fields).toContain('frontend.application_name');
    expect(JSON.stringify(rows)).not.toContain('#1f2a44'); // a value the call sent
    await t.close();
  });
});
