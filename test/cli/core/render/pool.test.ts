/**
 * How large a render is and how many threads it gets (cli/core/render/pool.ts): one rule for both, so that a
 * build keeps Pagefind away from exactly the renders that would take threads on a machine with the cores.
 * And a result's HTML as the bytes written, from a page rendered here or on a render thread.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { htmlBytes, largeRender, threadsFor } from '../../../../cli/core/render/pool.ts';
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

describe('htmlBytes', () => {
  it('encodes a page rendered here as UTF-8, and takes the bytes from a render thread as they are', () => {
    expect(htmlBytes('<p>关于 DROC</p>').toString('utf8')).toBe('<p>关于 DROC</p>');
    const sent = new TextEncoder().encode('xx<p>影像</p>');
    const view = sent.subarray(2);
    const bytes = htmlBytes(view);
    expect(bytes.toString('utf8')).toBe('<p>影像</p>');
    // The same memory, not a copy.
    expect(bytes.buffer).toBe(sent.buffer);
    expect(bytes.byteOffset).toBe(2);
  });
});
