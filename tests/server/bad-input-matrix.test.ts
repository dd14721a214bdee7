// The bad-input matrix, generated from the route table like the permission matrix: every catalogued route is
// sent bodies (or query strings) derived from its request schema that it must refuse — required fields
// missing, wrong types, a NUL character, 1 MB strings and field names, deep nesting, __proto__ and
// constructor keys, broken JSON, a wrong content type — by a caller who may call it (the site's
// administrator). Each answer is the envelope with a non-success status code, never a 500, short (an answer
// quotes input, never echoes it), and the route changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable, type RouteTableEntry } from '../../src/generated/route-table.ts';
import { compileValidators } from '../../server/http/validators.ts';
import { MAX_DEPTH } from '../../server/http/input-guard.ts';
import { databaseKinds, signInForTest, startTestApp, type TestApp } from './harness.ts';
import { snapshot } from './support/actors.ts';
import { validInstanceOf } from './support/schema-instance.ts';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface Case {
  name: string;
  /** A POST body: raw text (sent as it is), a value (sent as JSON), or JSON made when sent (half a megabyte and more). */
  body?: { raw: string; type?: string } | { json: Json } | { made: () => string };
  /** A GET query, or extra query parameters of a POST. */
  query?: Record<string, string>;
  /** The refusal must name this field (the status code's errors list). */
  field?: string;
}

const MB = 'a'.repeat(1024 * 1024);
const validators = compileValidators();

const wrongTypeOf = (v: Json): Json => (typeof v === 'string' ? 12345 : typeof v === 'number' || typeof v === 'boolean' ? 'not-a-number' : 'not-an-object');
const nested = (depth: number): Json => {
  let v: Json = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

/** Paths of the string leaves of a value. */
function stringLeaves(v: Json, path: (string | number)[] = []): (string | number)[][] {
  if (typeof v === 'string') return [path];
  if (Array.isArray(v)) return v.flatMap((x, i) => stringLeaves(x, [...path, i]));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => stringLeaves(x, [...path, k]));
  return [];
}

function withLeaves(v: Json, paths: (string | number)[][], change: (s: string) => string): Json {
  const copy = structuredClone(v);
  for (const p of paths) {
    if (!p.length) return change(copy as string);
    let node = copy as Record<string | number, Json>;
    for (const k of p.slice(0, -1)) node = node[k] as Record<string | number, Json>;
    node[p.at(-1)!] = change(node[p.at(-1)!] as string);
  }
  return copy;
}

/** Paths of the array leaves of a value (its lists). */
function arrayLeaves(v: Json, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(v)) return [path];
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => arrayLeaves(x, [...path, k]));
  return [];
}
function withValue(v: Json, path: (string | number)[], value: Json): Json {
  if (!path.length) return value;
  const copy = structuredClone(v) as Record<string | number, Json>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, Json>;
  node[path.at(-1)!] = value;
  return copy;
}
const BAD_ITEMS: Json[] = ['x', 12345, { a: 1 }, [1], true];
/** The valid body with 50,000 fields no schema names (half a megabyte). */
const manyUnknownKeys = (valid: Record<string, Json>): string => `${JSON.stringify(valid).slice(0, -1)}${Object.keys(valid).length ? ',' : ''}${Array.from({ length: 50_000 }, (_, i) => `"unknown_${i}":1`).join(',')}}`;

function casesOf(route: RouteTableEntry): Case[] {
  const valid = validInstanceOf(route.request as never, route.requestId, validators.routes.get(route.name)!.request as never) as Record<string, Json>;
  const required = ((route.request as { required?: string[] }).required ?? []).filter((r) => r in valid);
  const leaves = stringLeaves(valid);
  const cases: Case[] = [];
  if (route.method === 'GET') {
    const query = Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, String(v)]));
    if (required.length) cases.push({ name: 'required fields missing', query: {} });
    for (const k of Object.keys(query)) cases.push({ name: `${k}: a NUL character`, query: { ...query, [k]: `${query[k]}\u0000` }, field: k });
    cases.push({ name: 'an unknown 1 MB parameter', query: { ...query, [MB]: '1' } });
    cases.push({ name: 'a 1 MB value of an unknown parameter', query: { ...query, extra: MB } });
    cases.push({ name: 'a NUL in a parameter name', query: { ...query, 'x\u0000y': '1' } });
    cases.push({ name: 'a NUL in a common parameter', query: { ...query, __sys__pro__domain: 'local\u0000host' }, field: '__sys__pro__domain' });
    return cases;
  }
  if (required.length) cases.push({ name: 'required fields missing', body: { json: {} } });
  for (const k of required) {
    const { [k]: _dropped, ...rest } = valid;
    cases.push({ name: `${k} missing`, body: { json: rest } });
  }
  for (const k of Object.keys(valid)) cases.push({ name: `${k}: the wrong type`, body: { json: { ...valid, [k]: wrongTypeOf(valid[k]) } } });
  cases.push({ name: 'an array instead of an object', body: { json: [valid] } });
  cases.push({ name: 'a string instead of an object', body: { json: 'hello' } });
  cases.push({ name: 'null instead of an object', body: { raw: 'null' } });
  if (leaves.length) {
    cases.push({ name: 'a NUL in every text', body: { json: withLeaves(valid, leaves, (s) => `${s}\u0000`) } });
    for (const p of leaves.slice(0, 3)) cases.push({ name: `${p.join('.')}: a NUL character`, body: { json: withLeaves(valid, [p], (s) => `ab\u0000${s}`) }, field: p.join('.') });
    cases.push({ name: '1 MB in every text', body: { json: withLeaves(valid, leaves, () => MB) } });
  }
  cases.push({ name: '50,000 unknown fields', body: { made: () => manyUnknownKeys(valid) } });
  const validate = validators.routes.get(route.name)!.request;
  for (const p of arrayLeaves(valid).slice(0, 2)) {
    // An item the list refuses (text, a number, an object, a list, true: the first its schema does not take).
    const bad = BAD_ITEMS.find((item) => !validate(withValue(valid, p, [item])));
    if (bad !== undefined) cases.push({ name: `${p.join('.')}: 100,000 bad items`, body: { made: () => JSON.stringify(withValue(valid, p, Array(100_000).fill(bad))) } });
  }
  cases.push({ name: 'a NUL in a field name', body: { json: { ...valid, 'na\u0000me': 'x' } } });
  cases.push({ name: 'an unknown 1 MB field name', body: { json: { ...valid, [MB]: 1 } } });
  cases.push({ name: 'an unknown field holding 1 MB', body: { json: { ...valid, extra_field: MB } } });
  cases.push({ name: `nesting ${MAX_DEPTH + 1} deep`, body: { json: { ...valid, deep: nested(MAX_DEPTH + 1) } } });
  cases.push({ name: 'nesting 100,000 deep', body: { raw: `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}` } });
  cases.push({ name: 'a __proto__ key', body: { raw: JSON.stringify(valid).replace(/^\{/, '{"__proto__":{"polluted":true},') } });
  cases.push({ name: 'a constructor.prototype key', body: { raw: JSON.stringify(valid).replace(/^\{/, '{"constructor":{"prototype":{"polluted":true}},') } });
  cases.push({ name: 'broken JSON', body: { raw: JSON.stringify(valid).slice(0, -1) } });
  cases.push({ name: 'an empty body', body: { raw: '' } });
  cases.push({ name: 'text/plain', body: { raw: JSON.stringify(valid), type: 'text/plain' } });
  cases.push({ name: 'an XML content type', body: { raw: '<a>1</a>', type: 'application/xml' } });
  cases.push({ name: 'form-encoded', body: { raw: 'a=1&b=2', type: 'application/x-www-form-urlencoded' } });
  return cases;
}

const matrix = routeTable.map((route) => ({ route, cases: casesOf(route) }));
const total = matrix.reduce((n, m) => n + m.cases.length, 0);

describe('the bad-input matrix', () => {
  it('covers every catalogued route', () => {
    expect(matrix).toHaveLength(routeTable.length);
    expect(matrix.every((m) => m.cases.length >= 4)).toBe(true);
    console.info(`bad-input matrix: ${routeTable.length} routes × their inputs = ${total} refused calls`);
  });
});

describe.each(databaseKinds('same-on-every-database'))('bad-input matrix on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInForTest(t.db, { username: 'admin' });
  });
  afterAll(() => t.close());

  it.each(matrix.map((m) => [m.route.name, m] as const))('%s refuses every bad input', async (_name, { route, cases }) => {
    const before = await snapshot(t.db);
    for (const c of cases) {
      const body = !c.body
        ? undefined
        : 'json' in c.body
          ? { payload: JSON.stringify(c.body.json), type: 'application/json' }
          : 'made' in c.body
            ? { payload: c.body.made(), type: 'application/json' }
            : { payload: c.body.raw, type: c.body.type ?? 'application/json' };
      for (const lang of [0, 1] as const) {
        const res = await t.app.inject({
          method: route.method,
          url: route.path,
          query: { ...(c.query ?? {}), __lang__v: String(lang) },
          headers: { host: 'localhost', authorization: admin, ...(body ? { 'content-type': body.type } : {}) },
          ...(body ? { payload: body.payload } : {}),
        });
        const where = `${route.method} ${route.path}: ${c.name} (lang ${lang})`;
        expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).not.toBe(500);
        expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
        expect(res.body.length, `${where}: the answer echoes the input`).toBeLessThan(4096);
        const answer = res.json() as { status_code: string; status_message: string; errors?: { field: string; message: string }[] };
        expect(answer.status_code, where).toMatch(/^\d{5}$/);
        expect(answer.status_code.endsWith('000'), where).toBe(false);
        expect(answer.status_message, where).toEqual(expect.any(String));
        if (c.field) expect(answer.errors?.map((e) => e.field), where).toContain(c.field);
        expect(({} as Record<string, unknown>).polluted, where).toBeUndefined();
      }
    }
    expect(await snapshot(t.db), `${route.path}: bad input changed the database`).toEqual(before);
  });

  it('names the NUL character in the caller\'s language', async () => {
    for (const [lang, text] of [
      [0, 'saklanamayan bir karakter içeriyor (NUL, U+0000)'],
      [1, 'contains a character that cannot be stored (NUL, U+0000)'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: `/v1/bundle/and/product/list/active?__lang__v=${lang}`, headers: { host: 'localhost' }, payload: { search: 'ab\u0000cd' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status_code: '10001', errors: [{ field: 'search', message: text }] });
    }
  });

  it('answers a query string over Node\'s limit with the envelope (431), in the language it names', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const res = await fetch(`http://127.0.0.1:${port}/v1/date/datetime?__lang__v=0&x=${'a'.repeat(65536)}`, { headers: { host: 'localhost' } });
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({ status_code: '10017', status_message: 'İsteğin adresi ya da başlıkları çok uzun.' });
    const en = await fetch(`http://127.0.0.1:${port}/v1/frontend/get`, { method: 'POST', headers: { host: 'localhost', 'x-filler': 'b'.repeat(70000) }, body: '{}' });
    expect(en.status).toBe(431);
    expect(await en.json()).toEqual({ status_code: '10017', status_message: 'The address or the headers of the request are too long.' });
  });
});
