/** The one semaphore of the build: at most so many tasks at once, waiting tasks served by kind, in order. */

/** Runs `task` when a slot is free; the slot is given back however the task ends. */
export type Limited<K extends string> = <T>(kind: K, task: () => Promise<T>) => Promise<T>;

/**
 * A semaphore of `limit` slots. Tasks that wait are served by the order of their kinds in `kinds` (every
 * task of the first kind before any of the second), and in the order they came within a kind.
 */
export function semaphore<K extends string>(limit: number, kinds: readonly K[]): Limited<K> {
  let running = 0;
  const waiting = new Map<K, Array<() => void>>(kinds.map((kind) => [kind, []]));
  const next = (): (() => void) | undefined => {
    for (const queue of waiting.values()) if (queue.length) return queue.shift();
    return undefined;
  };
  return async (kind, task) => {
    if (running >= limit) await new Promise<void>((go) => waiting.get(kind)?.push(go));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      next()?.();
    }
  };
}
