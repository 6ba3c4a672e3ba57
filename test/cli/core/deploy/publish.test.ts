/**
 * cli/core/deploy/publish.ts in the quick lane: whole deploys of a small built folder through the real
 * client (cli/core/deploy/client.ts) to an S3 server in memory that honours conditional writes
 * (test/helpers/memory-s3.ts). What is asserted is what the bucket holds after each deploy and the
 * requests that got it there: the lock taken with `If-None-Match` and released, a live holder refused, a
 * stale one taken over with `If-Match` (S3's and radosgw's spelling of the ETag), assets before the pages
 * that use them, the manifest only after every upload, deletes after it and within `--max-deletes`, a
 * dry run that writes nothing, and a failure or Ctrl-C that stops before the next step.
 */
import { hostname, userInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { openBucket } from '../../../../cli/core/deploy/client.ts';
import { lockBody, lockKey } from '../../../../cli/core/deploy/lock.ts';
import { manifestKey, parseManifest } from '../../../../cli/core/deploy/manifest.ts';
import { type DeployOptions, type DeployResult, publish, requestProblem } from '../../../../cli/core/deploy/publish.ts';
import type { TargetUrl } from '../../../../cli/core/load/target-url.ts';
import { builtOutput } from '../../../helpers/built-output.ts';
import { setEnv, useMemoryS3 } from '../../../helpers/memory-s3.ts';

const SITE = {
  'index.html': '<a href="/DROC">DROC</a><link rel="stylesheet" href="/assets/site.0123456789.css">',
  'DROC.html': '<a href="/">home</a><img src="/images/a.png">',
  'assets/site.0123456789.css': 'body{}',
  'images/a.png': 'png',
};

const s3 = useMemoryS3();
const target = (prefix = 'www/'): TargetUrl => ({ bucket: s3.bucket, endpoint: s3.endpoint, pathStyle: true, prefix });

/** Deploys `files` as a build left them; resolves to the result, or to the error that stopped it. */
async function deploy(files: Record<string, string>, more: Partial<DeployOptions> = {}): Promise<DeployResult & { error?: Error }> {
  const { out, cache } = await builtOutput(files);
  return publish({ outDir: out, cacheDir: cache, target: target(), dryRun: false, maxDeletes: 100, open: openBucket, ...more }).catch(
    (error: Error & { result?: DeployResult }) => ({ ...(error.result as DeployResult), error }),
  );
}
/** The codes and messages of a deploy's error. */
const problemsOf = (result: { error?: Error }): string[] =>
  ((result.error as { problems?: Array<{ code: string; message: string }> } | undefined)?.problems ?? []).map(
    (p) => `${p.code}: ${p.message}`,
  );
/** The requests made, as `METHOD key`, leaving out the queries' details. */
const requests = (): string[] => s3.requests.map((r) => `${r.method} ${r.key}`);
const writes = (): string[] => requests().filter((r) => !r.startsWith('GET') && !r.startsWith('HEAD'));

describe('a deploy', () => {
  it('takes the lock, uploads assets before pages at their clean keys, then the manifest, and releases the lock', async () => {
    const progress: Array<[number, number]> = [];
    const result = await deploy(SITE, { onProgress: (done, total) => progress.push([done, total]) });
    expect(result.error).toBeUndefined();
    expect([...s3.objects.keys()].sort()).toEqual([
      'www/.ecom-site/manifest.json',
      'www/DROC',
      'www/assets/site.0123456789.css',
      'www/images/a.png',
      'www/index.html',
    ]);
    expect(s3.objects.get('www/DROC')?.headers['content-type']).toMatch(/^text\/html/);
    const puts = writes();
    expect(puts[0]).toBe(`PUT ${lockKey('www/')}`);
    expect(s3.requests[0]?.headers['if-none-match']).toBe('*');
    expect(puts.indexOf('PUT www/images/a.png')).toBeLessThan(puts.indexOf('PUT www/DROC'));
    expect(puts.indexOf('PUT www/DROC')).toBeLessThan(puts.indexOf('PUT www/index.html'));
    expect(puts.slice(-2)).toEqual([`PUT ${manifestKey('www/')}`, `DELETE ${lockKey('www/')}`]);
    expect(progress).toEqual([1, 2, 3, 4].map((n) => [n, 4]));
    expect(result.uploaded.map((u) => u.key).sort()).toEqual([
      'www/DROC',
      'www/assets/site.0123456789.css',
      'www/images/a.png',
      'www/index.html',
    ]);
    expect([result.manifestWritten, result.deleted, result.failed, result.withdrawn, result.tookOver]).toEqual([
      true,
      [],
      [],
      [],
      undefined,
    ]);
    const manifest = parseManifest(s3.objects.get(manifestKey('www/'))?.body.toString());
    expect(Object.keys(manifest?.files ?? {}).sort()).toEqual([
      'www/DROC',
      'www/assets/site.0123456789.css',
      'www/images/a.png',
      'www/index.html',
    ]);
  });

  it('uploads only what changed, deletes what the build no longer has after the manifest, and writes nothing when nothing changed', async () => {
    await deploy(SITE);
    s3.requests = [];
    const { 'images/a.png': _, ...rest } = SITE;
    const changed = { ...rest, 'DROC.html': '<a href="/">home again</a>' };
    const result = await deploy(changed);
    expect(result.error).toBeUndefined();
    expect(writes()).toEqual([
      `PUT ${lockKey('www/')}`,
      'PUT www/DROC',
      `PUT ${manifestKey('www/')}`,
      'DELETE www/images/a.png',
      `DELETE ${lockKey('www/')}`,
    ]);
    expect(result.deleted).toEqual(['www/images/a.png']);
    s3.requests = [];
    const again = await deploy(changed);
    expect([again.error, again.manifestWritten, again.uploaded]).toEqual([undefined, false, []]);
    expect(writes()).toEqual([`PUT ${lockKey('www/')}`, `DELETE ${lockKey('www/')}`]);
  });

  it('records the ETag a multipart-free upload stores, so the next deploy sees nothing to do', async () => {
    await deploy(SITE);
    const manifest = parseManifest(s3.objects.get(manifestKey('www/'))?.body.toString());
    expect(manifest?.files['www/DROC']?.md5).toBe(s3.objects.get('www/DROC')?.etag.replace(/"/g, ''));
  });

  it('refuses more deletes than allowed, uploading and deleting nothing; a dry run says so and writes nothing', async () => {
    await deploy(SITE);
    s3.requests = [];
    const fewer = { 'index.html': SITE['index.html'], 'assets/site.0123456789.css': 'body{}', 'DROC.html': SITE['DROC.html'] };
    const refused = await deploy({ ...fewer, 'index.html': 'changed' }, { maxDeletes: 0 });
    expect(problemsOf(refused)).toEqual([
      'DEPLOY_TOO_MANY_DELETES: The deploy would delete 1 objects, more than --max-deletes 0; nothing was uploaded or deleted.',
    ]);
    expect(writes()).toEqual([`PUT ${lockKey('www/')}`, `DELETE ${lockKey('www/')}`]);
    s3.requests = [];
    const dry = await deploy({ ...fewer, 'index.html': 'changed' }, { maxDeletes: 0, dryRun: true });
    expect(dry.error).toBeUndefined();
    expect(dry.refused?.code).toBe('DEPLOY_TOO_MANY_DELETES');
    expect(writes()).toEqual([]);
    s3.requests = [];
    const allowed = await deploy(fewer, { maxDeletes: 1, dryRun: true });
    expect([allowed.error, allowed.refused, allowed.plan.deletes.map((d) => d.key)]).toEqual([undefined, undefined, ['www/images/a.png']]);
    expect(writes()).toEqual([]);
  });

  it('refuses to delete a live page without a redirect at its address, unless allowed; a dry run reports it', async () => {
    await deploy(SITE);
    const { 'DROC.html': _, ...rest } = SITE;
    const site = { ...rest, 'index.html': '<p>no links</p>' };
    const refused = await deploy(site);
    expect(problemsOf(refused)[0]).toMatch(/^DEPLOY_PAGES_REMOVED: .*\/DROC/);
    expect(s3.objects.has('www/DROC')).toBe(true);
    const dry = await deploy(site, { dryRun: true });
    expect([dry.error, dry.refused?.code]).toEqual([undefined, 'DEPLOY_PAGES_REMOVED']);
    const allowed = await deploy(site, { allowRemoved: true });
    expect([allowed.error, allowed.deleted]).toEqual([undefined, ['www/DROC']]);
  });

  it('refuses a file without a known type before any request', async () => {
    const result = await deploy({ ...SITE, 'data.unknownext': 'x' });
    expect(problemsOf(result)).toEqual(['DEPLOY_TYPE_UNKNOWN: No Content-Type is known for this file; nothing was uploaded.']);
    expect(s3.requests).toEqual([]);
  });

  it('refuses files under another site’s prefix', async () => {
    s3.store('www/en/.ecom-site/deploy.json', '{}');
    const result = await deploy({ ...SITE, 'en/index.html': '<p>en</p>' });
    expect(problemsOf(result)[0]).toMatch(
      /^DEPLOY_OTHER_SITE: 1 file\(s\) of the build would go under www\/en\/.*: www\/en\/index\.html; nothing/,
    );
    expect(writes()).toEqual([`PUT ${lockKey('www/')}`, `DELETE ${lockKey('www/')}`]);
  });
});

describe('the lock', () => {
  const me = { host: hostname(), user: userInfo().username };

  it('refuses a target another deploy holds, naming it, and leaves its lock alone', async () => {
    const theirs = lockBody({ host: 'ci-7', pid: 4242, user: 'ci', since: '2026-01-01T10:00:00.000Z' });
    s3.store(lockKey('www/'), theirs);
    const result = await deploy(SITE);
    expect(problemsOf(result)).toEqual([
      expect.stringMatching(
        /^DEPLOY_LOCKED: The target is locked by another deploy: ci@ci-7 \(pid 4242\), taken 2026-01-01T10:00:00.000Z \(.* ago\)\. The lock object is www\/\.ecom-site\/lock\.json\.$/,
      ),
    ]);
    expect(s3.objects.get(lockKey('www/'))?.body.toString()).toBe(theirs);
    expect(writes()).toEqual([`PUT ${lockKey('www/')}`]);
  });

  it('refuses a live holder on this host too', async () => {
    s3.store(lockKey('www/'), lockBody({ ...me, pid: process.pid, since: new Date().toISOString() }));
    expect(problemsOf(await deploy(SITE))[0]).toMatch(/^DEPLOY_LOCKED/);
  });

  for (const radosgw of [false, true]) {
    it(`takes over the lock of a deploy on this host that is gone, with If-Match (${radosgw ? 'radosgw' : 'S3'})`, async () => {
      s3.radosgw = radosgw;
      const dead = { ...me, pid: 2 ** 22 + 7, since: '2026-01-01T10:00:00.000Z' };
      const stored = s3.store(lockKey('www/'), lockBody(dead));
      const result = await deploy(SITE);
      expect([result.error, result.tookOver]).toEqual([undefined, dead]);
      const conditions = s3.requests
        .filter((r) => r.method === 'PUT' && r.key === lockKey('www/'))
        .map((r) => r.headers['if-match'] ?? r.headers['if-none-match']);
      expect(conditions).toEqual(radosgw ? ['*', stored.etag, stored.etag.replace(/"/g, '')] : ['*', stored.etag]);
      expect(s3.objects.has(lockKey('www/'))).toBe(false);
    });
  }

  it('does not take over a stale lock that changed hands meanwhile (radosgw)', async () => {
    s3.radosgw = true;
    const dead = { ...me, pid: 2 ** 22 + 7, since: '2026-01-01T10:00:00.000Z' };
    s3.store(lockKey('www/'), lockBody(dead));
    const live = lockBody({ host: 'ci-7', pid: 1, user: 'ci', since: '2026-01-01T10:00:00.000Z' });
    // Another deploy replaces the lock between this one's refused If-Match and its read.
    s3.refuse = (seen) => {
      if (seen.method === 'PUT' && seen.headers['if-match']?.startsWith('"')) s3.store(lockKey('www/'), live);
      return undefined;
    };
    const result = await deploy(SITE);
    expect(problemsOf(result)[0]).toMatch(/^DEPLOY_LOCKED: .*ci@ci-7/);
    expect(s3.objects.get(lockKey('www/'))?.body.toString()).toBe(live);
  });

  it('fails with the storage’s refusal when the lock cannot be written', async () => {
    s3.refuse = (seen) => (seen.method === 'PUT' ? { status: 403, code: 'AccessDenied' } : undefined);
    const result = await deploy(SITE);
    expect(problemsOf(result)).toEqual(['DEPLOY_ACCESS_DENIED: Taking the deploy lock failed (AccessDenied, HTTP 403).']);
  });
});

describe('failures', () => {
  it('stops after a failed upload: no manifest, no deletes, the lock released, every failure named', async () => {
    await deploy(SITE);
    s3.requests = [];
    s3.refuse = (seen) => (seen.method === 'PUT' && seen.key === 'www/DROC' ? { status: 403, code: 'AccessDenied' } : undefined);
    const { 'images/a.png': _, ...rest } = SITE;
    const result = await deploy({ ...rest, 'DROC.html': '<a href="/">new</a>', 'index.html': '<a href="/DROC">new</a>' });
    expect(problemsOf(result)).toEqual([
      'DEPLOY_ACCESS_DENIED: Uploading www/DROC failed (AccessDenied, HTTP 403).',
      'DEPLOY_FAILED: 1 request(s) failed after retries; 0 upload(s) and 0 delete(s) were done. Later phases, the manifest and the deletes were held back.',
    ]);
    expect((result.error as { problems?: Array<{ file?: string }> }).problems?.[0]?.file).toMatch(/dist\/DROC\.html$/);
    expect(writes()).toEqual([`PUT ${lockKey('www/')}`, 'PUT www/DROC', `DELETE ${lockKey('www/')}`]);
    expect(s3.objects.has('www/images/a.png')).toBe(true);
  });

  it('withdraws a new page whose new partner in a cycle of links failed', async () => {
    await deploy(SITE);
    s3.refuse = (seen) => (seen.method === 'PUT' && seen.key === 'www/B' ? { status: 403, code: 'AccessDenied' } : undefined);
    const result = await deploy({ ...SITE, 'A.html': '<a href="/B">B</a>', 'B.html': '<a href="/A">A</a>' });
    expect(result.withdrawn).toEqual(['www/A']);
    expect(s3.objects.has('www/A')).toBe(false);
    expect(problemsOf(result).at(-1)).toBe(
      'DEPLOY_FAILED: 1 request(s) failed after retries; 0 upload(s) and 0 delete(s) were done; 1 new page(s) linking to a failed one were removed again (www/A). Later phases, the manifest and the deletes were held back.',
    );
  });

  it('stops when the manifest cannot be written, holding back the deletes', async () => {
    await deploy(SITE);
    s3.requests = [];
    s3.refuse = (seen) => (seen.method === 'PUT' && seen.key === manifestKey('www/') ? { status: 403, code: 'AccessDenied' } : undefined);
    const { 'images/a.png': _, ...rest } = SITE;
    const result = await deploy({ ...rest, 'index.html': 'changed' });
    expect(problemsOf(result)).toEqual([
      'DEPLOY_ACCESS_DENIED: Writing the deploy manifest failed (AccessDenied, HTTP 403).',
      'DEPLOY_FAILED: 1 request(s) failed after retries; 1 upload(s) and 0 delete(s) were done. Later phases, the manifest and the deletes were held back.',
    ]);
    expect(s3.objects.has('www/images/a.png')).toBe(true);
  });

  it('names the deletes that failed, after the manifest was written', async () => {
    await deploy(SITE);
    s3.refuse = (seen) => (seen.method === 'DELETE' && seen.key === 'www/images/a.png' ? { status: 403, code: 'AccessDenied' } : undefined);
    const { 'images/a.png': _, ...rest } = SITE;
    const result = await deploy({ ...rest, 'index.html': 'changed' });
    expect(problemsOf(result)).toEqual([
      'DEPLOY_ACCESS_DENIED: Deleting www/images/a.png failed (AccessDenied, HTTP 403).',
      'DEPLOY_FAILED: 1 request(s) failed after retries; 1 upload(s) and 0 delete(s) were done. Later phases and the remaining deletes were held back.',
    ]);
  });

  it('fails a listing or a manifest read with what was asked', async () => {
    s3.refuse = (seen) => (seen.method === 'GET' && seen.key === 'site' ? { status: 403, code: 'AccessDenied' } : undefined);
    expect(problemsOf(await deploy(SITE))).toEqual(['DEPLOY_ACCESS_DENIED: Listing s3://site/www/ failed (AccessDenied, HTTP 403).']);
    s3.refuse = (seen) => (seen.method === 'GET' && seen.key === manifestKey('www/') ? { status: 403, code: 'AccessDenied' } : undefined);
    expect(problemsOf(await deploy(SITE))).toEqual(['DEPLOY_ACCESS_DENIED: Reading the deploy manifest failed (AccessDenied, HTTP 403).']);
    expect(s3.objects.has(lockKey('www/'))).toBe(false);
  });

  it('stops before anything when stopped at once, and says what was done when stopped part-way', async () => {
    const stop = new AbortController();
    stop.abort();
    expect(problemsOf(await deploy(SITE, { signal: stop.signal }))).toEqual([
      'DEPLOY_FAILED: The deploy was stopped before anything was uploaded or deleted.',
    ]);
    expect(writes()).toEqual([]);
    const midway = new AbortController();
    s3.refuse = (seen) => {
      if (seen.method === 'PUT' && seen.key === 'www/images/a.png') midway.abort();
      return undefined;
    };
    const result = await deploy(SITE, { signal: midway.signal });
    expect(problemsOf(result).at(-1)).toMatch(/^DEPLOY_FAILED: The deploy was stopped after \d upload\(s\) and 0 delete\(s\)\.$/);
    expect(s3.objects.has(manifestKey('www/'))).toBe(false);
    expect(s3.objects.has(lockKey('www/'))).toBe(false);
  });
});

describe('requestProblem', () => {
  it('names the endpoint of a network failure, or AWS’s region, and nothing for other failures', () => {
    const refused = Object.assign(new Error('connect'), { code: 'ECONNREFUSED' });
    expect(requestProblem(refused, 'Listing', target()).message).toBe(`Listing failed at ${s3.endpoint} (Error, ECONNREFUSED).`);
    const aws = { bucket: 'b', pathStyle: false, prefix: '' };
    expect(requestProblem(refused, 'Listing', { ...aws, region: 'eu-west-3' }).message).toMatch(/at the AWS S3 endpoint of eu-west-3 /);
    setEnv({ AWS_REGION: 'ap-east-1' });
    expect(requestProblem(refused, 'Listing', aws).message).toMatch(/at the AWS S3 endpoint of ap-east-1 /);
    setEnv({ AWS_REGION: undefined });
    expect(requestProblem(refused, 'Listing', aws).message).toMatch(/at the AWS S3 endpoint of the default region /);
    expect(requestProblem(refused, 'Listing').message).toBe('Listing failed (Error, ECONNREFUSED).');
    const denied = Object.assign(new Error('no'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
    expect(requestProblem(denied, 'Listing', target()).message).toBe('Listing failed (AccessDenied, HTTP 403).');
  });
});
