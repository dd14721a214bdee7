// Documents that users own, share and publish in numbered versions: decision-support packages (migration 0008),
// data models (migration 0020) and treatment protocols (migration 0025) are kept this way, each in its own three
// tables named after the kind (`<table>`, `<table>_version`, `<table>_share`, with the same columns; protocols add
// a visibility and columns for their list). Who may read, edit and share a
// document; its versions (the newest may be a draft; a published one never changes); saving, publishing after
// the kind's own check, sharing and listing. Every write runs under a lock on the document's row, except the
// common save over a draft, which is one guarded statement.
import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/adapter.ts';
import { auditParam, auditRecordCte, type OwnAuditRecord } from './audit-store.ts';
import type { EntityName } from '../../src/generated/labels.ts';
import type { LocalizedText } from '../../src/generated/types/entities.ts';
import { ApiError, notFound, type Lang } from '../http/api-error.ts';
import type { StatusKey } from '../../src/generated/errors.ts';
import { containsPattern, isoOf, pageRows, Where } from './paging.ts';

export interface DocumentKind {
  /** The kind's tables: `<table>`, `<table>_version` and `<table>_share`. */
  table: 'decision_package' | 'data_model' | 'protocol';
  /** Their id column. */
  id: 'package_id' | 'data_model_id' | 'protocol_id';
  /** What an unknown or unreadable document is called in 10016. */
  entity: EntityName;
  /** The kind's table has retired_at: a retired document is kept and read, never changed (the kind's `retired` refusal). */
  retirable?: boolean;
  /**
   * The kind's table has `visibility` (protocols): a public document is read by every user of its tenant, and a
   * global one by the users of every tenant — changed only by administrators of its own.
   */
  visibility?: boolean;
  /** Columns of the kind's table kept in step with the newest version (for its list's filters), from the document. */
  columns?: (document: never) => Record<string, unknown>;
  /** SQL texts (of `p`) the list's search also looks in. */
  searchSql?: string[];
  /** SQL of more columns (of `p`) read with the document's row. */
  rowSql?: string;
  /** SQL of more columns (of `p` and the listed version `v`) the list answers. */
  listSql?: string;
  errors: {
    /** 409: the version edited is not the newest (current_version, version). */
    conflict: Exclude<StatusKey, 'ok'>;
    /** A global document is changed by administrators only (kinds that have global documents). */
    globalAdmin?: Exclude<StatusKey, 'ok'>;
    /** That version is published already (version). */
    alreadyPublished: Exclude<StatusKey, 'ok'>;
    /** The owner is not shared with. */
    shareOwner: Exclude<StatusKey, 'ok'>;
    /** A retired document is not changed (retirable kinds). */
    retired?: Exclude<StatusKey, 'ok'>;
  };
}

// ---------------------------------------------------------------------------------------------------------
// Who is asking, and what they may do

export interface DocumentCaller {
  userId: string;
  isAdmin: boolean;
}

export interface DocumentRow {
  doc_id: string;
  tenant_id: string;
  owner_id: string;
  owner: string;
  is_global: boolean;
  name: LocalizedText;
  description: LocalizedText | null;
  current_version: number;
  current_status: 'draft' | 'published';
  published_version: number | null;
  /** When it was retired (retirable kinds), else null. */
  retired_at: unknown;
  /** Read by everyone on its tenant (kinds with visibility). */
  is_public: boolean;
  created_at: unknown;
  updated_at: unknown;
  /** The caller's share of the document, if any. */
  shared: boolean;
  share_can_edit: boolean;
}

export interface Access {
  read: boolean;
  edit: boolean;
  share: boolean;
}

/**
 * A global (or public) document's users who may not edit it see only its published versions: an administrator's
 * draft of the site's rules is work in progress, not something every clinician should open.
 */
export const publishedOnly = (p: Pick<DocumentRow, 'is_global' | 'is_public'>, access: Access) => (p.is_global || p.is_public) && !access.edit;

/**
 * Read: the owner, users it is shared with, everyone on the tenant for a global or public document. Edit: the
 * owner and shares with can_edit; a global document only administrators. Share: the owner, never a global
 * document. (The edit right is also said in SQL, editRuleSql, for the one-statement save: change both together.)
 */
export function accessOf(p: Pick<DocumentRow, 'owner_id' | 'is_global' | 'is_public' | 'shared' | 'share_can_edit'>, me: DocumentCaller): Access {
  const owner = p.owner_id === me.userId;
  return {
    read: owner || p.shared || p.is_global || p.is_public,
    edit: p.is_global ? me.isAdmin : owner || (p.shared && p.share_can_edit),
    share: owner && !p.is_global,
  };
}

/** accessOf's edit right in SQL, for document `p` and the caller ($4 user id, $8 administrator). */
const editRuleSql = (k: DocumentKind) => `case when p.is_global then $8::boolean
       else p.owner_id = $4 or exists (select 1 from ${k.table}_share s where s.${k.id} = p.${k.id} and s.user_id = $4 and s.can_edit) end${k.retirable ? ' and p.retired_at is null' : ''}`;

/** The document's retired_at in SQL: null for kinds that are never retired. */
const retiredSql = (k: DocumentKind) => (k.retirable ? 'p.retired_at' : 'null::timestamptz');

/** Whether the document is public, in SQL (kinds without visibility have none). */
const publicSql = (k: DocumentKind, p = 'p.') => (k.visibility ? `${p}visibility = 'public'` : 'false');

const documentSelect = (k: DocumentKind) => `select p.${k.id} as doc_id, p.tenant_id, p.owner_id, u.username as owner, p.is_global, p.name, p.description,
       p.current_version, p.current_status, p.published_version, ${retiredSql(k)} as retired_at, ${publicSql(k)} as is_public, p.created_at, p.updated_at,
       s.user_id is not null as shared, coalesce(s.can_edit, false) as share_can_edit${k.rowSql ? `, ${k.rowSql}` : ''}
  from ${k.table} p
  join app_user u on u.user_id = p.owner_id
  left join ${k.table}_share s on s.${k.id} = p.${k.id} and s.user_id = $3`;

/**
 * The document if the caller may read it; otherwise record_not_found, whether it is another tenant's, a
 * stranger's or unknown (nobody learns that a private document exists). A global document of a kind with
 * visibility is read on every tenant, and changed on none but its own. `lock` holds the row for a write.
 */
export async function readableDocument(
  k: DocumentKind,
  db: Queryable,
  tenantId: string,
  id: string,
  me: DocumentCaller,
  lock = false,
): Promise<{ row: DocumentRow; access: Access }> {
  const tenant = k.visibility ? '(p.tenant_id = $2 or p.is_global)' : 'p.tenant_id = $2';
  const [row] = await db.query<DocumentRow & Record<string, unknown>>(`${documentSelect(k)} where p.${k.id} = $1 and ${tenant}${lock ? ' for update of p' : ''}`, [
    id,
    tenantId,
    me.userId,
  ]);
  const access = !row ? undefined : row.tenant_id === tenantId ? accessOf(row, me) : { read: row.is_global, edit: false, share: false };
  if (!row || !access!.read) throw notFound(k.entity);
  return { row, access: access! };
}

/** The kind's refusal of a change to a retired document. */
export function refuseRetired(k: DocumentKind, row: Pick<DocumentRow, 'retired_at'>): void {
  if (row.retired_at && k.errors.retired) throw new ApiError(k.errors.retired);
}

/** The document if the caller may change it: readers who may not answer the kind's global refusal or forbidden. */
export async function editableDocument(k: DocumentKind, tx: Queryable, tenantId: string, id: string, me: DocumentCaller) {
  const found = await readableDocument(k, tx, tenantId, id, me, true);
  if (!found.access.edit) {
    if (found.row.is_global && k.errors.globalAdmin) throw new ApiError(k.errors.globalAdmin);
    throw new ApiError('forbidden', { auth_codes: 'owner, can_edit' });
  }
  refuseRetired(k, found.row);
  return found;
}

// ---------------------------------------------------------------------------------------------------------
// Versions and shares

export interface VersionRow<D = unknown> {
  version: number;
  status: 'draft' | 'published';
  document?: D;
  created_at: unknown;
  updated_at: unknown;
  published_at: unknown;
}

const VERSION_COLUMNS = 'version, status, created_at, updated_at, published_at';

export async function versionOf<D>(k: DocumentKind, db: Queryable, id: string, version: number, withDocument: boolean): Promise<VersionRow<D> | undefined> {
  const [v] = await db.query<VersionRow<D> & Record<string, unknown>>(
    `select ${VERSION_COLUMNS}${withDocument ? ', document' : ''} from ${k.table}_version where ${k.id} = $1 and version = $2`,
    [id, version],
  );
  return v;
}

export type ShareList = { username: string; can_edit: boolean }[];

export async function shareListOf(k: DocumentKind, db: Queryable, id: string): Promise<ShareList> {
  return db.query<{ username: string; can_edit: boolean }>(
    `select u.username, s.can_edit from ${k.table}_share s join app_user u on u.user_id = s.user_id
      where s.${k.id} = $1 order by lower(u.username)`,
    [id],
  );
}

// ---------------------------------------------------------------------------------------------------------
// Writes

export interface NewDocument<D> {
  name: LocalizedText;
  description?: LocalizedText;
  is_global?: boolean;
  document: D;
}

/** Creates a document with version 1 as a draft (or, for a seed, published). Answers its id. */
export async function insertDocument<D>(
  k: DocumentKind,
  tx: Queryable,
  ids: { tenantId: string; ownerId: string; id?: string },
  input: NewDocument<D>,
  options: { publish?: boolean } = {},
): Promise<string> {
  const id = ids.id ?? randomUUID();
  const status = options.publish ? 'published' : 'draft';
  const columns: Record<string, unknown> = {
    [k.id]: id,
    tenant_id: ids.tenantId,
    owner_id: ids.ownerId,
    is_global: input.is_global ?? false,
    name: JSON.stringify(input.name),
    description: input.description ? JSON.stringify(input.description) : null,
    current_version: 1,
    current_status: status,
    published_version: options.publish ? 1 : null,
    ...kindColumns(k, input.document),
  };
  const names = Object.keys(columns);
  await tx.query(`insert into ${k.table} (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(columns));
  await tx.query(
    `insert into ${k.table}_version (${k.id}, version, status, document, saved_by, published_at, published_by)
     values ($1, 1, $2, $3, $4, ${options.publish ? 'now()' : 'null'}, $5)`,
    [id, status, JSON.stringify(input.document), ids.ownerId, options.publish ? ids.ownerId : null],
  );
  return id;
}

/** The kind's own columns of a document (none for most kinds). */
const kindColumns = (k: DocumentKind, document: unknown): Record<string, unknown> => (k.columns ? k.columns(document as never) : {});

export interface SaveDocument<D> {
  id: string;
  /** The version the editor started from. */
  version: number;
  name?: LocalizedText;
  description?: LocalizedText;
  document: D;
}

/** What a save answers: the document's row as saved and the version written (with the document sent). */
export type SavedDocument<D> = { row: DocumentRow; version: VersionRow<D> & { document: D } };

const versionConflict = (k: DocumentKind, current: number, version: number) =>
  new ApiError(k.errors.conflict, { current_version: current, version }, { current_version: current });

/**
 * Saves the draft: `version` is the version the editor started from. The draft itself is saved over; the newest
 * published version gets a new draft after it; anything else is a stale edit (the kind's conflict, with
 * current_version). Problems of the kind's own check are allowed in a draft (publishing checks them).
 *
 * Most saves go over a draft the caller may edit: one statement that writes only if the caller may edit and
 * the draft is still the newest version — no transaction, no row held across round trips — and stores `audit`,
 * the call's audit record, with it. Anything else is decided again under the document's lock, which gives the
 * refusal (its record is then the onSend hook's).
 */
export async function saveDocument<D>(k: DocumentKind, db: Db, tenantId: string, me: DocumentCaller, input: SaveDocument<D>, audit?: OwnAuditRecord): Promise<SavedDocument<D>> {
  const saved = await writeVersion(k, db, tenantId, me, input, input.version, { draft: true, ifEditable: true, audit });
  if (saved) return saved;
  return db.transaction((tx) => saveDocumentLocked(k, tx, tenantId, me, input));
}

/** saveDocument decided under the document's lock, in the caller's transaction (for kinds that write more with the save). */
export async function saveDocumentLocked<D>(k: DocumentKind, tx: Queryable, tenantId: string, me: DocumentCaller, input: SaveDocument<D>): Promise<SavedDocument<D>> {
  const { row } = await editableDocument(k, tx, tenantId, input.id, me);
  if (input.version !== row.current_version) throw versionConflict(k, row.current_version, input.version);
  const draft = row.current_status === 'draft';
  if (!draft && row.current_version >= 100_000) throw new ApiError('invalid_input', { details: 'version: a document has at most 100000 versions' });
  const written = await writeVersion(k, tx, tenantId, me, input, draft ? row.current_version : row.current_version + 1, { draft, ifEditable: false });
  if (!written) throw versionConflict(k, row.current_version, input.version);
  return written;
}

/**
 * Writes the document as `version` (the current draft saved over, or a new draft after the published one) and
 * the row's current version, in one statement; answers both, or undefined if nothing was written.
 * `ifEditable`: only if the caller may edit the document and `version` is its current one.
 */
async function writeVersion<D>(
  k: DocumentKind,
  db: Queryable,
  tenantId: string,
  me: DocumentCaller,
  input: SaveDocument<D>,
  version: number,
  { draft, ifEditable, audit }: { draft: boolean; ifEditable: boolean; audit?: OwnAuditRecord },
): Promise<SavedDocument<D> | undefined> {
  const guard = ifEditable ? ` and exists (select 1 from ${k.table} p where p.${k.id} = $1 and p.tenant_id = $7 and p.current_version = $2 and ${editRuleSql(k)})` : '';
  const own = Object.entries(kindColumns(k, input.document));
  const first = ifEditable ? 9 : 7;
  const ownSet = own.map(([column], i) => `, ${column} = $${first + i}`).join('');
  const write = draft
    ? `update ${k.table}_version set document = $3, updated_at = now(), saved_by = $4
        where ${k.id} = $1 and version = $2 and status = 'draft'${guard} returning ${VERSION_COLUMNS}`
    : `insert into ${k.table}_version (${k.id}, version, status, document, saved_by) values ($1, $2, 'draft', $3, $4) returning ${VERSION_COLUMNS}`;
  const auditAt = first + own.length;
  const [saved] = await db.query<VersionRow & Omit<DocumentRow, 'shared' | 'share_can_edit' | 'created_at'> & { document_created_at: unknown } & Record<string, unknown>>(
    `with saved as (${write}),${audit ? ` ${auditRecordCte(`$${auditAt}`, 'exists (select 1 from saved)')},` : ''}
     doc as (
       update ${k.table} set current_version = $2, current_status = 'draft', name = coalesce($5, name), description = coalesce($6, description), updated_at = now()${ownSet}
        where ${k.id} = $1 and exists (select 1 from saved)
       returning ${k.id} as doc_id, tenant_id, owner_id, is_global, name, description, current_version, current_status, published_version,
         ${k.retirable ? 'retired_at' : 'null::timestamptz as retired_at'}, ${publicSql(k, '')} as is_public, created_at as document_created_at)
     select saved.*, doc.*, u.username as owner from saved, doc join app_user u on u.user_id = doc.owner_id`,
    [
      input.id,
      version,
      JSON.stringify(input.document),
      me.userId,
      input.name ? JSON.stringify(input.name) : null,
      input.description ? JSON.stringify(input.description) : null,
      ...(ifEditable ? [tenantId, me.isAdmin] : []),
      ...own.map(([, value]) => value),
      ...(audit ? [auditParam(audit)] : []),
    ],
  );
  if (!saved) return undefined;
  audit?.stored();
  const { document_created_at, ...row } = saved;
  return {
    row: { ...(row as unknown as DocumentRow), created_at: document_created_at, shared: false, share_can_edit: false },
    version: { version: saved.version, status: saved.status, created_at: saved.created_at, updated_at: saved.updated_at, published_at: saved.published_at, document: input.document },
  };
}

/**
 * Publishes the draft named by `version` (it must be the newest version) once the kind's `check` of its
 * document passes (it throws the kind's refusal). Answers the checked document.
 */
export async function publishDocument<D>(
  k: DocumentKind,
  tx: Queryable,
  tenantId: string,
  me: DocumentCaller,
  input: { id: string; version: number },
  check: (document: D) => void,
): Promise<D> {
  const { row } = await editableDocument(k, tx, tenantId, input.id, me);
  const v = await versionOf<D>(k, tx, row.doc_id, input.version, true);
  if (v?.status === 'published') throw new ApiError(k.errors.alreadyPublished, { version: input.version });
  if (!v || input.version !== row.current_version) throw versionConflict(k, row.current_version, input.version);
  check(v.document as D);
  const done = await tx.query(
    `update ${k.table}_version set status = 'published', published_at = now(), published_by = $3, updated_at = now()
      where ${k.id} = $1 and version = $2 and status = 'draft' returning version`,
    [row.doc_id, input.version, me.userId],
  );
  if (!done.length) throw versionConflict(k, row.current_version, input.version);
  await tx.query(`update ${k.table} set current_status = 'published', published_version = $2, updated_at = now() where ${k.id} = $1`, [row.doc_id, input.version]);
  return v.document as D;
}

/** The user of the tenant named by `username` (case-insensitive) who may be shared with, else 10016. */
async function shareTarget(k: DocumentKind, tx: Queryable, tenantId: string, username: string, owner: DocumentRow): Promise<string> {
  const [user] = await tx.query<{ user_id: string }>(
    "select user_id from app_user where tenant_id = $1 and lower(username) = lower($2) and registration_status = 'completed'",
    [tenantId, username],
  );
  if (!user) throw notFound('user');
  if (user.user_id === owner.owner_id) throw new ApiError(k.errors.shareOwner);
  return user.user_id;
}

/** The owner's own document, not a global one: only they share it. */
async function sharableDocument(k: DocumentKind, tx: Queryable, tenantId: string, id: string, me: DocumentCaller, lang: Lang): Promise<DocumentRow> {
  const { row, access } = await readableDocument(k, tx, tenantId, id, me, true);
  if (row.is_global)
    throw new ApiError('invalid_input', {
      details:
        lang === 'tr'
          ? `${k.id}: sitedeki herkes için olan bir kayıt paylaşılmaz; sitenin her kullanıcısı onu zaten kullanabilir`
          : `${k.id}: a record for everyone on the site is not shared; every user of the site can already use it`,
    });
  if (!access.share) throw new ApiError('forbidden', { auth_codes: 'owner' });
  return row;
}

export async function shareDocument(
  k: DocumentKind,
  tx: Queryable,
  tenantId: string,
  me: DocumentCaller,
  input: { id: string; username: string; can_edit?: boolean },
  lang: Lang,
): Promise<ShareList> {
  const row = await sharableDocument(k, tx, tenantId, input.id, me, lang);
  const userId = await shareTarget(k, tx, tenantId, input.username, row);
  await tx.query(
    `insert into ${k.table}_share (${k.id}, user_id, can_edit, shared_by) values ($1, $2, $3, $4)
     on conflict (${k.id}, user_id) do update set can_edit = excluded.can_edit, shared_by = excluded.shared_by, shared_at = now()`,
    [row.doc_id, userId, input.can_edit ?? false, me.userId],
  );
  return shareListOf(k, tx, row.doc_id);
}

/** Stops sharing with the user; a user it was not shared with leaves the list as it was. */
export async function unshareDocument(k: DocumentKind, tx: Queryable, tenantId: string, me: DocumentCaller, input: { id: string; username: string }, lang: Lang): Promise<ShareList> {
  const row = await sharableDocument(k, tx, tenantId, input.id, me, lang);
  const userId = await shareTarget(k, tx, tenantId, input.username, row);
  await tx.query(`delete from ${k.table}_share where ${k.id} = $1 and user_id = $2`, [row.doc_id, userId]);
  return shareListOf(k, tx, row.doc_id);
}

// ---------------------------------------------------------------------------------------------------------
// Reads

/** A document at one version (its newest the caller may see unless named), with the document itself. */
export async function documentAtVersion<D>(k: DocumentKind, db: Queryable, tenantId: string, me: DocumentCaller, id: string, version?: number) {
  const { row, access } = await readableDocument(k, db, tenantId, id, me);
  const published = publishedOnly(row, access);
  if (published && !row.published_version) throw notFound(k.entity);
  const v = await versionOf<D>(k, db, id, version ?? (published ? row.published_version! : row.current_version), true);
  if (!v || (published && v.status !== 'published')) throw notFound('version_record');
  return { row, access, version: v as VersionRow<D> & { document: D } };
}

/** Every version of a document the caller may see (newest first), and the shares for its owner only. */
export async function versionsAndShares(k: DocumentKind, db: Queryable, me: DocumentCaller, row: DocumentRow, access: Access) {
  const versions = await db.query<{ version: number; status: 'draft' | 'published'; created_at: unknown; published_at: unknown; saved_by_username: string | null }>(
    `select v.version, v.status, v.created_at, v.published_at, u.username as saved_by_username
       from ${k.table}_version v left join app_user u on u.user_id = v.saved_by
      where v.${k.id} = $1 order by v.version desc`,
    [row.doc_id],
  );
  return {
    version_list: versions
      .filter((v) => !publishedOnly(row, access) || v.status === 'published')
      .map((v) => {
        const publishedAt = isoOf(v.published_at);
        return {
          version: v.version,
          status: v.status,
          created_at: isoOf(v.created_at)!,
          ...(publishedAt ? { published_at: publishedAt } : {}),
          ...(v.saved_by_username ? { saved_by_username: v.saved_by_username } : {}),
        };
      }),
    ...(row.owner_id === me.userId ? { share_list: await shareListOf(k, db, row.doc_id) } : {}),
    // A retired document is read by its editors (and its records by them) but saved by nobody.
    can_edit: access.edit && !row.retired_at,
    can_share: access.share,
  };
}

export interface ListInput {
  /** hospital: the public documents of the caller's tenant (kinds with visibility). */
  scope?: 'all' | 'mine' | 'shared' | 'hospital' | 'global';
  /** The document's state: retired (retirable kinds), or, not retired, its newest version's. */
  status?: 'draft' | 'published' | 'retired';
  search?: string;
  sort?: 'updated_at' | '-updated_at' | 'name' | '-name';
  page?: number;
  page_size?: number;
}

/** Whose documents, with $1 the caller and $2 their tenant (a share row exists only for a user other than the owner). */
const SCOPES: Record<NonNullable<ListInput['scope']>, (k: DocumentKind) => string> = {
  all: (k) => `(p.owner_id = $1 or s.user_id is not null or p.is_global or (${publicSql(k)} and p.tenant_id = $2))`,
  mine: () => 'p.owner_id = $1',
  shared: () => 's.user_id is not null',
  hospital: (k) => `(${publicSql(k)} and p.tenant_id = $2)`,
  global: () => 'p.is_global',
};

/**
 * publishedOnly in SQL for the list, with $1 the caller and $2 their tenant: a global document unless the caller
 * administers its tenant; a public one unless the caller owns it or may edit it by a share.
 */
const publishedOnlySql = (k: DocumentKind, me: DocumentCaller) => {
  const global = me.isAdmin ? 'p.tenant_id <> $2' : 'true';
  return `(case when p.is_global then ${global} else ${publicSql(k)} and p.owner_id <> $1 and not coalesce(s.can_edit, false) end)`;
};

/**
 * One page of the documents the caller may see, each at its newest version they may see, without documents.
 * `filter` adds the kind's own conditions.
 */
export async function listDocuments(k: DocumentKind, db: Queryable, tenantId: string, me: DocumentCaller, input: ListInput, lang: Lang, filter?: (where: Where) => void) {
  // $1 is the caller (the share join), $2 their tenant; further conditions number from $3.
  // Global (and public) documents show their published version to those who may not edit them (publishedOnly).
  const onlyPublished = publishedOnlySql(k, me);
  const where = new Where([me.userId])
    .add(k.visibility ? '(p.tenant_id = ? or p.is_global)' : 'p.tenant_id = ?', tenantId)
    .add(SCOPES[input.scope ?? 'all'](k))
    .add(`(not ${onlyPublished} or p.published_version is not null)`);
  if (input.status === 'retired') where.add(`${retiredSql(k)} is not null`);
  else if (input.status) where.add(`v.status = ? and ${retiredSql(k)} is null`, input.status);
  if (input.search) {
    const p = containsPattern(input.search);
    const more = (k.searchSql ?? []).map((sql) => ` or ${sql} ilike ? escape '\\'`).join('');
    where.add(`(p.name->>'en' ilike ? escape '\\' or p.name->>'tr' ilike ? escape '\\' or u.username ilike ? escape '\\'${more})`, p, p, p, ...(k.searchSql ?? []).map(() => p));
  }
  filter?.(where);
  const from = `from ${k.table} p join app_user u on u.user_id = p.owner_id
    left join ${k.table}_share s on s.${k.id} = p.${k.id} and s.user_id = $1`;
  const shown = `join ${k.table}_version v on v.${k.id} = p.${k.id}
    and v.version = case when ${onlyPublished} then p.published_version else p.current_version end`;
  const other = lang === 'en' ? 'tr' : 'en';
  const sort = input.sort ?? '-updated_at';
  const desc = sort.startsWith('-') ? 'desc' : 'asc';
  const key = sort.replace(/^-/, '') === 'name' ? `lower(coalesce(p.name->>'${lang}', p.name->>'${other}')) ${desc}, p.updated_at desc` : `p.updated_at ${desc}`;
  return pageRows<DocumentRow & Omit<VersionRow, 'document'> & Record<string, unknown>>(db, {
    select: `select p.${k.id} as doc_id, p.tenant_id, p.owner_id, u.username as owner, p.is_global, p.name, p.description, p.current_version, p.current_status,
            p.published_version, ${retiredSql(k)} as retired_at, ${publicSql(k)} as is_public, p.created_at, p.updated_at, v.version, v.status, v.published_at${k.listSql ? `, ${k.listSql}` : ''} ${from} ${shown}`,
    where,
    order: `${key}, p.${k.id}`,
    paging: input,
  });
}
