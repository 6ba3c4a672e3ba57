/** cli/core/common/semaphore.ts: the one semaphore of the build (photo encodes and decodes, social cards). */
import { describe, expect, it } from 'vitest';
import { semaphore } from '../../../../cli/core/common/semaphore.ts';
import { random } from '../../../helpers/random.ts';

/** A task that waits for the test to let it end, noting when it started. */
function gate(log: string[], name: string): { task: () => Promise<string>; end: () => void; fail: () => void } {
  let end = (): void => undefined;
  let fail = (): void => undefined;
  const done = new Promise<string>((resolve, reject) => {
    end = () => resolve(name);
    fail = () => reject(new Error(name));
  });
  return {
    task: () => {
      log.push(name);
      return done;
    },
    end,
    fail,
  };
}

const tick = (): Promise<void> => new Promise((go) => setImmediate(go));

describe('semaphore', () => {
  it('runs at most its limit at once, and serves waiting kinds in their order, each first come first served', async () => {
    const limited = semaphore(2, ['encode', 'decode']);
    const started: string[] = [];
    const tasks = ['d1', 'd2', 'd3', 'e1', 'd4', 'e2'].map((name) => ({ name, ...gate(started, name) }));
    const results = Promise.allSettled(tasks.map(({ name, task }) => limited(name.startsWith('e') ? 'encode' : 'decode', task)));
    await tick();
    expect(started).toEqual(['d1', 'd2']);
    const byName = new Map(tasks.map((t) => [t.name, t]));
    byName.get('d1')?.end();
    await tick();
    expect(started).toEqual(['d1', 'd2', 'e1']);
    byName.get('d2')?.fail();
    await tick();
    expect(started).toEqual(['d1', 'd2', 'e1', 'e2']);
    for (const name of ['e1', 'e2', 'd3']) {
      byName.get(name)?.end();
      await tick();
    }
    expect(started).toEqual(['d1', 'd2', 'e1', 'e2', 'd3', 'd4']);
    byName.get('d4')?.end();
    const settled = await results;
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
  });

  it.each([1, 2, 3])('never runs more than its limit, and runs every task, for random work (seed %i)', async (seed) => {
    const next = random(seed);
    const limit = 1 + Math.floor(next() * 3);
    const limited = semaphore(limit, ['a', 'b']);
    let running = 0;
    let most = 0;
    const runs = Array.from({ length: 40 }, async (_, i) => {
      if (next() < 0.5) await tick();
      return limited(next() < 0.5 ? 'a' : 'b', async () => {
        running += 1;
        most = Math.max(most, running);
        for (let wait = Math.floor(next() * 3); wait > 0; wait--) await tick();
        running -= 1;
        if (i % 7 === 0) throw new Error(`task ${i}`);
        return i;
      });
    });
    const settled = await Promise.allSettled(runs);
    expect(most).toBe(limit);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(40 - 6);
    expect(running).toBe(0);
  });
});
