// Generic screens (schemas/screens/<id>.json): loading, checking against the rest of the contract, and
// resolving each into the self-contained JSON the browser loads (src/generated/screens/<id>.json): the
// entity schema and every route the screen names, with every $ref inlined.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { FieldHints, JsonSchema, ResolvedScreen, ScreenAction, ScreenDefinition, ScreenRoute } from '../src/domain/screen.ts';
import type { CatalogueRoute, Contract } from './contract.ts';

const SCHEMA_BASE = 'https://sema.dev/schemas/';
export const SCREEN_META_ID = `${SCHEMA_BASE}meta/screen.schema.json`;

/** A screen file as written: entities by $ref. */
export type ScreenSource = Omit<ScreenDefinition, 'entity' | 'record'> & {
  entity: { $ref: string };
  record?: Omit<NonNullable<ScreenDefinition['record']>, 'related'> & {
    related?: (Omit<NonNullable<NonNullable<ScreenDefinition['record']>['related']>[number], 'entity'> & { entity: { $ref: string } })[];
  };
};

export interface ScreenFile {
  file: string; // relative to schemas/, e.g. screens/bundle.json
  id: string;
  source: ScreenSource;
}

/** Files of schemas/screens/ that are not screen definitions. */
const NOT_SCREENS = new Set(['pages.json']);

export function loadScreens(root: string): ScreenFile[] {
  const dir = join(root, 'screens');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !NOT_SCREENS.has(f))
    .sort()
    .map((f) => {
      const text = readFileSync(join(dir, f), 'utf8');
      let source: ScreenSource;
      try {
        source = JSON.parse(text);
      } catch (e) {
        throw new Error(`screens/${f}: ${(e as Error).message}`);
      }
      return { file: `screens/${f}`, id: f.slice(0, -'.json'.length), source };
    });
}

// ---------------------------------------------------------------------------------------------------------
// Inlining $refs

const DROPPED = new Set(['$id', '$schema', '$defs', '$comment', 'x-decision', 'description', 'examples', 'tsType']);

function pointer(doc: unknown, fragment: string): unknown {
  const parts = fragment.replace(/^#?\/?/, '').split('/').filter(Boolean).map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined), doc);
}

/** $ref + sibling keywords: the target with the siblings laid over it (properties and required merged). */
function overlay(target: Record<string, unknown>, siblings: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target, ...siblings };
  if (target.properties && siblings.properties) out.properties = { ...(target.properties as object), ...(siblings.properties as object) };
  if (Array.isArray(target.required) && Array.isArray(siblings.required)) out.required = [...new Set([...target.required, ...siblings.required])];
  return out;
}

/** A copy of `node` (read from the document at `base`) with every $ref replaced by its target. */
export function inlineSchema(contract: Contract, node: unknown, base: string, stack: string[] = []): JsonSchema {
  const docs = new Map(contract.schemas.map((s) => [s.id, s.schema]));
  const walk = (n: unknown, at: string, seen: string[]): unknown => {
    if (Array.isArray(n)) return n.map((x) => walk(x, at, seen));
    if (!n || typeof n !== 'object') return n;
    const src = n as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(src)) {
      if (DROPPED.has(k) || k === '$ref') continue;
      if (k === 'properties' || k === 'patternProperties') out[k] = Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, walk(s, at, seen)]));
      else if (k === 'enum' || k === 'const' || k === 'default' || k === 'required' || k.startsWith('x-')) out[k] = v;
      else out[k] = walk(v, at, seen);
    }
    if (typeof src.$ref !== 'string') return out;
    const url = new URL(src.$ref, at);
    const fragment = url.hash;
    url.hash = '';
    const key = `${url.href}${fragment}`;
    // A schema that holds itself (a data model's sub-parameters) is cut at its second appearance: screens draw
    // and check the levels they show; the server checks the whole document against the full schema.
    if (seen.includes(key)) return { ...out, 'x-recursive': key };
    const doc = docs.get(url.href);
    if (!doc) throw new Error(`no schema ${url.href} (from ${src.$ref})`);
    const target = pointer(doc, fragment);
    if (!target || typeof target !== 'object') throw new Error(`${src.$ref} points nowhere`);
    return overlay(walk(target, url.href, [...seen, key]) as Record<string, unknown>, out);
  };
  return walk(node, base, stack) as JsonSchema;
}

const entityName = (ref: { $ref: string }): string => ref.$ref.replace(/^\.\.\/entities\//, '').replace(/\.json$/, '');
const entityUrl = (name: string) => `${SCHEMA_BASE}entities/${name}.json`;
const routeUrl = (name: string, part: 'request' | 'response') => `${SCHEMA_BASE}routes/${name}.${part}.json`;

function routeParts(contract: Contract, r: CatalogueRoute) {
  return {
    request: inlineSchema(contract, r.request, routeUrl(r.name, 'request')),
    response: inlineSchema(contract, r.response, routeUrl(r.name, 'response')),
  };
}

/** Every route a screen names: its four, its actions', its reorder's and its pickers'. */
export function routesOfScreen(s: ScreenSource): string[] {
  const names = new Set<string>(Object.values(s.routes ?? {}).filter(Boolean) as string[]);
  for (const a of [...(s.list?.row_actions ?? []), ...(s.list?.bulk_actions ?? [])]) if (a.route) names.add(a.route);
  if (s.list?.reorder) names.add(s.list.reorder.route);
  for (const f of Object.values(s.record?.fields ?? {})) if (f.picker) names.add(f.picker.route);
  return [...names];
}

/** Pickers' label fields that are enumerations, with their labels: the browser names a choice by them (an auth code by its name). */
function pickerLabelEnums(contract: Contract, fields: Record<string, FieldHints> | undefined, byName: Map<string, Contract['routes'][number]>): Record<string, FieldHints> | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(
    Object.entries(fields).map(([k, h]) => {
      const r = h.picker ? byName.get(h.picker.route) : undefined;
      const record = r && h.picker ? listRecord(routeParts(contract, r).response, h.picker.items, h.picker.item_record) : undefined;
      const enums = Object.fromEntries(
        (h.picker?.label ?? []).flatMap((f) => {
          const schema = propsOf(record)[f];
          return schema?.enum ? [[f, { enum: schema.enum, ...(schema['x-enum-labels'] ? { 'x-enum-labels': schema['x-enum-labels'] } : {}) }]] : [];
        }),
      );
      return [k, Object.keys(enums).length ? { ...h, picker: { ...h.picker!, label_enums: enums } } : h];
    }),
  );
}

export function resolveScreen(contract: Contract, file: ScreenFile): ResolvedScreen {
  const { $schema: _schema, $comment: _comment, ...s } = file.source as ScreenSource & { $schema?: string; $comment?: string };
  const byName = new Map(contract.routes.map((r) => [r.name, r]));
  const route_table: Record<string, ScreenRoute> = {};
  for (const name of routesOfScreen(s)) {
    const r = byName.get(name);
    if (!r) throw new Error(`${file.file}: no route ${name}`);
    route_table[name] = {
      name,
      method: r.method,
      path: r.path,
      caller_type: r.caller_type,
      effect: r.effect,
      auth_codes: r.auth_codes,
      request: routeParts(contract, r).request,
    };
  }
  const entity = entityName(s.entity);
  const related_schemas: Record<string, JsonSchema> = {};
  for (const rel of s.record?.related ?? []) {
    const name = entityName(rel.entity);
    related_schemas[name] ??= inlineSchema(contract, { $ref: entityUrl(name) }, entityUrl(name));
  }
  const record = s.record ? { ...s.record, related: s.record.related?.map((rel) => ({ ...rel, entity: entityName(rel.entity) })), fields: pickerLabelEnums(contract, s.record.fields, byName) } : undefined;
  if (record && !record.fields) delete record.fields;
  if (record && !record.related) delete record.related;
  return {
    ...s,
    entity,
    ...(record ? { record } : {}),
    entity_schema: inlineSchema(contract, { $ref: entityUrl(entity) }, entityUrl(entity)),
    related_schemas,
    route_table,
  } as ResolvedScreen;
}

// ---------------------------------------------------------------------------------------------------------
// Checks

type Props = Record<string, JsonSchema>;
const propsOf = (schema: JsonSchema | undefined): Props => (schema?.properties ?? {}) as Props;
const LIST_CONTROL = new Set(['page', 'page_size', 'sort', 'search']);

function sortKeys(request: JsonSchema): string[] {
  const e = propsOf(request).sort?.enum;
  return Array.isArray(e) ? (e as string[]) : [];
}

/** The record schema of a list answer's items (the item, or its item_record property). */
function listRecord(response: JsonSchema, items: string, itemRecord?: string): JsonSchema | undefined {
  const arr = propsOf(response)[items];
  if (arr?.type !== 'array' || !arr.items) return undefined;
  return itemRecord ? propsOf(arr.items)[itemRecord] : arr.items;
}

/** Every problem of the screens, as readable lines. */
export function screenProblems(contract: Contract, ajv: Ajv2020): string[] {
  const problems: string[] = [];
  const validate = ajv.getSchema(SCREEN_META_ID);
  if (!validate) return [`${SCREEN_META_ID} is missing`];
  const byName = new Map(contract.routes.map((r) => [r.name, r]));
  const entities = new Set(contract.schemas.filter((s) => s.file.startsWith('entities/')).map((s) => s.file.slice('entities/'.length, -'.json'.length)));
  const screens = new Map((contract.screens ?? []).map((s) => [s.id, s.source]));
  const views = (id: string) => {
    const s = screens.get(id);
    if (!s) return [];
    return [...(s.routes?.list && s.list ? ['list'] : []), ...((s.routes?.get || s.routes?.new) && s.record ? ['record'] : [])];
  };

  for (const f of contract.screens ?? []) {
    const s = f.source;
    const at = (what: string) => `${f.file}: ${what}`;
    if (!validate(s)) {
      problems.push(at(ajv.errorsText(validate.errors, { dataVar: 'screen' })));
      continue;
    }
    if (s.id !== f.id) problems.push(at(`id ${s.id} must be the file name ${f.id}`));
    const entity = entityName(s.entity);
    if (!entities.has(entity)) {
      problems.push(at(`no entity ${entity}`));
      continue;
    }
    let entitySchema: JsonSchema;
    try {
      entitySchema = inlineSchema(contract, { $ref: entityUrl(entity) }, entityUrl(entity));
    } catch (e) {
      problems.push(at((e as Error).message));
      continue;
    }
    const fields = propsOf(entitySchema);
    for (const k of ['key', 'label_field'] as const) if (!fields[s[k]]) problems.push(at(`${k} ${s[k]} is not a field of ${entity}`));

    const routes = new Map<string, { def: CatalogueRoute; request: JsonSchema; response: JsonSchema }>();
    for (const name of routesOfScreen(s)) {
      const def = byName.get(name);
      if (!def) {
        problems.push(at(`no route ${name}`));
        continue;
      }
      try {
        routes.set(name, { def, ...routeParts(contract, def) });
      } catch (e) {
        problems.push(at(`${name}: ${(e as Error).message}`));
      }
    }
    const params = new Set(Object.keys(s.params ?? {}));
    for (const [p, src] of Object.entries(s.params ?? {})) {
      if (![...routes.values()].some((r) => propsOf(r.request)[p])) problems.push(at(`parameter ${p} is no input of any of its routes`));
      if (src.entity && !entities.has(src.entity)) problems.push(at(`parameter ${p} names no entity ${src.entity}`));
    }
    const context = new Set([...params, s.key]);
    const needs = (routeName: string | undefined, may: Set<string>, what: string) => {
      const r = routeName ? routes.get(routeName) : undefined;
      if (!r) return;
      for (const req of r.request.required ?? []) if (!may.has(req)) problems.push(at(`${what} ${routeName} requires ${req}, which the screen cannot fill`));
    };

    // The list view.
    const list = s.list;
    if (list && !s.routes.list) problems.push(at('list needs routes.list'));
    const listRoute = s.routes.list ? routes.get(s.routes.list) : undefined;
    if (list && listRoute) {
      const req = propsOf(listRoute.request);
      // A list route pages (page and page_size) or answers everything at once; a tree needs everything.
      if (Boolean(req.page) !== Boolean(req.page_size)) problems.push(at(`list route ${s.routes.list} has ${req.page ? 'page' : 'page_size'} without ${req.page ? 'page_size' : 'page'}`));
      if (list.tree && req.page) problems.push(at(`tree: list route ${s.routes.list} pages its answer; a tree needs every record at once`));
      const record = listRecord(listRoute.response, list.items, list.item_record);
      if (!record) problems.push(at(`list route ${s.routes.list} answers no array ${list.items}${list.item_record ? ` of {${list.item_record}}` : ''}`));
      const recordFields = propsOf(record);
      if (list.tree) {
        for (const k of ['parent', 'key', 'position'] as const) if (!recordFields[list.tree[k]]) problems.push(at(`tree ${k} ${list.tree[k]} is not a field of the list's records`));
        if (recordFields[list.tree.position] && recordFields[list.tree.position].type !== 'integer') problems.push(at(`tree position ${list.tree.position} is not an integer`));
      }
      if (list.reorder) {
        if (!list.tree) problems.push(at('reorder needs tree (it moves a record among its siblings)'));
        const r = routes.get(list.reorder.route);
        const arr = r ? propsOf(r.request)[list.reorder.items] : undefined;
        if (r && (arr?.type !== 'array' || !arr.items?.properties)) problems.push(at(`reorder: ${list.reorder.route} takes no array of objects ${list.reorder.items}`));
        else if (r && arr?.items) {
          for (const f of arr.items.required ?? []) if (!recordFields[f] && f !== list.tree?.position) problems.push(at(`reorder: item field ${f} is not a field of the list's records`));
          needs(list.reorder.route, new Set([...params, list.reorder.items]), 'reorder route');
        }
      }
      const keys = sortKeys(listRoute.request);
      for (const c of list.columns) {
        if (!recordFields[c.field.split('.')[0]]) problems.push(at(`column ${c.field} is not a field of the list's records`));
        if (c.sort && !keys.includes(c.sort)) problems.push(at(`column ${c.field} sorts by ${c.sort}, which ${s.routes.list} does not sort by (${keys.join(', ')})`));
      }
      if (list.sort && !keys.includes(list.sort)) problems.push(at(`default sort ${list.sort} is not a sort key of ${s.routes.list}`));
      if (list.search && !req.search) problems.push(at(`${s.routes.list} has no search`));
      for (const flt of list.filters ?? []) {
        if (!req[flt.field]) problems.push(at(`filter ${flt.field} is not an input of ${s.routes.list}`));
        else if (LIST_CONTROL.has(flt.field) || params.has(flt.field)) problems.push(at(`filter ${flt.field} is a paging control or a parameter`));
        if (flt.not_before && !(list.filters ?? []).some((o) => o.field === flt.not_before && o.field !== flt.field))
          problems.push(at(`filter ${flt.field} is not_before ${flt.not_before}, which is not another filter of the list`));
      }
      needs(s.routes.list, params, 'list route');
      const actionProblems = (a: ScreenAction, kind: string) => {
        if (a.route) {
          const r = routes.get(a.route);
          if (!r) return;
          const extra = (a.auth_codes ?? []).filter((c) => r.def.auth_codes.length && !r.def.auth_codes.includes(c));
          if (extra.length) problems.push(at(`${kind} ${a.id} admits ${extra.join(', ')}, which ${a.route} refuses`));
          needs(a.route, new Set([...params, ...Object.keys(fields), ...Object.keys(recordFields)]), `${kind} ${a.id}: route`);
        }
        if (a.open && !views(a.open.screen).includes(a.open.view)) problems.push(at(`${kind} ${a.id} opens ${a.open.screen} (${a.open.view}), which does not exist`));
        for (const w of Object.keys(a.when ?? {})) if (!recordFields[w] && !fields[w]) problems.push(at(`${kind} ${a.id}: when names no field ${w}`));
      };
      for (const a of list.row_actions ?? []) actionProblems(a, 'row action');
      for (const a of list.bulk_actions ?? []) {
        actionProblems(a, 'bulk action');
        if (a.open) problems.push(at(`bulk action ${a.id} must call a route`));
      }
      const ids = [...(list.row_actions ?? []), ...(list.bulk_actions ?? [])].map((a) => a.id);
      if (new Set(ids).size !== ids.length) problems.push(at('action ids must be unique'));
    }

    // The record view.
    const rec = s.record;
    if (rec) {
      if (!s.routes.get && !s.routes.new) problems.push(at('record needs routes.get or routes.new'));
      for (const part of ['get', 'new', 'edit'] as const) {
        const name = s.routes[part];
        const r = name ? routes.get(name) : undefined;
        if (r && !propsOf(inlineSchema(contract, r.def.response, routeUrl(r.def.name, 'response')))[rec.record])
          problems.push(at(`${part} route ${name} answers no ${rec.record}`));
      }
      needs(s.routes.get, context, 'get route');
      const formFields = new Set<string>();
      if (rec.version_field && fields[rec.version_field]?.type !== 'integer') problems.push(at(`version_field ${rec.version_field} is no integer field of ${entity}`));
      for (const part of ['new', 'edit'] as const) {
        const r = s.routes[part] ? routes.get(s.routes[part]!) : undefined;
        if (!r) continue;
        const wrapped = rec.request_record ? propsOf(r.request)[rec.request_record] : undefined;
        if (rec.request_record && wrapped?.type !== 'object') problems.push(at(`${part} route ${s.routes[part]} takes no object ${rec.request_record}`));
        for (const k of Object.keys(propsOf(r.request))) if (!context.has(k)) formFields.add(k);
        for (const k of Object.keys(propsOf(wrapped))) if (!context.has(k)) formFields.add(k);
        needs(s.routes[part], new Set([...context, ...Object.keys(propsOf(r.request))].filter((k) => part === 'edit' || k !== s.key)), `${part} route`);
      }
      for (const k of [...(rec.order ?? []), ...Object.keys(rec.fields ?? {})])
        if (!formFields.has(k.split('.')[0]) && !fields[k.split('.')[0]]) problems.push(at(`record field ${k} is neither a form field nor a field of ${entity}`));
      for (const [k, h] of Object.entries(rec.fields ?? {}))
        if (h.derive && !formFields.has(h.derive.from.split('.')[0])) problems.push(at(`record field ${k} derives from ${h.derive.from}, which is not a form field`));
      const sectioned = new Set<string>();
      for (const section of rec.sections ?? [])
        for (const f of section.fields) {
          if (!formFields.has(f)) problems.push(at(`section ${section.id}: ${f} is not a form field`));
          if (sectioned.has(f)) problems.push(at(`section ${section.id}: ${f} is in another section too`));
          sectioned.add(f);
        }
      for (const [k, h] of Object.entries(rec.fields ?? {})) {
        if (!h.picker) continue;
        const r = routes.get(h.picker.route);
        if (!r) continue;
        const record = listRecord(r.response, h.picker.items, h.picker.item_record);
        if (!record) problems.push(at(`picker of ${k}: ${h.picker.route} answers no array ${h.picker.items}`));
        else for (const f2 of [h.picker.value, ...h.picker.label]) if (!propsOf(record)[f2]) problems.push(at(`picker of ${k}: ${f2} is not a field of ${h.picker.items}`));
        const holder = propsOf(inlineSchema(contract, { $ref: entityUrl(entity) }, entityUrl(entity)));
        const beside = k.includes('.') ? propsOf(holder[k.split('.')[0]]?.items ?? holder[k.split('.')[0]]) : holder;
        for (const f2 of h.picker.value_label ?? []) if (!beside[f2]) problems.push(at(`picker of ${k}: value_label ${f2} is not a field beside it`));
      }
      for (const r of rec.reveal_once ?? []) {
        const answers = (['new', 'edit'] as const)
          .map((part) => (s.routes[part] ? routes.get(s.routes[part]!) : undefined))
          .filter((x) => x !== undefined)
          .map((x) => propsOf(x.response)[r.field]);
        if (!answers.some((a) => a?.type === 'string')) problems.push(at(`reveal_once ${r.field} is no string of the new or edit answer`));
      }
      const getRoute = s.routes.get ? routes.get(s.routes.get) : undefined;
      for (const rel of rec.related ?? []) {
        const name = entityName(rel.entity);
        if (!entities.has(name)) {
          problems.push(at(`related ${rel.items}: no entity ${name}`));
          continue;
        }
        if (!getRoute || !propsOf(getRoute.response)[rel.items]) problems.push(at(`related ${rel.items}: the get route does not answer it`));
        const relFields = propsOf(inlineSchema(contract, { $ref: entityUrl(name) }, entityUrl(name)));
        for (const c of rel.columns) if (!relFields[c.field.split('.')[0]]) problems.push(at(`related ${rel.items}: column ${c.field} is not a field of ${name}`));
        if (rel.open && !views(rel.open.screen).includes(rel.open.view)) problems.push(at(`related ${rel.items} opens ${rel.open.screen} (${rel.open.view}), which does not exist`));
      }
    }
  }
  return problems;
}

/** Problems of the page catalogue's screen choices: known screens and views, and the GenericScreen view (or an editor for a record view). */
/** Pages showing a screen's generic list (ScreenView) with more of their own: a model's records add the server's export. */
const LIST_PAGES = new Set(['DataModelRecords']);

export function pageScreenProblems(contract: Contract, pages: { route_name: string; route_view?: string; screen?: { id: string; view: string } }[]): string[] {
  const screens = new Map((contract.screens ?? []).map((s) => [s.id, s.source]));
  const problems: string[] = [];
  for (const p of pages) {
    if (!p.screen) {
      if (p.route_view === 'GenericScreen') problems.push(`page ${p.route_name}: route_view GenericScreen needs a screen`);
      continue;
    }
    const s = screens.get(p.screen.id);
    if (!s) problems.push(`page ${p.route_name}: no screen ${p.screen.id}`);
    else if (p.screen.view === 'list' ? !s.list : !s.record) problems.push(`page ${p.route_name}: screen ${p.screen.id} has no ${p.screen.view} view`);
    // A record view may be drawn by a hand-written editor (the rule canvas draws a package); a list never, though
    // a page may add to the generic list it shows (LIST_PAGES).
    const listPage = p.screen.view === 'list' && LIST_PAGES.has(p.route_view ?? '');
    if (p.route_view !== 'GenericScreen' && !listPage && (p.screen.view !== 'record' || !p.route_view))
      problems.push(`page ${p.route_name}: a page with a screen's list has route_view GenericScreen; a record view names GenericScreen or an editor`);
  }
  return problems;
}

/** src/generated/screens/index.ts: the screen ids, their entities and one lazy loader per screen. */
export function screensIndexModule(header: string, screens: ResolvedScreen[]): string {
  const ids = screens.map((s) => s.id);
  return `${header}import type { ResolvedScreen } from '../../domain/screen.ts';

export const SCREEN_IDS = [${ids.map((id) => `'${id}'`).join(', ')}] as const;

export type ScreenId = (typeof SCREEN_IDS)[number];

/** The entity each screen lists and edits. */
export const SCREEN_ENTITIES: Record<ScreenId, string> = {
${screens.map((s) => `  ${s.id}: '${s.entity}',`).join('\n')}
};

/** Each screen's title, to name it in a choice (a unit's screen) without loading it. */
export const SCREEN_TITLES: Record<ScreenId, { en: string; tr: string }> = {
${screens.map((s) => `  ${s.id}: ${JSON.stringify(s.title)},`).join('\n')}
};

/** Each screen's record key and query-string parameters, to build links to it without loading it. */
export const SCREEN_QUERY: Record<ScreenId, { key: string; params: string[] }> = {
${screens
  .map((s) => `  ${s.id}: { key: '${s.key}', params: [${Object.entries(s.params ?? {}).filter(([, p]) => p.from === 'query').map(([n]) => `'${n}'`).join(', ')}] },`)
  .join('\n')}
};

/** One chunk per screen, loaded when a page shows it. */
export const screenLoaders: Record<ScreenId, () => Promise<ResolvedScreen>> = {
${ids.map((id) => `  ${id}: () => import('./${id}.json').then((m) => m.default as unknown as ResolvedScreen),`).join('\n')}
};
`;
}
