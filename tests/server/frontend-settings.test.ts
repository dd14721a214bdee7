// Front-end settings: saved per domain by an administrator, answered by the next frontend/get of that domain
// only; checked beyond the schema (default language offered, images of the allowed types and sizes); the
// frame allow-list is normalised; the clinical pages switch is saved and answered, and switches pages only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frontendGet, frontendList, frontendSave, rulePackageList } from '../../src/generated/client/index.ts';
import type { FrontendConfiguration } from '../../src/generated/types/entities.ts';
import tenants from '../../fixtures/seed/tenants.json' with { type: 'json' };
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, type Actor } from './support/actors.ts';

const seeded = (domain: string) => structuredClone(tenants.tenants.find((t) => t.domain === domain)!.frontend) as FrontendConfiguration;
const PNG = `data:image/png;base64,${Buffer.from('not really a png but base64').toString('base64')}`;

describe.each(databaseKinds('same-on-every-database'))('front-end settings on %s', (kind) => {
  let t: TestApp;
  let admin: Actor;
  let clinicalAdmin: Actor;
  let editor: Actor;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await actor(t, 'admin');
    clinicalAdmin = await actor(t, 'admin', { domain: 'clinical.localhost' });
    editor = await actor(t, 'web.editor', { authCodes: ['website_admin', 'website_edit'] });
  });
  afterAll(() => t.close());

  it('saves the settings of the caller’s domain; the next frontend/get of that domain answers them', async () => {
    admin.use();
    const next: FrontendConfiguration = {
      ...seeded('localhost'),
      application_name: 'Sema Mağaza',
      navbar_middle_logo: PNG,
      page_favicon: 'data:image/x-icon;base64,AAABAAEAEBA=',
      language_options: [1, 0],
      default_language: 1,
      shop_function: 0,
      colors: { sidebar_background: '#102030', sidebar_text: '#fafafa', topbar_background: '#334455', topbar_text: '#ffffff', accent: '#ff6600' },
      frame_allowlist: ['https://Docs.Example.com', 'https://docs.example.com:443', 'http://localhost:5173'],
    };
    const saved = await frontendSave({ frontend: next });
    expect(saved.status_code).toBe('10000');
    expect(saved.frontend.frame_allowlist).toEqual(['https://docs.example.com', 'http://localhost:5173']);

    t.as({ host: 'localhost' });
    const got = await frontendGet({ domain: 'localhost' });
    expect(got.frontend).toEqual({ ...next, frame_allowlist: ['https://docs.example.com', 'http://localhost:5173'] });
    // The other site is untouched.
    t.as({ host: 'clinical.localhost' });
    expect((await frontendGet({})).frontend).toEqual(seeded('clinical.localhost'));

    const audit = await t.db.query<{ entity: string; changed_fields: string[] }>("select entity, changed_fields from audit_record where route_name = 'frontend_save' and status_code = '10000'");
    expect(audit.at(-1)).toMatchObject({ entity: 'frontend_configuration' });
  });

  it('saves and answers the clinical pages switch (clinical_function), which the configuration must name as 0 or 1', async () => {
    admin.use({ lang: 1 });
    expect(seeded('localhost').clinical_function).toBe(0);
    const on = await frontendSave({ frontend: { ...seeded('localhost'), clinical_function: 1 } });
    expect(on.status_code).toBe('10000');
    expect(on.frontend.clinical_function).toBe(1);
    t.as({ host: 'localhost' });
    expect((await frontendGet({})).frontend.clinical_function).toBe(1);

    admin.use({ lang: 1 });
    const off = await frontendSave({ frontend: { ...seeded('localhost'), clinical_function: 0 } });
    expect(off.frontend.clinical_function).toBe(0);
    t.as({ host: 'localhost' });
    expect((await frontendGet({})).frontend.clinical_function).toBe(0);

    admin.use({ lang: 1 });
    const before = await snapshot(t.db);
    const { clinical_function: _, ...without } = seeded('localhost');
    expect(await frontendSave({ frontend: without as FrontendConfiguration })).toMatchObject({ status_code: '10002', http_status: 400 });
    const two = await frontendSave({ frontend: { ...seeded('localhost'), clinical_function: 2 as unknown as 0 } });
    expect(two).toMatchObject({ status_code: '10001', http_status: 400 });
    expect(JSON.stringify((two as unknown as { errors: unknown }).errors)).toContain('clinical_function');
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('is a page switch only: the rule routes answer on a site with its clinical pages off', async () => {
    admin.use({ lang: 1 });
    expect((await frontendSave({ frontend: { ...seeded('localhost'), clinical_function: 0 } })).status_code).toBe('10000');
    expect(await rulePackageList({})).toMatchObject({ status_code: '10000' });
  });

  it('lists only the configuration of the caller’s own site', async () => {
    clinicalAdmin.use();
    const res = await frontendList({});
    expect(res.frontend_list).toEqual([{ frontend_client_id: tenants.tenants[1].frontend_client_id, domain: 'clinical.localhost', frontend: seeded('clinical.localhost') }]);
  });

  it('is for admin only (website editors are refused) and a refusal changes nothing', async () => {
    editor.use();
    const before = await snapshot(t.db);
    const res = await frontendSave({ frontend: { ...seeded('localhost'), application_name: 'Hijacked' } });
    expect(res).toMatchObject({ status_code: '10009', http_status: 403 });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses a default language that is not offered, in Turkish and English', async () => {
    const bad = { ...seeded('localhost'), language_options: [0 as const], default_language: 1 as const };
    admin.use({ lang: 1 });
    const before = await snapshot(t.db);
    const en = await frontendSave({ frontend: bad });
    expect(en).toMatchObject({ status_code: '10040', status_message: 'The default language must be one of the offered languages.', http_status: 400 });
    expect((en as unknown as { errors: unknown }).errors).toEqual([{ field: 'frontend.default_language', message: 'The default language must be one of the offered languages.', status_code: '10040' }]);
    admin.use({ lang: 0 });
    expect((await frontendSave({ frontend: bad })).status_message).toBe('Varsayılan dil, sunulan dillerden biri olmalıdır.');
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses an image that is not an uploaded image of an allowed type, or too large, with the spec’s file messages', async () => {
    admin.use({ lang: 1 });
    const before = await snapshot(t.db);
    for (const logo of ['https://tracker.example.com/logo.png', '//cdn.example.com/logo.png', 'data:text/html;base64,PHNjcmlwdD4=', 'javascript:alert(1)']) {
      const res = await frontendSave({ frontend: { ...seeded('localhost'), navbar_middle_logo: logo } });
      expect(res, logo).toMatchObject({ status_code: '13002', status_message: 'Invalid file type', http_status: 415 });
    }
    const huge = `data:image/png;base64,${'A'.repeat(300_000)}`;
    const res = await frontendSave({ frontend: { ...seeded('localhost'), navbar_middle_logo: huge } });
    expect(res).toMatchObject({ status_code: '13005', status_message: 'File size is not eligible' });
    admin.use({ lang: 0 });
    expect((await frontendSave({ frontend: { ...seeded('localhost'), page_favicon: 'data:image/jpeg;base64,AAAA' } })).status_message).toBe('Geçersiz dosya türü');
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses frame allow-list entries that are not bare http(s) origins', async () => {
    admin.use({ lang: 1 });
    for (const entry of ['javascript:alert(1)', 'https://example.com/path', 'ftp://example.com', 'https://exa mple.com']) {
      const res = await frontendSave({ frontend: { ...seeded('localhost'), frame_allowlist: [entry] } });
      expect(res.status_code, entry).toBe('10001');
    }
  });
});
