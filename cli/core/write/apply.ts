/**
 * The one way a plan (cli/core/plan/plan.ts) is carried out, for `build` and `watch` alike: reuse what is held,
 * render the jobs that have a file to make, write the site-wide files, copy public files, remove the rest.
 * Where the files go is the sink's business: `build` fills a temporary folder that is swapped in at the
 * end; `watch` writes into the served folder once everything rendered without an error.
 */
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { carryOver } from './cache.ts';
import { SiteError, type Problem } from '../common/errors.ts';
import { writeFileAtomic } from '../common/files.ts';
import type { Job } from '../plan/jobs.ts';
import { isInside } from '../common/paths.ts';
import { jobsToRender, type Plan, type Targets } from '../plan/plan.ts';
import { portable, type RenderPool, type RenderTask } from '../render/pool.ts';
import type { RenderContext } from '../render/render.ts';

/** Where the files of a plan go. Calls may be buffered; `flush` waits for them and throws the first failure. */
export interface Sink {
  write(path: string, data: string | Uint8Array): void;
  copy(path: string, from: string): void;
  /** A file held already with the right bytes. */
  reuse(path: string): void;
  remove(path: string): void;
  /** Resolves once few enough writes wait (backpressure: rendering waits for the disk). */
  caughtUp?(): Promise<void>;
  flush(): Promise<void>;
}

/** What carrying out a plan found. */
export interface Applied {
  /** Jobs rendered. */
  rendered: number;
  /** Warnings of each rendered job, by job index. */
  warnings: Map<number, Problem[]>;
  /** Errors of the rendered jobs: when there are any, the sink was not flushed. */
  errors: Problem[];
}

/**
 * Carries out `p`: renders its jobs in `pool` (with the render context and compiled templates of `render`) and gives every file to `sink`, then flushes it. When a job
 * fails, the errors come back and the sink is not flushed: `watch`'s in-place sink then writes nothing, and
 * `build` throws its new folder away.
 */
export async function applyPlan(
  p: Plan,
  targets: Targets,
  jobs: readonly Job[],
  render: { ctx: RenderContext; templatesFile: string },
  pool: RenderPool,
  sink: Sink,
  onProgress?: (rendered: number, total: number) => void,
): Promise<Applied> {
  for (const path of p.reuse) sink.reuse(path);
  // A path has one maker, so the order of writes does not matter: the site-wide files and public/ copies
  // are given to the sink first, to be written while the pages render, and produced files (images,
  // cards) as each is ready; they share nothing with rendering but the cores.
  for (const path of p.render) {
    const make = targets.get(path)?.make;
    if (make?.kind === 'data') sink.write(path, make.data);
    else if (make?.kind === 'copy') sink.copy(path, make.from);
  }
  const produced = Promise.all(
    p.render.flatMap((path) => {
      const make = targets.get(path)?.make;
      return make?.kind === 'produce' ? [make.produce().then((from) => sink.copy(path, from))] : [];
    }),
  );
  // A failure is looked at once rendering is done (an unobserved rejection must not end the process).
  produced.catch(() => undefined);
  const todo = jobsToRender(p, targets);
  const tasks: RenderTask[] = todo.map((index) => ({
    index,
    page: portable((jobs[index] as Job).page),
    route: (jobs[index] as Job).route,
  }));
  const warnings = new Map<number, Problem[]>();
  const errors: Problem[] = [];
  let done = 0;
  const pace = sink.caughtUp?.bind(sink);
  await pool.render(
    tasks,
    render.ctx,
    render.templatesFile,
    (result) => {
      onProgress?.(++done, tasks.length);
      warnings.set(result.index, result.warnings);
      errors.push(...result.errors);
      const job = jobs[result.index];
      if (!job || errors.length) return;
      // Encoded once, for all of the job's files: a flat buffer instead of the renderer's string of many
      // small pieces, which takes several times its size while it waits to be written.
      const html = Buffer.from(result.html);
      for (const file of job.files) if (targets.get(file)?.make.kind === 'job') sink.write(file, html);
    },
    pace ? { pace } : {},
  );
  await produced.catch((error: unknown) => {
    if (error instanceof SiteError) errors.push(...error.problems);
    else throw error;
  });
  if (errors.length) return { rendered: tasks.length, warnings, errors };
  for (const path of p.remove) sink.remove(path);
  await sink.flush();
  return { rendered: tasks.length, warnings, errors };
}

/** The absolute path of `rel` inside `dir`; never outside it, whatever a file name says. */
export function insideOutput(dir: string, rel: string): string {
  const path = resolve(dir, rel);
  if (!isInside(path, dir) || path === dir) throw new Error(`Refusing to write outside the output folder: ${rel}`);
  return path;
}

type Operation =
  | { op: 'write'; path: string; data: string | Uint8Array }
  | { op: 'copy'; path: string; from: string }
  | { op: 'remove'; path: string };

/** Below this many operations a flush uses synchronous calls: one small edit is written in about 1 ms. */
const SYNC_FLUSH_MAX = 16;
/** Files written at once by an asynchronous flush. */
const FLUSH_CONCURRENCY = 16;
/** Writes a new-folder sink lets wait before rendering waits for them (a page is ~10-60 KB). */
const BACKLOG_MAX = 256;

/**
 * A sink that changes a served folder in place, for `watch`: nothing happens until `flush`, and each file
 * is written under a temp name and renamed, so the server never sends half a file. A folder left empty by
 * a removal is removed too, as a fresh build would not have it.
 */
export function inPlaceSink(dir: string): Sink & { written: string[]; removed: string[] } {
  const operations: Operation[] = [];
  const written: string[] = [];
  const removed: string[] = [];
  const temp = (path: string): string => `${path}.${process.pid}.tmp`;
  const pruneEmpty = (path: string): void => {
    for (let folder = dirname(path); folder !== dir && isInside(folder, dir); folder = dirname(folder)) {
      try {
        if (readdirSync(folder).length) return;
        rmdirSync(folder);
      } catch {
        return;
      }
    }
  };
  const now = (o: Operation): void => {
    const path = insideOutput(dir, o.path);
    if (o.op === 'remove') {
      rmSync(path, { force: true });
      pruneEmpty(path);
      return;
    }
    // Synchronous on purpose: promise-based calls wait in libuv's thread pool, which is slow to answer
    // after a large build, where an edit's one or two files are written at once this way.
    mkdirSync(dirname(path), { recursive: true });
    if (o.op === 'write') writeFileSync(temp(path), o.data);
    else copyFileSync(o.from, temp(path));
    renameSync(temp(path), path);
  };
  const later = async (o: Operation): Promise<void> => {
    const path = insideOutput(dir, o.path);
    if (o.op === 'remove') {
      await rm(path, { force: true });
      pruneEmpty(path);
    } else if (o.op === 'write') await writeFileAtomic(path, o.data);
    else {
      await mkdir(dirname(path), { recursive: true });
      await copyFile(o.from, temp(path));
      await rename(temp(path), path);
    }
  };
  return {
    written,
    removed,
    write: (path, data) => void operations.push({ op: 'write', path, data }),
    copy: (path, from) => void operations.push({ op: 'copy', path, from }),
    reuse: () => undefined,
    remove: (path) => void operations.push({ op: 'remove', path }),
    async flush() {
      const batch = operations.splice(0);
      // Removals first: a path that turns from a file into a folder (or back) is removed before it is
      // written again; a folder a removal empties is pruned, and a write makes it anew.
      const ordered = [...batch.filter((o) => o.op === 'remove'), ...batch.filter((o) => o.op !== 'remove')];
      if (ordered.length <= SYNC_FLUSH_MAX) ordered.forEach(now);
      else {
        for (const o of ordered.filter((op) => op.op === 'remove')) await later(o);
        const writes = ordered.filter((op) => op.op !== 'remove');
        for (let i = 0; i < writes.length; i += FLUSH_CONCURRENCY) await Promise.all(writes.slice(i, i + FLUSH_CONCURRENCY).map(later));
      }
      for (const o of batch) (o.op === 'remove' ? removed : written).push(o.path);
    },
  };
}

/**
 * A sink that fills a new folder, for `build`: files are written as they come (bounded concurrency), and a
 * reused file is hard-linked from the previous output (`from`), copied where links are not possible.
 */
export function newFolderSink(dir: string, from: string): Sink {
  const pending = new Set<Promise<void>>();
  const folders = new Set<string>();
  let failure: unknown;
  const waiting: Array<() => Promise<void>> = [];
  /** Told when a write ends: the callers of `caughtUp` waiting for the backlog to shrink. */
  const waiters: Array<() => void> = [];
  const ensureFolder = async (path: string): Promise<void> => {
    const folder = dirname(path);
    if (folders.has(folder)) return;
    await mkdir(folder, { recursive: true });
    folders.add(folder);
  };
  const pump = (): void => {
    while (pending.size < FLUSH_CONCURRENCY && waiting.length) {
      const task = (waiting.shift() as () => Promise<void>)().catch((error: unknown) => {
        failure ??= error;
      });
      pending.add(task);
      void task.finally(() => {
        pending.delete(task);
        pump();
        for (const go of waiters.splice(0)) go();
      });
    }
  };
  const add = (task: () => Promise<void>): void => {
    waiting.push(task);
    pump();
  };
  return {
    write(path, data) {
      const target = insideOutput(dir, path);
      add(async () => {
        await ensureFolder(target);
        await writeFile(target, data);
      });
    },
    copy(path, source) {
      const target = insideOutput(dir, path);
      add(async () => {
        await ensureFolder(target);
        await copyFile(source, target);
      });
    },
    reuse(path) {
      const target = insideOutput(dir, path);
      add(() => carryOver(join(from, path), target));
    },
    remove: () => undefined,
    async caughtUp() {
      while (waiting.length > BACKLOG_MAX && failure === undefined) await new Promise<void>((go) => waiters.push(go));
    },
    async flush() {
      while (pending.size || waiting.length) await Promise.all([...pending]);
      if (failure) throw failure;
    },
  };
}
