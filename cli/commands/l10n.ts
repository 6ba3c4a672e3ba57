/** `ecom-site l10n status` and `ecom-site l10n stamp`: translation tracking for writers (docs/l10n.md). */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { DEFAULTS } from '../core/common/defaults.ts';
import { attachHistory, type StatusWithHistory } from '../core/l10n/history.ts';
import { formatStatuses } from '../core/l10n/format.ts';
import { readPages } from '../core/l10n/pages.ts';
import { translationStatuses } from '../core/l10n/status.ts';
import { stampTranslations } from '../core/l10n/stamp-files.ts';
import { SiteError, type Problem } from '../core/common/errors.ts';
import { loadSiteConfig } from '../core/load/config.ts';
import { errorProblems, printError, problemsJson } from '../core/reporter.ts';
import type { CommandEnv } from './env.ts';

/** Declares `l10n` and its subcommands `status` and `stamp` on `program`. */
export function addL10nCommand(program: Command, env: CommandEnv): void {
  const l10n = program
    .command('l10n')
    .description('translation tracking: which translations match their source (docs/l10n.md)')
    // Without a subcommand: a usage error that names them (commander would print its help).
    .action(() => l10n.error('name a subcommand: `l10n status` or `l10n stamp [FILE…]`.', { code: 'ecom-site.l10n', exitCode: 2 }));
  l10n
    .command('status')
    .description(
      'show the translations that need work: outdated (with the source blocks changed) or unknown, and a count of current ones; exits 0',
    )
    .option('--content <dir>', 'content folder', DEFAULTS.content)
    .option('--json', 'print every status as one JSON document on stdout, errors included')
    .option('--all', 'list every translation, the current ones too')
    .action(async (flags: { content: string; json?: boolean; all?: boolean }) => {
      env.exit(await runStatus(flags, env.debug()));
    });
  l10n
    .command('stamp')
    .description('record that translations match their source now (without files: every translation not yet recorded)')
    .argument('[files...]', 'translation page files, e.g. content/en/DROC.md')
    .option('--content <dir>', 'content folder', DEFAULTS.content)
    .option('--quiet', 'print nothing but errors')
    .action(async (files: string[], flags: { content: string; quiet?: boolean }) => {
      env.exit(await runStamp(files, flags, env.debug()));
    });
}

/**
 * Runs `l10n status`: the translations that need work (every one with `all`) as text, or every status as
 * JSON, on stdout; exit 0 whatever their state. With `json`, stdout holds one JSON document on every exit:
 * `{ ok, translations, errors }`, the errors as the text on stderr names them.
 */
export async function runStatus(flags: { content: string; json?: boolean; all?: boolean }, debug: boolean): Promise<number> {
  try {
    const contentDir = resolve(flags.content);
    const { locales } = await loadSiteConfig(contentDir);
    const pages = await readPages(contentDir, locales);
    const { statuses, problems } = translationStatuses(pages, locales);
    if (problems.length) throw new SiteError(problems);
    const withHistory = await attachHistory(statuses);
    process.stdout.write(flags.json ? statusJson(withHistory, []) : formatStatuses(withHistory, { all: Boolean(flags.all) }));
    return 0;
  } catch (error) {
    if (flags.json) process.stdout.write(statusJson([], errorProblems(error)));
    return printError(error, debug);
  }
}

/** The JSON document of `l10n status --json` (docs/l10n.md, "Status"). */
function statusJson(translations: readonly StatusWithHistory[], errors: readonly Problem[]): string {
  return `${JSON.stringify({ ok: errors.length === 0, translations, errors: problemsJson(errors) }, null, 2)}\n`;
}

/** Runs `l10n stamp [FILE…]`; prints each translation stamped. */
export async function runStamp(files: readonly string[], flags: { content: string; quiet?: boolean }, debug: boolean): Promise<number> {
  try {
    const contentDir = resolve(flags.content);
    const { locales } = await loadSiteConfig(contentDir);
    const stamped = await stampTranslations(contentDir, files, locales);
    if (!flags.quiet) {
      if (!stamped.length) process.stdout.write('Every translation has a record already; nothing to stamp.\n');
      for (const s of stamped) {
        process.stdout.write(
          s.changed
            ? `Stamped ${s.file}: it matches ${s.source} (version ${s.version}).\n`
            : `${s.file} already matches ${s.source} (version ${s.version}); unchanged.\n`,
        );
      }
    }
    return 0;
  } catch (error) {
    return printError(error, debug);
  }
}
