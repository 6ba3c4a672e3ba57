/** `ecom-site cache`: how big the build cache is, part by part (docs/performance.md, "Caches"). */
import type { Command } from 'commander';
import { cacheDirOf, displayPath } from '../core/common/paths.ts';
import { cacheSizes } from '../core/write/cache-gc.ts';
import { printError } from '../core/reporter.ts';
import type { CommandEnv } from './env.ts';

/** Declares `cache` on `program`. */
export function addCacheCommand(program: Command, env: CommandEnv): void {
  program
    .command('cache')
    .description('show how big the build cache is, part by part (builds prune it: docs/performance.md)')
    .action(async () => {
      env.exit(await runCache(env.root, env.debug()));
    });
}

/** Bytes in megabytes, one decimal: `240.3 MB`. */
function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Prints the size of each part of the cache of the project at `root`; exit 0. */
export async function runCache(root: string, debug: boolean): Promise<number> {
  try {
    const dir = cacheDirOf(root);
    const parts = await cacheSizes(dir);
    const total = parts.reduce((sum, part) => sum + part.bytes, 0);
    const lines = [`${displayPath(dir) || dir}/: ${megabytes(total)} in ${parts.reduce((sum, part) => sum + part.files, 0)} file(s)`];
    for (const part of parts) lines.push(`  ${part.name.padEnd(32)}${megabytes(part.bytes).padStart(10)}  ${part.files} file(s)`);
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (error) {
    return printError(error, debug);
  }
}
