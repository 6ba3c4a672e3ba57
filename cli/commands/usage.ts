/** Usage errors (exit 2), as the error boundary of cli/index.ts prints what commander refused. */
import type { CommanderError } from 'commander';
import { formatProblem, problem } from '../core/common/errors.ts';
import { problemsJson } from '../core/reporter.ts';

/**
 * Prints what commander stopped at as a catalogued `USAGE` problem, and resolves to the exit code: 0 after
 * `--help` or `--version`, 2 otherwise.
 */
export async function printUsageError(error: CommanderError, argv: readonly string[]): Promise<number> {
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
    const { deployJson } = await import('../core/deploy/report.ts');
    process.stdout.write(`${JSON.stringify(deployJson(undefined, undefined, argv.includes('--dry-run'), 0, [usage]), null, 2)}\n`);
  } else if (argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ ok: false, errors: problemsJson([usage]) }, null, 2)}\n`);
  }
  return 2;
}
