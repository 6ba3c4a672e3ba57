/** `ecom-site check`: link-checks a built tree with linkinator on a local server. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { displayPath } from '../core/paths.ts';

/** Options of `check`. */
export interface CheckFlags {
  out: string;
  quiet?: boolean;
}

/** Runs linkinator over every page and asset of the output; returns 1 when anything is broken. */
export async function runCheck(flags: CheckFlags): Promise<number> {
  const dir = resolve(flags.out);
  if (!existsSync(resolve(dir, 'index.html'))) {
    process.stderr.write(`${displayPath(dir)}/index.html not found.\n    hint: run \`ecom-site build\` first, or pass the built folder with --out.\n`);
    return 1;
  }
  // Imported here, not at the top, so that `build` never pays for loading linkinator.
  const { LinkChecker, LinkState } = await import('linkinator');
  const checker = new LinkChecker();
  const result = await checker.check({
    path: dir,
    recurse: true,
    cleanUrls: true,
    concurrency: 16,
    linksToSkip: ['^(?!http://localhost)'],
  });
  const broken = result.links.filter((link) => link.state === LinkState.BROKEN);
  for (const link of broken) {
    process.stderr.write(`BROKEN  ${link.status ?? ''} ${link.url}\n    on ${link.parent ?? '(start)'}\n`);
  }
  if (!flags.quiet) process.stdout.write(`Checked ${result.links.length} links: ${broken.length} broken.\n`);
  return broken.length ? 1 : 0;
}
