/** The `ecom-site` command line (README, "Commands"): thin commander commands over the core. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, Option } from 'commander';
import { addBuildOptions, addSharedOptions, runBuild, type BuildFlags } from './commands/build.ts';
import type { DeployFlags } from './commands/deploy.ts';
import { parseHost, parseMaxDeletes, parsePreviewName } from './commands/options.ts';
import type { WatchFlags } from './commands/watch.ts';
import { DEFAULTS } from './core/common/defaults.ts';
import { formatProblem, problem } from './core/common/errors.ts';
import { swapDone } from './core/write/output.ts';
import { printError, problemsJson } from './core/reporter.ts';

/** The project root (where templates/, public/ and client/ live), found from this file's location. */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (pkg.name === 'ecom-site') return dir;
    } catch {
      // not here; look one level up
    }
    dir = dirname(dir);
  }
  throw new Error('Cannot find the ecom-site package root.');
}

/** Runs the CLI with `argv` (as process.argv); resolves to the exit code: 0 ok, 1 build error, 2 usage. */
export async function main(argv: string[]): Promise<number> {
  const root = findRoot();
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  let code = 0;
  const program = new Command('ecom-site')
    .description('Builds the bilingual E-COM website from Markdown content.')
    .version(version, '-v, --version')
    .option('--debug', 'print stack traces for errors')
    // Usage errors are printed by the error boundary below, in the catalogue's format.
    .configureOutput({ outputError: () => undefined })
    .exitOverride();

  addBuildOptions(program.command('build').description('build content/ into dist/ (zh at /, en under /en)')).action(
    async (flags: BuildFlags) => {
      code = await runBuild(root, flags, Boolean(program.opts().debug));
    },
  );

  const watch = addSharedOptions(program.command('watch').description('build, serve with live reload and rebuild on change'))
    .option('--port <n>', 'port to serve on', String(DEFAULTS.port))
    .option('--host <host>', 'address to listen on', parseHost, DEFAULTS.host)
    // Known (hidden) so that the message can say why they are refused, instead of "unknown option".
    .addOption(new Option('--strict').hideHelp())
    .addOption(new Option('--report [format]').hideHelp());
  watch.action(async (flags: WatchFlags) => {
    const refused = (['strict', 'report'] as const).filter((name) => flags[name] !== undefined).map((name) => `--${name}`);
    if (refused.length) {
      const what = `${refused.join(' and ')} ${refused.length > 1 ? 'apply' : 'applies'} to \`build\` only`;
      watch.error(
        `${what}: \`watch\` shows warnings on every rebuild without stopping, and prints no translation report. Use \`ecom-site build ${refused.join(' ')}\`.`,
        { code: 'ecom-site.buildOnly', exitCode: 2 },
      );
    }
    const { runWatch } = await import('./commands/watch.ts');
    code = await runWatch(root, flags, Boolean(program.opts().debug));
  });

  program
    .command('cache')
    .description('show how big the build cache is, part by part (builds prune it: docs/performance.md)')
    .action(async () => {
      const { runCache } = await import('./commands/cache.ts');
      code = await runCache(root, Boolean(program.opts().debug));
    });

  program
    .command('check')
    .description('link-check a built tree with linkinator; exits 1 on any broken link or asset')
    .option('--out <dir>', 'the built folder to check', DEFAULTS.out)
    .option('--quiet', 'print only broken links')
    .action(async (flags: { out: string; quiet?: boolean }) => {
      const { runCheck } = await import('./commands/check.ts');
      code = await runCheck(flags);
    });

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
      const { runStatus } = await import('./commands/l10n.ts');
      code = await runStatus(flags, Boolean(program.opts().debug));
    });
  l10n
    .command('stamp')
    .description('record that translations match their source now (without files: every translation not yet recorded)')
    .argument('[files...]', 'translation page files, e.g. content/en/DROC.md')
    .option('--content <dir>', 'content folder', DEFAULTS.content)
    .option('--quiet', 'print nothing but errors')
    .action(async (files: string[], flags: { content: string; quiet?: boolean }) => {
      const { runStamp } = await import('./commands/l10n.ts');
      code = await runStamp(files, flags, Boolean(program.opts().debug));
    });

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
      // Loaded on use, so that other commands never load the S3 client.
      const { runDeploy } = await import('./commands/deploy.ts');
      code = await runDeploy(root, flags, Boolean(program.opts().debug));
    });

  // The one error boundary (docs/errors.md): whatever a command throws is printed as a
  // catalogued problem, without a stack trace unless --debug.
  endOnClosedPipes();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (!(error instanceof CommanderError)) return printError(error, argv.includes('--debug'));
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return 0;
    // `commander.help` is the help shown (on stderr) when no command was named.
    const message =
      error.code === 'commander.help'
        ? 'no command given: build, watch, check, deploy, l10n or cache.'
        : error.message.replace(/^error:\s*/, '');
    const usage = problem('USAGE', `${message.charAt(0).toUpperCase()}${message.slice(1)}`);
    process.stderr.write(`${formatProblem(usage)}\n`);
    // A command asked for JSON answers with a JSON document on every exit, a usage error's too; deploy's
    // has the shape of its report (docs/deploy.md, "Output").
    if (argv.includes('deploy') && argv.includes('--json')) {
      const { deployJson } = await import('./core/deploy/report.ts');
      process.stdout.write(`${JSON.stringify(deployJson(undefined, undefined, argv.includes('--dry-run'), 0, [usage]), null, 2)}\n`);
    } else if (argv.includes('--json')) {
      process.stdout.write(`${JSON.stringify({ ok: false, errors: problemsJson([usage]) }, null, 2)}\n`);
    }
    return 2;
  }
  return code;
}

/**
 * A closed stdout or stderr (`ecom-site build --report | head -1`) ends the command quietly with exit 0,
 * once an output swap under way has finished (docs/hosting.md, "Signals and pipes").
 */
function endOnClosedPipes(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', () => void swapDone().then(() => process.exit(0)));
  }
}
