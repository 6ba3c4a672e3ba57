/**
 * An S3 server in memory, on a loopback port, for the quick lane's deploy tests: the requests deploy
 * makes (list in pages, get, head, put, multipart upload, delete) over real HTTP, so the SDK client of
 * cli/core/deploy/client.ts runs as it does against a bucket. It honours what deploy relies on: conditional
 * writes (`If-None-Match: *`, `If-Match`, each request atomic), `Content-MD5` checked on every body, the
 * stored headers and metadata, and a multipart object's ETag (`md5-of-part-md5s-N`). It signs nothing and
 * checks no signature. `radosgw` mode compares `If-Match` without the ETag's quotes, as radosgw does; S3
 * mode takes it only as sent. A test can make any request fail with a status and error code of its choice.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/**
 * The environment the SDK's client needs for the server: credentials from its chain (the server checks
 * none) and no region, profile or configuration file of the machine's.
 */
const MEMORY_S3_ENV: Record<string, string | undefined> = {
  AWS_ACCESS_KEY_ID: 'test-key',
  AWS_SECRET_ACCESS_KEY: 'test-secret',
  AWS_REGION: undefined,
  AWS_DEFAULT_REGION: undefined,
  AWS_PROFILE: undefined,
  AWS_CONFIG_FILE: '/nonexistent',
  AWS_SHARED_CREDENTIALS_FILE: '/nonexistent',
  AWS_EC2_METADATA_DISABLED: 'true',
};

/** Sets (or, for undefined, removes) environment variables; returns what they were, to set back. */
export function setEnv(values: Record<string, string | undefined>): Record<string, string | undefined> {
  const before = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  return before;
}

/** A stored object: its bytes, quoted ETag and the headers it was stored with. */
export interface StoredObject {
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
}

/** A request the server answered: method, key (or the bucket's name for a listing) and what was asked. */
export interface Seen {
  method: string;
  key: string;
  query: string;
  headers: IncomingMessage['headers'];
}

/** An error to answer a request with instead of serving it. */
export interface Refusal {
  status: number;
  code: string;
}

/** A running server and its one bucket. */
export interface MemoryS3 {
  endpoint: string;
  bucket: string;
  objects: Map<string, StoredObject>;
  /** Multipart uploads not completed or aborted, by upload id. */
  uploads: Map<string, { key: string; parts: Map<number, Buffer> }>;
  requests: Seen[];
  /** Compare `If-Match` without quotes (radosgw) instead of as sent (S3). */
  radosgw: boolean;
  /** Answer HEAD without an ETag, as a service that spells it only in the upload's answers might. */
  etaglessHeads: boolean;
  /** Keys listed per page. */
  pageSize: number;
  /** Called before each request is served: a refusal answers it instead. */
  refuse?: (seen: Seen) => Refusal | undefined;
  /** Puts an object as a deploy would have stored it. */
  store(key: string, body: string, headers?: Record<string, string>): StoredObject;
  close(): Promise<void>;
}

const md5 = (data: Buffer | string): Buffer => createHash('md5').update(data).digest();
const xml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function error(res: ServerResponse, status: number, code: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The headers an object keeps: its type, caching, redirect and metadata. */
function keptHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string') continue;
    if (['content-type', 'cache-control', 'x-amz-website-redirect-location'].includes(name) || name.startsWith('x-amz-meta-'))
      kept[name] = value;
  }
  return kept;
}

/**
 * One server for the test file that calls this (at its top level), with the SDK's environment set while it
 * runs, and the bucket emptied and every option set back before each test.
 */
export function useMemoryS3(): MemoryS3 {
  const { s3, listen } = memoryS3();
  let saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    saved = setEnv({ ...MEMORY_S3_ENV, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: undefined });
    await listen();
  });
  afterAll(async () => {
    await s3.close();
    setEnv(saved);
  });
  beforeEach(() => {
    s3.objects.clear();
    s3.uploads.clear();
    Object.assign(s3, { requests: [], radosgw: false, etaglessHeads: false, pageSize: 1000, refuse: undefined });
  });
  return s3;
}

/** A server holding one bucket, `bucket`, empty; `listen` starts it and sets its endpoint. */
function memoryS3(bucket = 'site'): { s3: MemoryS3; listen(): Promise<void> } {
  let uploadIds = 0;
  const s3: MemoryS3 = {
    endpoint: '',
    bucket,
    objects: new Map(),
    uploads: new Map(),
    requests: [],
    radosgw: false,
    etaglessHeads: false,
    pageSize: 1000,
    store(key, body, headers = {}) {
      const object = { body: Buffer.from(body), etag: `"${md5(body).toString('hex')}"`, headers };
      s3.objects.set(key, object);
      return object;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const list = (res: ServerResponse, query: URLSearchParams): void => {
    const prefix = query.get('prefix') ?? '';
    const keys = [...s3.objects.keys()].filter((key) => key.startsWith(prefix)).sort();
    const start = Number(query.get('continuation-token') ?? 0);
    const page = keys.slice(start, start + s3.pageSize);
    const truncated = start + page.length < keys.length;
    const contents = page
      .map((key) => {
        const object = s3.objects.get(key) as StoredObject;
        return `<Contents><Key>${xml(key)}</Key><ETag>${xml(object.etag)}</ETag><Size>${object.body.length}</Size></Contents>`;
      })
      .join('');
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${xml(prefix)}</Prefix>` +
        `<KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>` +
        (truncated ? `<NextContinuationToken>${start + page.length}</NextContinuationToken>` : '') +
        `${contents}</ListBucketResult>`,
    );
  };

  /** Whether the body's `Content-MD5` holds; answers BadDigest when it does not. */
  const digestHolds = (req: IncomingMessage, res: ServerResponse, body: Buffer): boolean => {
    const sent = req.headers['content-md5'];
    if (sent === undefined || sent === md5(body).toString('base64')) return true;
    error(res, 400, 'BadDigest');
    return false;
  };

  const put = (req: IncomingMessage, res: ServerResponse, key: string, body: Buffer): void => {
    if (!digestHolds(req, res, body)) return;
    const current = s3.objects.get(key);
    const ifMatch = req.headers['if-match'];
    const held = s3.radosgw ? current?.etag.replace(/"/g, '') : current?.etag;
    if ((req.headers['if-none-match'] === '*' && current) || (ifMatch !== undefined && (!current || held !== ifMatch))) {
      error(res, 412, 'PreconditionFailed');
      return;
    }
    const object = { body, etag: `"${md5(body).toString('hex')}"`, headers: keptHeaders(req.headers) };
    s3.objects.set(key, object);
    res.writeHead(200, { etag: object.etag });
    res.end();
  };

  const multipart = (req: IncomingMessage, res: ServerResponse, key: string, query: URLSearchParams, body: Buffer): void => {
    if (req.method === 'POST' && query.has('uploads')) {
      const id = `upload-${++uploadIds}`;
      s3.uploads.set(id, { key, parts: new Map() });
      // The headers the object will have, kept with the upload until it completes.
      uploadHeaders.set(id, keptHeaders(req.headers));
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xml(key)}</Key>` +
          `<UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
      return;
    }
    const id = query.get('uploadId') ?? '';
    const upload = s3.uploads.get(id);
    if (!upload) {
      error(res, 404, 'NoSuchUpload');
      return;
    }
    if (req.method === 'PUT') {
      if (!digestHolds(req, res, body)) return;
      upload.parts.set(Number(query.get('partNumber')), body);
      res.writeHead(200, { etag: `"${md5(body).toString('hex')}"` });
      res.end();
    } else if (req.method === 'DELETE') {
      s3.uploads.delete(id);
      res.writeHead(204);
      res.end();
    } else {
      const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
      const parts = numbers.map((n) => upload.parts.get(n) as Buffer);
      const etag = `"${md5(Buffer.concat(parts.map((part) => md5(part)))).toString('hex')}-${parts.length}"`;
      s3.objects.set(key, { body: Buffer.concat(parts), etag, headers: uploadHeaders.get(id) ?? {} });
      s3.uploads.delete(id);
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xml(key)}</Key>` +
          `<ETag>${xml(etag)}</ETag></CompleteMultipartUploadResult>`,
      );
    }
  };
  const uploadHeaders = new Map<string, Record<string, string>>();

  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const [, name = '', ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      const seen: Seen = { method: req.method ?? '', key: key || name, query: url.search, headers: req.headers };
      s3.requests.push(seen);
      const refusal = s3.refuse?.(seen);
      if (refusal) return error(res, refusal.status, refusal.code);
      if (name !== bucket) return error(res, 404, 'NoSuchBucket');
      if (!key && req.method === 'GET') return list(res, url.searchParams);
      if (url.searchParams.has('uploads') || url.searchParams.has('uploadId')) return multipart(req, res, key, url.searchParams, body);
      const object = s3.objects.get(key);
      if (req.method === 'PUT') return put(req, res, key, body);
      if (req.method === 'DELETE') {
        s3.objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      if (!object) {
        if (req.method === 'HEAD') {
          res.writeHead(404);
          return res.end();
        }
        return error(res, 404, 'NoSuchKey');
      }
      const etag = req.method === 'HEAD' && s3.etaglessHeads ? {} : { etag: object.etag };
      res.writeHead(200, { ...etag, 'content-length': object.body.length, ...object.headers });
      res.end(req.method === 'HEAD' ? undefined : object.body);
    });
  });
  const listen = async (): Promise<void> => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    s3.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  return { s3, listen };
}
