/**
 * How large a render is and how many threads it gets (cli/core/render/pool.ts): one rule for both, so that a
 * build keeps Pagefind away from exactly the renders that would take threads on a machine with the cores.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { largeRender, threadsFor } from '../../../../cli/core/render/pool.ts';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';

const pinned = process.env.ECOM_SITE_THREADS;
afterEach(() => {
  if (pinned === undefined) delete process.env.ECOM_SITE_THREADS;
  else process.env.ECOM_SITE_THREADS = pinned;
});

describe('largeRender and threadsFor', () => {
  it('call a render large from two threads’ worth of pages, and start no thread below that', () => {
    delete process.env.ECOM_SITE_THREADS;
    const edge = 2 * DEFAULTS.pagesPerThread;
    expect([largeRender(edge - 1), largeRender(edge)]).toEqual([false, true]);
    for (const count of [0, 1, edge - 1]) expect(threadsFor(count)).toBe(0);
  });

  it('keep a render large where threads are pinned to one, which renders in the main thread', () => {
    process.env.ECOM_SITE_THREADS = '1';
    expect(threadsFor(10_000)).toBe(0);
    expect(largeRender(10_000)).toBe(true);
    process.env.ECOM_SITE_THREADS = '3';
    expect(threadsFor(5)).toBe(3);
    expect(largeRender(5)).toBe(false);
  });
});
