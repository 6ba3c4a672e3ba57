/**
 * The changes `watch` rebuilds on: the input folders watched with chokidar, their events gathered into
 * batches and handed on one batch at a time, each after the one before it is done.
 */
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { isIgnoredName } from '../common/paths.ts';

/** A file change reported by the watcher. */
export interface Change {
  event: 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';
  path: string;
}

/** Watched input folders. */
export interface InputWatcher {
  /**
   * Runs `task` once every batch handed on before it is done, and the batches that come later only once it
   * is: the first build is the first link of the same chain as the rebuilds.
   */
  chain(task: () => Promise<void>): Promise<void>;
  /** Stops watching; batches not yet handed on are dropped. */
  close(): Promise<void>;
}

/** A little more than chokidar's window for repeated `change` events of one file (50 ms). */
const CHANGE_THROTTLE_MS = 60;

/** An editor's save can be several events (write, rename, chmod): they are gathered this long into one batch. */
const BATCH_WINDOW_MS = 5;

/**
 * Watches `folders` and hands each batch of changes to `onBatch`. Resolves once every file is watched, so
 * that an edit made while the first build runs is seen and rebuilt after it, like any other.
 */
export async function watchInputs(folders: string[], onBatch: (batch: Change[]) => Promise<void>): Promise<InputWatcher> {
  let pending: Change[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  let stopping = false;
  const chain = (task: () => Promise<void>): Promise<void> => {
    running = running.then(task);
    return running;
  };
  const flush = (): void => {
    const batch = pending;
    pending = [];
    void chain(async () => {
      if (!stopping) await onBatch(batch);
    });
  };
  // Loaded here so that `build` never pays for chokidar.
  const { watch } = await import('chokidar');
  const watcher = watch(folders, {
    ignoreInitial: true,
    // By name only (the project may live below a dot-folder), and by the same rule as build's public/.
    ignored: (path: string) => isIgnoredName(basename(path)),
  });
  const queue = (event: Change['event'], path: string): void => {
    pending.push({ event, path });
    clearTimeout(timer);
    timer = setTimeout(flush, BATCH_WINDOW_MS);
  };
  // chokidar drops a second `change` of a file within 50 ms of the first (its `_throttle`), so a quick
  // second save would be lost: each change is looked at again once that window has passed.
  const settled = new Map<string, NodeJS.Timeout>();
  const stamp = (path: string): string => {
    try {
      const info = statSync(path);
      return `${info.mtimeMs}:${info.size}`;
    } catch {
      return 'gone';
    }
  };
  watcher.on('all', (event, path) => {
    queue(event as Change['event'], path);
    if (event !== 'change') return;
    const seen = stamp(path);
    clearTimeout(settled.get(path));
    settled.set(
      path,
      setTimeout(() => {
        settled.delete(path);
        if (stamp(path) !== seen) queue('change', path);
      }, CHANGE_THROTTLE_MS),
    );
  });
  watcher.on('error', (error) => process.stderr.write(`Watcher error: ${String(error)}\n`));
  await new Promise<void>((ready) => watcher.once('ready', ready));
  return {
    chain,
    async close() {
      stopping = true;
      clearTimeout(timer);
      for (const check of settled.values()) clearTimeout(check);
      await watcher.close();
    },
  };
}
