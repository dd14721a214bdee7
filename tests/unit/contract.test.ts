// The contract itself: every schema compiles in ajv's strict mode, every $ref resolves, every fixture fits
// its schema (and every deliberately invalid one does not), and the generated files are current.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContract, contractAjv, loadContract, SCHEMA_BASE, type Contract } from '../../codegen/contract.ts';
import { pageScreenProblems, SCREEN_META_ID } from '../../codegen/screens.ts';
import { checkLayerRecord, type LayerValues } from '../../src/domain/layer-record.ts';
import type { SeedLayer } from '../../server/db/seed-layers.ts';
import { routeTable } from '../../src/generated/route-table.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const contract = loadContract();
const ajv = contractAjv(contract);
const readJson = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
const validator = (entity: string) => {
  const v = ajv.getSchema(`${SCHEMA_BASE}entities/${entity}.json`);
  if (!v) throw new Error(`no schema for ${entity}`);
  return v;
};

describe('the contract', () => {
  it('is sound: strict schemas, resolved references, unique routes, a consistent error catalogue', () => {
    expect(checkContract(contract)).toEqual([]);
  });

  it('catches a reference to a schema that does not exist', () => {
    const broken: Contract = structuredClone(contract);
    broken.routes[0].response = { type: 'object', properties: { x: { $ref: '../entities/no_such_entity.json' } } };
    expect(checkContract(broken).join('\n')).toMatch(/no_such_entity/);
  });

  it('catches an unknown keyword (strict mode) and a misplaced keyword', () => {
    const broken: Contract = structuredClone(contract);
    broken.routes[0].request = { type: 'object', properties: { x: { type: 'string', maxLenght: 3 } } };
    broken.routes[1].request = { type: 'object', properties: { x: { type: 'integer', minLength: 3 } } };
    const problems = checkContract(broken).join('\n');
    expect(problems).toMatch(/maxLenght/);
    expect(problems).toMatch(/minLength/);
  });

  it('refuses a request integer without a minimum and a maximum, in a list too (a column holds a bounded one)', () => {
    const broken: Contract = structuredClone(contract);
    broken.routes[0].request = { type: 'object', properties: { row_from: { type: 'integer', minimum: 0 }, rows: { type: 'array', maxItems: 3, items: { type: 'object', properties: { n: { type: ['integer', 'null'], maximum: 9 } } } } } };
    const problems = checkContract(broken).join('\n');
    expect(problems).toMatch(/request field row_from is an integer without a minimum and a maximum/);
    expect(problems).toMatch(/request field rows\.n is an integer/);
  });

  it('gives each route a body limit of what its request admits: a few fields 16 kB, an upload its 10 MB as base64', () => {
    const limit = (name: string) => routeTable.find((r) => r.name === name)!.body_limit;
    expect(limit('frontend_get')).toBe(16 * 1024);
    expect(limit('excel_calculate_credit')).toBeGreaterThanOrEqual(13_981_016);
    expect(limit('table_to_excel')).toBe(15 * 1024 * 1024);
  });

  it('catches a success code that does not end in 000 and a duplicate code', () => {
    const broken: Contract = structuredClone(contract);
    broken.errors.codes.other_success = { status_code: '11000', http: 200, message: { en: 'x', tr: 'x' } };
    broken.errors.codes.twin = { ...broken.errors.codes.not_found };
    const problems = checkContract(broken).join('\n');
    expect(problems).toMatch(/only ok may end in 000/);
    expect(problems).toMatch(/share 10004/);
  });

  it('gives every status message the same placeholders in Turkish and English', () => {
    for (const [key, c] of Object.entries(contract.errors.codes)) {
      const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(names(c.message.tr), key).toEqual(names(c.message.en));
    }
  });

  it('has exactly one success code and session-ended codes that end in 096', () => {
    const codes = Object.values(contract.errors.codes).map((c) => c.status_code);
    expect(codes.filter((c) => c.endsWith('000'))).toEqual(['10000']);
    expect(contract.errors.codes.session_ended.status_code.endsWith('096')).toBe(true);
  });
});

describe('fixtures', () => {
  const entities = contract.schemas.filter((s) => s.file.startsWith('entities/')).map((s) => s.file.slice('entities/'.length, -'.json'.length));

  it('exist for every entity', () => {
    const missing = entities.filter((e) => !existsSync(join(ROOT, 'fixtures', 'entities', `${e}.json`)));
    expect(missing).toEqual([]);
  });

  const files = existsSync(join(ROOT, 'fixtures', 'entities')) ? readdirSync(join(ROOT, 'fixtures', 'entities')).filter((f) => f.endsWith('.json')) : [];
  it.each(files)('%s: valid records pass and invalid ones fail', (file) => {
    const entity = file.slice(0, -'.json'.length);
    const fixture = readJson(`fixtures/entities/${file}`) as { valid: unknown[]; invalid: { why: string; record: unknown }[] };
    const validate = validator(entity);
    expect(fixture.valid.length).toBeGreaterThanOrEqual(1);
    expect(fixture.invalid.length).toBeGreaterThanOrEqual(1);
    for (const [i, record] of fixture.valid.entries()) expect(validate(record), `valid[${i}]: ${ajv.errorsText(validate.errors)}`).toBe(true);
    for (const { why, record } of fixture.invalid) expect(validate(record), `invalid record passed: ${why}`).toBe(false);
  });

  it('the demo seed fits the schemas', () => {
    const { tenants } = readJson('fixtures/seed/tenants.json');
    for (const t of tenants) {
      expect(validator('frontend_configuration')(t.frontend), t.domain).toBe(true);
      for (const unit of t.website_unit_list) expect(validator('website_unit')(unit), `${t.domain} ${unit.route_name}`).toBe(true);
    }
    const { system_layer_list, site_layer_list } = readJson('fixtures/seed/layers.json') as { system_layer_list: SeedLayer[]; site_layer_list: SeedLayer[] };
    const records = (list: SeedLayer['record_list']): LayerValues[] => list.flatMap((r) => [r.record, ...records(r.children ?? [])]);
    for (const { layer, record_list } of [...system_layer_list, ...site_layer_list]) {
      expect(validator('data_layer')(layer), layer.layer_code).toBe(true);
      for (const record of records(record_list)) expect(checkLayerRecord(layer, record), `${layer.layer_code} ${JSON.stringify(record)}`).toEqual([]);
    }
    const frd = system_layer_list.find((l) => l.layer.layer_code === 'frd')!;
    for (const { record } of frd.record_list) expect(validator('language_option')(record)).toBe(true);
  });
});

describe('the page catalogue (schemas/screens/pages.json)', () => {
  const path = 'schemas/screens/pages.json';
  it('fits the page schema, with unique route names, unique paths and known parents', () => {
    expect(existsSync(join(ROOT, path))).toBe(true);
    const { pages } = readJson(path) as { pages: { route_name: string; parent?: string | null; path: Record<string, string> }[] };
    const validate = validator('page');
    for (const p of pages) expect(validate(p), `${p.route_name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    const names = pages.map((p) => p.route_name);
    expect(new Set(names).size).toBe(names.length);
    const paths = pages.flatMap((p) => [...new Set(Object.values(p.path))]);
    expect(paths.filter((x, i) => paths.indexOf(x) !== i)).toEqual([]);
    for (const p of pages) if (p.parent) expect(names, `${p.route_name}'s parent`).toContain(p.parent);
  });
});

describe('generic screens (schemas/screens/<id>.json)', () => {
  const pages = () => (readJson('schemas/screens/pages.json') as { pages: Parameters<typeof pageScreenProblems>[1] }).pages;
  const screen = (c: Contract, id: string) => c.screens.find((s) => s.id === id)!.source;

  it('exist, fit the screen meta-schema and name routes, fields, sort keys and screens that exist', () => {
    expect(contract.screens.map((s) => s.id)).toEqual(expect.arrayContaining(['shop', 'bundle', 'bundle_product', 'agreement', 'product_agreement', 'bundle_details', 'shop_order']));
    const validate = ajv.getSchema(SCREEN_META_ID)!;
    for (const s of contract.screens) expect(validate(s.source), `${s.file}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    expect(checkContract(contract).filter((p) => p.startsWith('screens/'))).toEqual([]);
  });

  it('catch a screen naming a missing route, field, sort key, screen or an auth its route refuses', () => {
    const broken: Contract = structuredClone(contract);
    const bundle = screen(broken, 'bundle');
    bundle.routes.edit = 'user_shop_bundle_edit_x';
    bundle.list!.columns.push({ field: 'no_such_field' }, { field: 'bundle_name', sort: 'nope' });
    bundle.list!.filters!.push({ field: 'shop_colour' }, { field: 'bundle_status', not_before: 'bundle_status' });
    bundle.list!.row_actions!.push({ id: 'x', label: { en: 'x', tr: 'x' }, open: { screen: 'no_screen', view: 'list' } });
    bundle.list!.bulk_actions![0].auth_codes = ['website_edit'];
    const problems = checkContract(broken).join('\n');
    expect(problems).toMatch(/no route user_shop_bundle_edit_x/);
    expect(problems).toMatch(/column no_such_field is not a field/);
    expect(problems).toMatch(/sorts by nope/);
    expect(problems).toMatch(/filter shop_colour is not an input/);
    expect(problems).toMatch(/filter bundle_status is not_before bundle_status, which is not another filter of the list/);
    expect(problems).toMatch(/opens no_screen \(list\), which does not exist/);
    expect(problems).toMatch(/admits website_edit, which user_shop_bundle_status_active refuses/);
  });

  it('catch a screen whose routes need an input it cannot fill, and one that is not valid', () => {
    const broken: Contract = structuredClone(contract);
    delete screen(broken, 'bundle_product').params!.bundle_client_id;
    (screen(broken, 'agreement') as unknown as Record<string, unknown>).colour = 'red';
    const problems = checkContract(broken).join('\n');
    expect(problems).toMatch(/bundle_product.json: list route user_shop_bundle_product_list requires bundle_client_id/);
    expect(problems).toMatch(/agreement.json: .*must NOT have additional properties/);
  });

  it('catch a tree over a paged route, a reorder it cannot fill, a wrapped record or a version field that is not there', () => {
    const broken: Contract = structuredClone(contract);
    const units = screen(broken, 'website_unit');
    units.list!.tree = { parent: 'parent', key: 'route_name', position: 'caption' };
    units.list!.reorder = { route: 'frontend_websiteunit_reorder', items: 'website_unit_list' };
    units.record!.request_record = 'unit';
    units.record!.version_field = 'position_x';
    units.record!.fields!['path.en'] = { derive: { from: 'title.en', as: 'path' } };
    const bundle = screen(broken, 'bundle');
    bundle.list!.tree = { parent: 'bundle_name', key: 'bundle_client_id', position: 'priority' };
    const problems = checkContract(broken).join('\n');
    expect(problems).toMatch(/website_unit.json: tree position caption is not an integer/);
    expect(problems).toMatch(/reorder: frontend_websiteunit_reorder takes no array of objects website_unit_list/);
    expect(problems).toMatch(/new route frontend_websiteunit_new takes no object unit/);
    expect(problems).toMatch(/version_field position_x is no integer field/);
    expect(problems).toMatch(/record field path.en derives from title.en, which is not a form field/);
    expect(problems).toMatch(/bundle.json: tree: list route user_shop_bundle_list pages its answer/);
    const noTree: Contract = structuredClone(contract);
    delete screen(noTree, 'website_unit').list!.tree;
    expect(checkContract(noTree).join('\n')).toMatch(/reorder needs tree/);
  });

  it('are what the shop pages show, through GenericScreen', () => {
    expect(pageScreenProblems(contract, pages())).toEqual([]);
    const shopPages = pages().filter((p) => p.route_name.startsWith('user_shop_') || p.route_name === 'product_details');
    // Every shop page shows a screen: lists through GenericScreen, a record through it or an editor (an order's staff page).
    expect(shopPages.filter((p) => p.route_name !== 'user_shoppingcart').every((p) => p.screen && (p.route_view === 'GenericScreen' || p.screen.view === 'record'))).toBe(true);
    expect(pages().find((p) => p.route_name === 'user_shop_order_details')).toMatchObject({ route_view: 'ShopOrderDetails', screen: { id: 'shop_order', view: 'record' } });
    const wrong = pages().map((p) => (p.route_name === 'audit_log' ? { ...p, screen: { id: 'audit_record', view: 'record' } } : p));
    expect(pageScreenProblems(contract, wrong)).toEqual(['page audit_log: screen audit_record has no record view']);
    // A record view may be an editor (the rule canvas draws a package); a list is always GenericScreen.
    expect(pages().find((p) => p.route_name === 'rule_engine_algorithm')).toMatchObject({ route_view: 'RuleCanvas', screen: { id: 'decision_package', view: 'record' } });
    const editorList = pages().map((p) => (p.route_name === 'rule_engine_packages' ? { ...p, route_view: 'RuleCanvas' } : p));
    expect(pageScreenProblems(contract, editorList)).toEqual([
      "page rule_engine_packages: a page with a screen's list has route_view GenericScreen; a record view names GenericScreen or an editor",
    ]);
    // …except a page that shows the generic list with more of its own (a model's records and their export).
    expect(pages().find((p) => p.route_name === 'data_model_records')).toMatchObject({ route_view: 'DataModelRecords', screen: { id: 'data_model_record', view: 'list' } });
  });

  it('show the website units: the unit list and the unit form are the screen website_unit', () => {
    const byName = new Map(pages().map((p) => [p.route_name, p]));
    expect(byName.get('frontend_websiteunit_list')).toMatchObject({ route_view: 'GenericScreen', screen: { id: 'website_unit', view: 'list' } });
    expect(byName.get('frontend_webunit')).toMatchObject({ route_view: 'GenericScreen', screen: { id: 'website_unit', view: 'record' } });
  });
});

describe('generated code', () => {
  it('is up to date with the contract (npm run codegen)', { timeout: 30_000 }, async () => {
    const { generate } = await import('../../codegen/main.ts');
    const files = await generate(contract);
    for (const [file, text] of files) expect(readFileSync(join(ROOT, 'src', 'generated', file), 'utf8'), file).toBe(text);
  });
});

describe('the OpenAPI document', () => {
  const doc = JSON.parse(readFileSync(join(ROOT, 'src', 'generated', 'openapi.json'), 'utf8'));

  it('is OpenAPI 3.1 with one operation per catalogued route', () => {
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((p) => Object.values(p));
    expect(ops.map((o) => o.operationId).sort()).toEqual(contract.routes.map((r) => r.name).sort());
  });

  it('has no reference that points nowhere', () => {
    const dangling: string[] = [];
    const resolve = (pointer: string) =>
      pointer
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[decodeURIComponent(key)], doc);
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object')
        for (const [k, v] of Object.entries(node)) {
          if (k === '$ref' && (typeof v !== 'string' || resolve(v) === undefined)) dangling.push(String(v));
          else walk(v);
        }
    };
    walk(doc);
    expect(dangling).toEqual([]);
  });
});

describe('secrets', () => {
  it('no answer can carry a secret, except the routes that hand one over', () => {
    expect(checkContract(contract).filter((p) => p.includes('secret'))).toEqual([]);
    const broken: Contract = structuredClone(contract);
    const route = broken.routes.find((r) => r.name === 'frontend_list')!;
    route.response = { type: 'object', properties: { token: { $ref: '../entities/token.json' } } };
    expect(checkContract(broken).join('\n')).toMatch(/frontend\/list answers the secret token\.access_token/);
  });
});
