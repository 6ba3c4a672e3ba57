/** The `ecom-site` command line (README, "Commands"): wires the commands (cli/commands/), each with its options. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { addBuildCommand } from './commands/build.ts';
import { addCacheCommand } from './commands/cache.ts';
import { addCheckCommand } from './commands/check.ts';
import { addDeployCommand } from './commands/deploy.ts';
import type { CommandEnv } from './commands/env.ts';
import { addL10nCommand } from './commands/l10n.ts';
import { printUsageError } from './commands/usage.ts';
import { addWatchCommand } from './commands/watch.ts';
import { swapDone } from './core/write/output.ts';
import { printError } from './core/reporter.ts';

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
  const env: CommandEnv = {
    root,
    debug: () => Boolean(program.opts().debug),
    exit: (exit) => {
      code = exit;
    },
  };
  for (const add of [addBuildCommand, addWatchCommand, addCacheCommand, addCheckCommand, addL10nCommand, addDeployCommand])
    add(program, env);

  // The one error boundary (docs/errors.md): whatever a command throws is printed as a
  // catalogued problem, without a stack trace unless --debug.
  endOnClosedPipes();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) return await printUsageError(error, argv);
    return printError(error, argv.includes('--debug'));
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
