// Documents' metadata (document, document_share: migration 0029) — never their bytes, which a DocumentStore
// keeps (./document-files.ts). Every query is within one tenant; "readable" means the caller owns the
// document or it is shared with them (public documents are readable by id alone: see readableDocument).
import type { Queryable } from '../db/adapter.ts';
import type { Document, DocumentFileType } from '../../src/generated/types/entities.ts';
import type { DocumentListRequest } from '../../src/generated/types/routes.ts';
import { containsPattern, isoOf, orderBy, pageRows, Where } from './paging.ts';

export interface DocumentRow {
  document_client_id: string;
  owner_user_id: string;
  owner_username: string;
  document_name: string;
  file_type: DocumentFileType;
  content_type: string;
  size_bytes: number;
  is_public: boolean;
  storage_bucket: string;
  storage_key: string;
  created_at: unknown;
  shared_users: unknown;
}

/** The owner sees whom it is shared with; a user it is shared with does not. */
const SELECT = `select d.document_client_id, d.owner_user_id, o.username as owner_username, d.document_name, d.file_type,
       d.content_type, d.size_bytes, d.is_public, d.storage_bucket, d.storage_key, d.created_at,
       case when d.owner_user_id = $1 then coalesce((select json_agg(json_build_object('user_client_id', s.user_id, 'username', u.username) order by lower(u.username))
                 from document_share s join app_user u on u.user_id = s.user_id where s.document_client_id = d.document_client_id), '[]') end as shared_users
  from document d join app_user o on o.user_id = d.owner_user_id`;

const readableBy = (userParam: string) =>
  `(d.owner_user_id = ${userParam} or exists (select 1 from document_share s where s.document_client_id = d.document_client_id and s.user_id = ${userParam}))`;

/** The document as answered to `userId` (undefined for a visitor). */
export function documentAnswer(r: DocumentRow, userId: string | undefined): Document {
  const shared = typeof r.shared_users === 'string' ? JSON.parse(r.shared_users) : r.shared_users;
  return {
    document_client_id: r.document_client_id,
    user_client_id: r.owner_user_id,
    document_name: r.document_name,
    file_type: r.file_type,
    size_bytes: r.size_bytes,
    content_type: r.content_type,
    public: r.is_public,
    own: r.owner_user_id === userId,
    owner_username: r.owner_username,
    ...(shared ? { shared_user_list: shared as Document['shared_user_list'] } : {}),
    bucket: r.storage_bucket,
    key: r.storage_key,
    document_delete: false,
    created_at: isoOf(r.created_at)!,
  };
}

/** A live document of the tenant, whoever may read it (the caller decides), seen as `userId` sees it. */
export async function findDocument(q: Queryable, tenantId: string, userId: string | undefined, id: string): Promise<DocumentRow | undefined> {
  const [row] = await q.query<DocumentRow & Record<string, unknown>>(`${SELECT} where d.document_client_id = $2 and d.tenant_id = $3 and not d.is_deleted`, [
    userId ?? null,
    id,
    tenantId,
  ]);
  return row;
}

/** The live document stored in `bucket` under `key` (the clinical document fetch). */
export async function findDocumentByKey(q: Queryable, tenantId: string, userId: string, bucket: string, key: string): Promise<DocumentRow | undefined> {
  const [row] = await q.query<DocumentRow & Record<string, unknown>>(`${SELECT} where d.tenant_id = $2 and d.storage_bucket = $3 and d.storage_key = $4 and not d.is_deleted`, [
    userId,
    tenantId,
    bucket,
    key,
  ]);
  return row;
}

/** Whether the document is shared with the user. */
export async function isSharedWith(q: Queryable, documentId: string, userId: string): Promise<boolean> {
  return (await q.query('select 1 from document_share where document_client_id = $1 and user_id = $2', [documentId, userId])).length > 0;
}

/** One page of the documents the user owns or that are shared with them. */
export async function listDocuments(q: Queryable, tenantId: string, userId: string, input: DocumentListRequest) {
  const where = new Where([userId]).add('d.tenant_id = ? and not d.is_deleted', tenantId);
  const scope = input.scope ?? 'all';
  if (scope === 'own') where.add('d.owner_user_id = $1');
  else if (scope === 'shared') where.add('d.owner_user_id <> $1').add(readableBy('$1'));
  else where.add(readableBy('$1'));
  if (input.file_type) where.add('d.file_type = ?', input.file_type);
  if (input.search) where.add("d.document_name ilike ? escape '\\'", containsPattern(input.search));
  const order = orderBy(input.sort, '-created_at', { created_at: 'd.created_at', document_name: 'lower(d.document_name)', size_bytes: 'd.size_bytes' }, 'd.document_client_id');
  const { rows, ...paging } = await pageRows<DocumentRow & Record<string, unknown>>(q, { select: SELECT, where, order, paging: input });
  return { document_list: rows.map((r) => documentAnswer(r, userId)), ...paging };
}

export interface NewDocument {
  document_client_id: string;
  tenantId: string;
  ownerId: string;
  document_name: string;
  file_type: DocumentFileType;
  content_type: string;
  size_bytes: number;
  is_public: boolean;
  bucket: string;
  key: string;
}

export async function insertDocument(tx: Queryable, d: NewDocument): Promise<void> {
  await tx.query(
    `insert into document (document_client_id, tenant_id, owner_user_id, document_name, file_type, content_type, size_bytes, is_public, storage_bucket, storage_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [d.document_client_id, d.tenantId, d.ownerId, d.document_name, d.file_type, d.content_type, d.size_bytes, d.is_public, d.bucket, d.key],
  );
}

/** Renames (and makes public or private) the owner's document; answers false when it is not theirs. */
export async function updateDocument(tx: Queryable, tenantId: string, ownerId: string, id: string, fields: { document_name: string; is_public?: boolean }): Promise<boolean> {
  const rows = await tx.query(
    `update document set document_name = $4, is_public = coalesce($5, is_public), updated_at = now()
      where document_client_id = $1 and tenant_id = $2 and owner_user_id = $3 and not is_deleted returning 1`,
    [id, tenantId, ownerId, fields.document_name, fields.is_public ?? null],
  );
  return rows.length > 0;
}

/** Points the document at a new file (the caller has checked it is the owner's). */
export async function replaceDocumentFile(tx: Queryable, id: string, file: { file_type: DocumentFileType; content_type: string; size_bytes: number; key: string }): Promise<void> {
  await tx.query('update document set file_type = $2, content_type = $3, size_bytes = $4, storage_key = $5, updated_at = now() where document_client_id = $1', [
    id,
    file.file_type,
    file.content_type,
    file.size_bytes,
    file.key,
  ]);
}

/** Marks the owner's document deleted (kept for the audit trail, never listed); answers its key, or undefined when it is not theirs. */
export async function markDocumentDeleted(tx: Queryable, tenantId: string, ownerId: string, id: string): Promise<string | undefined> {
  const [row] = await tx.query<{ storage_key: string }>(
    'update document set is_deleted = true, updated_at = now() where document_client_id = $1 and tenant_id = $2 and owner_user_id = $3 and not is_deleted returning storage_key',
    [id, tenantId, ownerId],
  );
  return row?.storage_key;
}

/** An active user of the tenant, by id. */
export async function isActiveUser(q: Queryable, tenantId: string, userId: string): Promise<boolean> {
  return (await q.query('select 1 from app_user where user_id = $1 and tenant_id = $2 and is_active', [userId, tenantId])).length > 0;
}

export async function setShare(tx: Queryable, documentId: string, userId: string, share: boolean): Promise<void> {
  if (share) await tx.query('insert into document_share (document_client_id, user_id) values ($1, $2) on conflict do nothing', [documentId, userId]);
  else await tx.query('delete from document_share where document_client_id = $1 and user_id = $2', [documentId, userId]);
}
