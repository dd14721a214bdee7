// Decision-support packages (schemas/routes/rule.json, migration 0008): who may read, edit and share a
// package, its versions (the newest may be a draft; a published one never changes), publishing through the
// rule engine's checks (src/domain/rules compileGraph), and running a published version with its compiled
// graph kept in a bounded in-memory cache. Every write runs in the caller's transaction, under a lock on
// the package row, so two saves of one package never interleave.
import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/adapter.ts';
import { ApiError, notFound, type Lang } from '../http/api-error.ts';
import { compileGraph, type CompiledGraph, type RuleIssue } from '../../src/domain/rules/index.ts';
import type { DecisionGraph, DecisionPackage, LocalizedText } from '../../src/generated/types/entities.ts';
import type { RulePackageGetResponse, RulePackageListRequest, RulePackageRunRequest, RulePackageRunResponse } from '../../src/generated/types/routes.ts';
import { containsPattern, isoOf, pageRows, Where } from './paging.ts';

// ---------------------------------------------------------------------------------------------------------
// Who is asking, and what they may do

export interface PackageCaller {
  userId: string;
  isAdmin: boolean;
}

interface PackageRow {
  package_id: string;
  tenant_id: string;
  owner_id: string;
  owner: string;
  is_global: boolean;
  name: LocalizedText;
  description: LocalizedText | null;
  current_version: number;
  current_status: 'draft' | 'published';
  published_version: number | null;
  created_at: unknown;
  updated_at: unknown;
  /** The caller's share of the package, if any. */
  shared: boolean;
  share_can_edit: boolean;
}

export interface Access {
  read: boolean;
  edit: boolean;
  share: boolean;
}

/**
 * A global package's users who may not edit it see only its published versions: an administrator's draft
 * of the site's rules is work in progress, not something every clinician should open.
 */
export const publishedOnly = (p: Pick<PackageRow, 'is_global'>, access: Access) => p.is_global && !access.edit;

/**
 * Read: the owner, users it is shared with, everyone on the tenant for a global package. Edit: the owner
 * and shares with can_edit; a global package only administrators. Share: the owner, never a global package.
 * (The edit right is also said in SQL, EDIT_RULE_SQL, for the one-statement save: change both together.)
 */
export function accessOf(p: Pick<PackageRow, 'owner_id' | 'is_global' | 'shared' | 'share_can_edit'>, me: PackageCaller): Access {
  const owner = p.owner_id === me.userId;
  return {
    read: owner || p.shared || p.is_global,
    edit: p.is_global ? me.isAdmin : owner || (p.shared && p.share_can_edit),
    share: owner && !p.is_global,
  };
}

const PACKAGE_SELECT = `select p.package_id, p.tenant_id, p.owner_id, u.username as owner, p.is_global, p.name, p.description,
       p.current_version, p.current_status, p.published_version, p.created_at, p.updated_at,
       s.user_id is not null as shared, coalesce(s.can_edit, false) as share_can_edit
  from decision_package p
  join app_user u on u.user_id = p.owner_id
  left join decision_package_share s on s.package_id = p.package_id and s.user_id = $3`;

/**
 * The package if the caller may read it; otherwise record_not_found, whether it is another tenant's, a
 * stranger's or unknown (nobody learns that a private package exists). `lock` holds the row for a write.
 */
async function readablePackage(db: Queryable, tenantId: string, packageId: string, me: PackageCaller, lock = false): Promise<{ row: PackageRow; access: Access }> {
  const [row] = await db.query<PackageRow & Record<string, unknown>>(
    `${PACKAGE_SELECT} where p.package_id = $1 and p.tenant_id = $2${lock ? ' for update of p' : ''}`,
    [packageId, tenantId, me.userId],
  );
  const access = row ? accessOf(row, me) : undefined;
  if (!row || !access!.read) throw notFound('decision_package');
  return { row, access: access! };
}

/** The package if the caller may change it: readers who may not answer 14045 (global) or forbidden. */
async function editablePackage(tx: Queryable, tenantId: string, packageId: string, me: PackageCaller) {
  const found = await readablePackage(tx, tenantId, packageId, me, true);
  if (!found.access.edit) {
    if (found.row.is_global) throw new ApiError('rule_package_global_admin');
    throw new ApiError('forbidden', { auth_codes: 'owner, can_edit' });
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------
// Answers

interface VersionRow {
  version: number;
  status: 'draft' | 'published';
  document?: DecisionGraph;
  created_at: unknown;
  updated_at: unknown;
  published_at: unknown;
}

type PackageAnswer = DecisionPackage & { document: unknown };

function packageAnswer(p: PackageRow, v: VersionRow & { document: DecisionGraph }): PackageAnswer;
function packageAnswer(p: PackageRow, v: VersionRow): DecisionPackage;
function packageAnswer(p: PackageRow, v: VersionRow): DecisionPackage {
  const publishedAt = isoOf(v.published_at);
  return {
    package_id: p.package_id,
    name: p.name,
    ...(p.description ? { description: p.description } : {}),
    owner: p.owner,
    is_global: p.is_global,
    version: v.version,
    status: v.status,
    ...(p.published_version ? { published_version: p.published_version } : {}),
    ...(v.document ? { document: v.document } : {}),
    created_at: isoOf(p.created_at)!,
    ...(publishedAt ? { published_at: publishedAt } : {}),
    updated_at: isoOf(v.updated_at)!,
  };
}

const VERSION_COLUMNS = 'version, status, created_at, updated_at, published_at';

async function versionOf(db: Queryable, packageId: string, version: number, withDocument: boolean): Promise<VersionRow | undefined> {
  const [v] = await db.query<VersionRow & Record<string, unknown>>(
    `select ${VERSION_COLUMNS}${withDocument ? ', document' : ''} from decision_package_version where package_id = $1 and version = $2`,
    [packageId, version],
  );
  return v;
}

export type ShareList = { username: string; can_edit: boolean }[];

async function shareListOf(db: Queryable, packageId: string): Promise<ShareList> {
  return db.query<{ username: string; can_edit: boolean }>(
    `select u.username, s.can_edit from decision_package_share s join app_user u on u.user_id = s.user_id
      where s.package_id = $1 order by lower(u.username)`,
    [packageId],
  );
}

// ---------------------------------------------------------------------------------------------------------
// The compiled-graph cache

/**
 * Compiled graphs of published versions by (package, version), least recently used dropped past `limit`.
 * A published version never changes, so an entry never goes stale; another process compiles its own.
 */
export class RuleGraphCache {
  private readonly graphs = new Map<string, CompiledGraph>();
  constructor(readonly limit = 500) {}
  get size(): number {
    return this.graphs.size;
  }
  get(key: string): CompiledGraph | undefined {
    const graph = this.graphs.get(key);
    if (graph) {
      this.graphs.delete(key);
      this.graphs.set(key, graph);
    }
    return graph;
  }
  set(key: string, graph: CompiledGraph): void {
    this.graphs.delete(key);
    this.graphs.set(key, graph);
    while (this.graphs.size > this.limit) this.graphs.delete(this.graphs.keys().next().value!);
  }
}

const cacheKey = (packageId: string, version: number) => `${packageId}@${version}`;

/** The rules' refusal: 14040 with the count, the first problem in the caller's language, and every problem. */
function documentInvalid(issues: RuleIssue[], lang: Lang): ApiError {
  return new ApiError('rule_document_invalid', { count: issues.length, first: issues[0].message[lang] }, { issues });
}

// ---------------------------------------------------------------------------------------------------------
// Writes

/** What a package starts with when no document is sent: an input node with no parameters yet. */
export function emptyDocument(): DecisionGraph {
  return {
    format: 'sema-decision-graph',
    format_version: 1,
    nodes: [{ id: 'input', type: 'input', name: { en: 'Input', tr: 'Giriş' }, position: { x: 0, y: 0 }, fields: [] }],
    edges: [],
  } as DecisionGraph;
}

export interface NewPackage {
  name: LocalizedText;
  description?: LocalizedText;
  is_global?: boolean;
  document?: DecisionGraph;
}

/** Creates a package with version 1 as a draft (or, for the seed, published). Answers its id. */
export async function insertPackage(
  tx: Queryable,
  ids: { tenantId: string; ownerId: string; packageId?: string },
  input: NewPackage,
  options: { publish?: boolean } = {},
): Promise<string> {
  const packageId = ids.packageId ?? randomUUID();
  const status = options.publish ? 'published' : 'draft';
  await tx.query(
    `insert into decision_package (package_id, tenant_id, owner_id, is_global, name, description, current_version, current_status, published_version)
     values ($1, $2, $3, $4, $5, $6, 1, $7, $8)`,
    [packageId, ids.tenantId, ids.ownerId, input.is_global ?? false, JSON.stringify(input.name), input.description ? JSON.stringify(input.description) : null, status, options.publish ? 1 : null],
  );
  await tx.query(
    `insert into decision_package_version (package_id, version, status, document, saved_by, published_at, published_by)
     values ($1, 1, $2, $3, $4, ${options.publish ? 'now()' : 'null'}, $5)`,
    [packageId, status, JSON.stringify(input.document ?? emptyDocument()), ids.ownerId, options.publish ? ids.ownerId : null],
  );
  return packageId;
}

export async function createPackage(tx: Queryable, tenantId: string, me: PackageCaller, input: NewPackage): Promise<string> {
  if (input.is_global && !me.isAdmin) throw new ApiError('rule_package_global_admin');
  return insertPackage(tx, { tenantId, ownerId: me.userId }, input);
}

export interface SaveInput {
  package_id: string;
  version: number;
  name?: LocalizedText;
  description?: LocalizedText;
  document: DecisionGraph;
}

const versionConflict = (current: number, version: number) =>
  new ApiError('rule_package_version_conflict', { current_version: current, version }, { current_version: current });

/**
 * Saves the draft: `version` is the version the editor started from. The draft itself is saved over; the
 * newest published version gets a new draft after it; anything else is a stale edit (14041, current_version).
 * Rule problems are allowed in a draft (publish checks them). Answers the package as saved.
 *
 * Most saves go over a draft the caller may edit: one statement that writes only if the caller may edit
 * (EDIT_RULE_SQL) and the draft is still the newest version — no transaction, no row held across round trips.
 * Anything else is decided again under the package's lock, which gives the refusal.
 */
export async function savePackage(db: Db, tenantId: string, me: PackageCaller, input: SaveInput): Promise<PackageAnswer> {
  const saved = await writeVersion(db, tenantId, me, input, input.version, { draft: true, ifEditable: true });
  if (saved) return saved;
  return db.transaction(async (tx) => {
    const { row } = await editablePackage(tx, tenantId, input.package_id, me);
    if (input.version !== row.current_version) throw versionConflict(row.current_version, input.version);
    const draft = row.current_status === 'draft';
    if (!draft && row.current_version >= 100_000) throw new ApiError('invalid_input', { details: 'version: a package has at most 100000 versions' });
    const written = await writeVersion(tx, tenantId, me, input, draft ? row.current_version : row.current_version + 1, { draft, ifEditable: false });
    if (!written) throw versionConflict(row.current_version, input.version);
    return written;
  });
}

/**
 * accessOf's edit right in SQL, for package `p` and the caller ($4 user id, $8 administrator): a global
 * package its administrators, another the owner and users it is shared with can_edit.
 */
const EDIT_RULE_SQL = `case when p.is_global then $8::boolean
       else p.owner_id = $4 or exists (select 1 from decision_package_share s where s.package_id = p.package_id and s.user_id = $4 and s.can_edit) end`;

/**
 * Writes the document as `version` (the current draft saved over, or a new draft after the published one) and
 * the package's current version, in one statement; answers the package as saved, or undefined if nothing was
 * written. `ifEditable`: only if the caller may edit the package and `version` is its current one.
 */
async function writeVersion(
  db: Queryable,
  tenantId: string,
  me: PackageCaller,
  input: SaveInput,
  version: number,
  { draft, ifEditable }: { draft: boolean; ifEditable: boolean },
): Promise<PackageAnswer | undefined> {
  const guard = ifEditable
    ? ` and exists (select 1 from decision_package p where p.package_id = $1 and p.tenant_id = $7 and p.current_version = $2 and ${EDIT_RULE_SQL})`
    : '';
  const writeVersion = draft
    ? `update decision_package_version set document = $3, updated_at = now(), saved_by = $4
        where package_id = $1 and version = $2 and status = 'draft'${guard} returning ${VERSION_COLUMNS}`
    : `insert into decision_package_version (package_id, version, status, document, saved_by) values ($1, $2, 'draft', $3, $4) returning ${VERSION_COLUMNS}`;
  const [saved] = await db.query<VersionRow & Omit<PackageRow, 'shared' | 'share_can_edit' | 'created_at'> & { package_created_at: unknown } & Record<string, unknown>>(
    `with saved as (${writeVersion}),
     package as (
       update decision_package set current_version = $2, current_status = 'draft', name = coalesce($5, name), description = coalesce($6, description), updated_at = now()
        where package_id = $1 and exists (select 1 from saved)
       returning package_id, tenant_id, owner_id, is_global, name, description, current_version, current_status, published_version, created_at as package_created_at)
     select saved.*, package.*, u.username as owner from saved, package join app_user u on u.user_id = package.owner_id`,
    [
      input.package_id,
      version,
      JSON.stringify(input.document),
      me.userId,
      input.name ? JSON.stringify(input.name) : null,
      input.description ? JSON.stringify(input.description) : null,
      ...(ifEditable ? [tenantId, me.isAdmin] : []),
    ],
  );
  if (!saved) return undefined;
  const { package_created_at, ...row } = saved;
  return packageAnswer({ ...row, created_at: package_created_at, shared: false, share_can_edit: false }, { ...row, document: input.document });
}

/**
 * Publishes the draft named by `version` (it must be the newest version) once compileGraph finds no error;
 * the compiled graph goes into the cache for the runs to come.
 */
export async function publishPackage(
  tx: Queryable,
  tenantId: string,
  me: PackageCaller,
  input: { package_id: string; version: number },
  lang: Lang,
): Promise<{ key: string; graph: CompiledGraph }> {
  const { row } = await editablePackage(tx, tenantId, input.package_id, me);
  const v = await versionOf(tx, row.package_id, input.version, true);
  if (v?.status === 'published') throw new ApiError('rule_package_already_published', { version: input.version });
  if (!v || input.version !== row.current_version) throw versionConflict(row.current_version, input.version);
  const compiled = compileGraph(v.document);
  if (!compiled.ok) throw documentInvalid(compiled.issues, lang);
  const done = await tx.query(
    `update decision_package_version set status = 'published', published_at = now(), published_by = $3, updated_at = now()
      where package_id = $1 and version = $2 and status = 'draft' returning version`,
    [row.package_id, input.version, me.userId],
  );
  if (!done.length) throw versionConflict(row.current_version, input.version);
  await tx.query("update decision_package set current_status = 'published', published_version = $2, updated_at = now() where package_id = $1", [
    row.package_id,
    input.version,
  ]);
  return { key: cacheKey(row.package_id, input.version), graph: compiled.graph };
}

/** The user of the tenant named by `username` (case-insensitive) who may be shared with, else 10016. */
async function shareTarget(tx: Queryable, tenantId: string, username: string, owner: PackageRow): Promise<string> {
  const [user] = await tx.query<{ user_id: string }>(
    "select user_id from app_user where tenant_id = $1 and lower(username) = lower($2) and registration_status = 'completed'",
    [tenantId, username],
  );
  if (!user) throw notFound('user');
  if (user.user_id === owner.owner_id) throw new ApiError('rule_package_share_owner');
  return user.user_id;
}

/** The owner's own package, not a global one: only they share it. */
async function sharablePackage(tx: Queryable, tenantId: string, packageId: string, me: PackageCaller, lang: Lang): Promise<PackageRow> {
  const { row, access } = await readablePackage(tx, tenantId, packageId, me, true);
  if (row.is_global)
    throw new ApiError('invalid_input', {
      details: lang === 'tr' ? 'package_id: sitedeki herkes için olan bir paket paylaşılmaz; sitenin her kullanıcısı onu zaten çalıştırabilir' : 'package_id: a package for everyone on the site is not shared; every user of the site can already run it',
    });
  if (!access.share) throw new ApiError('forbidden', { auth_codes: 'owner' });
  return row;
}

export async function sharePackage(
  tx: Queryable,
  tenantId: string,
  me: PackageCaller,
  input: { package_id: string; username: string; can_edit?: boolean },
  lang: Lang,
): Promise<ShareList> {
  const row = await sharablePackage(tx, tenantId, input.package_id, me, lang);
  const userId = await shareTarget(tx, tenantId, input.username, row);
  await tx.query(
    `insert into decision_package_share (package_id, user_id, can_edit, shared_by) values ($1, $2, $3, $4)
     on conflict (package_id, user_id) do update set can_edit = excluded.can_edit, shared_by = excluded.shared_by, shared_at = now()`,
    [row.package_id, userId, input.can_edit ?? false, me.userId],
  );
  return shareListOf(tx, row.package_id);
}

/** Stops sharing with the user; a user it was not shared with leaves the list as it was. */
export async function unsharePackage(tx: Queryable, tenantId: string, me: PackageCaller, input: { package_id: string; username: string }, lang: Lang): Promise<ShareList> {
  const row = await sharablePackage(tx, tenantId, input.package_id, me, lang);
  const userId = await shareTarget(tx, tenantId, input.username, row);
  await tx.query('delete from decision_package_share where package_id = $1 and user_id = $2', [row.package_id, userId]);
  return shareListOf(tx, row.package_id);
}

// ---------------------------------------------------------------------------------------------------------
// Reads

/** A package at one version, with its document: what new, save, publish and get answer. */
export async function packageWithDocument(db: Queryable, tenantId: string, me: PackageCaller, packageId: string, version?: number) {
  const { row, access } = await readablePackage(db, tenantId, packageId, me);
  const published = publishedOnly(row, access);
  if (published && !row.published_version) throw notFound('decision_package');
  const v = await versionOf(db, packageId, version ?? (published ? row.published_version! : row.current_version), true);
  if (!v || (published && v.status !== 'published')) throw notFound('version_record');
  return { row, access, decision_package: packageAnswer(row, v as VersionRow & { document: DecisionGraph }) };
}

/** get: the version, every version (newest first), the shares for the owner only, and what the caller may do. */
export async function getPackage(db: Queryable, tenantId: string, me: PackageCaller, input: { package_id: string; version?: number }): Promise<RulePackageGetResponse> {
  const { row, access, decision_package } = await packageWithDocument(db, tenantId, me, input.package_id, input.version);
  const versions = await db.query<{ version: number; status: 'draft' | 'published'; created_at: unknown; published_at: unknown; saved_by_username: string | null }>(
    `select v.version, v.status, v.created_at, v.published_at, u.username as saved_by_username
       from decision_package_version v left join app_user u on u.user_id = v.saved_by
      where v.package_id = $1 order by v.version desc`,
    [row.package_id],
  );
  const owner = row.owner_id === me.userId;
  return {
    decision_package,
    version_list: versions.filter((v) => !publishedOnly(row, access) || v.status === 'published').map((v) => {
      const publishedAt = isoOf(v.published_at);
      return {
        version: v.version,
        status: v.status,
        created_at: isoOf(v.created_at)!,
        ...(publishedAt ? { published_at: publishedAt } : {}),
        ...(v.saved_by_username ? { saved_by_username: v.saved_by_username } : {}),
      };
    }),
    ...(owner ? { share_list: await shareListOf(db, row.package_id) } : {}),
    can_edit: access.edit,
    can_share: access.share,
  };
}

/** Whose packages, with $1 the caller (a share row exists only for a user other than the owner). */
const SCOPES: Record<NonNullable<RulePackageListRequest['scope']>, string> = {
  all: '(p.owner_id = $1 or s.user_id is not null or p.is_global)',
  mine: 'p.owner_id = $1',
  shared: 's.user_id is not null',
  global: 'p.is_global',
};

/** list: one page of the packages the caller may see, each at its newest version, without documents. */
export async function listPackages(db: Queryable, tenantId: string, me: PackageCaller, input: RulePackageListRequest, lang: Lang) {
  // $1 is the caller (the share join); conditions number from $2.
  // Global packages show their published version to those who may not edit them (publishedOnly).
  const publishedOnlySql = me.isAdmin ? 'false' : 'p.is_global';
  const where = new Where([me.userId])
    .add('p.tenant_id = ?', tenantId)
    .add(SCOPES[input.scope ?? 'all'])
    .add(`(not ${publishedOnlySql} or p.published_version is not null)`);
  if (input.status) where.add('v.status = ?', input.status);
  if (input.search) {
    const p = containsPattern(input.search);
    where.add("(p.name->>'en' ilike ? escape '\\' or p.name->>'tr' ilike ? escape '\\' or u.username ilike ? escape '\\')", p, p, p);
  }
  const from = `from decision_package p join app_user u on u.user_id = p.owner_id
    left join decision_package_share s on s.package_id = p.package_id and s.user_id = $1`;
  const shown = `join decision_package_version v on v.package_id = p.package_id
    and v.version = case when ${publishedOnlySql} then p.published_version else p.current_version end`;
  const other = lang === 'en' ? 'tr' : 'en';
  const sort = input.sort ?? '-updated_at';
  const desc = sort.startsWith('-') ? 'desc' : 'asc';
  const key = sort.replace(/^-/, '') === 'name' ? `lower(coalesce(p.name->>'${lang}', p.name->>'${other}')) ${desc}, p.updated_at desc` : `p.updated_at ${desc}`;
  const { rows, ...paging } = await pageRows<PackageRow & VersionRow & Record<string, unknown>>(db, {
    select: `select p.package_id, p.tenant_id, p.owner_id, u.username as owner, p.is_global, p.name, p.description, p.current_version, p.current_status,
            p.published_version, p.created_at, p.updated_at, v.version, v.status, v.published_at ${from} ${shown}`,
    where,
    order: `${key}, p.package_id`,
    paging: input,
  });
  return { decision_package_list: rows.map((r) => packageAnswer(r, r)), ...paging };
}

/** The UTC day, as the rule engine reads today() by default; taken once so a whole batch sees one day. */
const utcToday = () => new Date().toISOString().slice(0, 10);

/**
 * run: the named published version, or the newest published one, on each record in order. The compiled
 * graph comes from the cache; a miss reads the document and compiles it once.
 */
export async function runPackage(db: Queryable, cache: RuleGraphCache, tenantId: string, me: PackageCaller, input: RulePackageRunRequest, lang: Lang): Promise<RulePackageRunResponse> {
  const { row } = await readablePackage(db, tenantId, input.package_id, me);
  const version = input.version ?? row.published_version;
  if (!version) throw new ApiError('rule_package_not_published');
  if (input.version !== undefined) {
    const v = await versionOf(db, row.package_id, input.version, false);
    if (v?.status !== 'published') throw new ApiError('rule_package_not_published');
  }
  const key = cacheKey(row.package_id, version);
  let graph = cache.get(key);
  if (!graph) {
    const v = (await versionOf(db, row.package_id, version, true))!;
    const compiled = compileGraph(v.document);
    // Published documents passed these checks; a later, stricter engine may still refuse an old one.
    if (!compiled.ok) throw documentInvalid(compiled.issues, lang);
    graph = compiled.graph;
    cache.set(key, graph);
  }
  const options = { trace: input.trace ?? false, today: input.today ?? utcToday() };
  const records = (input.records ?? [input.record]) as Record<string, unknown>[];
  return { package_id: row.package_id, version, result_list: records.map((record) => graph.evaluate(record, options)) };
}
