/**
 * Where the files of a plan go (cli/core/apply.ts carries the plan out): `build` fills a temporary folder
 * that is swapped in at the end (`newFolderSink`); `watch` writes into the served folder once everything
 * rendered without an error (`inPlaceSink`).
 */
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { carryOver, folderMaker } from './cache.ts';
import { folderLinker, writeFileAtomic } from '../common/files.ts';
import { md5CopySync, md5Of } from '../common/md5-file.ts';
import { isInside } from '../common/paths.ts';

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
/**
 * Writes of rendered bytes a new-folder sink lets wait before rendering waits for them (a page is ~10-60
 * KB). Copies (social cards, photos, public/) hold no bytes while they wait and are not counted.
 */
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
 * reused file is hard-linked from the previous output (`from`; listed in `linked`), copied where links are
 * not possible. The MD5 of each file written or copied is taken from the bytes as they pass (`digests`, by
 * path), so that the build's record (cli/core/write/cache.ts) never reads its output back, and a linked
 * file keeps the record it had.
 */
export function newFolderSink(dir: string, from: string): Sink & { digests: ReadonlyMap<string, string>; linked: ReadonlySet<string> } {
  const digests = new Map<string, string>();
  const linked = new Set<string>();
  const pending = new Set<Promise<void>>();
  let failure: unknown;
  /** Writes of bytes (pages), which rendering waits for, and copies, which hold no bytes while they wait. */
  const writes: Array<() => Promise<void>> = [];
  const copies: Array<() => Promise<void>> = [];
  /** Whether the next task taken is a copy, where both kinds wait: they take turns. */
  let copyNext = false;
  /** Told when a task ends: the callers of `caughtUp` waiting for the writes to shrink. */
  const waiters: Array<() => void> = [];
  const ensureFolder = folderMaker();
  const link = folderLinker();
  // The two kinds take turns, so that neither waits for the other to drain: thousands of cards copied as the
  // render starts held the pages' writes back, and rendering, which waits for those, with them.
  const nextTask = (): (() => Promise<void>) | undefined => {
    copyNext = !copyNext;
    return (copyNext && copies.length) || !writes.length ? copies.shift() : writes.shift();
  };
  const pump = (): void => {
    while (pending.size < FLUSH_CONCURRENCY && (writes.length || copies.length)) {
      const task = (nextTask() as () => Promise<void>)().catch((error: unknown) => {
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
  const add = (task: () => Promise<void>, queue = writes): void => {
    queue.push(task);
    pump();
  };
  return {
    digests,
    linked,
    write(path, data) {
      const target = insideOutput(dir, path);
      add(async () => {
        await ensureFolder(target);
        await writeFile(target, data);
        digests.set(path, md5Of(data));
      });
    },
    copy(path, source) {
      const target = insideOutput(dir, path);
      add(async () => {
        await ensureFolder(target);
        // A turn of the event loop before each synchronous copy: hundreds of them in a row would otherwise
        // hold back what waits on I/O meanwhile (the answers of a Pagefind service indexing alongside).
        await new Promise((next) => setImmediate(next));
        digests.set(path, md5CopySync(source, target));
      }, copies);
    },
    reuse(path) {
      const target = insideOutput(dir, path);
      // A hard link made at once; where it fails (another file system), the file is carried over as
      // before, a copy where links cannot be made.
      if (link(join(from, path), target)) linked.add(path);
      else add(() => carryOver(join(from, path), target, ensureFolder), copies);
    },
    remove: () => undefined,
    async caughtUp() {
      while (writes.length > BACKLOG_MAX && failure === undefined) await new Promise<void>((go) => waiters.push(go));
    },
    async flush() {
      while (pending.size || writes.length || copies.length) await Promise.all([...pending]);
      if (failure) throw failure;
    },
  };
}
