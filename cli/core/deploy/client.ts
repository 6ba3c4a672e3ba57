/**
 * The storage edge of deploy: the few S3 requests it makes, over @aws-sdk/client-s3. Credentials come from
 * the SDK's standard chain (environment, shared files, profile, instance roles) and are never read here.
 * Transient failures (5xx, throttling, resets, timeouts) are retried by the SDK with exponential backoff.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import type { TargetUrl } from '../load/target-url.ts';
import type { RemoteObject } from './diff.ts';
import type { ObjectHeaders } from './headers.ts';

/** Attempts per request (the first and four retries with backoff). */
const ATTEMPTS = 5;

/** The requests deploy makes of one bucket. */
export interface Bucket {
  /** Every object under `prefix`, by key, with its ETag (quotes removed) and size. */
  list(prefix: string): Promise<Map<string, RemoteObject>>;
  /** An object's body as text; undefined when there is none. */
  read(key: string): Promise<string | undefined>;
  /** Stores an object; with `ifNoneMatch`, only when no object has the key (a PreconditionFailed error otherwise). */
  put(
    key: string,
    body: Uint8Array | string,
    headers: ObjectHeaders & { md5?: string; redirect?: string },
    options?: { ifNoneMatch?: boolean },
  ): Promise<void>;
  remove(key: string): Promise<void>;
  close(): void;
}

/** Opens a target's bucket. Nothing is sent until the first request. */
export function openBucket(target: TargetUrl): Bucket {
  // The pinned SDK supports Node 20 (its engines: >=20), but warns on every run that versions published
  // after January 2027 will not; that is a note for whoever moves the pin, not for the user deploying.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const region = target.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? (target.endpoint ? 'us-east-1' : undefined);
  const client = new S3Client({
    ...(region ? { region } : {}),
    ...(target.endpoint ? { endpoint: target.endpoint } : {}),
    ...(target.profile ? { profile: target.profile } : {}),
    forcePathStyle: target.pathStyle,
    maxAttempts: ATTEMPTS,
    retryMode: 'standard',
    // Newer SDKs add CRC checksums to every upload and check them on downloads; several S3-compatible
    // services (older Ceph, OSS, COS) refuse or lack them. Content-MD5 is sent instead (put below).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
  });
  const Bucket = target.bucket;
  return {
    async list(prefix) {
      const objects = new Map<string, RemoteObject>();
      let token: string | undefined;
      do {
        const page: ListObjectsV2CommandOutput = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) objects.set(object.Key, { etag: (object.ETag ?? '').replace(/"/g, ''), size: object.Size ?? 0 });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return objects;
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return await object.Body?.transformToString('utf8');
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async put(key, body, headers, options = {}) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: headers.contentType,
          CacheControl: headers.cacheControl,
          ...(headers.md5 ? { ContentMD5: Buffer.from(headers.md5, 'hex').toString('base64') } : {}),
          // A moved page's old address: the bucket's website endpoint answers 301 to it (docs/deploy.md, "Moved pages").
          ...(headers.redirect ? { WebsiteRedirectLocation: headers.redirect } : {}),
          ...(options.ifNoneMatch ? { IfNoneMatch: '*' } : {}),
        }),
      );
    },
    async remove(key) {
      // One request per key: DeleteObjects needs a Content-MD5 that newer SDKs no longer send, and several
      // S3-compatible services refuse it without one.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    close() {
      client.destroy();
    },
  };
}
