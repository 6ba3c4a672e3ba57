/**
 * `deploy --delete-preview` and `deploy --preview` (cli/core/deploy/preview.ts) in the quick lane: a preview
 * removed from an S3 server in memory (test/helpers/memory-s3.ts) through the real client, with what the
 * command prints, and the build check of `--preview` against built folders on disk. The Ceph tests
 * (test/cli/commands/deploy.test.ts) prove the same against radosgw in the whole lane.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../../cli/core/common/errors.ts';
import { openBucket } from '../../../../cli/core/deploy/client.ts';
import { deletePreview, openPreview } from '../../../../cli/core/deploy/preview.ts';
import type { TargetUrl } from '../../../../cli/core/load/target-url.ts';
import { renderRobots } from '../../../../cli/core/render/sitemap.ts';
import { useMemoryS3 } from '../../../helpers/memory-s3.ts';
import { tempDir } from '../../../helpers/temp.ts';

const s3 = useMemoryS3();
const target = (): TargetUrl => ({ bucket: s3.bucket, endpoint: s3.endpoint, pathStyle: true, prefix: 'www/' });
const SITE = ['www/index.html', 'www/DROC', 'www/preview/pr-1/index.html', 'www/preview/pr-12/index.html', 'www/preview/pr-12/DROC'];

/** Opens the bucket as the command does, counting the clients given back. */
function opener(): { open: (at: TargetUrl) => ReturnType<typeof openBucket>; closed: () => number } {
  let closed = 0;
  return {
    open: (at) => {
      const bucket = openBucket(at);
      return {
        ...bucket,
        close: () => {
          closed += 1;
          bucket.close();
        },
      };
    },
    closed: () => closed,
  };
}

/** What a call threw, as `CODE: message`. */
async function thrown(run: Promise<unknown>): Promise<string[]> {
  const error = await run.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SiteError);
  return (error as SiteError).problems.map((p) => `${p.code}: ${p.message}`);
}

describe('deploy --delete-preview', () => {
  it("removes the preview's objects and nothing else, and says how many, where", async () => {
    for (const key of SITE) s3.store(key, key);
    const { open, closed } = opener();
    const report = await deletePreview(open, target(), 'pr-12', false);
    expect(report).toBe('Preview "pr-12": removed 2 object(s) under s3://site/www/preview/pr-12/\n');
    expect([...s3.objects.keys()].sort()).toEqual(['www/DROC', 'www/index.html', 'www/preview/pr-1/index.html']);
    expect(closed()).toBe(1);
  });

  it('lists what a dry run would remove, and removes nothing', async () => {
    for (const key of SITE) s3.store(key, key);
    const report = await deletePreview(opener().open, target(), 'pr-12', true);
    expect(report).toBe(
      'delete  www/preview/pr-12/DROC\ndelete  www/preview/pr-12/index.html\n' +
        'Preview "pr-12": would remove 2 object(s) under s3://site/www/preview/pr-12/\n',
    );
    expect(s3.objects.size).toBe(SITE.length);
    expect(s3.requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('reports a preview that is not there as none removed', async () => {
    s3.store('www/index.html', 'home');
    expect(await deletePreview(opener().open, target(), 'pr-9', false)).toBe(
      'Preview "pr-9": removed 0 object(s) under s3://site/www/preview/pr-9/\n',
    );
    expect(s3.objects.size).toBe(1);
  });

  it('names the preview and the failure when the storage refuses, and still gives the client back', async () => {
    for (const key of SITE) s3.store(key, key);
    s3.refuse = (seen) => (seen.method === 'DELETE' ? { status: 403, code: 'AccessDenied' } : undefined);
    const { open, closed } = opener();
    expect(await thrown(deletePreview(open, target(), 'pr-12', false))).toEqual([
      'DEPLOY_ACCESS_DENIED: Removing the preview s3://site/www/preview/pr-12/ failed (AccessDenied, HTTP 403).',
    ]);
    expect(closed()).toBe(1);
    expect(s3.objects.size).toBe(SITE.length);
  });
});

/** A built folder holding `files`. */
function built(files: Record<string, string>): string {
  const out = join(tempDir(), 'dist');
  mkdirSync(out);
  for (const [file, text] of Object.entries(files)) writeFileSync(join(out, file), text);
  return out;
}
const page = (basePath?: string): string =>
  `<!doctype html><html lang="en"${basePath ? ` data-base-path="${basePath}"` : ''}><body>DROC</body></html>`;

describe('deploy --preview, the build it is given', () => {
  it("opens a build for the preview's base path at the URL its robots.txt names", async () => {
    const out = built({ 'index.html': page('/preview/pr-12/'), 'robots.txt': renderRobots('https://www.example.com/preview/pr-12', true) });
    expect(await openPreview(out, 'pr-12')).toEqual({ name: 'pr-12', url: 'https://www.example.com/preview/pr-12/' });
  });

  it('opens it at its base path when the build has no base URL', async () => {
    const out = built({ 'index.html': page('/preview/pr-12/') });
    expect(await openPreview(out, 'pr-12')).toEqual({ name: 'pr-12', url: '/preview/pr-12/' });
  });

  it('refuses a build for the root or for another preview, naming the folder and both base paths', async () => {
    const root = built({ 'index.html': page() });
    expect(await thrown(openPreview(root, 'pr-12'))).toEqual([
      `DEPLOY_PREVIEW_MISMATCH: The build in ${root} is for the base path /, but the preview "pr-12" is served at /preview/pr-12/; nothing was uploaded.`,
    ]);
    const other = built({ 'index.html': page('/preview/pr-1/') });
    expect((await thrown(openPreview(other, 'pr-12')))[0]).toContain('is for the base path /preview/pr-1/,');
  });

  it('refuses a folder without a built home page as a build for the root', async () => {
    const empty = built({});
    expect(await thrown(openPreview(empty, 'pr-12'))).toEqual([
      `DEPLOY_PREVIEW_MISMATCH: The build in ${empty} is for the base path /, but the preview "pr-12" is served at /preview/pr-12/; nothing was uploaded.`,
    ]);
  });
});
