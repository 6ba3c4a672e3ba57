/** Previews in a bucket (cli/core/deploy/preview.ts): prefixes, the build check, and what a deploy sees. */
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../../cli/core/common/errors.ts';
import type { Bucket } from '../../../../cli/core/deploy/client.ts';
import { previewBasePath } from '../../../../cli/core/common/base-path.ts';
import { checkPreviewBuild, previewTarget, removePreview, withoutPreviews } from '../../../../cli/core/deploy/preview.ts';
import type { TargetUrl } from '../../../../cli/core/load/target-url.ts';

/** A bucket in memory that records what was removed. */
function memoryBucket(keys: string[]): Bucket & { removed: string[] } {
  const objects = new Set(keys);
  const removed: string[] = [];
  return {
    removed,
    async list(prefix) {
      return new Map([...objects].filter((key) => key.startsWith(prefix)).map((key) => [key, { etag: 'e', size: 1 }]));
    },
    async read() {
      return undefined;
    },
    async put(key) {
      objects.add(key);
    },
    async upload(key) {
      objects.add(key);
      return undefined;
    },
    async remove(key) {
      objects.delete(key);
      removed.push(key);
    },
    close() {},
  };
}

const target: TargetUrl = { bucket: 'www', pathStyle: true, prefix: 'site/' };
const keys = [
  'site/index.html',
  'site/DROC',
  'site/preview/pr-12/index.html',
  'site/preview/pr-12/DROC',
  'site/preview/pr-123/DROC',
  'other/x',
];

describe('where a preview goes', () => {
  it('derives the base path and the prefix together, under the target prefix', () => {
    expect(previewBasePath('pr-12')).toBe('/preview/pr-12/');
    expect(previewTarget(target, 'pr-12')).toEqual({ ...target, prefix: 'site/preview/pr-12/' });
    expect(previewTarget({ ...target, prefix: '' }, 'pr-12').prefix).toBe('preview/pr-12/');
  });

  it('refuses a build made for another base path, naming both', () => {
    expect(() => checkPreviewBuild('pr-12', '/preview/pr-12/', 'dist')).not.toThrow();
    let error: unknown;
    try {
      checkPreviewBuild('pr-12', '/', 'dist');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SiteError);
    const [problem] = (error as SiteError).problems;
    expect(problem?.code).toBe('DEPLOY_PREVIEW_MISMATCH');
    expect(problem?.message).toContain('base path /');
    expect(problem?.message).toContain('/preview/pr-12/');
  });
});

describe('the bucket as deploys see it', () => {
  it('hides the previews from a deploy of the site, so it never deletes them', async () => {
    const listed = await withoutPreviews(memoryBucket(keys)).list('site/');
    expect([...listed.keys()]).toEqual(['site/index.html', 'site/DROC']);
  });

  it('shows a preview its own objects', async () => {
    const listed = await withoutPreviews(memoryBucket(keys)).list('site/preview/pr-12/');
    expect([...listed.keys()]).toEqual(['site/preview/pr-12/index.html', 'site/preview/pr-12/DROC']);
  });

  it('removes one preview and nothing else; a dry run removes nothing', async () => {
    const bucket = memoryBucket(keys);
    const at = previewTarget(target, 'pr-12');
    expect(await removePreview(bucket, at, true)).toEqual(['site/preview/pr-12/DROC', 'site/preview/pr-12/index.html']);
    expect(bucket.removed).toEqual([]);
    expect(await removePreview(bucket, at, false)).toEqual(['site/preview/pr-12/DROC', 'site/preview/pr-12/index.html']);
    expect(bucket.removed).toEqual(['site/preview/pr-12/DROC', 'site/preview/pr-12/index.html']);
    expect([...(await bucket.list('')).keys()]).toEqual(['site/index.html', 'site/DROC', 'site/preview/pr-123/DROC', 'other/x']);
  });
});
