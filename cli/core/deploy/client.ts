/**
 * The storage edge of deploy: the few S3 requests it makes, over @aws-sdk/client-s3. Credentials come from
 * the SDK's standard chain (environment, shared files, profile, instance roles) and are never read here.
 * Every request ends: a connection that takes too long or falls silent fails it, the SDK retries it with
 * exponential backoff, and the deploy's signal aborts it at once. No file is ever held whole: one up to
 * the part size is sent from memory (so a retry can send it again), a larger one in parts read one at a
 * time, with its whole MD5 kept in metadata (`md5chksum`, as Hugo does), since the ETag of a multipart
 * object is not an MD5. Each body is checked against the MD5 the deploy planned with.
 */
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import type { TargetUrl } from '../load/target-url.ts';
import type { RemoteObject } from './diff.ts';
import type { ObjectHeaders } from './headers.ts';
import { openNoFollow } from '../common/md5-file.ts';
import { deployLimits } from './limits.ts';

/** What an uploaded file is stored with: its headers, its MD5 and, at a moved page's old address, where it leads. */
export type UploadHeaders = ObjectHeaders & { md5: string; redirect?: string };

/**
 * The website redirect of a moved page's old address: the bucket's website endpoint answers 301 to it
 * (docs/deploy.md, "Moved pages").
 */
function redirectOf(headers: UploadHeaders): { WebsiteRedirectLocation?: string } {
  return headers.redirect ? { WebsiteRedirectLocation: headers.redirect } : {};
}

/** The requests deploy makes of one bucket. */
export interface Bucket {
  /** Every object under `prefix`, by key, with its ETag (quotes removed) and size. */
  list(prefix: string): Promise<Map<string, RemoteObject>>;
  /** An object's body as text and its ETag; undefined when there is none. `signal` replaces the deploy's. */
  read(key: string, signal?: AbortSignal): Promise<{ text: string; etag: string } | undefined>;
  /**
   * Stores a small object from memory. With `ifNoneMatch`, only when no object has the key; with `ifMatch`,
   * only when the stored object's ETag is still that one (a PreconditionFailed error otherwise).
   */
  put(key: string, body: string, headers: ObjectHeaders, options?: { ifNoneMatch?: boolean; ifMatch?: string }): Promise<void>;
  /** Uploads a file, checked against its MD5; in parts above the part size, then resolving to the object's ETag. */
  upload(key: string, path: string, size: number, headers: UploadHeaders): Promise<string | undefined>;
  /** Deletes an object. `signal` replaces the deploy's. */
  remove(key: string, signal?: AbortSignal): Promise<void>;
  close(): void;
}

/** Metadata key of a multipart object's whole-file MD5 (hex), the name Hugo's deploy uses. */
export const MD5_METADATA = 'md5chksum';

/** Opens a target's bucket. Nothing is sent until the first request; `signal` aborts every request in flight. */
export function openBucket(target: TargetUrl, signal?: AbortSignal): Bucket {
  // The pinned SDK supports Node 20 (its engines: >=20), but warns on every run that versions published
  // after January 2027 will not; that is a note for whoever moves the pin, not for the user deploying.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const region = target.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? (target.endpoint ? 'us-east-1' : undefined);
  const limits = deployLimits();
  const client = new S3Client({
    ...(region ? { region } : {}),
    ...(target.endpoint ? { endpoint: target.endpoint } : {}),
    ...(target.profile ? { profile: target.profile } : {}),
    forcePathStyle: target.pathStyle,
    maxAttempts: limits.attempts,
    retryMode: 'standard',
    // Newer SDKs add CRC checksums to every upload and check them on downloads; several S3-compatible
    // services (older Ceph, OSS, COS) refuse or lack them. Content-MD5 is sent instead (below).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A silent connection fails after `idleMs` without a byte either way (the socket timeout), and no
    // request lives longer than `requestMs` (a server trickling bytes); both are retried like a 5xx.
    requestHandler: {
      connectionTimeout: limits.idleMs,
      socketTimeout: limits.idleMs,
      requestTimeout: limits.requestMs,
      throwOnRequestTimeout: true,
    },
  });
  const send = client.send.bind(client) as (command: unknown, options?: { abortSignal?: AbortSignal }) => Promise<unknown>;
  const request = <T>(command: unknown, own = signal): Promise<T> => send(command, own ? { abortSignal: own } : {}) as Promise<T>;
  const Bucket = target.bucket;

  /** One PUT of a whole body with its headers and the MD5 the server checks it against; `extra`: conditions or a redirect. */
  const putWhole = (key: string, body: string | Buffer, headers: ObjectHeaders, md5: Buffer, extra: object): Promise<unknown> =>
    request(
      new PutObjectCommand({
        Bucket,
        Key: key,
        Body: body,
        ContentType: headers.contentType,
        CacheControl: headers.cacheControl,
        ContentMD5: md5.toString('base64'),
        ...extra,
      }),
    );

  const multipart = async (key: string, file: FileHandle, size: number, headers: UploadHeaders): Promise<string | undefined> => {
    const created = await request<{ UploadId?: string }>(
      new CreateMultipartUploadCommand({
        Bucket,
        Key: key,
        ContentType: headers.contentType,
        CacheControl: headers.cacheControl,
        Metadata: { [MD5_METADATA]: headers.md5 },
        ...redirectOf(headers),
      }),
    );
    const UploadId = created.UploadId as string;
    try {
      const parts: Array<{ PartNumber: number; ETag: string }> = [];
      const whole = createHash('md5');
      const buffer = Buffer.alloc(Math.min(limits.partBytes, size));
      for (let offset = 0, n = 1; offset < size; offset += limits.partBytes, n++) {
        const length = Math.min(limits.partBytes, size - offset);
        const { bytesRead } = await file.read(buffer, 0, length, offset);
        if (bytesRead !== length) throw Object.assign(new Error(`${key} changed while it was uploaded`), { name: 'BadDigest' });
        const part = buffer.subarray(0, length);
        whole.update(part);
        const md5 = createHash('md5').update(part).digest();
        const answer = await request<{ ETag?: string }>(
          new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber: n, Body: part, ContentMD5: md5.toString('base64') }),
        );
        parts.push({ PartNumber: n, ETag: answer.ETag ?? `"${md5.toString('hex')}"` });
      }
      // The parts were read anew: bytes changed since the file was checked would upload unnoticed.
      if (whole.digest('hex') !== headers.md5)
        throw Object.assign(new Error(`${key} changed while it was uploaded`), { name: 'BadDigest' });
      const completed = await request<{ ETag?: string }>(
        new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }),
      );
      // The ETag as a listing will show it, for the manifest: some services spell it differently in the
      // answer to the completion.
      const head = await request<{ ETag?: string }>(new HeadObjectCommand({ Bucket, Key: key }));
      return head.ETag ?? completed.ETag;
    } catch (error) {
      // Without a signal of its own: the parts stored so far are removed even when the deploy was stopped.
      await send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => undefined);
      throw error;
    }
  };

  return {
    async list(prefix) {
      const objects = new Map<string, RemoteObject>();
      let token: string | undefined;
      do {
        const page = await request<ListObjectsV2CommandOutput>(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) objects.set(object.Key, { etag: (object.ETag ?? '').replace(/"/g, ''), size: object.Size ?? 0 });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return objects;
    },
    async read(key, own) {
      try {
        const object = await request<{ Body?: { transformToString(encoding: string): Promise<string> }; ETag?: string }>(
          new GetObjectCommand({ Bucket, Key: key }),
          own ?? signal,
        );
        return { text: (await object.Body?.transformToString('utf8')) ?? '', etag: object.ETag ?? '' };
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async put(key, body, headers, options = {}) {
      await putWhole(key, body, headers, createHash('md5').update(body).digest(), {
        ...(options.ifNoneMatch ? { IfNoneMatch: '*' } : {}),
        ...(options.ifMatch ? { IfMatch: options.ifMatch } : {}),
      });
    },
    async upload(key, path, size, headers) {
      const file = await openNoFollow(path);
      try {
        if (size > limits.partBytes) return await multipart(key, file, size, headers);
        // A small file is sent from memory, so that the SDK's retries can send it again.
        const body = Buffer.alloc(size);
        const { bytesRead } = await file.read(body, 0, size, 0);
        const md5 = createHash('md5').update(body).digest();
        if (bytesRead !== size || md5.toString('hex') !== headers.md5) {
          throw Object.assign(new Error(`${key} changed while it was uploaded`), { name: 'BadDigest' });
        }
        await putWhole(key, body, headers, md5, redirectOf(headers));
        return undefined;
      } finally {
        await file.close();
      }
    },
    async remove(key, own) {
      // One request per key: DeleteObjects needs a Content-MD5 that newer SDKs no longer send, and several
      // S3-compatible services refuse it without one.
      await request(new DeleteObjectCommand({ Bucket, Key: key }), own ?? signal);
    },
    close() {
      client.destroy();
    },
  };
}
