/**
 * Previews in a bucket (docs/deploy.md, "Previews"): a build for the base path `/preview/<name>/` is stored
 * under the target's prefix and `preview/<name>/`, beside the live site, which the CDN or the bucket's
 * website endpoint then serves at that path. The live site's deploys leave the previews alone, and
 * removing a preview touches its prefix only. Pure, but `removePreview` and `removePreviewAt`, which take
 * the bucket, and `openPreview`, which reads the build.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { basePathOfPage, previewBasePath } from '../common/base-path.ts';
import { displayPath } from '../common/paths.ts';
import { baseUrlFromRobots } from '../render/sitemap.ts';
import { problem, SiteError } from '../common/errors.ts';
import { PREVIEW_FOLDER } from '../common/routes.ts';
import type { TargetUrl } from '../load/target-url.ts';
import type { Bucket } from './client.ts';
import { requestProblem } from './publish.ts';

/**
 * The target a preview is deployed to: the site's target, its prefix extended by `preview/<name>/`, the
 * preview's base path as a key prefix, so that its keys and its URLs name the same folder.
 */
export function previewTarget(target: TargetUrl, name: string): TargetUrl {
  return { ...target, prefix: `${target.prefix}${previewBasePath(name).slice(1)}` };
}

/**
 * DEPLOY_PREVIEW_MISMATCH unless the build in `outDir` was made for the preview's base path: its pages
 * would otherwise point at files outside the preview's prefix.
 */
export function checkPreviewBuild(name: string, builtBasePath: string, outDir: string): void {
  const wanted = previewBasePath(name);
  if (builtBasePath === wanted) return;
  throw new SiteError(
    problem(
      'DEPLOY_PREVIEW_MISMATCH',
      `The build in ${outDir} is for the base path ${builtBasePath}, but the preview "${name}" is served at ${wanted}; nothing was uploaded.`,
    ),
  );
}

/**
 * The bucket as a deploy of the site at `prefix` sees it: without the previews beside it, which that
 * deploy neither counts nor deletes (a preview's own deploy lists within its prefix, where there are none).
 */
export function withoutPreviews(bucket: Bucket): Bucket {
  return {
    ...bucket,
    async list(prefix) {
      const all = await bucket.list(prefix);
      const previews = `${prefix}${PREVIEW_FOLDER}/`;
      return new Map([...all].filter(([key]) => !key.startsWith(previews)));
    },
  };
}

/** Removes every object under a preview's prefix (`dryRun`: none), then closes the bucket; returns the keys, sorted. */
export async function removePreviewAt(bucket: Bucket, at: TargetUrl, dryRun: boolean): Promise<string[]> {
  try {
    return await removePreview(bucket, at, dryRun).catch((error: unknown) => {
      throw new SiteError(requestProblem(error, `Removing the preview s3://${at.bucket}/${at.prefix}`, at));
    });
  } finally {
    bucket.close();
  }
}

/**
 * `deploy --delete-preview NAME`: removes the preview `name` of `target` (`dryRun`: lists what it would
 * remove); returns what to print.
 */
export async function deletePreview(open: (at: TargetUrl) => Bucket, target: TargetUrl, name: string, dryRun: boolean): Promise<string> {
  const at = previewTarget(target, name);
  const keys = await removePreviewAt(open(at), at, dryRun);
  const listed = dryRun ? keys.map((key) => `delete  ${key}\n`).join('') : '';
  const done = `${dryRun ? 'would remove' : 'removed'} ${keys.length} object(s) under s3://${at.bucket}/${at.prefix}`;
  return `${listed}Preview "${name}": ${done}\n`;
}

/** Removes every object under a preview's prefix (`dryRun`: none); returns the keys, sorted. */
export async function removePreview(bucket: Bucket, target: TargetUrl, dryRun: boolean): Promise<string[]> {
  const keys = [...(await bucket.list(target.prefix)).keys()].sort();
  if (!dryRun) for (const key of keys) await bucket.remove(key);
  return keys;
}

/** The build in `out` checked to be one for the preview `name`, and the URL it will be opened at. */
export async function openPreview(out: string, name: string): Promise<{ name: string; url: string }> {
  const dir = resolve(out);
  const index = await readFile(join(dir, 'index.html'), 'utf8').catch(() => '');
  checkPreviewBuild(name, basePathOfPage(index), displayPath(dir));
  const robots = await readFile(join(dir, 'robots.txt'), 'utf8').catch(() => '');
  // robots.txt names the build's root URL, base path included (cli/core/render/sitemap.ts `renderRobots`).
  const root = baseUrlFromRobots(robots) ?? previewBasePath(name).slice(0, -1);
  return { name, url: `${root}/` };
}
