// The permission matrix, generated from the route table (src/generated/route-table.ts): every catalogued
// route is called by every caller its caller type and auth codes must refuse, with a body that passes input
// validation (tests/server/support/schema-instance.ts), and must answer the right status code and HTTP
// status. A refused write changes nothing (every table but the audit trail is fingerprinted before and after)
// and leaves an audit record of the refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable, type RouteTableEntry } from '../../src/generated/route-table.ts';
import { statusCatalogue } from '../../src/generated/errors.ts';
import { call } from '../../src/api/call.ts';
import { compileValidators } from '../../server/http/validators.ts';
import { AUTH_CODES } from '../../server/services/authorization-store.ts';
import { databaseKinds, frontendKeyForTest, signInForTest, startTestApp, type TestApp } from './harness.ts';
import { snapshot } from './support/actors.ts';
import { authCodeLabel } from '../../src/domain/auth-codes.ts';
import { validInstanceOf } from './support/schema-instance.ts';

type Who = 'nobody' | 'expired' | 'revoked' | 'idle' | 'other_site_token' | 'no_codes' | 'codes_on_other_site' | 'fkey' | 'unknown_fkey' | 'other_site_fkey';
interface Refusal {
  who: Who;
  status: string;
}

/** Who must be refused on a route, and how: the matrix row of the route. */
function refusalsOf(route: Pick<RouteTableEntry, 'caller_type' | 'auth_codes' | 'fkey_scope'>): Refusal[] {
  const rows: Refusal[] = [];
  if (route.caller_type === 'token') {
    rows.push({ who: 'nobody', status: '10008' }, { who: 'fkey', status: '10008' });
    rows.push({ who: 'expired', status: '10096' }, { who: 'revoked', status: '10096' }, { who: 'idle', status: '10096' }, { who: 'other_site_token', status: '10096' });
  }
  if (route.caller_type === 'token_or_fkey') {
    rows.push({ who: 'nobody', status: '10008' }, { who: 'expired', status: '10096' });
    rows.push({ who: 'unknown_fkey', status: '10014' }, { who: 'other_site_fkey', status: '10014' });
  }
  if (route.auth_codes.length) {
    rows.push({ who: 'no_codes', status: '10009' }, { who: 'codes_on_other_site', status: '10009' });
    // A key without the route's scope (the matrix's key has none) is refused for the scope, else for the codes.
    if (route.caller_type === 'token_or_fkey') rows.push({ who: 'fkey', status: route.fkey_scope ? '13060' : '10009' });
  }
  return rows;
}

const HTTP: Record<string, number> = Object.fromEntries(Object.values(statusCatalogue).map((c) => [c.status_code, c.http]));
const KEY_OF: Record<string, string> = Object.fromEntries(Object.entries(statusCatalogue).map(([k, c]) => [c.status_code, k]));

const validators = compileValidators();
const matrix = routeTable.map((route) => ({
  route,
  input: validInstanceOf(route.request as never, route.requestId, validators.routes.get(route.name)!.request as never),
  refusals: refusalsOf(route),
}));
const refusable = matrix.filter((m) => m.refusals.length);
const open = matrix.filter((m) => !m.refusals.length);

describe('the permission matrix', () => {
  it('covers every catalogued route', () => {
    expect(matrix).toHaveLength(routeTable.length);
    expect(refusable.length + open.length).toBe(routeTable.length);
    // Open routes are exactly those no caller can be refused on: no login needed and no auth codes.
    for (const { route } of open) {
      expect(['none', 'token_or_fkey_or_none'], route.name).toContain(route.caller_type);
      expect(route.auth_codes, route.name).toEqual([]);
    }
    console.info(
      `permission matrix: ${routeTable.length} routes, ${refusable.length} with refusals (${refusable.reduce((n, m) => n + m.refusals.length, 0)} refused calls, ${
        refusable.filter((m) => m.route.effect === 'write').length
      } of them writes), ${open.length} open to anyone`,
    );
  });
});

describe.each(databaseKinds('same-on-every-database'))('permission matrix on %s', (kind) => {
  let t: TestApp;
  const headers = {} as Record<Who, string | undefined>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    headers.nobody = undefined;
    headers.expired = await signInForTest(t.db, { username: 'matrix.expired', expiresInSeconds: -10 });
    headers.revoked = await signInForTest(t.db, { username: 'matrix.revoked' });
    await t.db.query("update session_token set revoked_at = now() where user_id = (select user_id from app_user where username = 'matrix.revoked')");
    headers.idle = await signInForTest(t.db, { username: 'matrix.idle' });
    await t.db.query("update session_token set last_used_at = now() - interval '2 hours' where user_id = (select user_id from app_user where username = 'matrix.idle')");
    headers.other_site_token = await signInForTest(t.db, { domain: 'clinical.localhost', username: 'admin' });
    headers.no_codes = await signInForTest(t.db, { username: 'matrix.nocodes' });
    // The same username on both sites: every auth code on clinical.localhost, none on localhost (called here).
    await signInForTest(t.db, { domain: 'clinical.localhost', username: 'matrix.dual', authCodes: [...AUTH_CODES] });
    headers.codes_on_other_site = await signInForTest(t.db, { username: 'matrix.dual' });
    headers.fkey = await frontendKeyForTest(t.db);
    headers.unknown_fkey = 'Fkey not-a-real-key-at-all';
    headers.other_site_fkey = await frontendKeyForTest(t.db, 'clinical.localhost');
  });
  afterAll(() => t.close());

  it.each(refusable.map((m) => [m.route.name, m] as const))('%s refuses every caller it must', async (_name, { route, input, refusals }) => {
    const before = route.effect === 'write' ? await snapshot(t.db) : undefined;
    const auditBefore = await t.db.query<{ n: number }>('select count(*)::int as n from audit_record where route_name = $1', [route.name]);
    for (const { who, status } of refusals) {
      t.as({ host: 'localhost', authorization: headers[who], query: { __lang__v: 1 } });
      const res = (await call({ name: route.name, method: route.method, path: route.path }, structuredClone(input))) as { status_code: string; http_status: number; status_message: string };
      expect({ who, status: res.status_code, message: res.status_message }, `${route.path} called by ${who}`).toEqual({
        who,
        status,
        message: expect.any(String),
      });
      expect(res.http_status, `${route.path} ${who}`).toBe(HTTP[status]);
      // The refusal names the needed rights by their names, not their codes.
      if (status === '10009') expect(res.status_message).toContain(authCodeLabel(route.auth_codes[0], 'en'));
    }
    if (route.effect === 'write') {
      expect(await snapshot(t.db), `${route.path}: a refused call changed the database`).toEqual(before);
      const written = await t.db.query<{ status_code: string; caller_kind: string; user_id: string | null }>(
        'select status_code, caller_kind, user_id from audit_record where route_name = $1 order by occurred_at, audit_id offset $2',
        [route.name, auditBefore[0].n],
      );
      expect(written.map((w) => w.status_code).sort(), `${route.path}: one audit record per refusal`).toEqual(refusals.map((r) => r.status).sort());
      expect(written.every((w) => KEY_OF[w.status_code] !== 'ok')).toBe(true);
    } else {
      const after = await t.db.query<{ n: number }>('select count(*)::int as n from audit_record where route_name = $1', [route.name]);
      // A read of personal health data is audited like a write (its route declares it), a refused one too.
      expect(after[0].n).toBe(auditBefore[0].n + (route.audit ? refusals.length : 0));
    }
  });
});
