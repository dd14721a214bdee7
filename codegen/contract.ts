// Loads the contract (schemas/) into one strict ajv instance and checks it: every schema compiles, every
// $ref resolves, every route file fits the catalogue meta-schema, route names and paths are unique.
// Used by codegen, by the server at start (to register routes) and by the contract tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv2020, type AnySchema } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { ANNOTATION_KEYWORDS } from '../src/domain/ajv-keywords.ts';
import { leakedSecrets } from './secrets.ts';
import { fieldPaths } from './field-paths.ts';
import { loadScreens, screenProblems, type ScreenFile } from './screens.ts';

export const SCHEMA_BASE = 'https://sema.dev/schemas/';

export type { Bilingual } from '../src/domain/language.ts';
import type { Bilingual } from '../src/domain/language.ts';
export type CallerType = 'none' | 'token' | 'token_or_fkey' | 'token_or_fkey_or_none';
export interface RouteDefinition {
  method: 'GET' | 'POST';
  path: string;
  caller_type: CallerType;
  effect: 'read' | 'write';
  auth_codes: string[];
  /** The scope a front-end key needs to be admitted (token_or_fkey routes only). */
  fkey_scope?: string;
  auth_decision?: string;
  ownership?: string;
  /** A write call's audit record (or a read of personal data that is audited too): the kind of record and the paths (request, then answer) of its id. */
  audit?: { entity: string; record?: string[] };
  /** Calls per caller per window (absent: the default of the effect and caller type, ./rate-limits.ts). */
  rate_limit?: { max: number; per_seconds: number };
  /** The largest body (kB) of a route whose schema leaves something unbounded (./body-limits.ts). */
  body_kb?: number;
  source: 'spec' | 'product';
  summary: Bilingual;
  description?: string;
  request: Record<string, unknown>;
  response: Record<string, unknown>;
}
export interface CatalogueRoute extends RouteDefinition {
  name: string;
  area: string;
}
export interface SchemaFile {
  file: string; // relative to schemas/, e.g. entities/bundle.json
  id: string;
  schema: Record<string, unknown>;
}
export interface Contract {
  root: string;
  schemas: SchemaFile[]; // enums, meta and entities
  areas: { area: string; file: string; label: Bilingual }[];
  routes: CatalogueRoute[];
  errors: { areas: Record<string, Bilingual>; codes: Record<string, { status_code: string; http: number; message: Bilingual; spec?: string; first_page?: boolean }> };
  /** Generic screens (schemas/screens/<id>.json, checked by codegen/screens.ts). */
  screens: ScreenFile[];
}

/** `/v1/user/shop/bundle/new` → `user_shop_bundle_new` */
export function routeName(path: string): string {
  return path.replace(/^\/v1\//, '').replace(/[/-]/g, '_');
}

/** The virtual $id a route's request or response schema is compiled under, so `../entities/x.json` resolves. */
export function routeSchemaId(name: string, part: 'request' | 'response'): string {
  return `${SCHEMA_BASE}routes/${name}.${part}.json`;
}

export function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  for (const k of ANNOTATION_KEYWORDS) ajv.addKeyword(k);
  return ajv;
}

function readJson(path: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`${path}: ${(e as Error).message}`);
  }
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? jsonFiles(join(dir, d.name)) : d.name.endsWith('.json') ? [join(dir, d.name)] : []))
    .sort();
}

export function loadContract(root = join(import.meta.dirname, '..', 'schemas')): Contract {
  const schemas: SchemaFile[] = [];
  for (const path of [join(root, 'enums.json'), join(root, 'common.json'), ...jsonFiles(join(root, 'meta')), ...jsonFiles(join(root, 'entities'))]) {
    const schema = readJson(path);
    const file = relative(root, path);
    const id = `${SCHEMA_BASE}${file}`;
    if (schema.$id !== id) throw new Error(`${file}: $id must be ${id}`);
    schemas.push({ file, id, schema });
  }
  const areas: Contract['areas'] = [];
  const routes: CatalogueRoute[] = [];
  for (const path of jsonFiles(join(root, 'routes'))) {
    const doc = readJson(path) as { area: string; 'x-label': Bilingual; routes: RouteDefinition[] };
    const file = relative(root, path);
    areas.push({ area: doc.area, file, label: doc['x-label'] });
    for (const r of doc.routes ?? []) routes.push({ ...r, name: routeName(r.path ?? ''), area: doc.area });
  }
  const errors = readJson(join(root, 'errors.json')) as unknown as Contract['errors'];
  return { root, schemas, areas, routes, errors, screens: loadScreens(root) };
}

/** An ajv holding every entity/enum/meta schema, ready to compile route schemas against. */
export function contractAjv(contract: Contract): Ajv2020 {
  const ajv = newAjv();
  for (const s of contract.schemas) ajv.addSchema(s.schema as AnySchema);
  return ajv;
}

/** An audit target names an entity of the contract and paths that exist in the request or the answer. */
function auditProblems(contract: Contract, r: CatalogueRoute): string[] {
  const { audit } = r;
  if (!audit) return [];
  const problems: string[] = [];
  if (!contract.schemas.some((s) => s.file === `entities/${audit.entity}.json`)) problems.push(`audit entity ${audit.entity} is not an entity of the contract`);
  const paths = new Set(
    (['request', 'response'] as const).flatMap((part) => fieldPaths(contract, r[part], routeSchemaId(r.name, part), () => true)),
  );
  for (const p of audit.record ?? []) if (!paths.has(p)) problems.push(`audit record ${p} is in neither the request nor the answer`);
  return problems;
}

/**
 * An integer a request may send without bounds: past its column's (2,147,483,647 for an int) it reached the
 * database and answered 500 (issue 28), so every integer of a request is bounded in the contract.
 */
function unboundedInteger(n: Record<string, unknown>): boolean {
  const integer = n.type === 'integer' || (Array.isArray(n.type) && n.type.includes('integer'));
  return integer && !Array.isArray(n.enum) && n.const === undefined && (typeof n.minimum !== 'number' || typeof n.maximum !== 'number');
}

/** Every problem of the contract, as readable lines; empty when it is sound. */
export function checkContract(contract: Contract): string[] {
  const problems: string[] = [];
  let ajv: Ajv2020;
  try {
    ajv = contractAjv(contract);
    for (const s of contract.schemas) ajv.getSchema(s.id); // compiles, resolving every $ref
  } catch (e) {
    return [`schemas: ${(e as Error).message}`];
  }
  for (const s of contract.schemas) {
    try {
      ajv.getSchema(s.id);
    } catch (e) {
      problems.push(`${s.file}: ${(e as Error).message}`);
    }
  }
  const catalogue = ajv.getSchema(`${SCHEMA_BASE}meta/route-catalogue.schema.json`)!;
  for (const a of contract.areas) {
    const doc = readJson(join(contract.root, a.file));
    if (!catalogue(doc)) problems.push(`${a.file}: ${ajv.errorsText(catalogue.errors, { dataVar: a.file })}`);
  }
  const errorCatalogue = ajv.getSchema(`${SCHEMA_BASE}meta/error-catalogue.schema.json`)!;
  if (!errorCatalogue(contract.errors)) problems.push(`errors.json: ${ajv.errorsText(errorCatalogue.errors)}`);
  const codes = new Map<string, string>();
  for (const [key, c] of Object.entries(contract.errors.codes ?? {})) {
    if (codes.has(c.status_code)) problems.push(`errors.json: ${key} and ${codes.get(c.status_code)} share ${c.status_code}`);
    codes.set(c.status_code, key);
    if (c.status_code.endsWith('000') !== (key === 'ok')) problems.push(`errors.json: only ok may end in 000 (${key} ${c.status_code})`);
    if (c.status_code.endsWith('096') && c.http !== 401) problems.push(`errors.json: ${key} ends in 096, so it must be a session end (http 401)`);
    if (!contract.errors.areas?.[c.status_code.slice(0, 2)]) problems.push(`errors.json: ${key} has an unknown area ${c.status_code.slice(0, 2)}`);
  }
  const names = new Map<string, string>();
  for (const r of contract.routes) {
    const where = `routes/${r.area}: ${r.path}`;
    if (names.has(r.name)) problems.push(`${where}: route name ${r.name} also belongs to ${names.get(r.name)}`);
    names.set(r.name, r.path);
    if (r.auth_codes?.length && r.caller_type !== 'token' && r.caller_type !== 'token_or_fkey')
      problems.push(`${where}: auth codes need a caller who can be identified (token or token_or_fkey)`);
    if (r.fkey_scope && r.caller_type !== 'token_or_fkey') problems.push(`${where}: fkey_scope is for token_or_fkey routes (a key is what it admits)`);
    for (const part of ['request', 'response'] as const) {
      try {
        ajv.compile({ ...r[part], $id: routeSchemaId(r.name, part) });
      } catch (e) {
        problems.push(`${where} ${part}: ${(e as Error).message}`);
      } finally {
        ajv.removeSchema(routeSchemaId(r.name, part));
      }
    }
    problems.push(...auditProblems(contract, r).map((p) => `${where}: ${p}`));
    for (const p of fieldPaths(contract, r.request, routeSchemaId(r.name, 'request'), unboundedInteger))
      problems.push(`${where}: request field ${p} is an integer without a minimum and a maximum (its column holds a bounded one)`);
    if (r.method === 'GET') {
      const props = (r.request.properties ?? {}) as Record<string, { type?: string }>;
      for (const [k, p] of Object.entries(props))
        if (p.type === 'object' || p.type === 'array') problems.push(`${where}: GET parameter ${k} must be a scalar`);
    }
  }
  problems.push(...screenProblems(contract, ajv));
  for (const leak of leakedSecrets(contract)) problems.push(`${leak} (mark it writeOnly, or list the route in SECRET_HANDOVER)`);
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const contract = loadContract();
  const problems = checkContract(contract);
  for (const p of problems) console.error(p);
  console.log(`${contract.schemas.length} schemas, ${contract.routes.length} routes in ${contract.areas.length} areas, ${contract.screens.length} screens, ${Object.keys(contract.errors.codes).length} status codes: ${problems.length ? `${problems.length} problems` : 'sound'}`);
  process.exit(problems.length ? 1 : 0);
}
