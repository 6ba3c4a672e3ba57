/**
 * Previews in a real S3 bucket (docs/deploy.md, "Previews"): Ceph's radosgw on 127.0.0.1, the run's shared
 * cluster (test/helpers/shared-ceph.ts). The real site built for `/preview/pr-12/` is deployed under a prefix, as is and with `--preview`;
 * every link of every page resolves to a key under that prefix; the live site deployed beside it leaves it
 * alone, and `--delete-preview` removes it and nothing else.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSitePath } from '../../../cli/core/common/routes.ts';
import { type CephGateway, cliCredentials, s3ClientOf } from '../../helpers/ceph.ts';
import { type CliResult, ROOT, runCli } from '../../helpers/cli.ts';
import { sharedCeph } from '../../helpers/shared-ceph.ts';
import { PREVIEW_BASE_PATH, sharedPreviewSite, sharedSite } from '../../helpers/shared-site.ts';

let ceph: CephGateway;
let s3: S3Client;
/** The real site built with the default options, and for the preview's base path. */
let site: string;
let preview: string;
let buckets = 0;

/** Credentials for the CLI, and nothing of the machine's own AWS set-up. */
const credentials = (): NodeJS.ProcessEnv => cliCredentials(ceph);

const targetOf = (bucket: string, extra = ''): string =>
  `s3://${bucket}?region=us-east-1&endpoint=${ceph.endpoint}&use_path_style=true${extra}`;
const deploy = (args: string[]): Promise<CliResult> => runCli(['deploy', ...args], ROOT, credentials());

async function newBucket(): Promise<string> {
  const bucket = `preview-${++buckets}-${Date.now().toString(36)}`;
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  return bucket;
}

async function keysOf(bucket: string, prefix = ''): Promise<Set<string>> {
  const keys = new Set<string>();
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }),
    );
    for (const object of page.Contents ?? []) keys.add(object.Key as string);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/** The key a site URL path is stored at: pages at their clean URL, a folder URL at its index.html (docs/deploy.md, "Keys"). */
const keyOfPath = (path: string): string => {
  const key = decodeSitePath(path).slice(1);
  return key === '' || key.endsWith('/') ? `${key}index.html` : key;
};

/** Every path on the site that the pages of a built folder link to or load: href, src, srcset, action. */
function linkedPaths(dir: string): Map<string, string> {
  const paths = new Map<string, string>();
  for (const file of fg.sync('**/*.html', { cwd: dir, onlyFiles: true })) {
    const html = readFileSync(join(dir, file), 'utf8');
    for (const [, name, value = ''] of html.matchAll(/\s(href|src|srcSet|action|data-search|data-search-index)="([^"]*)"/g)) {
      const urls = name === 'srcSet' ? value.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '') : [value];
      for (const url of urls) {
        if (!url.startsWith('/') || url.startsWith('//')) continue;
        const path = url.split(/[?#]/)[0] as string;
        // A search index folder is read through its entry file.
        paths.set(path.endsWith('/pagefind/') ? `${path}pagefind.js` : path, file);
      }
    }
  }
  return paths;
}

beforeAll(async () => {
  const [cluster, built, previewBuilt] = await Promise.all([sharedCeph(), sharedSite(), sharedPreviewSite()]);
  ceph = cluster;
  site = built;
  preview = previewBuilt.dir;
  s3 = s3ClientOf(ceph);
}, 300_000);

afterAll(() => {
  s3?.destroy();
});

describe('a preview in a bucket', () => {
  it('deploys as is under a prefix, every link of every page resolving to a key under it', async () => {
    const bucket = await newBucket();
    const result = await deploy(['--out', preview, '--to', targetOf(bucket, '&prefix=preview/pr-12/')]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const keys = await keysOf(bucket);
    expect([...keys].filter((key) => !key.startsWith('preview/pr-12/'))).toEqual([]);
    const links = linkedPaths(preview);
    expect(links.size).toBeGreaterThan(200);
    const missing = [...links].filter(([path]) => !keys.has(keyOfPath(path))).map(([path, file]) => `${path} (on ${file})`);
    expect(missing).toEqual([]);
  });

  it('deploys with --preview NAME beside the live site, which leaves it alone, and --delete-preview removes it alone', async () => {
    const bucket = await newBucket();
    const first = await deploy(['--out', preview, '--to', targetOf(bucket), '--preview', 'pr-12']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Preview "pr-12": https://www.e-com.example${PREVIEW_BASE_PATH}\n`);
    const previewKeys = await keysOf(bucket, 'preview/pr-12/');
    expect(previewKeys.has('preview/pr-12/index.html')).toBe(true);
    expect(previewKeys.has('preview/pr-12/en/DROC')).toBe(true);
    expect([...(await keysOf(bucket))].filter((key) => !key.startsWith('preview/pr-12/'))).toEqual([]);

    // The live site at the bucket's root: the preview is not its to delete, even with deletes forbidden.
    const live = await deploy(['--out', site, '--to', targetOf(bucket), '--max-deletes', '0']);
    expect(live.stderr).toBe('');
    expect(live.code).toBe(0);
    expect(await keysOf(bucket, 'preview/pr-12/')).toEqual(previewKeys);
    const liveKeys = [...(await keysOf(bucket))].filter((key) => !key.startsWith('preview/'));
    expect(liveKeys).toContain('index.html');
    expect(liveKeys).toContain('en/DROC');

    const dry = await deploy(['--to', targetOf(bucket), '--delete-preview', 'pr-12', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`would remove ${previewKeys.size} object(s) under s3://${bucket}/preview/pr-12/`);
    expect(await keysOf(bucket, 'preview/pr-12/')).toEqual(previewKeys);

    const removed = await deploy(['--to', targetOf(bucket), '--delete-preview', 'pr-12']);
    expect(removed.stderr).toBe('');
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain(`removed ${previewKeys.size} object(s)`);
    expect((await keysOf(bucket, 'preview/')).size).toBe(0);
    expect([...(await keysOf(bucket))].sort()).toEqual(liveKeys.sort());
  });

  it('refuses a build made for another base path, uploading nothing', async () => {
    const bucket = await newBucket();
    for (const [out, name, built] of [
      [preview, 'pr-13', PREVIEW_BASE_PATH],
      [site, 'pr-12', '/'],
    ] as const) {
      const result = await deploy(['--out', out, '--to', targetOf(bucket), '--preview', name]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('DEPLOY_PREVIEW_MISMATCH');
      expect(result.stderr).toContain(`for the base path ${built}, but the preview "${name}" is served at /preview/${name}/`);
    }
    expect((await keysOf(bucket)).size).toBe(0);
  });

  it('takes --preview or --delete-preview, and a name that stays in its folder', async () => {
    const both = await deploy(['--out', preview, '--to', targetOf('any'), '--preview', 'a', '--delete-preview', 'a']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('not both');
    const outside = await deploy(['--to', targetOf('any'), '--delete-preview', '..']);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('no preview name');
  });
});
