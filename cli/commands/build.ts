/** `ecom-site build`: a full build of the content into the output folder. */
import { Option, type Command } from 'commander';
import { build, type BuildOptions } from '../core/build.ts';
import { DEFAULTS } from '../core/common/defaults.ts';
import { displayPath } from '../core/common/paths.ts';
import { attachHistory } from '../core/l10n/history.ts';
import { formatReport, printError, printWarnings, problemsJson, progressLine } from '../core/reporter.ts';
import type { CommandEnv } from './env.ts';
import { parseBasePath, parseBaseUrl, REPORT_FORMATS } from './options.ts';

/** Options of `build` as commander parses them. */
export interface BuildFlags {
  content: string;
  out: string;
  baseUrl?: string;
  basePath?: string;
  preview?: boolean;
  drafts?: boolean;
  strict?: boolean;
  allowPlaceholders?: boolean;
  failOutdated?: boolean;
  quiet?: boolean;
  report?: string | boolean;
}

/** Adds the options shared by `build` and `watch`. */
export function addSharedOptions(command: Command): Command {
  return command
    .option('--content <dir>', 'content folder', DEFAULTS.content)
    .option('--out <dir>', 'output folder (replaced as a whole by each build)', DEFAULTS.out)
    .option('--base-url <url>', 'absolute http(s) site URL for canonical links and the sitemap (default: site.yaml baseUrl)', parseBaseUrl)
    .option('--base-path <path>', 'serve the site under this path, e.g. /preview/pr-12/ (default: site.yaml basePath, /)', parseBasePath)
    .option('--preview', "a preview: no page is indexed, the sitemap lists none (also any --base-path but site.yaml's)")
    .option('--drafts', 'include pages with `draft: true`')
    .option('--quiet', 'print nothing but warnings and errors');
}

/** Adds the options of `build`: the shared ones, and --strict and --report, which `watch` has not. */
export function addBuildOptions(command: Command): Command {
  return addSharedOptions(command)
    .option('--strict', 'treat warnings as errors (for CI); refuses stand-in values in site.yaml')
    .option('--allow-placeholders', 'with --strict, accept the stand-in values site.yaml marks (for previews)')
    .option('--fail-outdated', 'outdated translations are errors (for CI; --strict alone does not count them)')
    .addOption(
      new Option('--report [format]', 'print the translation report; with json, stdout holds the JSON alone').choices(REPORT_FORMATS),
    );
}

/** Declares `build` on `program`. */
export function addBuildCommand(program: Command, env: CommandEnv): void {
  addBuildOptions(program.command('build').description('build content/ into dist/ (zh at /, en under /en)')).action(
    async (flags: BuildFlags) => {
      env.exit(await runBuild(env.root, flags, env.debug()));
    },
  );
}

/** The build options the flags of `build` and `watch` ask for: the one mapping of both commands. */
export function flagsToBuildOptions(root: string, flags: BuildFlags): BuildOptions {
  return {
    root,
    contentDir: flags.content,
    outDir: flags.out,
    baseUrl: flags.baseUrl,
    basePath: flags.basePath,
    preview: Boolean(flags.preview),
    drafts: Boolean(flags.drafts),
    strict: Boolean(flags.strict),
    allowPlaceholders: Boolean(flags.allowPlaceholders),
    failOutdated: Boolean(flags.failOutdated),
  };
}

/** Runs `build`; returns the exit code. */
export async function runBuild(root: string, flags: BuildFlags, debug: boolean): Promise<number> {
  const started = performance.now();
  // With --report json, stdout carries the JSON alone (`| jq` works); every other line goes to stderr.
  const json = flags.report === 'json';
  const chatter = json ? process.stderr : process.stdout;
  const progress = progressLine(chatter, DEFAULTS.progressAfterMs);
  try {
    const result = await build({ ...flagsToBuildOptions(root, flags), onProgress: flags.quiet ? undefined : progress.update });
    progress.clear();
    printWarnings(result.warnings);
    if (flags.report) {
      // The old text of changed source blocks comes from git history, looked up only for a report.
      // The JSON report lists every warning: the terminal shows the first places of each kind.
      const translations = await attachHistory(result.report.translations);
      const report = json
        ? { ...result.report, translations, warnings: problemsJson(result.warnings) }
        : { ...result.report, translations };
      process.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
    }
    if (!flags.quiet) {
      const ms = Math.round(performance.now() - started);
      const counts = Object.entries(result.pages);
      const total = counts.reduce((sum, [, n]) => sum + n, result.standIns);
      const standIns = result.standIns ? `; ${result.standIns} stand-in(s)` : '';
      const perLocale = `${counts.map(([locale, n]) => `${locale} ${n}`).join(', ')}${standIns}`;
      const stand = result.placeholders.length ? ` · stand-in values in site.yaml: ${result.placeholders.join(', ')}` : '';
      const preview = result.preview ? ` · preview under ${result.preview}: not indexed, no page in the sitemap` : '';
      chatter.write(
        `Built ${total} pages (${perLocale}) into ${displayPath(result.outDir)}/${preview} · ${result.warnings.length} warning(s)${stand} · ${ms} ms\n`,
      );
    }
    return 0;
  } catch (error) {
    progress.clear();
    return printError(error, debug);
  }
}
