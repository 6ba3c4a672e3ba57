/**
 * cli/core/deploy/client.ts against an S3 server in memory (test/helpers/memory-s3.ts), over real HTTP: the
 * listing in pages, reads, conditional writes, whole and multipart uploads checked against their MD5, the
 * website redirect of a moved page, deletes, the region a request is signed for, and the deploy's signal.
 * The Ceph tests (test/cli/commands/deploy.test.ts) prove the same against radosgw in the whole lane.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MD5_METADATA, openBucket } from '../../../../cli/core/deploy/client.ts';
import { deployLimits } from '../../../../cli/core/deploy/limits.ts';
import type { TargetUrl } from '../../../../cli/core/load/target-url.ts';
import { md5Hex } from '../../../helpers/built-output.ts';
import { setEnv, useMemoryS3 } from '../../../helpers/memory-s3.ts';
import { tempDir } from '../../../helpers/temp.ts';

const s3 = useMemoryS3();
const HEADERS = { contentType: 'text/html; charset=utf-8', cacheControl: 'no-cache' };
const target = (more: Partial<TargetUrl> = {}): TargetUrl => ({
  bucket: s3.bucket,
  endpoint: s3.endpoint,
  pathStyle: true,
  prefix: '',
  ...more,
});
/** Writes `data` to a file of its own; returns its path. */
const file = (data: string | Buffer): string => {
  const path = join(tempDir(), 'file');
  writeFileSync(path, data);
  return path;
};
const failure = (run: Promise<unknown>): Promise<{ name?: string; $metadata?: { httpStatusCode?: number } }> =>
  run.then(
    () => ({ name: 'no error' }),
    (error: unknown) => error as { name?: string },
  );

afterEach(() => setEnv({ AWS_REGION: undefined, AWS_DEFAULT_REGION: undefined }));

describe('listing and reading', () => {
  it('lists every object under the prefix over as many pages as it takes, ETags unquoted', async () => {
    for (const key of ['www/a', 'www/b', 'www/c/d', 'www/e', 'other/x']) s3.store(key, key.repeat(2));
    s3.pageSize = 2;
    const bucket = openBucket(target());
    const listed = await bucket.list('www/');
    expect([...listed.keys()]).toEqual(['www/a', 'www/b', 'www/c/d', 'www/e']);
    expect(listed.get('www/c/d')).toEqual({ etag: md5Hex('www/c/dwww/c/d'), size: 14 });
    expect(s3.requests.map((r) => [r.method, new URLSearchParams(r.query).get('continuation-token')])).toEqual([
      ['GET', null],
      ['GET', '2'],
    ]);
    expect(await bucket.list('none/')).toEqual(new Map());
    bucket.close();
  });

  it('reads an object’s text and ETag as the server sends it, and nothing for a missing one', async () => {
    const stored = s3.store('www/.ecom-site/deploy.json', '{"files":{}}');
    const bucket = openBucket(target());
    expect(await bucket.read('www/.ecom-site/deploy.json')).toEqual({ text: '{"files":{}}', etag: stored.etag });
    expect(await bucket.read('www/none')).toBeUndefined();
    s3.refuse = () => ({ status: 403, code: 'AccessDenied' });
    expect((await failure(bucket.read('www/.ecom-site/deploy.json'))).name).toBe('AccessDenied');
    bucket.close();
  });

  it('signs for the target’s region, else the environment’s, else us-east-1 at an endpoint of its own', async () => {
    const regionOf = (): string | undefined =>
      /Credential=[^/]+\/\d+\/([^/]+)\//.exec(String(s3.requests.at(-1)?.headers.authorization))?.[1];
    await openBucket(target({ region: 'eu-west-3' })).list('');
    expect(regionOf()).toBe('eu-west-3');
    setEnv({ AWS_REGION: 'ap-east-1', AWS_DEFAULT_REGION: 'sa-east-1' });
    await openBucket(target()).list('');
    expect(regionOf()).toBe('ap-east-1');
    setEnv({ AWS_REGION: undefined });
    await openBucket(target()).list('');
    expect(regionOf()).toBe('sa-east-1');
    setEnv({ AWS_DEFAULT_REGION: undefined });
    await openBucket(target()).list('');
    expect(regionOf()).toBe('us-east-1');
  });

  it('quiets the SDK’s warning about future Node versions, unless the user set it', () => {
    openBucket(target()).close();
    expect(process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED).toBe('true');
    setEnv({ AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'false' });
    openBucket(target()).close();
    expect(process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED).toBe('false');
  });
});

describe('conditional writes', () => {
  it('creates only where no object is, and replaces only the version it read', async () => {
    const bucket = openBucket(target());
    const lock = { contentType: 'application/json', cacheControl: 'no-store' };
    await bucket.put('www/lock', 'first', lock, { ifNoneMatch: true });
    expect((await failure(bucket.put('www/lock', 'second', lock, { ifNoneMatch: true }))).name).toBe('PreconditionFailed');
    const read = await bucket.read('www/lock');
    expect(read?.text).toBe('first');
    await bucket.put('www/lock', 'third', lock, { ifMatch: read?.etag });
    expect((await failure(bucket.put('www/lock', 'fourth', lock, { ifMatch: read?.etag }))).name).toBe('PreconditionFailed');
    expect(s3.objects.get('www/lock')?.body.toString()).toBe('third');
    expect(s3.objects.get('www/lock')?.headers).toEqual({ 'content-type': 'application/json', 'cache-control': 'no-store' });
    const puts = s3.requests.filter((r) => r.method === 'PUT').map((r) => [r.headers['if-none-match'], r.headers['if-match']]);
    expect(puts).toEqual([
      ['*', undefined],
      ['*', undefined],
      [undefined, read?.etag],
      [undefined, read?.etag],
    ]);
    bucket.close();
  });

  it('writes unconditionally without options, with the body’s MD5 and no checksum of the SDK’s own', async () => {
    s3.store('www/page', 'old');
    const bucket = openBucket(target());
    await bucket.put('www/page', 'new text', HEADERS);
    expect(s3.objects.get('www/page')?.body.toString()).toBe('new text');
    const [put] = s3.requests;
    expect(put?.headers['content-md5']).toBe(Buffer.from(md5Hex('new text'), 'hex').toString('base64'));
    expect(Object.keys(put?.headers ?? {}).filter((name) => name.includes('checksum'))).toEqual([]);
    expect([put?.headers['if-none-match'], put?.headers['if-match']]).toEqual([undefined, undefined]);
    bucket.close();
  });
});

describe('uploads', () => {
  it('sends a file up to the part size whole, with its headers, MD5 and a moved page’s redirect', async () => {
    const bucket = openBucket(target());
    const text = '<p>page</p>';
    expect(await bucket.upload('www/DROC', file(text), text.length, { ...HEADERS, md5: md5Hex(text) })).toBeUndefined();
    expect(await bucket.upload('www/old', file(''), 0, { ...HEADERS, md5: md5Hex(''), redirect: '/DROC' })).toBeUndefined();
    expect(s3.objects.get('www/DROC')?.body.toString()).toBe(text);
    expect(s3.objects.get('www/DROC')?.headers).toEqual({ 'content-type': HEADERS.contentType, 'cache-control': 'no-cache' });
    expect(s3.objects.get('www/old')?.headers['x-amz-website-redirect-location']).toBe('/DROC');
    expect(s3.requests.map((r) => r.method)).toEqual(['PUT', 'PUT']);
    bucket.close();
  });

  it('refuses a file whose bytes or size changed since it was checked, sending nothing', async () => {
    const bucket = openBucket(target());
    const changed = await failure(bucket.upload('www/a', file('edited'), 6, { ...HEADERS, md5: md5Hex('origin') }));
    const shorter = await failure(bucket.upload('www/b', file('short'), 9, { ...HEADERS, md5: md5Hex('short') }));
    expect([changed.name, shorter.name]).toEqual(['BadDigest', 'BadDigest']);
    expect(s3.requests).toEqual([]);
    bucket.close();
  });

  it('sends a file above the part size in parts read one at a time, with its whole MD5 in metadata', async () => {
    const { partBytes } = deployLimits();
    const data = Buffer.alloc(2 * partBytes + 5, 7);
    data.write('start', 0);
    data.write('end', data.length - 3);
    const bucket = openBucket(target());
    const etag = await bucket.upload('www/video.mp4', file(data), data.length, {
      contentType: 'video/mp4',
      cacheControl: 'max-age=60',
      md5: md5Hex(data),
      redirect: '/elsewhere',
    });
    const stored = s3.objects.get('www/video.mp4');
    expect(stored?.body.equals(data)).toBe(true);
    expect(etag).toBe(stored?.etag);
    expect(etag).toMatch(/^"[0-9a-f]{32}-3"$/);
    expect(stored?.headers).toEqual({
      'content-type': 'video/mp4',
      'cache-control': 'max-age=60',
      [`x-amz-meta-${MD5_METADATA}`]: md5Hex(data),
      'x-amz-website-redirect-location': '/elsewhere',
    });
    const parts = s3.requests.filter((r) => r.query.includes('partNumber'));
    expect(parts.map((r) => [new URLSearchParams(r.query).get('partNumber'), r.headers['content-length']])).toEqual([
      ['1', String(partBytes)],
      ['2', String(partBytes)],
      ['3', '5'],
    ]);
    expect(s3.requests.map((r) => r.method)).toEqual(['POST', 'PUT', 'PUT', 'PUT', 'POST', 'HEAD']);
    bucket.close();
  });

  it('sends a file of exactly the part size whole', async () => {
    const data = Buffer.alloc(deployLimits().partBytes, 1);
    const bucket = openBucket(target());
    expect(await bucket.upload('www/big', file(data), data.length, { ...HEADERS, md5: md5Hex(data) })).toBeUndefined();
    expect(s3.requests.map((r) => r.method)).toEqual(['PUT']);
    bucket.close();
  });

  it('takes the ETag of the completion when the object read back has none', async () => {
    const data = Buffer.alloc(deployLimits().partBytes + 1, 2);
    s3.etaglessHeads = true;
    const bucket = openBucket(target());
    const etag = await bucket.upload('www/big', file(data), data.length, { ...HEADERS, md5: md5Hex(data) });
    expect(etag).toBe(s3.objects.get('www/big')?.etag);
    bucket.close();
  });

  it('aborts the upload when the object cannot be read back', async () => {
    const data = Buffer.alloc(deployLimits().partBytes + 1, 2);
    s3.refuse = (seen) => (seen.method === 'HEAD' ? { status: 404, code: 'NotFound' } : undefined);
    const bucket = openBucket(target());
    const failed = await failure(bucket.upload('www/big', file(data), data.length, { ...HEADERS, md5: md5Hex(data) }));
    expect(failed.$metadata?.httpStatusCode).toBe(404);
    expect(s3.requests.at(-1)?.method).toBe('DELETE');
    bucket.close();
  });

  it('aborts the upload, removing its parts, when the file changed while it was read', async () => {
    const data = Buffer.alloc(deployLimits().partBytes + 10, 3);
    const bucket = openBucket(target());
    const changed = await failure(bucket.upload('www/big', file(data), data.length, { ...HEADERS, md5: md5Hex('other bytes') }));
    expect(changed.name).toBe('BadDigest');
    expect(s3.objects.has('www/big')).toBe(false);
    expect(s3.uploads.size).toBe(0);
    expect(s3.requests.map((r) => r.method)).toEqual(['POST', 'PUT', 'PUT', 'DELETE']);
    const shrunk = await failure(
      bucket.upload('www/big', file(data.subarray(0, data.length - 4)), data.length, { ...HEADERS, md5: md5Hex(data) }),
    );
    expect(shrunk.name).toBe('BadDigest');
    expect(s3.uploads.size).toBe(0);
    bucket.close();
  });

  it('aborts the upload when a part is refused, and reports the refusal', async () => {
    const data = Buffer.alloc(deployLimits().partBytes + 10, 4);
    s3.refuse = (seen) => (seen.query.includes('partNumber=2') ? { status: 403, code: 'AccessDenied' } : undefined);
    const bucket = openBucket(target());
    expect((await failure(bucket.upload('www/big', file(data), data.length, { ...HEADERS, md5: md5Hex(data) }))).name).toBe('AccessDenied');
    expect(s3.uploads.size).toBe(0);
    bucket.close();
  });
});

describe('deletes and the deploy’s signal', () => {
  it('deletes one key per request', async () => {
    s3.store('www/a', 'a');
    s3.store('www/b', 'b');
    const bucket = openBucket(target());
    await bucket.remove('www/a');
    expect([...s3.objects.keys()]).toEqual(['www/b']);
    expect(s3.requests.map((r) => [r.method, r.key])).toEqual([['DELETE', 'www/a']]);
    bucket.close();
  });

  it('starts no request once the deploy is stopped, except with a signal of their own', async () => {
    s3.store('www/a', 'a');
    const stop = new AbortController();
    stop.abort();
    const bucket = openBucket(target(), stop.signal);
    expect((await failure(bucket.list('www/'))).name).toBe('AbortError');
    expect((await failure(bucket.read('www/a'))).name).toBe('AbortError');
    expect((await failure(bucket.remove('www/a'))).name).toBe('AbortError');
    expect((await failure(bucket.put('www/a', 'b', HEADERS))).name).toBe('AbortError');
    expect(s3.requests).toEqual([]);
    const own = new AbortController().signal;
    expect(await bucket.read('www/a', own)).toEqual({ text: 'a', etag: s3.objects.get('www/a')?.etag });
    await bucket.remove('www/a', own);
    expect(s3.objects.size).toBe(0);
    bucket.close();
  });
});
