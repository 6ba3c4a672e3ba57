/** `ecom-site watch`: build, serve with live reload, rebuild on change (README, "watch"). */
import { Option, type Command } from 'commander';
import { DEFAULTS } from '../core/common/defaults.ts';
import { formatProblem, problem } from '../core/common/errors.ts';
import { addSharedOptions, flagsToBuildOptions, type BuildFlags } from './build.ts';
import type { CommandEnv } from './env.ts';
import { parseHost } from './options.ts';

/** Options of `watch`. */
export interface WatchFlags extends BuildFlags {
  port: string;
  host: string;
}

/** Declares `watch` on `program`. */
export function addWatchCommand(program: Command, env: CommandEnv): void {
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
    env.exit(await runWatch(env.root, flags, env.debug()));
  });
}

/** Runs `watch` until Ctrl-C; returns the exit code. */
export async function runWatch(root: string, flags: WatchFlags, debug: boolean): Promise<number> {
  const port = Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`${formatProblem(problem('USAGE', `--port must be a number from 0 to 65535, not "${flags.port}".`))}\n`);
    return 2;
  }
  // Loaded on use: the server, the watcher and live reload are `watch`'s alone.
  const { watchLoop } = await import('../core/watch-loop.ts');
  return await watchLoop(flagsToBuildOptions(root, flags), { host: flags.host, port, quiet: Boolean(flags.quiet), debug });
}
