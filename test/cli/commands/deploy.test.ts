/**
 * `ecom-site deploy` against a real S3 server: Ceph's radosgw on 127.0.0.1 (test/helpers/ceph.ts), the
 * run's shared cluster (test/helpers/shared-ceph.ts). Each test deploys into a bucket of its own and reads
 * the bucket back with the S3 client. What depends on the real site's size or content (every file's key,
 * type and Cache-Control; a deploy killed part-way through hundreds of pages) deploys the real site, the
 * run's shared build; what a deploy does whatever the site (diffs, headers, deletes, prefixes, targets,
 * retries, credentials, locks, signals) deploys a small site, built once for the file in a copy of the
 * project whose public/ keeps one photo, so each of its deploys moves a few dozen files, not hundreds.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  unlinkSync,
  utimesSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CephGateway, cliCredentials, s3ClientOf } from '../../helpers/ceph.ts';
import { type CliResult, copyContent, makeContent, ROOT, runCli, runProjectCli, tempDir, waitFor } from '../../helpers/cli.ts';
import { deployLimits } from '../../../cli/core/deploy/limits.ts';
import { copyProject } from '../../helpers/project.ts';
import { sharedCeph } from '../../helpers/shared-ceph.ts';
import { sharedSite } from '../../helpers/shared-site.ts';
import { type S3Proxy, startS3Proxy } from '../../helpers/s3-proxy.ts';

let ceph: CephGateway;
let s3: S3Client;
let proxy: S3Proxy;
/** A built output folder and the project whose CLI built it: only that CLI has the build's record to deploy it by. */
interface Site {
  root: string;
  out: string;
}
/** The real site, built with the default options (the run's shared build: read only). */
let siteA: Site;
/** The small site (smallContent()), built once for the file in `smallProject`: read only. */
let small: Site;
/** A copy of the project whose public/ holds one photo and the few files the templates name. */
let smallProject: string;
let bucketCount = 0;

/** Credentials for the CLI, and nothing of the machine's own AWS set-up. */
const credentials = (secret?: string): NodeJS.ProcessEnv => cliCredentials(ceph, secret);

function urlOf(bucket: string, endpoint = ceph.endpoint, extra = ''): string {
  return `s3://${bucket}?region=us-east-1&endpoint=${endpoint}&use_path_style=true${extra}`;
}

async function newBucket(): Promise<string> {
  const bucket = `site-${++bucketCount}-${Date.now().toString(36)}`;
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  return bucket;
}

function deploy(site: Site, url: string, args: string[] = [], env = credentials()): Promise<CliResult> {
  return runProjectCli(site.root, ['deploy', '--out', site.out, '--to', url, ...args], env);
}

/** Builds `content` with the CLI of the project at `root` into a new folder. */
async function build(root: string, content: string, args: string[] = []): Promise<Site> {
  const out = join(tempDir('ecom-deploy-'), 'dist');
  const result = await runProjectCli(root, ['build', '--out', out, '--quiet', '--content', content, ...args]);
  if (result.code !== 0) throw new Error(`build failed: ${result.stderr}`);
  return { root, out };
}

/**
 * A copy of the project whose public/ keeps what the templates name (logo, icons) and one photo: the real
 * public/ holds photos that every build of any content encodes to many files each.
 */
function trimmedProject(): string {
  const root = copyProject();
  for (const part of ['news', 'filing', 'home-hero.png']) rmSync(join(root, 'public', 'images', part), { recursive: true });
  return root;
}

const page = (title: string, body: string): string =>
  `---\ntitle: ${title}\ndescription: ${title}页面\nkeywords: ${title}\n---\n\n${body}\n`;

/**
 * The small site's content, plus `files`: two pages in both locales that link to each other, a photo
 * (encoded to several files under assets/img/), the search index (on by default), and the pages every
 * footer links to, so that no page of it links to a page it lacks.
 */
function smallContent(files: Record<string, string> = {}): string {
  return makeContent({
    'zh/law.md': page('法律声明', '法律声明。'),
    'en/law.md': page('Legal statement', 'The legal statement.'),
    'zh/privacy.md': page('隐私政策', '隐私政策。'),
    'en/privacy.md': page('Privacy policy', 'The privacy policy.'),
    'zh/DROC.md': page('DROC', 'DR操作台。\n\n![公司](/images/company.jpg)\n\n见[CTOC](/CTOC)。'),
    'en/DROC.md': page('DROC', 'The DR console.\n\n![The company](/images/company.jpg)\n\nSee [CTOC](/en/CTOC).'),
    'zh/CTOC.md': page('CTOC', 'CT操作台。'),
    'en/CTOC.md': page('CTOC', 'The CT console.\n\nSee [DROC](/en/DROC).'),
    ...files,
  });
}

/**
 * `read` of every item, a few at a time (a bucket of hundreds of objects, read one by one, waits on each
 * round trip in turn); the results in the items' order.
 */
async function inParallel<T, R>(items: readonly T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < items.length; i = next++) results[i] = await read(items[i] as T);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return results;
}

/** Every object of a bucket under a prefix: key to ETag (without quotes). */
async function listBucket(bucket: string, prefix = ''): Promise<Map<string, string>> {
  const objects = new Map<string, string>();
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }),
    );
    for (const o of page.Contents ?? []) objects.set(o.Key as string, (o.ETag ?? '').replace(/"/g, ''));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return objects;
}

async function text(bucket: string, key: string): Promise<string> {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return (await object.Body?.transformToString('utf8')) ?? '';
}

/** The files of a built folder (without the marker), by the key the deploy stores them at. */
function expectedKeys(out: string, prefix = ''): Map<string, string> {
  const map = new Map<string, string>();
  for (const file of fg.sync('**/*', { cwd: out, dot: false, onlyFiles: true })) {
    const name = file.slice(file.lastIndexOf('/') + 1);
    const key = file.endsWith('.html') && name !== 'index.html' && name !== '404.html' ? file.slice(0, -5) : file;
    map.set(
      `${prefix}${key}`,
      createHash('md5')
        .update(readFileSync(join(out, file)))
        .digest('hex'),
    );
  }
  return map;
}

/** The site's objects (the deploy's own control objects left out). */
function siteObjects(listing: Map<string, string>): Map<string, string> {
  return new Map([...listing].filter(([key]) => !key.includes('.ecom-site/')));
}

/** The key a site URL path is stored at, as the tests read it: `/` and folders are their index document. */
function keyOfPath(path: string): string {
  const bare = decodeURIComponent(path).replace(/^\/+/, '');
  return bare === '' || bare.endsWith('/') ? `${bare}index.html` : bare;
}

/** Links and resources (`href`, `src`) of stored pages that lead to a key the bucket lacks: `page -> key`. */
async function brokenLinks(bucket: string): Promise<string[]> {
  const listing = await listBucket(bucket);
  const pages = [...listing.keys()].filter((key) => !(key.includes('.') && !key.endsWith('.html')) && !key.includes('.ecom-site/'));
  const htmls = await inParallel(pages, (key) => text(bucket, key));
  const missing: string[] = [];
  for (const [i, key] of pages.entries()) {
    const html = htmls[i] as string;
    for (const match of html.matchAll(/\s(?:href|src)="(\/[^"#?]*)/g)) {
      if ((match[1] as string).startsWith('//')) continue;
      const target = keyOfPath(match[1] as string);
      if (!listing.has(target)) missing.push(`${key} -> ${target}`);
    }
  }
  return missing;
}

/**
 * `content` (a copy the caller owns) where `DROC` and `CTOC` change their titles, with two new pages:
 * `DROC` links to new `new-b`, which links to new `new-a`; Chinese only, so `en/new-a` is a stand-in.
 */
function changedContent(content: string): string {
  for (const file of ['zh/DROC.md', 'en/DROC.md', 'zh/CTOC.md', 'en/CTOC.md']) {
    const path = join(content, file);
    writeFileSync(path, readFileSync(path, 'utf8').replace(/^title: (.*)$/m, 'title: $1 2'));
  }
  writeFileSync(join(content, 'zh', 'new-a.md'), page('新页面甲', '新页面甲。'));
  writeFileSync(join(content, 'zh', 'new-b.md'), page('新页面乙', '见[新页面甲](/new-a)。'));
  appendFileSync(join(content, 'zh', 'DROC.md'), '\n\n另见[新页面乙](/new-b)。\n');
  return content;
}

const hashes = new Map<string, Map<string, string>>();
/** The files of a site no test writes to (expectedKeys), hashed once for the file. */
function keysOf(site: Site): Map<string, string> {
  let keys = hashes.get(site.out);
  if (!keys) {
    keys = expectedKeys(site.out);
    hashes.set(site.out, keys);
  }
  return keys;
}

/** JSON of a `--json` run. */
function json(result: CliResult): Record<string, unknown> {
  try {
    return JSON.parse(result.stdout) as Record<string, unknown>;
  } catch {
    throw new Error(`not JSON (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
}

beforeAll(async () => {
  smallProject = trimmedProject();
  let real: string;
  [ceph, real, small] = await Promise.all([sharedCeph(), sharedSite(), build(smallProject, smallContent())]);
  siteA = { root: ROOT, out: real };
  s3 = s3ClientOf(ceph);
  proxy = await startS3Proxy(ceph.endpoint);
}, 300_000);

afterAll(async () => {
  s3?.destroy();
  await proxy?.close();
}, 60_000);

describe('ecom-site deploy to radosgw', () => {
  it('publishes every file of the real site at its clean URL, with its type and Cache-Control', async () => {
    const bucket = await newBucket();
    const result = await deploy(siteA, urlOf(bucket));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const expected = keysOf(siteA);
    expect(result.stdout).toMatch(new RegExp(`^Uploaded ${expected.size} file\\(s\\) .* · 0 unchanged · 0 deleted`));
    const listing = await listBucket(bucket);
    expect(Object.fromEntries(siteObjects(listing))).toEqual(Object.fromEntries(expected));
    expect(listing.has('.ecom-site/manifest.json')).toBe(true);
    expect(listing.has('.ecom-site/lock.json')).toBe(false);
    for (const key of ['DROC', 'en', 'en/DROC', 'index.html', '404.html', 'en/404.html', 'company', 'company/company']) {
      expect(listing.has(key), key).toBe(true);
    }
    const types: Record<string, string> = {};
    const keys = [...expected.keys()];
    const heads = await inParallel(keys, (key) => s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key })));
    for (const [i, key] of keys.entries()) {
      const head = heads[i] as HeadObjectCommandOutput;
      const hashed = /^assets\/.*\.[0-9a-f]{10}\.[a-z0-9]+$/.test(key) || /pagefind\/.*_[0-9a-f]{7,}\.pf_[a-z]+$/.test(key);
      expect(head.CacheControl, key).toBe(hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      expect(head.ContentEncoding, key).toBeUndefined();
      const ext = key.includes('.') ? key.slice(key.lastIndexOf('.') + 1) : 'page';
      types[key.endsWith('feed.xml') ? 'feed' : ext] = head.ContentType as string;
    }
    expect(types).toEqual({
      page: 'text/html; charset=utf-8',
      html: 'text/html; charset=utf-8',
      css: 'text/css; charset=utf-8',
      js: 'text/javascript; charset=utf-8',
      svg: 'image/svg+xml; charset=utf-8',
      png: 'image/png',
      jpg: 'image/jpeg',
      webp: 'image/webp',
      avif: 'image/avif',
      xml: 'application/xml; charset=utf-8',
      feed: 'application/atom+xml; charset=utf-8',
      txt: 'text/plain; charset=utf-8',
      json: 'application/json; charset=utf-8',
      pf_meta: 'application/octet-stream',
      pf_index: 'application/octet-stream',
      pf_fragment: 'application/octet-stream',
      pagefind: 'application/octet-stream',
    });
    expect(await text(bucket, 'en/DROC')).toBe(readFileSync(join(siteA.out, 'en', 'DROC.html'), 'utf8'));

    // The same build again: nothing to upload, and it says so.
    const again = await deploy(siteA, urlOf(bucket));
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`^Uploaded 0 file\\(s\\) .* · ${expected.size} unchanged · 0 deleted .*nothing changed`));
    const again2 = json(await deploy(siteA, urlOf(bucket), ['--json']));
    expect(again2).toMatchObject({ ok: true, uploaded: 0, deleted: 0, unchanged: expected.size, changedPaths: [], manifest: 'unchanged' });
  }, 240_000);

  it('uploads only the page that changed, and lists its URL for the CDN', async () => {
    const bucket = await newBucket();
    expect((await deploy(small, urlOf(bucket))).code).toBe(0);
    const content = smallContent();
    appendFileSync(join(content, 'zh', 'DROC.md'), '\n\n新增一段说明。\n');
    const siteB = await build(smallProject, content);
    const before = keysOf(small);
    const changed = [...expectedKeys(siteB.out)].filter(([key, md5]) => before.get(key) !== md5).map(([key]) => key);
    expect(changed).toContain('DROC');
    const report = json(await deploy(siteB, urlOf(bucket), ['--json']));
    expect(report.ok).toBe(true);
    const uploads = report.uploads as Array<{ key: string; reason: string }>;
    expect(uploads.map((u) => u.key).sort()).toEqual(changed.sort());
    expect(uploads.find((u) => u.key === 'DROC')?.reason).toBe('changed content');
    expect(report.changedPaths).toContain('/DROC');
    expect(report.deleted).toBe(0);
    // The search index's chunks that the edit replaced are content-named, like assets: kept a while.
    const kept = report.kept as string[];
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((key) => /pagefind\/.*\.pf_[a-z]+$/.test(key))).toBe(true);
    const listed = siteObjects(await listBucket(bucket));
    expect(Object.fromEntries([...listed].filter(([key]) => !kept.includes(key)))).toEqual(Object.fromEntries(expectedKeys(siteB.out)));
  }, 240_000);

  it('re-uploads objects whose stored headers differ from the rules, without --force', async () => {
    const bucket = await newBucket();
    expect((await deploy(small, urlOf(bucket))).code).toBe(0);
    // As if the last deploy had been made under another Cache-Control rule for the pages.
    const manifest = JSON.parse(await text(bucket, '.ecom-site/manifest.json')) as { files: Record<string, { cacheControl: string }> };
    for (const key of ['DROC', 'en/DROC']) {
      (manifest.files[key] as { cacheControl: string }).cacheControl = 'max-age=600';
      await s3.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: key,
          CopySource: `${bucket}/${key}`,
          MetadataDirective: 'REPLACE',
          CacheControl: 'max-age=600',
          ContentType: 'text/html; charset=utf-8',
        }),
      );
    }
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: '.ecom-site/manifest.json', Body: JSON.stringify(manifest) }));
    const report = json(await deploy(small, urlOf(bucket), ['--json']));
    expect(report.uploads).toEqual([
      expect.objectContaining({ key: 'DROC', reason: 'changed headers', cacheControl: 'no-cache' }),
      expect.objectContaining({ key: 'en/DROC', reason: 'changed headers', cacheControl: 'no-cache' }),
    ]);
    expect((await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'en/DROC' }))).CacheControl).toBe('no-cache');
  }, 240_000);

  it('deletes nothing when the deletes exceed --max-deletes, and deletes them once allowed', async () => {
    const bucket = await newBucket();
    expect((await deploy(small, urlOf(bucket))).code).toBe(0);
    for (const key of ['old-page', 'en/old-page']) await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'old' }));
    const before = await listBucket(bucket);
    const refused = await deploy(small, urlOf(bucket), ['--max-deletes', '1']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('DEPLOY_TOO_MANY_DELETES');
    expect(refused.stderr).toContain('would delete 2 objects, more than --max-deletes 1');
    expect(await listBucket(bucket)).toEqual(before);
    const allowed = json(await deploy(small, urlOf(bucket), ['--max-deletes', '2', '--json']));
    expect(allowed).toMatchObject({
      ok: true,
      uploaded: 0,
      deleted: 2,
      deletes: [
        { key: 'en/old-page', reason: 'gone' },
        { key: 'old-page', reason: 'gone' },
      ],
    });
    expect(allowed.changedPaths).toEqual(['/en/old-page', '/old-page']);
    expect([...(await listBucket(bucket)).keys()]).not.toContain('old-page');
  }, 240_000);

  it('changes nothing with --dry-run: no request that writes, and each planned change with its reason', async () => {
    const bucket = await newBucket();
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'stray', Body: 'x' }));
    proxy.requests.length = 0;
    const result = await deploy(small, urlOf(bucket, proxy.endpoint), ['--dry-run']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('upload  DROC  (new, ');
    expect(result.stdout).toContain('upload  index.html  (new, ');
    expect(result.stdout).toContain('delete  stray  (gone)');
    expect(result.stdout).toMatch(/pages: \d+ upload\(s\)/);
    expect(result.stdout).toMatch(/^Would upload \d+ file\(s\)/m);
    const bucketRequests = proxy.requests.filter((r) => r.split(' ')[1]?.startsWith(`/${bucket}`));
    expect(bucketRequests.length).toBeGreaterThan(0);
    expect(bucketRequests.filter((r) => !r.startsWith('GET ') && !r.startsWith('HEAD '))).toEqual([]);
    expect([...(await listBucket(bucket)).keys()]).toEqual(['stray']);
  }, 240_000);

  it('deploys under a prefix, leaving the rest of the bucket alone', async () => {
    const bucket = await newBucket();
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'other/file.txt', Body: 'not ours' }));
    const result = await deploy(small, urlOf(bucket, ceph.endpoint, '&prefix=site/v1'));
    expect(result.code).toBe(0);
    const listing = await listBucket(bucket);
    expect(Object.fromEntries(siteObjects(await listBucket(bucket, 'site/v1/')))).toEqual(
      Object.fromEntries(expectedKeys(small.out, 'site/v1/')),
    );
    expect(listing.has('site/v1/.ecom-site/manifest.json')).toBe(true);
    expect(listing.get('other/file.txt')).toBeDefined();
    const again = json(await deploy(small, urlOf(bucket, ceph.endpoint, '&prefix=site/v1/'), ['--json']));
    expect(again).toMatchObject({ ok: true, uploaded: 0, deleted: 0 });
  }, 240_000);

  it('deploys to a target named in site.yaml, the only one without --target', async () => {
    const bucket = await newBucket();
    const content = makeContent({
      'site.yaml': `baseUrl: https://example.test\ncompany:\n  zh: 测试公司\n  en: Test Co\nphone: "+86 000"\nemail: test@example.test\ndeploy:\n  targets:\n    - name: local\n      url: ${urlOf(bucket)}\n`,
    });
    const named = await runProjectCli(
      small.root,
      ['deploy', '--content', content, '--out', small.out, '--target', 'local', '--dry-run', '--json'],
      credentials(),
    );
    expect(json(named)).toMatchObject({ ok: true, dryRun: true, target: expect.stringContaining(`s3://${bucket}?`) });
    const only = await runProjectCli(small.root, ['deploy', '--content', content, '--out', small.out, '--quiet'], credentials());
    expect(only.code).toBe(0);
    expect(siteObjects(await listBucket(bucket)).size).toBe(keysOf(small).size);
    const unknown = await runProjectCli(small.root, ['deploy', '--content', content, '--out', small.out, '--target', 'eu'], credentials());
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('USAGE  site.yaml has no deploy target named "eu"; its targets are local.');
    const both = await runProjectCli(
      small.root,
      ['deploy', '--content', content, '--out', small.out, '--target', 'local', '--to', urlOf(bucket)],
      credentials(),
    );
    expect(both.code).toBe(2);
  }, 240_000);

  it('retries transient errors with backoff', async () => {
    const bucket = await newBucket();
    proxy.failPuts = 3;
    const result = await deploy(small, urlOf(bucket, proxy.endpoint), ['--quiet']);
    expect(proxy.failPuts).toBe(0);
    expect(result.code).toBe(0);
    expect(Object.fromEntries(siteObjects(await listBucket(bucket)))).toEqual(Object.fromEntries(keysOf(small)));
  }, 240_000);
});

describe('ecom-site deploy, failures', () => {
  const SECRET = 'WRONG-zq81-S3CR3T-never-printed-7d1e';

  it('refuses wrong credentials and a missing bucket with catalogued errors, never printing the secret', async () => {
    const bucket = await newBucket();
    const wrong = await deploy(small, urlOf(bucket), [], credentials(SECRET));
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('DEPLOY_ACCESS_DENIED');
    const wrongJson = await deploy(small, urlOf(bucket), ['--json'], credentials(SECRET));
    expect(json(wrongJson)).toMatchObject({ ok: false, errors: [expect.objectContaining({ code: 'DEPLOY_ACCESS_DENIED' })] });
    const missing = await deploy(small, urlOf('no-such-bucket-here'), ['--json']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('DEPLOY_NO_BUCKET');
    const none = await deploy(small, urlOf(bucket), [], { ...credentials(), AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '' });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('DEPLOY_NO_CREDENTIALS');
    const debug = await runProjectCli(small.root, ['--debug', 'deploy', '--out', small.out, '--to', urlOf(bucket)], credentials(SECRET));
    expect(debug.code).toBe(1);
    for (const run of [wrong, wrongJson, missing, none, debug]) {
      expect(`${run.stdout}${run.stderr}`).not.toContain(SECRET);
      expect(`${run.stdout}${run.stderr}`).not.toContain(ceph.secretAccessKey);
    }
    expect([...(await listBucket(bucket)).keys()]).toEqual([]);
  }, 240_000);

  it('refuses a folder that is not the complete output of a build', async () => {
    const bucket = await newBucket();
    // A build of its own, which this test breaks.
    const site = await build(smallProject, smallContent());
    const { out } = site;
    const drocBytes = readFileSync(join(out, 'DROC.html'));
    writeFileSync(join(out, 'DROC.html'), '<p>edited by hand</p>');
    const edited = await deploy(site, urlOf(bucket));
    expect(edited.code).toBe(1);
    expect(edited.stderr).toContain('DEPLOY_NOT_BUILT');
    expect(edited.stderr).toContain('changed since the build: DROC.html');
    // The edit undone; then another of the same size, modification time put back: the bytes still differ
    // from the build's record.
    writeFileSync(join(out, 'DROC.html'), drocBytes);
    const path = join(out, 'en', 'DROC.html');
    const before = statSync(path);
    const bytes = readFileSync(path, 'utf8');
    writeFileSync(path, bytes.replace('<title>', '<titlf>').replace('</title>', '</titlf>'));
    utimesSync(path, before.atime, before.mtime);
    expect(statSync(path).size).toBe(before.size);
    const sneaky = await deploy(site, urlOf(bucket), ['--json']);
    expect(sneaky.code).toBe(1);
    expect(json(sneaky)).toMatchObject({ ok: false, errors: [expect.objectContaining({ code: 'DEPLOY_NOT_BUILT' })] });
    expect(sneaky.stderr).toContain('changed since the build: en/DROC.html');
    // A link placed in the output, to a file outside or inside it, is refused, never followed.
    writeFileSync(path, bytes);
    utimesSync(path, before.atime, before.mtime);
    symlinkSync('/etc/hostname', join(out, 'files-leak.txt'));
    symlinkSync(join(out, 'DROC.html'), join(out, 'copy.html'));
    const linked = await deploy(site, urlOf(bucket));
    expect(linked.code).toBe(1);
    expect(linked.stderr).toContain('it holds symbolic links, which no build writes: copy.html, files-leak.txt');
    const empty = await deploy({ root: smallProject, out: tempDir('ecom-deploy-') }, urlOf(bucket));
    expect(empty.stderr).toContain('DEPLOY_NOT_BUILT');
    expect([...(await listBucket(bucket)).keys()]).toEqual([]);
  }, 240_000);

  it('lets one deploy at a time hold a target, naming the holder and its age', async () => {
    const bucket = await newBucket();
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: '.ecom-site/lock.json',
        Body: JSON.stringify({ host: 'ci-runner-7', pid: 4242, user: 'ci', since: new Date(Date.now() - 10 * 60_000).toISOString() }),
      }),
    );
    const held = await deploy(small, urlOf(bucket));
    expect(held.code).toBe(1);
    expect(held.stderr).toContain('DEPLOY_LOCKED');
    expect(held.stderr).toMatch(/ci@ci-runner-7 \(pid 4242\), taken .* \(10 min ago\)/);
    expect(held.stderr).toContain('.ecom-site/lock.json');
    expect([...(await listBucket(bucket)).keys()]).toEqual(['.ecom-site/lock.json']);

    // Two real deploys at once: the second finds the first's lock. Each of the first's uploads is held
    // long enough that its few dozen files keep it running while the second one starts.
    const other = await newBucket();
    proxy.putDelayMs = 300;
    const first = spawnDeploy(small, urlOf(other, proxy.endpoint));
    try {
      await waitFor(
        async () => ((await listBucket(other)).has('.ecom-site/lock.json') ? true : undefined),
        () => 'the first deploy never took the lock',
      );
      const second = await deploy(small, urlOf(other));
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('DEPLOY_LOCKED');
      expect(second.stderr).toContain(`(pid ${first.child.pid})`);
    } finally {
      proxy.putDelayMs = 0;
    }
    expect(await first.exited).toBe(0);
    expect(Object.fromEntries(siteObjects(await listBucket(other)))).toEqual(Object.fromEntries(keysOf(small)));
  }, 240_000);

  it('stops on Ctrl-C, releasing the lock and writing no manifest', async () => {
    const bucket = await newBucket();
    proxy.putDelayMs = 150;
    const run = spawnDeploy(siteA, urlOf(bucket, proxy.endpoint));
    try {
      await waitFor(
        async () => ((await listBucket(bucket)).size > 2 ? true : undefined),
        () => 'the deploy never started uploading',
      );
      run.child.kill('SIGINT');
      expect(await run.exited).toBe(130);
    } finally {
      proxy.putDelayMs = 0;
    }
    const listing = await listBucket(bucket);
    expect(listing.has('.ecom-site/lock.json')).toBe(false);
    expect(listing.has('.ecom-site/manifest.json')).toBe(false);
    expect(listing.size).toBeLessThan(keysOf(siteA).size);
  }, 240_000);

  it('leaves no page pointing at a missing page or asset when killed mid-way, and converges when run again', async () => {
    const bucket = await newBucket();
    expect((await deploy(siteA, urlOf(bucket))).code).toBe(0);
    expect(await brokenLinks(bucket)).toEqual([]);
    // A second build where every page (another base URL) and several hashed assets (social cards) differ,
    // with new pages.
    const siteB = await build(ROOT, changedContent(copyContent()), ['--base-url', 'https://b.example']);
    const keysA = keysOf(siteA);
    const keysB = keysOf(siteB);
    // The assets phase also carries the search index's content-named chunks (docs/deploy.md, "Phases").
    const firstPhase = (k: string): boolean => k.startsWith('assets/') || /pagefind\/.*\.pf_[a-z]+$/.test(k);
    const newAssets = [...keysB.keys()].filter((k) => firstPhase(k) && !keysA.has(k));
    expect(newAssets.length).toBeGreaterThan(0);

    proxy.putDelayMs = 100;
    proxy.requests.length = 0;
    const run = spawnDeploy(siteB, urlOf(bucket, proxy.endpoint));
    try {
      // Killed once it is uploading pages (past the assets phase).
      await waitFor(
        () => (proxy.requests.filter((r) => r.startsWith('PUT ')).length > newAssets.length + 20 ? true : undefined),
        () => `only ${proxy.requests.length} requests seen`,
      );
      run.child.kill('SIGKILL');
      await run.exited;
    } finally {
      proxy.putDelayMs = 0;
    }
    const listing = await listBucket(bucket);
    expect(listing.has('.ecom-site/lock.json')).toBe(true);
    const partly = [...keysB].filter(([key, md5]) => listing.get(key) === md5 && keysA.get(key) !== md5);
    expect(partly.length).toBeGreaterThan(0);
    expect(await brokenLinks(bucket)).toEqual([]);

    const rerun = await deploy(siteB, urlOf(bucket));
    expect(rerun.code).toBe(0);
    expect(rerun.stderr).toContain('Took over the lock of a deploy killed on this machine');
    expect(await brokenLinks(bucket)).toEqual([]);
    const after = siteObjects(await listBucket(bucket));
    for (const [key, md5] of keysB) expect(after.get(key), key).toBe(md5);
    // The first build's superseded cards (and index chunks) stay for the keep period, for pages still
    // open or cached elsewhere: a redeploy right away keeps them too.
    const kept = [...after.keys()].filter((k) => !keysB.has(k));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every(firstPhase)).toBe(true);
    const soon = json(await deploy(siteB, urlOf(bucket), ['--json']));
    expect(soon).toMatchObject({ ok: true, uploaded: 0, deleted: 0, manifest: 'unchanged' });
    expect((soon.kept as string[]).sort()).toEqual(kept.sort());
    // Eight days later (the manifest's drop times moved back), the next deploy deletes them.
    const manifest = JSON.parse(await text(bucket, '.ecom-site/manifest.json')) as { dropped: Record<string, string> };
    expect(Object.keys(manifest.dropped).sort()).toEqual(kept.sort());
    for (const key of kept) manifest.dropped[key] = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: '.ecom-site/manifest.json', Body: JSON.stringify(manifest) }));
    const next = json(await deploy(siteB, urlOf(bucket), ['--json']));
    expect(next).toMatchObject({ ok: true, uploaded: 0, deleted: kept.length });
    expect(Object.fromEntries(siteObjects(await listBucket(bucket)))).toEqual(Object.fromEntries(keysB));
  }, 600_000);
});

/** Starts a deploy as a separate process, to stop it or race it. */
function spawnDeploy(site: Site, url: string): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [join(site.root, 'bin', 'ecom-site.js'), 'deploy', '--out', site.out, '--to', url, '--quiet'], {
    cwd: site.root,
    env: { ...process.env, ...credentials() },
    stdio: 'ignore',
  });
  return { child, exited: new Promise((done) => child.once('exit', (code) => done(code))) };
}

describe('ecom-site deploy, hardened', () => {
  it('builds nothing that links out of public/ or content/, and deploys files above the part size in parts', async () => {
    // Content: a page that is a link to a file of the machine.
    const content = copyContent();
    symlinkSync('/etc/hostname', join(content, 'zh', 'leak.md'));
    const leak = await runCli(['build', '--content', content, '--out', join(tempDir('ecom-deploy-'), 'dist')]);
    expect(leak.code).toBe(1);
    expect(leak.stderr).toMatch(/zh\/leak\.md is a symbolic link to \/etc\/hostname, outside .*content\//);
    expect(leak.stderr).toContain('SYMLINK_OUTSIDE');

    // public/: a file and a folder leading out, refused; a link inside public/ is fine.
    const root = trimmedProject();
    mkdirSync(join(root, 'public', 'files'), { recursive: true });
    symlinkSync('/etc/passwd', join(root, 'public', 'files', 'leak.txt'));
    symlinkSync('../../..', join(root, 'public', 'files', 'up'));
    // The smallest site: public/ is what matters here.
    const small = makeContent();
    const refused = await runProjectCli(root, ['build', '--quiet', '--content', small]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('public/files/leak.txt is a symbolic link to /etc/passwd, outside public/');
    expect(refused.stderr).toContain('public/files/up is a symbolic link to ../../.., outside public/');
    unlinkSync(join(root, 'public', 'files', 'leak.txt'));
    unlinkSync(join(root, 'public', 'files', 'up'));
    symlinkSync('../favicon.svg', join(root, 'public', 'files', 'icon.svg'));
    // Files around the part size (sparse: no disk blocks): two full parts and a few bytes more, exactly
    // two parts, and exactly one part, which goes up whole. Files of hundreds of MB and over 2 GiB, with
    // the memory they take, are the long lane's (test/long/deploy-big-files.test.ts).
    const PART = deployLimits().partBytes;
    const sizes = { 'film-1.mp4': 2 * PART + 17, 'film-2.mp4': 2 * PART, 'film-3.mp4': PART };
    for (const [name, size] of Object.entries(sizes)) {
      writeFileSync(join(root, 'public', 'files', name), `${name}\n`);
      truncateSync(join(root, 'public', 'files', name), size);
    }
    const built = await runProjectCli(root, ['build', '--quiet', '--content', small]);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    const dist = join(root, 'dist');
    expect(statSync(join(dist, 'files', 'icon.svg')).isFile()).toBe(true);

    const bucket = await newBucket();
    proxy.requests.length = 0;
    const first = await runProjectCli(root, ['deploy', '--to', urlOf(bucket, proxy.endpoint), '--json'], credentials());
    expect(json(first).errors).toEqual([]);
    expect(first.code).toBe(0);
    const partsOf = (name: string): string[] =>
      proxy.requests.filter((r) => r.startsWith(`PUT /${bucket}/files/${name}?`) && r.includes('partNumber='));
    expect([partsOf('film-1.mp4').length, partsOf('film-2.mp4').length, partsOf('film-3.mp4').length]).toEqual([3, 2, 0]);
    for (const [name, size] of Object.entries(sizes)) {
      const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: `files/${name}` }));
      expect(head.ContentLength, name).toBe(size);
      const md5 = createHash('md5')
        .update(readFileSync(join(dist, 'files', name)))
        .digest('hex');
      if (size > PART) {
        expect(head.ETag, name).toMatch(new RegExp(`-${Math.ceil(size / PART)}"$`));
        expect(head.Metadata?.md5chksum, name).toBe(md5);
      } else expect(head.ETag, name).toBe(`"${md5}"`);
    }
    // Compared by the MD5 the manifest keeps, not the multipart ETag: nothing to upload again.
    const again = await runProjectCli(root, ['deploy', '--to', urlOf(bucket), '--json'], credentials());
    expect(json(again)).toMatchObject({ ok: true, uploaded: 0 });
  }, 240_000);

  it('gives up on a silent endpoint after its retries, naming it, and stops at once on SIGTERM', async () => {
    // Accepts connections and never answers.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const endpoint = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    try {
      const gaveUp = await deploy(small, urlOf('silent-bucket', endpoint), ['--json'], {
        ...credentials(),
        ECOM_SITE_DEPLOY_IDLE_MS: '300',
      });
      expect(gaveUp.code).toBe(1);
      const report = json(gaveUp);
      expect(report.errors).toEqual([expect.objectContaining({ code: 'DEPLOY_NETWORK' })]);
      expect((report.errors as Array<{ message: string }>)[0]?.message).toContain(`at ${endpoint}`);
      expect(gaveUp.stderr).not.toContain(ceph.secretAccessKey);
      // The lock request, tried five times; then one look (itself tried at most five times) whether a
      // lock went in unseen, to release it.
      expect(sockets.length).toBeGreaterThanOrEqual(6);
      expect(sockets.length).toBeLessThanOrEqual(10);
      const before = sockets.length;

      // With the default timeouts, SIGTERM while a request hangs ends the deploy, exit 143.
      const run = spawnDeploy(small, urlOf('silent-bucket', endpoint));
      await waitFor(
        () => (sockets.length > before ? true : undefined),
        () => 'the deploy never connected',
      );
      run.child.kill('SIGTERM');
      // Within seconds: the request in flight is aborted and releasing the lock gives up after five.
      const deadline = new Promise((done) => setTimeout(() => done('still running 15 s after SIGTERM'), 15_000).unref());
      expect(await Promise.race([run.exited, deadline])).toBe(143);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  }, 240_000);

  it('lets exactly one of several racing deploys take over a stale lock, and none a live one', async () => {
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid as number;
    const lockOf = (pid: number): string => JSON.stringify({ host: hostname(), pid, user: 'ci', since: new Date().toISOString() });
    const race = async (count: number): Promise<Array<Record<string, unknown>>> => {
      const runs = Array.from({ length: count }, () => deploy(small, urlOf(bucketOfRound), ['--json']));
      return (await Promise.all(runs)).map(json);
    };
    let bucketOfRound = '';
    // Real processes racing, two and then three of them; every order of their steps is the seeded unit
    // test's (test/cli/core/deploy/lock.test.ts), which no number of rounds here could reach.
    for (const [round, racers] of [2, 3].entries()) {
      bucketOfRound = await newBucket();
      await s3.send(new PutObjectCommand({ Bucket: bucketOfRound, Key: '.ecom-site/lock.json', Body: lockOf(deadPid) }));
      const reports = await race(racers);
      // The bucket was empty: whoever took the lock uploaded the site; anyone after it found nothing to do.
      const uploaders = reports.filter((r) => (r.uploaded as number) > 0);
      expect(uploaders.length, `round ${round}`).toBe(1);
      for (const r of reports) {
        if (r.ok) continue;
        expect(r.errors, `round ${round}`).toEqual([expect.objectContaining({ code: 'DEPLOY_LOCKED' })]);
      }
      expect(Object.fromEntries(siteObjects(await listBucket(bucketOfRound)))).toEqual(Object.fromEntries(keysOf(small)));
    }
    bucketOfRound = await newBucket();
    // This test process is alive on this host: its lock is live.
    await s3.send(new PutObjectCommand({ Bucket: bucketOfRound, Key: '.ecom-site/lock.json', Body: lockOf(process.pid) }));
    const reports = await race(2);
    for (const r of reports) expect(r.errors).toEqual([expect.objectContaining({ code: 'DEPLOY_LOCKED' })]);
    expect([...(await listBucket(bucketOfRound)).keys()]).toEqual(['.ecom-site/lock.json']);
  }, 240_000);

  it("owns its prefix only: another site's keys at the root are left alone and reported", async () => {
    const bucket = await newBucket();
    expect((await deploy(small, urlOf(bucket, ceph.endpoint, '&prefix=other/'))).code).toBe(0);
    // The other site is deploying right now: its lock is live.
    const otherLock = JSON.stringify({ host: 'elsewhere', pid: 1, user: 'ci', since: new Date().toISOString() });
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'other/.ecom-site/lock.json', Body: otherLock }));
    const theirs = await listBucket(bucket, 'other/');
    const result = await deploy(small, urlOf(bucket), ['--json', '--max-deletes', '0']);
    expect(result.code).toBe(0);
    const report = json(result);
    expect(report).toMatchObject({ ok: true, deleted: 0, otherSites: ['other/'] });
    expect(result.stderr).toContain("Left alone: other/ (another site's deploy owns each");
    expect(await listBucket(bucket, 'other/')).toEqual(theirs);
    expect(Object.keys(JSON.parse(await text(bucket, '.ecom-site/manifest.json')).files).some((k) => k.startsWith('other/'))).toBe(false);
    // A build with files under the other site's prefix is refused before anything is uploaded.
    const clashing = await build(smallProject, smallContent({ 'zh/other/page.md': page('冲突', '冲突。') }));
    const before = await listBucket(bucket);
    const clash = await deploy(clashing, urlOf(bucket));
    expect(clash.code).toBe(1);
    expect(clash.stderr).toContain('DEPLOY_OTHER_SITE');
    expect(clash.stderr).toContain('other/page');
    expect(await listBucket(bucket)).toEqual(before);
  }, 300_000);

  it('holds back the pages linking to a new page that failed to upload', async () => {
    const bucket = await newBucket();
    expect((await deploy(small, urlOf(bucket))).code).toBe(0);
    const siteB = await build(smallProject, changedContent(smallContent()));
    const oldDroc = (await listBucket(bucket)).get('DROC');
    proxy.failPaths.add(`/${bucket}/new-a`);
    let failed: CliResult;
    try {
      failed = await deploy(siteB, urlOf(bucket, proxy.endpoint), ['--json']);
    } finally {
      proxy.failPaths.clear();
    }
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('Uploading new-a failed');
    // Its English page links to it through the language switch, and it to its English page: a cycle,
    // uploaded together; the English page that did go up was removed again.
    expect(failed.stderr).toContain('linking to a failed one were removed again (en/new-a)');
    const listing = await listBucket(bucket);
    expect(listing.has('new-a')).toBe(false);
    expect(listing.has('en/new-a')).toBe(false);
    // new-b links to new-a and DROC to new-b: neither went up.
    expect(listing.has('new-b')).toBe(false);
    expect(listing.get('DROC')).toBe(oldDroc);
    expect(await brokenLinks(bucket)).toEqual([]);
    const rerun = await deploy(siteB, urlOf(bucket));
    expect(rerun.code).toBe(0);
    expect((await listBucket(bucket)).has('new-b')).toBe(true);
    expect(await text(bucket, 'DROC')).toContain('href="/new-b"');
    expect(await brokenLinks(bucket)).toEqual([]);
  }, 300_000);

  it('prints JSON on a usage error, and names a missing profile', async () => {
    const usage = await deploy(small, urlOf('any-bucket'), ['--json', '--max-deletes', '-1']);
    expect(usage.code).toBe(2);
    expect(json(usage)).toMatchObject({ ok: false, errors: [expect.objectContaining({ code: 'USAGE' })] });
    const config = join(tempDir('ecom-deploy-'), 'config');
    writeFileSync(config, '[profile ci]\nregion = us-east-1\n');
    const missing = await deploy(small, urlOf('any-bucket', ceph.endpoint, '&profile=deployer'), ['--json'], {
      ...credentials(),
      AWS_CONFIG_FILE: config,
    });
    expect(missing.code).toBe(1);
    expect(json(missing).errors).toEqual([expect.objectContaining({ code: 'DEPLOY_PROFILE_MISSING' })]);
    expect(missing.stderr).toContain('The target names the profile "deployer", which neither');
    expect(missing.stderr).not.toContain('AWS_PROFILE');
  }, 120_000);
});
