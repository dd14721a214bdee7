// Decision-support packages (schemas/routes/rule.json, migration 0008): documents kept as
// server/services/versioned-documents.ts keeps them (who may read, edit and share a package, its versions,
// saving and publishing), with the rule engine's checks before a version is published (src/domain/rules
// compileGraph), and running a published version with its compiled graph kept in a bounded in-memory cache.
import { LruCache } from './lru-cache.ts';
import type { Db, Queryable } from '../db/adapter.ts';
import { ApiError, type Lang } from '../http/api-error.ts';
import { compileGraph, type CompiledGraph, type RuleIssue } from '../../src/domain/rules/index.ts';
import type { DecisionGraph, DecisionPackage, LocalizedText } from '../../src/generated/types/entities.ts';
import type { RulePackageGetResponse, RulePackageListRequest, RulePackageRunRequest, RulePackageRunResponse } from '../../src/generated/types/routes.ts';
import { isoOf } from './paging.ts';
import {
  documentAtVersion,
  insertDocument,
  listDocuments,
  publishDocument,
  readableDocument,
  saveDocument,
  shareDocument,
  unshareDocument,
  versionOf,
  versionsAndShares,
  type DocumentCaller,
  type DocumentKind,
  type DocumentRow,
  type ShareList,
  type VersionRow,
} from './versioned-documents.ts';
import type { OwnAuditRecord } from './audit-store.ts';

export type PackageCaller = DocumentCaller;

const PACKAGES: DocumentKind = {
  table: 'decision_package',
  id: 'package_id',
  entity: 'decision_package',
  errors: {
    conflict: 'rule_package_version_conflict',
    globalAdmin: 'rule_package_global_admin',
    alreadyPublished: 'rule_package_already_published',
    shareOwner: 'rule_package_share_owner',
  },
};

type PackageAnswer = DecisionPackage & { document: unknown };

function packageAnswer(p: DocumentRow, v: VersionRow<DecisionGraph> & { document: DecisionGraph }): PackageAnswer;
function packageAnswer(p: DocumentRow, v: VersionRow<DecisionGraph>): DecisionPackage;
function packageAnswer(p: DocumentRow, v: VersionRow<DecisionGraph>): DecisionPackage {
  const publishedAt = isoOf(v.published_at);
  return {
    package_id: p.doc_id,
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

// ---------------------------------------------------------------------------------------------------------
// The compiled-graph cache

/**
 * Compiled graphs of published versions by (package, version), least recently used dropped past `limit`.
 * A published version never changes, so an entry never goes stale; another process compiles its own.
 */
export class RuleGraphCache extends LruCache<CompiledGraph> {}

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
export function insertPackage(tx: Queryable, ids: { tenantId: string; ownerId: string; packageId?: string }, input: NewPackage, options: { publish?: boolean } = {}): Promise<string> {
  return insertDocument(PACKAGES, tx, { tenantId: ids.tenantId, ownerId: ids.ownerId, id: ids.packageId }, { ...input, document: input.document ?? emptyDocument() }, options);
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

/** Saves the draft (versioned-documents.ts saveDocument); rule problems are allowed in a draft. */
export async function savePackage(db: Db, tenantId: string, me: PackageCaller, input: SaveInput, audit?: OwnAuditRecord): Promise<PackageAnswer> {
  const { package_id, ...rest } = input;
  const saved = await saveDocument(PACKAGES, db, tenantId, me, { id: package_id, ...rest }, audit);
  return packageAnswer(saved.row, saved.version);
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
  let graph: CompiledGraph | undefined;
  await publishDocument<DecisionGraph>(PACKAGES, tx, tenantId, me, { id: input.package_id, version: input.version }, (document) => {
    const compiled = compileGraph(document);
    if (!compiled.ok) throw documentInvalid(compiled.issues, lang);
    graph = compiled.graph;
  });
  return { key: cacheKey(input.package_id, input.version), graph: graph! };
}

export function sharePackage(tx: Queryable, tenantId: string, me: PackageCaller, input: { package_id: string; username: string; can_edit?: boolean }, lang: Lang): Promise<ShareList> {
  return shareDocument(PACKAGES, tx, tenantId, me, { id: input.package_id, username: input.username, can_edit: input.can_edit }, lang);
}

/** Stops sharing with the user; a user it was not shared with leaves the list as it was. */
export function unsharePackage(tx: Queryable, tenantId: string, me: PackageCaller, input: { package_id: string; username: string }, lang: Lang): Promise<ShareList> {
  return unshareDocument(PACKAGES, tx, tenantId, me, { id: input.package_id, username: input.username }, lang);
}

// ---------------------------------------------------------------------------------------------------------
// Reads

/** A package at one version, with its document: what new, save, publish and get answer. */
export async function packageWithDocument(db: Queryable, tenantId: string, me: PackageCaller, packageId: string, version?: number) {
  const { row, access, version: v } = await documentAtVersion<DecisionGraph>(PACKAGES, db, tenantId, me, packageId, version);
  return { row, access, decision_package: packageAnswer(row, v) };
}

/** get: the version, every version (newest first), the shares for the owner only, and what the caller may do. */
export async function getPackage(db: Queryable, tenantId: string, me: PackageCaller, input: { package_id: string; version?: number }): Promise<RulePackageGetResponse> {
  const { row, access, decision_package } = await packageWithDocument(db, tenantId, me, input.package_id, input.version);
  return { decision_package, ...(await versionsAndShares(PACKAGES, db, me, row, access)) };
}

/** list: one page of the packages the caller may see, each at its newest version, without documents. */
export async function listPackages(db: Queryable, tenantId: string, me: PackageCaller, input: RulePackageListRequest, lang: Lang) {
  const { rows, ...paging } = await listDocuments(PACKAGES, db, tenantId, me, input, lang);
  return { decision_package_list: rows.map((r) => packageAnswer(r, r)), ...paging };
}

/** The UTC day, as the rule engine reads today() by default; taken once so a whole batch sees one day. */
const utcToday = () => new Date().toISOString().slice(0, 10);

/**
 * run: the named published version, or the newest published one, on each record in order. The compiled
 * graph comes from the cache; a miss reads the document and compiles it once.
 */
export async function runPackage(db: Queryable, cache: RuleGraphCache, tenantId: string, me: PackageCaller, input: RulePackageRunRequest, lang: Lang): Promise<RulePackageRunResponse> {
  const { row } = await readableDocument(PACKAGES, db, tenantId, input.package_id, me);
  const version = input.version ?? row.published_version;
  if (!version) throw new ApiError('rule_package_not_published');
  if (input.version !== undefined) {
    const v = await versionOf(PACKAGES, db, row.doc_id, input.version, false);
    if (v?.status !== 'published') throw new ApiError('rule_package_not_published');
  }
  const key = cacheKey(row.doc_id, version);
  let graph = cache.get(key);
  if (!graph) {
    const v = (await versionOf<DecisionGraph>(PACKAGES, db, row.doc_id, version, true))!;
    const compiled = compileGraph(v.document);
    // Published documents passed these checks; a later, stricter engine may still refuse an old one.
    if (!compiled.ok) throw documentInvalid(compiled.issues, lang);
    graph = compiled.graph;
    cache.set(key, graph);
  }
  const options = { trace: input.trace ?? false, today: input.today ?? utcToday() };
  const records = (input.records ?? [input.record]) as Record<string, unknown>[];
  return { package_id: row.doc_id, version, result_list: records.map((record) => graph.evaluate(record, options)) };
}
