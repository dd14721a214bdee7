// Documents (schemas/routes/document.json and the clinical document fetch): upload checked by content
// (server/services/document-checks.ts), the caller's own and shared documents, sharing, and the file itself
// served so that a browser never runs it. Who may read: the owner, the users the owner shares with, anyone
// with the id of a public document; on a clinical site also the clinical staff (docs/decisions.md).
import { randomUUID } from 'node:crypto';
import { optionalUser, requireUser, type SignedIn } from '../auth/caller.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import { FileAnswer, type RequestContext } from '../http/context.ts';
import { clinicalRolesOf } from '../../src/domain/clinical-roles.ts';
import { downloadName, isPicture } from '../../src/domain/document-limits.ts';
import { bytesOfDataUrl, checkFile, type CheckedFile } from '../services/document-checks.ts';
import {
  type DocumentRow,
  documentAnswer,
  findDocument,
  findDocumentByKey,
  insertDocument,
  isActiveUser,
  isSharedWith,
  listDocuments,
  markDocumentDeleted,
  replaceDocumentFile,
  setShare,
  updateDocument,
} from '../services/document-store.ts';
import type { HandlerSet } from './types.ts';

/** Clinical roles that read every document of their hospital (patients' documents are the ward's, not one clinician's). */
const HOSPITAL_READERS = new Set(['doctor', 'nurse', 'pharmacist', 'administrator']);

async function mayRead(ctx: RequestContext, row: DocumentRow, me: SignedIn | undefined): Promise<boolean> {
  if (row.is_public) return true;
  if (!me) return false;
  return row.owner_user_id === me.userId || (await isSharedWith(ctx.db, row.document_client_id, me.userId));
}

/** A live document of the site the caller may read; any other answers 10016, as an unknown id. */
async function readable(ctx: RequestContext, id: string): Promise<{ row: DocumentRow; bytes: Buffer; me: SignedIn | undefined }> {
  const me = optionalUser(ctx);
  const row = await findDocument(ctx.db, ctx.tenant.tenant_id, me?.userId, id);
  if (!row || !(await mayRead(ctx, row, me))) throw notFound('document');
  const bytes = await ctx.services.documents.get(ctx.db, row.storage_key);
  if (!bytes) throw notFound('document');
  return { row, bytes, me };
}

/** A value of filename* (RFC 5987): percent-encoded UTF-8, the characters encodeURIComponent leaves but attr-char excludes included. */
const rfc5987 = (name: string) => encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The file's own headers: its detected type; a download (attachment) unless a picture, which may show inline;
 * no sniffing; and a sandbox, so that even a file opened in a tab runs nothing and reaches nothing.
 */
function fileHeaders(row: DocumentRow, size: number): Record<string, string> {
  const name = downloadName(row.document_name, row.file_type);
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const text = row.content_type.startsWith('text/');
  return {
    'content-type': text ? `${row.content_type}; charset=utf-8` : row.content_type,
    'content-length': String(size),
    'content-disposition': `${isPicture(row.file_type) ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${rfc5987(name)}`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
  };
}

const dataUrlOf = (row: DocumentRow, bytes: Buffer) => `data:${row.content_type};base64,${bytes.toString('base64')}`;

async function answerFor(ctx: RequestContext, me: SignedIn, id: string) {
  const row = await findDocument(ctx.db, ctx.tenant.tenant_id, me.userId, id);
  if (!row) throw notFound('document');
  return { document: documentAnswer(row, me.userId) };
}

/** Where a document's file goes: a new key for every file, so a replaced file's old bytes stay until the new ones are recorded. */
const newKey = (tenantId: string, documentId: string) => `${tenantId}/${documentId}/${randomUUID()}`;

export const documentHandlers: HandlerSet = {
  document_get: async (input, ctx) => {
    const { row, bytes, me } = await readable(ctx, input.document_client_id);
    if (input.as_file) return new FileAnswer(bytes, fileHeaders(row, bytes.length));
    return { document: documentAnswer(row, me?.userId), doc: dataUrlOf(row, bytes) };
  },

  document_list: async (input, ctx) => listDocuments(ctx.db, ctx.tenant.tenant_id, requireUser(ctx).userId, input),

  document_record: async (input, ctx) => {
    const me = requireUser(ctx);
    const tenantId = ctx.tenant.tenant_id;
    const store = ctx.services.documents;
    const file: CheckedFile | undefined = input.doc ? await checkFile(input.document_name, bytesOfDataUrl(input.doc)) : undefined;
    const existing = input.document_client_id;
    if (!existing) {
      if (!file) throw new ApiError('required_fields');
      const id = randomUUID();
      const key = newKey(tenantId, id);
      await ctx.transaction(async (tx) => {
        await store.put(tx, key, file.bytes, file.content_type);
        await insertDocument(tx, {
          document_client_id: id,
          tenantId,
          ownerId: me.userId,
          document_name: input.document_name,
          file_type: file.file_type,
          content_type: file.content_type,
          size_bytes: file.bytes.length,
          is_public: input.public ?? false,
          bucket: store.bucket,
          key,
        });
      });
      return answerFor(ctx, me, id);
    }
    const replaced = await ctx.transaction(async (tx) => {
      const row = await findDocument(tx, tenantId, me.userId, existing);
      if (!row || row.owner_user_id !== me.userId || !(await updateDocument(tx, tenantId, me.userId, existing, { document_name: input.document_name, is_public: input.public })))
        throw notFound('document');
      if (!file) return undefined;
      const key = newKey(tenantId, existing);
      await store.put(tx, key, file.bytes, file.content_type);
      await replaceDocumentFile(tx, existing, { file_type: file.file_type, content_type: file.content_type, size_bytes: file.bytes.length, key });
      return row.storage_key;
    });
    // The old file goes once the new one is recorded (a failed write above leaves the document as it was).
    if (replaced) await store.delete(ctx.db, replaced);
    return answerFor(ctx, me, existing);
  },

  document_delete: async ({ document_client_id: id }, ctx) => {
    const me = requireUser(ctx);
    const key = await ctx.transaction((tx) => markDocumentDeleted(tx, ctx.tenant.tenant_id, me.userId, id));
    if (!key) throw notFound('document');
    // The record stays for the audit trail; the bytes go.
    await ctx.services.documents.delete(ctx.db, key);
    return { document_client_id: id, document_delete: true };
  },

  document_share: async (input, ctx) => {
    const me = requireUser(ctx);
    const tenantId = ctx.tenant.tenant_id;
    const row = await findDocument(ctx.db, tenantId, me.userId, input.document_client_id);
    if (!row || row.owner_user_id !== me.userId) throw notFound('document');
    if (input.user_client_id === me.userId) throw new ApiError('document_share_owner');
    if (!(await isActiveUser(ctx.db, tenantId, input.user_client_id))) throw notFound('user');
    await ctx.transaction((tx) => setShare(tx, row.document_client_id, input.user_client_id, input.share));
    return answerFor(ctx, me, row.document_client_id);
  },

  clinical_document_fetch: async ({ bucket, key }, ctx) => {
    const me = requireUser(ctx);
    const row = await findDocumentByKey(ctx.db, ctx.tenant.tenant_id, me.userId, bucket, key);
    const hospitalReader = ctx.tenant.frontend.clinical_function === 1 && clinicalRolesOf(me.authCodes).some((r) => HOSPITAL_READERS.has(r));
    if (!row || !(hospitalReader || (await mayRead(ctx, row, me)))) throw notFound('document');
    // The audit names the document read (the request names it by bucket and key only).
    ctx.audit.record_id = row.document_client_id;
    const bytes = await ctx.services.documents.get(ctx.db, row.storage_key);
    if (!bytes) throw notFound('document');
    return { result: { file_name: downloadName(row.document_name, row.file_type), content_type: row.content_type, content_base64: bytes.toString('base64') } };
  },
};
