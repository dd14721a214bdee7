// Where documents' files live (issue 13): in PostgreSQL by default (document_content, apart from the metadata
// so lists never read content), in an S3-compatible bucket when one is configured (./s3-document-files.ts).
// A store only keeps bytes by key; who may read them is the document handlers' business.
import type { Queryable } from '../db/adapter.ts';

export interface DocumentStore {
  /** The bucket recorded with each document (the clinical document fetch's `bucket`). */
  readonly bucket: string;
  /** Keeps `bytes` under `key` (the database store writes in `q`, the caller's transaction). */
  put(q: Queryable, key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key`, or undefined when there are none. */
  get(q: Queryable, key: string): Promise<Buffer | undefined>;
  /** Removes `key` (nothing when it is absent). */
  delete(q: Queryable, key: string): Promise<void>;
}

/** The bucket name of the database store (a name S3 would accept, so both stores' buckets look alike). */
export const DATABASE_BUCKET = 'sema-documents';

export const databaseDocumentStore: DocumentStore = {
  bucket: DATABASE_BUCKET,
  async put(q, key, bytes) {
    await q.query('insert into document_content (storage_key, content) values ($1, $2) on conflict (storage_key) do update set content = excluded.content', [key, bytes]);
  },
  async get(q, key) {
    const [row] = await q.query<{ content: Uint8Array }>('select content from document_content where storage_key = $1', [key]);
    return row ? Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength) : undefined;
  },
  async delete(q, key) {
    await q.query('delete from document_content where storage_key = $1', [key]);
  },
};
