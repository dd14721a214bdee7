// Documents in an S3-compatible bucket (AWS S3, MinIO, R2...), chosen by the environment: S3_BUCKET (required),
// S3_ENDPOINT (absent = AWS), S3_REGION (default us-east-1), S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (absent =
// the SDK's own chain: instance role, profile), S3_FORCE_PATH_STYLE=1 for servers without bucket subdomains.
import type { DocumentStore } from './document-files.ts';

export interface S3Options {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

export function s3OptionsFromEnv(env: NodeJS.ProcessEnv): S3Options | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** The store over the bucket; the S3 client (a tenth of a second to load) loads only for a site that uses one. */
export async function s3DocumentStore(options: S3Options): Promise<DocumentStore> {
  const { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: options.region ?? 'us-east-1',
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
  });
  const Bucket = options.bucket;
  return {
    bucket: Bucket,
    async put(_q, Key, Body, ContentType) {
      await client.send(new PutObjectCommand({ Bucket, Key, Body, ContentType }));
    },
    async get(_q, Key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : undefined;
      } catch (e) {
        if (e instanceof NoSuchKey) return undefined;
        throw e;
      }
    },
    async delete(_q, Key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
  };
}
