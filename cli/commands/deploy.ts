/**
 * `ecom-site deploy`: publishes a finished build to S3-compatible storage (docs/deploy.md). Chooses the
 * target, runs the deploy (cli/core/deploy/publish.ts) and prints what happened: the plan of a dry run,
 * a progress line on a terminal, one summary line, or one JSON document with `--json`.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { basePathOfPage } from '../core/common/base-path.ts';
import { displayPath } from '../core/common/paths.ts';
import { checkPreviewBuild, previewBasePath, previewTarget, removePreview, withoutPreviews } from '../core/deploy/preview.ts';
import { baseUrlFromRobots } from '../core/serve/linkcheck.ts';
import { DEFAULTS } from '../core/common/defaults.ts';
import { problem, SiteError, type Problem } from '../core/common/errors.ts';
import { openBucket } from '../core/deploy/client.ts';
import { profileExists, profileFiles } from '../core/deploy/profile.ts';
import { publish, requestProblem, type DeployResult } from '../core/deploy/publish.ts';
import { deployJson, formatPlan, summaryLine } from '../core/deploy/report.ts';
import { chooseTarget, needsSiteTargets } from '../core/deploy/target.ts';
import { loadSiteConfig } from '../core/load/config.ts';
import type { TargetUrl } from '../core/load/target-url.ts';
import { printError, progressLine } from '../core/reporter.ts';
import { cacheDirOf } from '../core/plan/site.ts';

/** Options of `deploy` as commander parses them. */
export interface DeployFlags {
  out: string;
  content: string;
  target?: string;
  to?: string;
  dryRun?: boolean;
  maxDeletes: number;
  json?: boolean;
  quiet?: boolean;
  allowRemoved?: boolean;
  /** `--preview NAME`: deploy a build for `/preview/NAME/` under the prefix `preview/NAME/` (docs/deploy.md, "Previews"). */
  preview?: string;
  /** `--delete-preview NAME`: remove that preview's objects, nothing else. */
  deletePreview?: string;
}

/** The build in `out` checked to be one for the preview `name`, and the URL it will be opened at. */
async function openPreview(out: string, name: string): Promise<{ name: string; url: string }> {
  const dir = resolve(out);
  const index = await readFile(join(dir, 'index.html'), 'utf8').catch(() => '');
  checkPreviewBuild(name, basePathOfPage(index), displayPath(dir) || '.');
  const robots = await readFile(join(dir, 'robots.txt'), 'utf8').catch(() => '');
  // robots.txt names the build's root URL, base path included (cli/core/render/sitemap.ts `renderRobots`).
  const root = baseUrlFromRobots(robots) ?? previewBasePath(name).slice(0, -1);
  return { name, url: `${root}/` };
}

/** `--delete-preview NAME`: removes that preview's objects and prints how many; returns the exit code. */
async function deletePreview(target: TargetUrl, name: string, flags: DeployFlags, dryRun: boolean): Promise<number> {
  const at = previewTarget(target, name);
  const bucket = openBucket(at);
  try {
    const keys = await removePreview(bucket, at, dryRun).catch((error: unknown) => {
      throw new SiteError(requestProblem(error, `Removing the preview s3://${at.bucket}/${at.prefix}`, at));
    });
    if (dryRun && !flags.quiet) for (const key of keys) process.stdout.write(`delete  ${key}\n`);
    if (!flags.quiet) {
      const done = dryRun ? 'would remove' : 'removed';
      process.stdout.write(`Preview "${name}": ${done} ${keys.length} object(s) under s3://${at.bucket}/${at.prefix}\n`);
    }
    return 0;
  } finally {
    bucket.close();
  }
}

/** Runs `deploy`; returns the exit code (0, 1 for a failed deploy, 2 for wrong usage). */
export async function runDeploy(root: string, flags: DeployFlags, debug: boolean): Promise<number> {
  const started = performance.now();
  const seconds = (): number => (performance.now() - started) / 1000;
  // With --json, stdout carries the JSON alone; progress and errors go to stderr.
  const chatter = flags.json ? process.stderr : process.stdout;
  const progress = progressLine(chatter, DEFAULTS.progressAfterMs, 'uploading');
  const dryRun = Boolean(flags.dryRun);
  const controller = new AbortController();
  // Ctrl-C (or SIGTERM) aborts the requests in flight, starts no more, releases the lock (within a few
  // seconds whatever the storage does) and exits as the signal would (130, 143); a second one exits at once.
  let stoppedBy: number | undefined;
  const stop = (signal: NodeJS.Signals): void => {
    const code = signal === 'SIGINT' ? 130 : 143;
    if (controller.signal.aborted) process.exit(code);
    stoppedBy = code;
    controller.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  let target: TargetUrl | undefined;
  let result: DeployResult | undefined;
  try {
    const targets = needsSiteTargets(flags) ? (await loadSiteConfig(resolve(flags.content))).deployTargets : [];
    target = chooseTarget(flags, targets);
    if (target.profile && !(await profileExists(target.profile))) {
      throw new SiteError(
        problem(
          'DEPLOY_PROFILE_MISSING',
          `The target names the profile "${target.profile}", which neither ${profileFiles().join(' nor ')} defines.`,
        ),
      );
    }
    if (flags.preview !== undefined && flags.deletePreview !== undefined)
      throw new SiteError(problem('USAGE', 'Give --preview NAME (deploy a preview) or --delete-preview NAME (remove one), not both.'), 2);
    if (flags.deletePreview !== undefined) return await deletePreview(target, flags.deletePreview, flags, dryRun);
    const preview = flags.preview === undefined ? undefined : await openPreview(flags.out, flags.preview);
    if (preview) target = previewTarget(target, preview.name);
    result = await publish({
      outDir: resolve(flags.out),
      cacheDir: cacheDirOf(root),
      target,
      dryRun,
      maxDeletes: flags.maxDeletes,
      allowRemoved: Boolean(flags.allowRemoved),
      // The previews beside the site are not part of it: a deploy of the site never deletes them.
      open: (at, signal) => withoutPreviews(openBucket(at, signal)),
      signal: controller.signal,
      ...(flags.quiet || flags.json ? {} : { onProgress: progress.update }),
    });
    progress.clear();
    if (result.tookOver && !flags.quiet) {
      process.stderr.write(
        `Took over the lock of a deploy killed on this machine (pid ${result.tookOver.pid}, ${result.tookOver.since}).\n`,
      );
    }
    if (result.plan.otherSites.length && !flags.quiet) {
      process.stderr.write(
        `Left alone: ${result.plan.otherSites.join(', ')} (another site's deploy owns each; it holds its .ecom-site/).\n`,
      );
    }
    if (dryRun && !flags.json && !flags.quiet) chatter.write(formatPlan(result.plan));
    const errors: Problem[] = result.refused ? [result.refused] : [];
    if (flags.json) process.stdout.write(`${JSON.stringify(deployJson(result, target, dryRun, seconds(), errors), null, 2)}\n`);
    else if (!flags.quiet) chatter.write(summaryLine(result, target, dryRun, seconds()));
    if (preview && !flags.quiet && !result.refused) chatter.write(`Preview "${preview.name}": ${preview.url}\n`);
    if (result.refused) return printError(new SiteError(result.refused), debug);
    return 0;
  } catch (error) {
    progress.clear();
    if (flags.json) {
      const partial = (error as { result?: DeployResult }).result ?? result;
      const problems = error instanceof SiteError ? error.problems : [];
      const errors = problems.length ? problems : [{ code: 'INTERNAL' as const, message: 'The deploy failed; see stderr.' }];
      process.stdout.write(`${JSON.stringify(deployJson(partial, target, dryRun, seconds(), errors), null, 2)}\n`);
    }
    const code = printError(error, debug);
    return stoppedBy ?? code;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
