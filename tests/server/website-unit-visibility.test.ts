// Restricted website units (issue 8): for every combination of a unit's flags (login, auth list, shop and
// clinical switches) and of the site's switches, a caller who may not open a unit cannot read a byte of it —
// not its caption, path or content — by the start-up fetch, the unit list, the unit get, or any other route
// open to that caller. Unit managers (admin, website_admin, website_edit) still see every unit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frontendSave, frontendWebsiteunitNew } from '../../src/generated/client/index.ts';
import type { FrontendConfiguration, WebsiteUnit } from '../../src/generated/types/entities.ts';
import { routeTable } from '../../src/generated/route-table.ts';
import { compileValidators } from '../../server/http/validators.ts';
import tenants from '../../fixtures/seed/tenants.json' with { type: 'json' };
import { databaseKinds, frontendKeyForTest, signInForTest, startTestApp, type TestApp } from './harness.ts';
import { actor, type Actor } from './support/actors.ts';
import { validInstanceOf } from './support/schema-instance.ts';

interface Flags {
  login: boolean;
  auth: '' | 'shop_admin' | 'register,shop_admin';
  shop_active: boolean;
  clinical_active: boolean;
}
type Site = Pick<FrontendConfiguration, 'login_function' | 'shop_function' | 'clinical_function'>;
type Who = 'anonymous' | 'fkey' | 'expired' | 'no_codes' | 'shop_admin' | 'register' | 'website_edit' | 'admin';

const FLAG_SETS: Flags[] = [];
for (const login of [false, true])
  for (const auth of ['', 'shop_admin', 'register,shop_admin'] as const)
    for (const shop_active of [false, true]) for (const clinical_active of [false, true]) FLAG_SETS.push({ login, auth, shop_active, clinical_active });

const SITES: Site[] = [
  { login_function: 1, shop_function: 1, clinical_function: 0 },
  { login_function: 1, shop_function: 0, clinical_function: 1 },
  { login_function: 0, shop_function: 1, clinical_function: 1 },
];

const CODES: Record<Who, string[] | undefined> = {
  anonymous: undefined,
  fkey: undefined,
  expired: undefined,
  no_codes: [],
  shop_admin: ['shop_admin'],
  register: ['register'],
  website_edit: ['website_edit'],
  admin: ['admin'],
};
const WHO = Object.keys(CODES) as Who[];

/** The rule, written out on its own here so the test does not borrow the code under test. */
function expectedVisible(flags: Flags, site: Site, who: Who): boolean {
  if (who === 'website_edit' || who === 'admin') return true;
  const codes = CODES[who];
  const signedIn = codes !== undefined;
  if (flags.shop_active && site.shop_function !== 1) return false;
  if (flags.clinical_active && site.clinical_function !== 1) return false;
  if (flags.login && (site.login_function !== 1 || !signedIn)) return false;
  if (flags.auth && !(signedIn && flags.auth.split(',').some((c) => codes.includes(c)))) return false;
  return true;
}

const slug = (f: Flags) => `u${f.login ? 1 : 0}${f.auth ? (f.auth === 'shop_admin' ? 'a' : 'b') : 'n'}${f.shop_active ? 1 : 0}${f.clinical_active ? 1 : 0}`;
/** A string found nowhere but in this unit's caption, path and content. */
const marker = (f: Flags) => `secret-${slug(f)}-marker`;

const unitOf = (f: Flags, position: number): WebsiteUnit => ({
  route_name: `vis_${slug(f)}`,
  path: { en: `/vis-${slug(f)}`, tr: `/gor-${slug(f)}` },
  caption: { en: `Caption ${marker(f)}`, tr: `Başlık ${marker(f)}` },
  show_in_menu: true,
  login: f.login,
  shop_active: f.shop_active,
  clinical_active: f.clinical_active,
  auth: f.auth,
  parent: null,
  position,
  content: { kind: 'rich_text', html: { en: `<p>${marker(f)} en</p>`, tr: `<p>${marker(f)} tr</p>` } },
});

describe.each(databaseKinds('same-on-every-database'))('restricted website units on %s', (kind) => {
  let t: TestApp;
  let admin: Actor;
  const headers = {} as Record<Who, string | undefined>;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await actor(t, 'admin');
    for (const who of WHO) {
      if (who === 'anonymous') headers[who] = undefined;
      else if (who === 'fkey') headers[who] = await frontendKeyForTest(t.db);
      else if (who === 'expired') headers[who] = await signInForTest(t.db, { username: 'vis.expired', authCodes: ['shop_admin', 'register'], expiresInSeconds: -5 });
      else headers[who] = await signInForTest(t.db, { username: `vis.${who}`, authCodes: CODES[who] });
    }
    admin.use({ lang: 1 });
    let position = 100;
    for (const flags of FLAG_SETS) {
      const saved = await frontendWebsiteunitNew({ website_unit: unitOf(flags, position++) });
      expect(saved.status_code, JSON.stringify(saved)).toBe('10000');
      ids.set(slug(flags), saved.website_unit.website_unit_client_id!);
    }
  });
  afterAll(() => t.close());

  async function post(path: string, who: Who, body: object): Promise<{ status: number; text: string; json: Record<string, unknown> }> {
    const res = await t.app.inject({
      method: 'POST',
      url: `${path}?__lang__v=1`,
      headers: { host: 'localhost', ...(headers[who] ? { authorization: headers[who] } : {}) },
      payload: body,
    });
    return { status: res.statusCode, text: res.body, json: res.json() };
  }

  it.each(SITES.map((s) => [JSON.stringify(s), s] as const))('site %s: every caller is answered exactly the units it may open', async (_name, site) => {
    admin.use({ lang: 1 });
    const frontend = { ...(structuredClone(tenants.tenants[0].frontend) as FrontendConfiguration), ...site };
    expect((await frontendSave({ frontend })).status_code).toBe('10000');

    for (const who of WHO) {
      const fetched = await post('/v1/frontend/get', who, { domain: 'localhost' });
      const listed = await post('/v1/frontend/websiteunit/list', who, {});
      expect(fetched.status, who).toBe(200);
      expect(listed.status, who).toBe(200);
      for (const flags of FLAG_SETS) {
        const visible = expectedVisible(flags, site, who);
        const where = `${who} / ${slug(flags)}`;
        // Not a byte: the marker sits in the caption, both paths' unit and both languages' content.
        expect(fetched.text.includes(marker(flags)), `frontend/get ${where}`).toBe(visible);
        expect(listed.text.includes(marker(flags)), `websiteunit/list ${where}`).toBe(visible);
        expect(fetched.text.includes(`vis_${slug(flags)}`), `frontend/get route name ${where}`).toBe(visible);
        const got = await post('/v1/frontend/websiteunit/get', who, { website_unit_client_id: ids.get(slug(flags)) });
        if (visible) expect({ where, code: got.json.status_code }).toEqual({ where, code: '10000' });
        else {
          // Answered as a unit that does not exist: nothing tells it apart from a random id.
          expect({ where, code: got.json.status_code, status: got.status }).toEqual({ where, code: '10016', status: 404 });
          expect(got.text.includes(marker(flags)), where).toBe(false);
        }
      }
    }
  });

  it('no other route open to a visitor or a signed-in user without auth codes answers a restricted unit', async () => {
    admin.use({ lang: 1 });
    const frontend = { ...(structuredClone(tenants.tenants[0].frontend) as FrontendConfiguration), login_function: 1 as const, shop_function: 1 as const, clinical_function: 1 as const };
    expect((await frontendSave({ frontend })).status_code).toBe('10000');
    const restricted = FLAG_SETS.filter((f) => f.login || f.auth);
    const validators = compileValidators();
    for (const who of ['anonymous', 'no_codes'] as const) {
      for (const route of routeTable) {
        if (route.method !== 'POST' || route.auth_codes.length) continue;
        if (who === 'anonymous' && (route.caller_type === 'token' || route.caller_type === 'token_or_fkey')) continue;
        const input = validInstanceOf(route.request as never, route.requestId, validators.routes.get(route.name)!.request as never) as Record<string, unknown>;
        // Every route that takes a unit's id is asked for each restricted unit.
        const bodies = 'website_unit_client_id' in (route.request as { properties?: object }).properties! ? restricted.map((f) => ({ ...input, website_unit_client_id: ids.get(slug(f)) })) : [input];
        for (const body of bodies) {
          const res = await post(route.path, who, body);
          for (const f of restricted) expect(res.text.includes(marker(f)), `${route.path} as ${who} leaks ${slug(f)}`).toBe(false);
        }
      }
    }
  });
});
