/**
 * Atomic output (docs/hosting.md, "Safety"): a build writes into a temporary folder beside `--out` and swaps
 * it in at the very end, so a failed or killed build leaves the previous output exactly as it was. Every
 * write is checked to stay inside that folder, whatever a file name says.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import fg from 'fast-glob';
import { problem, SiteError } from '../common/errors.ts';
import { displayPath, isInside } from '../common/paths.ts';

/** The file that marks a folder as an ecom-site output, so a build never replaces someone else's folder. */
export const MARKER = '.ecom-site';

/** An output being written. */
export interface Output {
  /** The final folder. */
  dir: string;
  /** The temporary folder being filled. */
  temp: string;
  write(relPath: string, data: string | Uint8Array): Promise<void>;
  /** Swaps the temporary folder in place of the output. */
  commit(): Promise<void>;
  /** Removes the temporary folder. */
  abort(): Promise<void>;
}

/** True when a process with that id runs on this machine (one of another user's included). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The filesystem calls of the swap and the clean-up, one object so that a test can end the process between
 * any two of them (test/cli/core/write/output.interrupt.test.ts).
 */
export interface SwapSteps {
  writeFile(path: string, data: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options: { recursive: true; force: true; maxRetries?: number }): Promise<void>;
}

const FS_STEPS: SwapSteps = { writeFile, rename, rm };

/**
 * Removes temp folders of builds of this output that were killed, and restores an output lost mid-swap.
 * `alive` says whether the build that named a leftover still runs.
 */
export async function recover(dir: string, alive: (pid: number) => boolean = processAlive): Promise<void> {
  const parent = dirname(dir);
  const prefix = `.${basename(dir)}.`;
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return;
  }
  const leftover = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(tmp|old)-(\\d+)-[0-9a-f]+$`);
  for (const name of names) {
    const match = leftover.exec(name);
    if (!match || alive(Number(match[2]))) continue;
    const path = join(parent, name);
    if (match[1] === 'old' && !existsSync(dir)) await rename(path, dir);
    else await rm(path, { recursive: true, force: true });
  }
}

/**
 * Refuses output folders whose replacement would lose work: the working folder or a parent of it, a parent
 * of (or a folder inside) the project's sources, or a non-empty folder that no build of ours wrote.
 */
export async function checkOutputDir(dir: string, sources: { root: string; inputs: string[] }): Promise<void> {
  const shown = displayPath(dir);
  for (const guarded of [process.cwd(), sources.root, ...sources.inputs]) {
    if (isInside(guarded, dir))
      throw new SiteError(
        problem('OUT_UNSAFE', `The output folder ${shown} contains ${displayPath(guarded) || '.'}, which the build would replace.`),
      );
  }
  for (const input of sources.inputs) {
    if (isInside(dir, input)) throw new SiteError(problem('OUT_UNSAFE', `The output folder ${shown} is inside ${displayPath(input)}.`));
  }
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(dir);
  } catch {
    return;
  }
  if (!info.isDirectory()) throw new SiteError(problem('OUT_NOT_OURS', `${shown} exists and is not a folder.`, {}, { file: true }));
  const entries = await readdir(dir);
  if (entries.length > 0 && !entries.includes(MARKER)) {
    throw new SiteError(
      problem('OUT_NOT_OURS', `${shown} is not empty and was not written by ecom-site, so the build will not replace it.`),
    );
  }
}

/** Every file in an output folder (dotfiles included), relative to it; empty when there is none. */
export async function listOutput(dir: string): Promise<string[]> {
  return existsSync(dir) ? fg('**/*', { cwd: dir, onlyFiles: true, dot: true, followSymbolicLinks: false }) : [];
}

/** The swap under way, if any. */
let swapping: Promise<unknown> = Promise.resolve();

/** Resolves once no output swap is under way (a closed pipe waits for it before exiting). */
export function swapDone(): Promise<void> {
  return swapping.then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Runs the swap's two renames with SIGINT and SIGTERM held: a signal arriving meanwhile is raised again
 * once both are done, so the output folder is never left missing. Another listener (watch's Ctrl-C) has
 * seen the signal itself and handles it.
 */
async function withSignalsHeld(swap: () => Promise<void>): Promise<void> {
  const held: NodeJS.Signals[] = [];
  const hold = (signal: NodeJS.Signals): void => void held.push(signal);
  process.on('SIGINT', hold);
  process.on('SIGTERM', hold);
  const running = swap();
  swapping = running;
  try {
    await running;
  } finally {
    process.off('SIGINT', hold);
    process.off('SIGTERM', hold);
    const signal = held[0];
    if (signal && process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  }
}

/** Opens a new output for `dir` (absolute). Call `checkOutputDir` first. */
export async function openOutput(dir: string, steps: SwapSteps = FS_STEPS): Promise<Output> {
  await recover(dir);
  const parent = dirname(dir);
  await mkdir(parent, { recursive: true });
  const id = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const temp = join(parent, `.${basename(dir)}.tmp-${id}`);
  await mkdir(temp);
  const made = new Set<string>([temp]);
  // No signal handler while the output is written: a JavaScript handler cannot run while the main thread
  // is busy (parsing a huge page), so SIGINT/SIGTERM keep their default and end the process at once. The
  // temp folder left beside the output is removed by the next build's `recover`.

  const target = (relPath: string): string => {
    const path = resolve(temp, relPath);
    if (!isInside(path, temp) || path === temp) throw new Error(`Refusing to write outside the output folder: ${relPath}`);
    return path;
  };

  return {
    dir,
    temp,
    async write(relPath, data) {
      const path = target(relPath);
      const folder = dirname(path);
      if (!made.has(folder)) {
        await mkdir(folder, { recursive: true });
        made.add(folder);
      }
      await writeFile(path, data);
    },
    async commit() {
      await steps.writeFile(join(temp, MARKER), 'Written by ecom-site; the whole folder is replaced by each build.\n');
      const old = join(parent, `.${basename(dir)}.old-${id}`);
      const hadOld = existsSync(dir);
      await withSignalsHeld(async () => {
        if (hadOld) await steps.rename(dir, old);
        await steps.rename(temp, dir);
      });
      if (hadOld) await steps.rm(old, { recursive: true, force: true });
    },
    async abort() {
      // Never hide the error that stopped the build behind this one: a temp folder that cannot be removed
      // now (a write still finishing into it) is removed by the next build's `recover`.
      await steps.rm(temp, { recursive: true, force: true, maxRetries: 2 }).catch(() => undefined);
    },
  };
}
