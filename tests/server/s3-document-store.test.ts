// The S3 document store against an S3-speaking HTTP server started here: the AWS SDK really signs (SigV4) and
// sends PutObject, GetObject and DeleteObject, path-style, and the documents routes work unchanged over it.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentDelete, documentGet, documentRecord } from '../../src/generated/client/index.ts';
import { s3DocumentStore } from '../../server/services/s3-document-files.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { actor } from './support/actors.ts';
import { dataUrl, PDF } from './support/sample-files.ts';

const BUCKET = 'sema-test-bucket';

interface Seen {
  method: string;
  path: string;
  authorization: string;
  contentSha256: string;
}

/** A bucket in memory answering the three object calls as S3 does (404 NoSuchKey for a missing object). */
function fakeS3(): { server: Server; objects: Map<string, Buffer>; seen: Seen[] } {
  const objects = new Map<string, Buffer>();
  const seen: Seen[] = [];
  const body = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url!, 'http://s3').pathname);
    seen.push({ method: req.method!, path, authorization: String(req.headers.authorization ?? ''), contentSha256: String(req.headers['x-amz-content-sha256'] ?? '') });
    const data = await body(req);
    if (!path.startsWith(`/${BUCKET}/`)) return res.writeHead(404).end();
    const key = path.slice(BUCKET.length + 2);
    if (req.method === 'PUT') {
      objects.set(key, data);
      return res.writeHead(200, { etag: '"1"' }).end();
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      return res.writeHead(204).end();
    }
    const object = objects.get(key);
    if (!object)
      return res.writeHead(404, { 'content-type': 'application/xml' }).end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': object.length }).end(object);
  });
  return { server, objects, seen };
}

describe('documents in an S3-compatible bucket', () => {
  const s3 = fakeS3();
  let t: TestApp;
  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
    const { port } = s3.server.address() as AddressInfo;
    const documents = await s3DocumentStore({
      bucket: BUCKET,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'eu-central-1',
      accessKeyId: 'TESTKEY',
      secretAccessKey: 'test-secret',
      forcePathStyle: true,
    });
    t = await startTestApp('pglite', { documents });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => s3.server.close(resolve));
  });

  it('puts, gets and deletes the file in the bucket with signed requests; the database keeps no bytes', async () => {
    const owner = await actor(t, 'kova.sahibi');
    owner.use();
    const made = await documentRecord({ document_name: 'kova.pdf', doc: dataUrl(PDF) });
    expect(made.status_code, made.status_message).toBe('10000');
    expect(made.document.bucket).toBe(BUCKET);
    const key = made.document.key!;
    expect(s3.objects.get(key)?.equals(PDF)).toBe(true);
    expect((await t.db.query('select 1 from document_content')).length).toBe(0);

    const got = await documentGet({ document_client_id: made.document.document_client_id });
    expect(got.doc).toBe(dataUrl(PDF, 'application/pdf'));

    expect((await documentDelete({ document_client_id: made.document.document_client_id })).status_code).toBe('10000');
    expect(s3.objects.has(key)).toBe(false);

    expect(s3.seen.map((s) => [s.method, s.path])).toEqual([
      ['PUT', `/${BUCKET}/${key}`],
      ['GET', `/${BUCKET}/${key}`],
      ['DELETE', `/${BUCKET}/${key}`],
    ]);
    for (const s of s3.seen) {
      expect(s.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=TESTKEY\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/);
      expect(s.contentSha256).not.toBe('');
    }
  });

  it('answers "no such document" when the bucket lost the object', async () => {
    const owner = await actor(t, 'kova.ikinci');
    owner.use();
    const made = await documentRecord({ document_name: 'kayip.pdf', doc: dataUrl(PDF) });
    s3.objects.clear();
    expect((await documentGet({ document_client_id: made.document.document_client_id })).status_code).toBe('10016');
  });
});
