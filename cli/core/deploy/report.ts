/**
 * What deploy tells the user (docs/deploy.md, "Output"): the plan of a dry run, one summary line, and the
 * same as one JSON document for CI, with the URL paths whose content changed for a CDN purge.
 */
import { SiteError, type Problem } from '../common/errors.ts';
import { formatTargetUrl, type TargetUrl } from '../load/target-url.ts';
import { allUploads, type DeployPlan } from './diff.ts';
import { isHashed, urlPathOf } from './keys.ts';
import { PHASE_LABELS, PHASES } from './phases.ts';
import type { DeployResult } from './publish.ts';

/** Bytes in words: `512 B`, `14.2 KB`, `6.6 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The URL paths a CDN may hold an old copy of: every key uploaded or deleted, but content-hashed files,
 * whose names are new whenever their content is. Each is percent-encoded as a request line carries it
 * (`/files/a%20b.txt`, `/files/100%25.txt`), so a purge command given them matches what visitors request.
 */
export function changedPaths(plan: DeployPlan, prefix: string): string[] {
  const keys = [...allUploads(plan).map((u) => u.key), ...plan.deletes.map((d) => d.key)];
  const encode = (path: string): string => path.split('/').map(encodeURIComponent).join('/');
  return [...new Set(keys.filter((key) => !isHashed(key.slice(prefix.length))).map((key) => encode(urlPathOf(key, prefix))))].sort();
}

/** The dry run's listing: each upload and delete with its reason, then the totals per phase. */
export function formatPlan(plan: DeployPlan): string {
  let text = '';
  for (const phase of PHASES) {
    for (const u of plan.uploads[phase])
      text += `upload  ${u.key}  (${u.reason}, ${formatBytes(u.size)}${u.redirect ? `, redirect to ${u.redirect}` : ''})\n`;
  }
  for (const d of plan.deletes) text += `delete  ${d.key}  (${d.reason})\n`;
  for (const key of plan.kept) text += `keep    ${key}  (gone from the build; kept a while for pages still open or cached)\n`;
  for (const phase of PHASES) {
    const list = plan.uploads[phase];
    const bytes = list.reduce((sum, u) => sum + u.size, 0);
    text += `  ${PHASE_LABELS[phase]}: ${list.length} upload(s), ${formatBytes(bytes)}\n`;
  }
  text += `  manifest: ${plan.manifestChanged ? 'changed' : 'unchanged'}\n  deletes: ${plan.deletes.length}\n`;
  return text;
}

/** What a deploy tells on stderr beside its result: a stale lock it took over, other sites' keys it left alone. */
export function deployNotes({ tookOver, plan }: DeployResult): string {
  let notes = '';
  if (tookOver) notes += `Took over the lock of a deploy killed on this machine (pid ${tookOver.pid}, ${tookOver.since}).\n`;
  if (plan.otherSites.length)
    notes += `Left alone: ${plan.otherSites.join(', ')} (another site's deploy owns each; it holds its .ecom-site/).\n`;
  return notes;
}

/** The one summary line of a deploy. */
export function summaryLine(result: DeployResult, target: TargetUrl, dryRun: boolean, seconds: number): string {
  const where = formatTargetUrl(target);
  const uploads = dryRun ? allUploads(result.plan) : result.uploaded;
  const deletes = dryRun ? result.plan.deletes.length : result.deleted.length;
  const bytes = uploads.reduce((sum, u) => sum + u.size, 0);
  const verb = dryRun ? 'Would upload' : 'Uploaded';
  const nothing = uploads.length === 0 && deletes === 0 ? ' · nothing changed' : '';
  return `${verb} ${uploads.length} file(s) (${formatBytes(bytes)}) to ${where} · ${result.plan.unchanged} unchanged · ${deletes} ${dryRun ? 'to delete' : 'deleted'} · ${result.plan.kept.length} kept a while${nothing} · ${seconds.toFixed(1)} s\n`;
}

/** The JSON document of `--json`. */
export function deployJson(
  result: DeployResult | undefined,
  target: TargetUrl | undefined,
  dryRun: boolean,
  seconds: number,
  errors: readonly Problem[],
): Record<string, unknown> {
  const plan = result?.plan;
  // In plan order (phase, then key), not in the order the requests happened to finish.
  const done = new Set((result?.uploaded ?? []).map((u) => u.key));
  const uploads = plan ? allUploads(plan).filter((u) => dryRun || done.has(u.key)) : [];
  return {
    ok: errors.length === 0,
    dryRun,
    target: target ? formatTargetUrl(target) : null,
    uploaded: uploads.length,
    unchanged: plan?.unchanged ?? 0,
    deleted: plan ? (dryRun ? plan.deletes.length : (result?.deleted.length ?? 0)) : 0,
    kept: plan?.kept ?? [],
    bytes: uploads.reduce((sum, u) => sum + u.size, 0),
    seconds: Number(seconds.toFixed(3)),
    phases: plan
      ? PHASES.map((phase) => ({
          phase,
          uploads: plan.uploads[phase].length,
          bytes: plan.uploads[phase].reduce((sum, u) => sum + u.size, 0),
        }))
      : [],
    uploads: uploads.map((u) => ({
      key: u.key,
      file: u.file,
      phase: u.phase,
      reason: u.reason,
      bytes: u.size,
      contentType: u.contentType,
      cacheControl: u.cacheControl,
      ...(u.redirect ? { redirect: u.redirect } : {}),
    })),
    deletes: plan ? plan.deletes.map((d) => ({ key: d.key, reason: d.reason })) : [],
    manifest: plan ? (plan.manifestChanged ? 'changed' : 'unchanged') : null,
    changedPaths: plan && target ? changedPaths(plan, target.prefix) : [],
    otherSites: plan?.otherSites ?? [],
    errors: errors.map((e) => ({ code: e.code, message: e.message, ...(e.file ? { file: e.file } : {}) })),
  };
}

/** The JSON document of `--json` after a deploy failed: what it did before (`partial`), and why it failed. */
export function failedDeployJson(
  error: unknown,
  partial: DeployResult | undefined,
  target: TargetUrl | undefined,
  dryRun: boolean,
  seconds: number,
): Record<string, unknown> {
  const problems = error instanceof SiteError ? error.problems : [];
  const errors = problems.length ? problems : [{ code: 'INTERNAL' as const, message: 'The deploy failed; see stderr.' }];
  return deployJson((error as { result?: DeployResult }).result ?? partial, target, dryRun, seconds, errors);
}
