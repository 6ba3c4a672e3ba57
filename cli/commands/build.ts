/** `ecom-site build`: a full build of the content into the output folder. */
import type { Command } from 'commander';
import { build } from '../core/build.ts';
import { DEFAULTS } from '../core/defaults.ts';
import { displayPath } from '../core/paths.ts';
import { formatReport, printError, printWarnings, progressLine } from '../core/reporter.ts';

/** Options of `build` as commander parses them. */
export interface BuildFlags {
  content: string;
  out: string;
  baseUrl?: string;
  drafts?: boolean;
  strict?: boolean;
  quiet?: boolean;
  report?: string | boolean;
}

/** Adds the options shared by `build` and `watch`. */
export function addBuildOptions(command: Command): Command {
  return command
    .option('--content <dir>', 'content folder', DEFAULTS.content)
    .option('--out <dir>', 'output folder (replaced as a whole by each build)', DEFAULTS.out)
    .option('--base-url <url>', 'absolute site URL for canonical links and the sitemap (default: site.yaml baseUrl)')
    .option('--drafts', 'include pages with `draft: true`')
    .option('--strict', 'treat warnings as errors (for CI)')
    .option('--quiet', 'print nothing but warnings and errors');
}

/** Runs `build`; returns the exit code. */
export async function runBuild(root: string, flags: BuildFlags, debug: boolean): Promise<number> {
  const started = performance.now();
  const progress = progressLine(process.stdout, DEFAULTS.progressAfterMs);
  try {
    const result = await build({
      root,
      contentDir: flags.content,
      outDir: flags.out,
      baseUrl: flags.baseUrl,
      drafts: Boolean(flags.drafts),
      strict: Boolean(flags.strict),
      onProgress: flags.quiet ? undefined : progress.update,
    });
    progress.clear();
    printWarnings(result.warnings);
    if (flags.report) process.stdout.write(flags.report === 'json' ? `${JSON.stringify(result.report, null, 2)}\n` : formatReport(result.report));
    if (!flags.quiet) {
      const ms = Math.round(performance.now() - started);
      const total = result.pages.zh + result.pages.en;
      process.stdout.write(
        `Built ${total} pages (zh ${result.pages.zh}, en ${result.pages.en}) into ${displayPath(result.outDir)}/ · ${result.warnings.length} warning(s) · ${ms} ms\n`,
      );
    }
    return 0;
  } catch (error) {
    progress.clear();
    return printError(error, debug);
  }
}
