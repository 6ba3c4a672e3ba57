/**
 * `ecom-site deploy`: publishes a finished build to S3-compatible storage (docs/deploy.md). Chooses the
 * target, runs the deploy (cli/core/deploy/publish.ts) and prints what happened: the plan of a dry run,
 * a progress line on a terminal, one summary line, or one JSON document with `--json`.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { DEFAULTS } from '../core/common/defaults.ts';
import { problem, SiteError, type Problem } from '../core/common/errors.ts';
import { cacheDirOf } from '../core/common/paths.ts';
import { deletePreview, openPreview, previewTarget, withoutPreviews } from '../core/deploy/preview.ts';
import { requireProfile } from '../core/deploy/profile.ts';
import { publish, type DeployResult } from '../core/deploy/publish.ts';
import { deployJson, deployNotes, failedDeployJson, formatPlan, summaryLine } from '../core/deploy/report.ts';
import { abortOnSignals } from '../core/deploy/signals.ts';
import { chooseTarget, needsSiteTargets } from '../core/deploy/target.ts';
import { loadSiteConfig } from '../core/load/config.ts';
import type { TargetUrl } from '../core/load/target-url.ts';
import { printError, progressLine } from '../core/reporter.ts';
import type { CommandEnv } from './env.ts';
import { parseMaxDeletes, parsePreviewName } from './options.ts';

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

/** Declares `deploy` on `program`. */
export function addDeployCommand(program: Command, env: CommandEnv): void {
  program
    .command('deploy')
    .description('publish a finished build to S3-compatible storage (docs/deploy.md)')
    .option('--out <dir>', 'the built folder to publish', DEFAULTS.out)
    .option('--content <dir>', 'content folder whose site.yaml names the targets', DEFAULTS.content)
    .option('--target <name>', 'a target named in site.yaml deploy.targets')
    .option('--to <url>', 'a target URL: s3://BUCKET?region=R&endpoint=URL&use_path_style=true&prefix=P')
    .option('--dry-run', 'print each upload and delete with its reason, and change nothing')
    .option('--max-deletes <n>', 'refuse a deploy that would delete more objects than this', parseMaxDeletes, DEFAULTS.maxDeletes)
    .option('--allow-removed', 'delete live pages that have no alias or redirect (refused otherwise)')
    .option('--preview <name>', 'deploy a build for --base-path /preview/<name>/ under the prefix preview/<name>/', parsePreviewName)
    .option('--delete-preview <name>', 'remove the preview <name> (its prefix only) instead of deploying', parsePreviewName)
    .option('--json', 'print the result as one JSON document on stdout')
    .option('--quiet', 'print nothing but errors')
    .action(async (flags: DeployFlags) => {
      env.exit(await runDeploy(env.root, flags, env.debug()));
    });
}

/** Runs `deploy`; returns the exit code (0, 1 for a failed deploy, 2 for wrong usage). */
export async function runDeploy(root: string, flags: DeployFlags, debug: boolean): Promise<number> {
  const started = performance.now();
  const seconds = (): number => (performance.now() - started) / 1000;
  // With --json, stdout carries the JSON alone; progress and errors go to stderr.
  const chatter = flags.json ? process.stderr : process.stdout;
  const progress = progressLine(chatter, DEFAULTS.progressAfterMs, 'uploading');
  const dryRun = Boolean(flags.dryRun);
  // Ctrl-C (or SIGTERM) stops the deploy within a few seconds whatever the storage does.
  const signals = abortOnSignals();
  let target: TargetUrl | undefined;
  let result: DeployResult | undefined;
  try {
    const targets = needsSiteTargets(flags) ? (await loadSiteConfig(resolve(flags.content))).deployTargets : [];
    target = chooseTarget(flags, targets);
    await requireProfile(target.profile);
    if (flags.preview !== undefined && flags.deletePreview !== undefined)
      throw new SiteError(problem('USAGE', 'Give --preview NAME (deploy a preview) or --delete-preview NAME (remove one), not both.'), 2);
    // Loaded on use, so that other commands never load the S3 client.
    const { openBucket } = await import('../core/deploy/client.ts');
    if (flags.deletePreview !== undefined) {
      const report = await deletePreview((at) => openBucket(at), target, flags.deletePreview, dryRun);
      if (!flags.quiet) process.stdout.write(report);
      return 0;
    }
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
      signal: signals.signal,
      ...(flags.quiet || flags.json ? {} : { onProgress: progress.update }),
    });
    progress.clear();
    if (!flags.quiet) process.stderr.write(deployNotes(result));
    if (dryRun && !flags.json && !flags.quiet) chatter.write(formatPlan(result.plan));
    const errors: Problem[] = result.refused ? [result.refused] : [];
    if (flags.json) process.stdout.write(`${JSON.stringify(deployJson(result, target, dryRun, seconds(), errors), null, 2)}\n`);
    else if (!flags.quiet) chatter.write(summaryLine(result, target, dryRun, seconds()));
    if (preview && !flags.quiet && !result.refused) chatter.write(`Preview "${preview.name}": ${preview.url}\n`);
    return result.refused ? printError(new SiteError(result.refused), debug) : 0;
  } catch (error) {
    progress.clear();
    if (flags.json) process.stdout.write(`${JSON.stringify(failedDeployJson(error, result, target, dryRun, seconds()), null, 2)}\n`);
    const code = printError(error, debug);
    return signals.stoppedBy() ?? code;
  } finally {
    signals.release();
  }
}
