/**
 * Which target a deploy goes to (docs/deploy.md, "Targets"): `--to URL`, or `--target NAME` from site.yaml,
 * or, when neither is given, the only target site.yaml names. Anything else is wrong usage (exit 2).
 */
import { problem, SiteError } from '../common/errors.ts';
import type { DeployTarget } from '../load/config.ts';
import { parseTargetUrl, type TargetUrl } from '../load/target-url.ts';

/** The flags that choose a target. */
export interface TargetFlags {
  target?: string;
  to?: string;
}

function usage(message: string): SiteError {
  return new SiteError(problem('USAGE', message), 2);
}

/** Whether a target must be read from site.yaml (neither `--to` nor a usage error). */
export function needsSiteTargets(flags: TargetFlags): boolean {
  return flags.to === undefined;
}

/** The chosen target; `targets` are site.yaml's (unused with `--to`). */
export function chooseTarget(flags: TargetFlags, targets: readonly DeployTarget[]): TargetUrl & { name?: string } {
  if (flags.target !== undefined && flags.to !== undefined) throw usage('--target and --to both name a target; give one of them.');
  if (flags.to !== undefined) {
    const parsed = parseTargetUrl(flags.to);
    // A bad URL is the user's input, not the way the command was called: DEPLOY_URL_INVALID, exit 1.
    if (parsed.error !== undefined) throw new SiteError(problem('DEPLOY_URL_INVALID', `--to: ${parsed.error}`));
    return parsed.target;
  }
  const names = targets.map((t) => t.name).join(', ');
  if (flags.target !== undefined) {
    const found = targets.find((t) => t.name === flags.target);
    if (!found) {
      throw usage(
        targets.length
          ? `site.yaml has no deploy target named "${flags.target}"; its targets are ${names}.`
          : `site.yaml names no deploy targets (deploy.targets); add one, or give the URL with --to.`,
      );
    }
    return found;
  }
  if (targets.length === 1) return targets[0] as DeployTarget;
  throw usage(
    targets.length
      ? `site.yaml names ${targets.length} deploy targets (${names}); choose one with --target NAME.`
      : 'no deploy target given: name one of site.yaml deploy.targets with --target NAME, or give its URL with --to s3://BUCKET?….',
  );
}
