// Website units: the checks a unit definition must pass beyond its schema (route name and paths unique among
// every page of the site in every language, an existing parent and no cycle, known auth codes, a known
// screen, an allow-listed frame address), the rich-text sanitizing, and the versioned storage (every update
// or delete first copies the stored version into website_unit_version).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from '../db/adapter.ts';
import { ApiError, fieldRewording, notFound, statusMessage, type Lang } from '../http/api-error.ts';
import type { StatusKey } from '../../src/generated/errors.ts';
import type { BilingualText, FrontendConfiguration, WebsiteUnit } from '../../src/generated/types/entities.ts';
import { sanitizeRichText } from './rich-text.ts';
import { UNIT_COLUMNS, unitOf, type UnitRow } from './site-cache.ts';
import { savedFrontend } from './tenant-store.ts';
import { auditParam, auditRecordCte, type OwnAuditRecord } from './audit-store.ts';
import type { FrontendWebsiteunitHistoryResponse } from '../../src/generated/types/routes.ts';
import { frameAllowed, originOf } from '../../src/domain/frame-origins.ts';

const SCHEMAS = join(import.meta.dirname, '..', '..', 'schemas');

interface CataloguePage {
  route_name: string;
  path: { en?: string; tr?: string };
  caption: BilingualText;
  parent?: string | null;
}

/** The static page catalogue (schemas/screens/pages.json), every page whatever the site's switches. */
let staticPages: CataloguePage[] | undefined;
export function staticCatalogue(): CataloguePage[] {
  staticPages ??= (JSON.parse(readFileSync(join(SCHEMAS, 'screens', 'pages.json'), 'utf8')) as { pages: CataloguePage[] }).pages;
  return staticPages;
}

/** The ids of the generic screens (schemas/screens/<id>.json). */
let screens: Set<string> | undefined;
export function screenIds(): Set<string> {
  screens ??= new Set(
    readdirSync(join(SCHEMAS, 'screens'))
      .filter((f) => f.endsWith('.json') && f !== 'pages.json')
      .map((f) => f.slice(0, -'.json'.length)),
  );
  return screens;
}

const AUTH_CODES: readonly string[] = (
  JSON.parse(readFileSync(join(SCHEMAS, 'enums.json'), 'utf8')) as { $defs: { auth_code: { enum: string[] } } }
).$defs.auth_code.enum;

/** First path segments the server keeps for itself: the API and the built chunks. */
const RESERVED_SEGMENTS = new Set(['v1', 'assets']);

/** A unit as the checks read it: its row's columns and the parts of its definition other units are compared with. */
export interface StoredUnit {
  website_unit_client_id: string;
  route_name: string;
  position: number;
  version: number;
  definition: Pick<WebsiteUnit, 'route_name' | 'path' | 'caption' | 'parent'>;
}

/** A refusal naming the field it is about, so forms can mark it. */
function refuse(key: Exclude<StatusKey, 'ok'>, lang: Lang, field: string, params: Record<string, string | number> = {}): ApiError {
  return new ApiError(key, params, { errors: [{ field, message: statusMessage(key, lang, params), ...fieldRewording(key, params) }] });
}

const pathsOf = (p: Pick<CataloguePage, 'path'>): [lang: 'en' | 'tr', path: string][] =>
  (['en', 'tr'] as const).filter((l) => p.path[l]).map((l) => [l, p.path[l]!]);

/** Where a unit goes among the site's pages: the units it may clash with (storedUnits) and the one it replaces. */
export interface UnitPlace {
  others: readonly StoredUnit[];
  self?: StoredUnit;
}

/** A unit's name and paths are unique among all pages, its parent exists and is not under it. */
function checkPlace(definition: Omit<WebsiteUnit, 'content'>, { others, self }: UnitPlace, lang: Lang): void {
  const pages: CataloguePage[] = [...staticCatalogue(), ...others.map((o) => o.definition)];
  const sameName = pages.find((p) => p.route_name === definition.route_name);
  if (sameName) throw refuse('website_unit_route_name_taken', lang, 'website_unit.route_name', { route_name: definition.route_name, page: sameName.caption[lang] });

  for (const [l, path] of pathsOf(definition)) {
    if (RESERVED_SEGMENTS.has(path.split('/')[1])) throw refuse('website_unit_path_reserved', lang, `website_unit.path.${l}`, { path });
    const owner = pages.find((p) => pathsOf(p).some(([, other]) => other === path));
    if (owner) throw refuse('website_unit_path_taken', lang, `website_unit.path.${l}`, { path, page: owner.caption[lang] });
  }

  const parent = definition.parent || null;
  if (parent) {
    if (parent === definition.route_name) throw refuse('website_unit_parent_cycle', lang, 'website_unit.parent', { chain: `${parent} → ${parent}` });
    if (!pages.some((p) => p.route_name === parent)) throw refuse('website_unit_parent_missing', lang, 'website_unit.parent', { parent });
    // Climb from the new parent: reaching this unit (by its stored or its new name) is a cycle.
    const names = new Set([definition.route_name, ...(self ? [self.route_name] : [])]);
    const chain = [definition.route_name, parent];
    const seen = new Set<string>();
    let at: string | null | undefined = parent;
    while (at && !seen.has(at)) {
      seen.add(at);
      const up: string | null | undefined = pages.find((p) => p.route_name === at)?.parent;
      if (up && names.has(up)) throw refuse('website_unit_parent_cycle', lang, 'website_unit.parent', { chain: [...chain, up].join(' → ') });
      if (up) chain.push(up);
      at = up;
    }
  }
}

/** Whether a change keeps the unit's place: its name, paths and parent as stored (only they can clash). */
export const keepsPlace = (stored: Pick<WebsiteUnit, 'route_name' | 'path' | 'parent'>, unit: WebsiteUnit): boolean =>
  stored.route_name === unit.route_name && stored.path.en === unit.path.en && stored.path.tr === unit.path.tr && (stored.parent || null) === (unit.parent || null);

/**
 * Checks a unit against the site (its other units and the static catalogue) and answers the definition to
 * store: rich text sanitized, the id, version and any route_view/screen left out.
 */
export function checkUnit(unit: WebsiteUnit, place: UnitPlace | 'kept', frontend: FrontendConfiguration, lang: Lang): WebsiteUnit {
  const {
    website_unit_client_id: _id,
    version: _version,
    route_view: _view,
    screen: _screen,
    ...definition
  } = unit as WebsiteUnit & { route_view?: unknown; screen?: unknown };
  const unknown = (definition.auth ?? '').split(',').filter((c) => c && !AUTH_CODES.includes(c));
  if (unknown.length) throw refuse('website_unit_auth_unknown', lang, 'website_unit.auth', { codes: unknown.join(', ') });
  if (place !== 'kept') checkPlace(definition, place, lang);

  const content = definition.content;
  if (content?.kind === 'screen' && !screenIds().has(content.screen.id))
    throw refuse('website_unit_screen_unknown', lang, 'website_unit.content.screen.id', { screen: content.screen.id });
  if (content?.kind === 'frame') {
    if (!frameAllowed(content.url, frontend.frame_allowlist))
      throw refuse('frame_not_allowed', lang, 'website_unit.content.url', { origin: originOf(content.url) ?? content.url });
  }
  if (content?.kind === 'rich_text') definition.content = { kind: 'rich_text', html: { en: sanitizeRichText(content.html.en), tr: sanitizeRichText(content.html.tr) } };

  return { ...definition, parent: definition.parent || null } as WebsiteUnit;
}

/** A unit's columns as the checks read them (StoredUnit). */
const STORED_COLUMNS = `website_unit_client_id, route_name, position, version,
            jsonb_build_object('route_name', route_name, 'path', definition->'path', 'caption', definition->'caption', 'parent', definition->'parent') as definition`;

/** What a write is checked against: its own units, the names and paths it takes, and its new parent. */
export interface UnitsAbout {
  /** Units read with their children. */
  ids?: string[];
  /** Names whose holders are read. */
  names?: string[];
  paths?: string[];
  /** The parent's line up to the top is read (a unit's ancestors, for the cycle check). */
  parent?: string | null;
}

/**
 * The site's units a write is checked against (not every unit of the site): the named ones and their
 * children, the holders of the names and paths, and the parent's line of ancestors. Read with the parts of
 * their definitions the checks compare (no content).
 */
export async function storedUnits(db: Queryable, tenantId: string, about: UnitsAbout): Promise<StoredUnit[]> {
  return db.query<StoredUnit & Record<string, unknown>>(
    `with recursive line as (
       select route_name, definition->>'parent' as parent, 1 as depth from website_unit where tenant_id = $1 and route_name = $5
       union all
       select u.route_name, u.definition->>'parent', l.depth + 1 from website_unit u join line l on u.route_name = l.parent and u.tenant_id = $1 where l.depth < 100)
     select ${STORED_COLUMNS}
       from website_unit
      where tenant_id = $1
        and (website_unit_client_id = any($2::uuid[]) or route_name = any($3::text[])
             or definition->>'parent' in (select route_name from website_unit where tenant_id = $1 and website_unit_client_id = any($2::uuid[]))
             or definition->'path'->>'en' = any($4::text[]) or definition->'path'->>'tr' = any($4::text[])
             or route_name in (select route_name from line))
      order by position, route_name collate "C"`,
    [tenantId, about.ids ?? [], about.names ?? [], about.paths ?? [], about.parent ?? null],
  );
}

/** What checking `unit` (replacing the unit `selfId`, if any) reads. */
export const aboutUnit = (unit: WebsiteUnit, selfId?: string): UnitsAbout => ({
  ids: selfId ? [selfId] : [],
  names: [unit.route_name],
  paths: pathsOf(unit).map(([, p]) => p),
  parent: unit.parent || null,
});

/**
 * Locks the site for a write of its units and answers its configuration as saved now (not the request's
 * snapshot, which may predate a concurrent save). A write that may move a unit (new, delete, a changed name,
 * path or parent: the checks read other units) holds the site alone; a change that keeps its unit's place
 * needs no site lock (saveUnitAtVersion).
 */
export const lockSiteUnits = (tx: Queryable, tenantId: string): Promise<FrontendConfiguration> => savedFrontend(tx, tenantId, true);

/**
 * The statement's first part: the unit ($1 of site $2) locked, if it is still at version $4 (null: whatever its
 * version; the caller's transaction has checked it), and copied into the history as replaced by $3. A unit
 * changed meanwhile is found at its newest version once the lock is granted, so the version test sees it.
 */
const keptAs = (change: 'update' | 'delete') => `with current_unit as (
       select website_unit_client_id, tenant_id, version, route_name, position, definition, updated_at, updated_by
         from website_unit where website_unit_client_id = $1 and tenant_id = $2 and ($4::int is null or version = $4) for update),
     kept as (
       insert into website_unit_version (website_unit_client_id, tenant_id, version, route_name, position, definition, saved_at, saved_by, replaced_by, change)
       select website_unit_client_id, tenant_id, version, route_name, position, definition, updated_at, updated_by, $3, '${change}' from current_unit)`;

/**
 * Replaces a unit's stored version (`set`: the columns to change, from parameter $5 on) and answers the new
 * one, in one statement: the replaced version is first copied into the history. With `atVersion`, nothing
 * happens (undefined) unless the unit is still at that version: one statement, no transaction needed.
 */
async function replaceUnit(
  db: Queryable,
  tenantId: string,
  unitId: string,
  userId: string | null,
  set: string,
  params: unknown[],
  atVersion: number | null = null,
  audit?: OwnAuditRecord,
): Promise<UnitRow | undefined> {
  const auditing = audit ? `, ${auditRecordCte(`$${5 + params.length}`, 'exists (select 1 from current_unit)')}` : '';
  const [row] = await db.query<UnitRow>(
    `${keptAs('update')}${auditing}
     update website_unit set ${set}, version = version + 1, updated_at = now(), updated_by = $3
      where website_unit_client_id = (select website_unit_client_id from current_unit) and tenant_id = $2
     returning ${UNIT_COLUMNS}`,
    [unitId, tenantId, userId, atVersion, ...params, ...(audit ? [auditParam(audit)] : [])],
  );
  if (row) audit?.stored();
  return row;
}

const DEFINITION_SET = 'route_name = $5, position = $6, definition = $7';
const definitionParams = (definition: WebsiteUnit) => [definition.route_name, definition.position, JSON.stringify(definition)];

/** Replaces a unit's definition (its name and position with it) in the caller's transaction; answers the new version. */
export async function saveUnit(tx: Queryable, tenantId: string, unitId: string, userId: string | null, definition: WebsiteUnit): Promise<WebsiteUnit> {
  return unitOf((await replaceUnit(tx, tenantId, unitId, userId, DEFINITION_SET, definitionParams(definition)))!);
}

/**
 * Replaces a unit's definition if it is still at `version`, in one statement of its own (no transaction, no
 * site lock): for a change that keeps the unit's place, checked against the version that place was read at.
 * Undefined when the unit changed or went meanwhile. `audit`: the call's audit record, stored in the same
 * statement if the unit is saved.
 */
export async function saveUnitAtVersion(
  db: Queryable,
  tenantId: string,
  unitId: string,
  userId: string | null,
  definition: WebsiteUnit,
  version: number,
  audit?: OwnAuditRecord,
): Promise<WebsiteUnit | undefined> {
  const row = await replaceUnit(db, tenantId, unitId, userId, DEFINITION_SET, definitionParams(definition), version, audit);
  return row && unitOf(row);
}

/** Moves a unit to `position`, as a new version. */
export async function moveUnit(tx: Queryable, tenantId: string, unitId: string, userId: string | null, position: number): Promise<void> {
  await replaceUnit(tx, tenantId, unitId, userId, `position = $5, definition = jsonb_set(definition, '{position}', to_jsonb($5::int))`, [position]);
}

/** Stores a new unit (version 1); answers it as stored. */
export async function insertUnit(tx: Queryable, tenantId: string, unitId: string, userId: string | null, definition: WebsiteUnit): Promise<WebsiteUnit> {
  const [row] = await tx.query<UnitRow>(
    `insert into website_unit (website_unit_client_id, tenant_id, route_name, position, definition, version, updated_by)
     values ($1, $2, $3, $4, $5, 1, $6) returning ${UNIT_COLUMNS}`,
    [unitId, tenantId, definition.route_name, definition.position, JSON.stringify(definition), userId],
  );
  return unitOf(row);
}

/** The earlier versions of a site's unit, newest first, each as the unit it was. */
export async function unitHistory(db: Queryable, tenantId: string, unitId: string): Promise<FrontendWebsiteunitHistoryResponse['version_list']> {
  const rows = await db.query<{
    version: number;
    position: number;
    definition: WebsiteUnit;
    saved_at: Date | string;
    replaced_at: Date | string;
    change: 'update' | 'delete';
    saved_by_username: string | null;
  }>(
    `select v.version, v.position, v.definition, v.saved_at, v.replaced_at, v.change, u.username as saved_by_username
       from website_unit_version v left join app_user u on u.user_id = v.saved_by
      where v.tenant_id = $1 and v.website_unit_client_id = $2
      order by v.version desc`,
    [tenantId, unitId],
  );
  const iso = (d: Date | string) => new Date(d).toISOString();
  return rows.map((r) => ({
    version: r.version,
    saved_at: iso(r.saved_at),
    replaced_at: iso(r.replaced_at),
    change: r.change,
    ...(r.saved_by_username ? { saved_by_username: r.saved_by_username } : {}),
    website_unit: { ...r.definition, website_unit_client_id: unitId, position: r.position, version: r.version },
  }));
}

/** Copies the stored version of a unit into the history and removes it. */
export async function removeUnit(tx: Queryable, tenantId: string, unitId: string, userId: string | null): Promise<void> {
  await tx.query(`${keptAs('delete')} delete from website_unit where website_unit_client_id = (select website_unit_client_id from current_unit) and tenant_id = $2`, [
    unitId,
    tenantId,
    userId,
    null,
  ]);
}

/** The stored unit or record_not_found; a different version than the one edited is a conflict. */
export function expectVersion(units: readonly StoredUnit[], unitId: string, version: number): StoredUnit {
  const unit = units.find((u) => u.website_unit_client_id === unitId);
  if (!unit) throw notFound('website_unit');
  if (unit.version !== version)
    throw new ApiError('website_unit_version_conflict', { current: unit.version, version }, { current_version: unit.version });
  return unit;
}

/** Units placed under `routeName`. */
export const childrenOf = (units: readonly StoredUnit[], routeName: string): StoredUnit[] => units.filter((u) => u.definition.parent === routeName);

/** Checks a configuration beyond its schema and answers it normalised (frame origins lower case, unique). */
export function checkConfiguration(frontend: FrontendConfiguration, lang: Lang): FrontendConfiguration {
  if (!frontend.language_options.includes(frontend.default_language))
    throw refuse('default_language_not_offered', lang, 'frontend.default_language');
  const out = { ...frontend };
  if (frontend.frame_allowlist) out.frame_allowlist = [...new Set(frontend.frame_allowlist.map((o) => originOf(o) ?? o))];
  return out;
}
