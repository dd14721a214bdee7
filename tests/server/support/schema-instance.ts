// A minimal valid instance of a JSON Schema of the contract: the required fields only, each from the entity
// fixtures when the schema points at an entity (fixtures/entities/<entity>.json valid[0]), else from the
// schema's const, enum, default, format, pattern and bounds. Used by the permission matrix to send every
// route a body that passes input validation, so the refusal under test is the caller's, not the input's.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import contractSchemas from '../../../src/generated/schemas.json' with { type: 'json' };

type Schema = Record<string, unknown>;

const ROOT = join(import.meta.dirname, '..', '..', '..');
const byId = new Map<string, Schema>((contractSchemas.schemas as Schema[]).map((s) => [s.$id as string, s]));
const fixtureCache = new Map<string, Record<string, unknown>[] | undefined>();

function fixturesOf(entityUrl: string): Record<string, unknown>[] | undefined {
  const m = /\/entities\/([a-z0-9_]+)\.json$/.exec(entityUrl);
  if (!m) return undefined;
  if (!fixtureCache.has(m[1])) {
    const path = join(ROOT, 'fixtures', 'entities', `${m[1]}.json`);
    fixtureCache.set(m[1], existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')).valid as Record<string, unknown>[]) : undefined);
  }
  return fixtureCache.get(m[1]);
}

/** Strings tried, in order, against a pattern the generator cannot otherwise satisfy. */
const PATTERN_CANDIDATES = ['abc', 'a.xlsx', 'abc1', 'a', 'A1', '/a', 'a_b', 'ab-c', '1', '0', '12345', 'abc.def', 'a1b2c3', 'ABC', '#000000', 'tr', 'en', 'x.y', 'a/b', '10000', '11001'];

const FORMATS: Record<string, string> = {
  uuid: '3b42b360-66af-4676-8979-006146c6be14',
  date: '2025-01-01',
  'date-time': '2025-01-01T00:00:00Z',
  email: 'user@example.com',
  uri: 'https://example.com/',
  hostname: 'localhost',
  time: '12:00:00',
};

function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

function resolve(ref: string, base: string): { node: Schema; url: string; pointer: string } {
  const target = new URL(ref, base);
  const pointer = decodeURIComponent(target.hash.slice(1));
  target.hash = '';
  const root = byId.get(target.href);
  if (!root) throw new Error(`unresolved $ref ${ref} from ${base}`);
  const node = pointer
    .split('/')
    .filter(Boolean)
    .reduce<unknown>((x, k) => (x as Schema)[k.replace(/~1/g, '/').replace(/~0/g, '~')], root) as Schema;
  return { node, url: target.href, pointer };
}

function stringOf(s: Schema): string {
  if (typeof s.format === 'string' && FORMATS[s.format]) return FORMATS[s.format];
  const min = (s.minLength as number | undefined) ?? 0;
  const max = (s.maxLength as number | undefined) ?? 100;
  const sized = (v: string) => (v.length < min ? v + 'a'.repeat(min - v.length) : v).slice(0, max);
  if (typeof s.pattern === 'string') {
    const re = new RegExp(s.pattern, 'u');
    for (const c of PATTERN_CANDIDATES) {
      for (const v of [sized(c), c.repeat(Math.max(1, Math.ceil(min / c.length))).slice(0, max)]) if (v.length >= min && re.test(v)) return v;
    }
    throw new Error(`no candidate string matches ${s.pattern}`);
  }
  return sized('abc');
}

function numberOf(s: Schema): number {
  const min = (s.minimum as number | undefined) ?? (s.exclusiveMinimum !== undefined ? (s.exclusiveMinimum as number) + 1 : undefined);
  const max = s.maximum as number | undefined;
  let v = min ?? 1;
  if (max !== undefined && v > max) v = max;
  return v;
}

function typeOf(s: Schema): string | undefined {
  if (Array.isArray(s.type)) return (s.type as string[]).find((t) => t !== 'null');
  if (typeof s.type === 'string') return s.type;
  if (s.properties || s.required) return 'object';
  if (s.items) return 'array';
  return undefined;
}

/** A minimal instance of `schema` (resolving $refs against `base`). */
export function instanceOf(schema: Schema, base: string): unknown {
  if (schema.const !== undefined) return clone(schema.const);
  if (Array.isArray(schema.enum)) return clone(schema.enum[0]);
  if (schema.default !== undefined) return clone(schema.default);
  if (typeof schema.$ref === 'string') {
    const { node, url, pointer } = resolve(schema.$ref, base);
    const fixtures = fixturesOf(url);
    if (fixtures) {
      if (pointer === '') return clone(fixtures[0]);
      const m = /^\/properties\/([^/]+)$/.exec(pointer);
      const withIt = m && fixtures.find((f) => f[m[1]] !== undefined);
      if (withIt) return clone(withIt[m![1]]);
    }
    return instanceOf(node, url);
  }
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as Schema[]).map((s) => instanceOf(s, base));
    const own = { ...schema };
    delete own.allOf;
    const self = typeOf(own) ? instanceOf(own, base) : undefined;
    if (parts.every((p) => p && typeof p === 'object' && !Array.isArray(p))) return Object.assign({}, self ?? {}, ...parts);
    return self ?? parts[0];
  }
  const branch = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  switch (typeOf(schema)) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      if (branch) for (const r of (branch[0].required as string[] | undefined) ?? []) required.add(r);
      const out: Record<string, unknown> = {};
      for (const name of required) {
        const sub = props[name] ?? (branch?.[0].properties as Record<string, Schema> | undefined)?.[name];
        out[name] = sub && typeof sub === 'object' ? instanceOf(sub, base) : 'abc';
      }
      if (branch?.[0].properties)
        for (const [name, sub] of Object.entries(branch[0].properties as Record<string, Schema>))
          if (required.has(name) && sub && typeof sub === 'object' && (sub.const !== undefined || sub.enum)) out[name] = instanceOf(sub, base);
      const minProps = (schema.minProperties as number | undefined) ?? 0;
      for (const [name, sub] of Object.entries(props)) {
        if (Object.keys(out).length >= minProps) break;
        if (!(name in out)) out[name] = instanceOf(sub, base);
      }
      const extra = schema.additionalProperties;
      for (let i = 0; Object.keys(out).length < minProps; i++) out[`k${i}`] = extra && typeof extra === 'object' ? instanceOf(extra as Schema, base) : 1;
      return out;
    }
    case 'array': {
      const n = (schema.minItems as number | undefined) ?? 0;
      const items = (schema.items ?? {}) as Schema;
      const list = Array.from({ length: n }, () => instanceOf(items, base));
      // uniqueItems with n > 1: vary strings and numbers.
      return list.map((v, i) => (i && typeof v === 'string' ? `${v}${i}`.slice(0, Math.max(v.length, 1) + 2) : i && typeof v === 'number' ? v + i : v));
    }
    case 'string':
      return stringOf(schema);
    case 'integer':
    case 'number':
      return numberOf(schema);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      if (branch) return instanceOf(branch[0], base);
      return 'abc';
  }
}

interface Validator {
  (data: unknown): boolean;
  errors?: { instancePath: string; keyword: string; params: Record<string, unknown> }[] | null;
}

/**
 * instanceOf, then repaired against the route's own validator: a field that a condition (if/then, anyOf)
 * makes required is added from the schema's properties. Throws when it cannot be made valid.
 */
export function validInstanceOf(schema: Schema, base: string, validate: Validator): unknown {
  const instance = instanceOf(schema, base) as Record<string, unknown>;
  for (let round = 0; round < 5; round++) {
    if (validate(clone(instance))) return instance;
    const missing = (validate.errors ?? []).filter((e) => e.keyword === 'required' && e.instancePath === '');
    if (!missing.length) break;
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const e of missing) {
      const name = String(e.params.missingProperty);
      instance[name] = props[name] ? instanceOf(props[name], base) : 'abc';
    }
  }
  throw new Error(`no valid instance: ${JSON.stringify(instance)} ${JSON.stringify(validate.errors)}`);
}
