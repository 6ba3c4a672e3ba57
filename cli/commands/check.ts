/** `ecom-site check`: link-checks a built tree (cli/core/serve/linkcheck.ts) and prints what is broken, by page. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { DEFAULTS } from '../core/common/defaults.ts';
import { problem, SiteError } from '../core/common/errors.ts';
import { checkLinks, type BrokenLink } from '../core/serve/linkcheck.ts';
import { displayPath } from '../core/common/paths.ts';
import type { CommandEnv } from './env.ts';

/** Options of `check`. */
export interface CheckFlags {
  out: string;
  quiet?: boolean;
}

/** Declares `check` on `program`. */
export function addCheckCommand(program: Command, env: CommandEnv): void {
  program
    .command('check')
    .description('link-check a built tree with linkinator; exits 1 on any broken link or asset')
    .option('--out <dir>', 'the built folder to check', DEFAULTS.out)
    .option('--quiet', 'print only broken links')
    .action(async (flags: CheckFlags) => {
      env.exit(await runCheck(flags));
    });
}

/** The broken links grouped under the page they are on: `/en/DROC` then `  404  /en/nowhere`. */
export function formatBroken(broken: readonly BrokenLink[]): string {
  let text = '';
  let page: string | undefined;
  for (const link of broken) {
    if (link.page !== page) {
      page = link.page;
      text += `${page || '(start)'}\n`;
    }
    text += `  ${String(link.status || 'ERR').padEnd(4)} ${link.url}\n`;
  }
  return text;
}

/**
 * Runs linkinator over every page and asset of the output; returns 1 when anything is broken. Whatever
 * fails on the way (a folder not built, one that cannot be read) is printed by the error boundary.
 */
export async function runCheck(flags: CheckFlags): Promise<number> {
  const dir = resolve(flags.out);
  if (!existsSync(resolve(dir, 'index.html'))) {
    throw new SiteError(problem('NOT_BUILT', `${displayPath(dir) || '.'}/index.html not found.`));
  }
  const started = performance.now();
  const report = await checkLinks(dir);
  const pages = new Set(report.broken.map((b) => b.page)).size;
  if (report.broken.length) {
    process.stderr.write(formatBroken(report.broken));
    process.stderr.write(`${report.broken.length} broken link(s) on ${pages} page(s).\n`);
  }
  if (!flags.quiet) {
    const ms = Math.round(performance.now() - started);
    process.stdout.write(
      `Checked ${report.links} links on ${report.pages} pages of ${displayPath(dir)}/ · ${report.broken.length} broken · ${report.skipped} external skipped · ${ms} ms\n`,
    );
  }
  return report.broken.length ? 1 : 0;
}
