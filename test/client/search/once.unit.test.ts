/**
 * Loading a script once (client/search/once.ts), as the search box and the search page load Pagefind and the
 * search script: one request for any number of callers, and a failed load forgotten, so that the next
 * call, after the network came back, loads again instead of failing for good.
 */
import { describe, expect, it } from 'vitest';
import { once } from '../../../client/search/once.ts';

describe('once', () => {
  it('makes each key once, however many ask, and keeps keys apart', async () => {
    const cache = new Map<string, Promise<string>>();
    const made: string[] = [];
    const make = (key: string) => async (): Promise<string> => {
      made.push(key);
      return `module ${key}`;
    };
    const [a, b, c] = await Promise.all([
      once(cache, '/a.js', make('/a.js')),
      once(cache, '/a.js', make('/a.js')),
      once(cache, '/b.js', make('/b.js')),
    ]);
    expect([a, b, c]).toEqual(['module /a.js', 'module /a.js', 'module /b.js']);
    expect(await once(cache, '/a.js', make('/a.js'))).toBe('module /a.js');
    expect(made).toEqual(['/a.js', '/b.js']);
  });

  it('loads again after a failed load, and keeps the load that succeeded', async () => {
    const cache = new Map<string, Promise<string>>();
    let calls = 0;
    const flaky = async (): Promise<string> => {
      calls++;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return 'module';
    };
    await expect(once(cache, '/search.js', flaky)).rejects.toThrow('Failed to fetch');
    expect(cache.has('/search.js')).toBe(false);
    expect(await once(cache, '/search.js', flaky)).toBe('module');
    expect(await once(cache, '/search.js', flaky)).toBe('module');
    expect(calls).toBe(2);
  });

  it('gives every caller waiting on a failed load the failure, then loads anew', async () => {
    const cache = new Map<string, Promise<string>>();
    let calls = 0;
    const failing = async (): Promise<string> => {
      calls++;
      throw new Error(`attempt ${calls}`);
    };
    const waiting = [once(cache, '/x.js', failing), once(cache, '/x.js', failing)];
    expect(await Promise.allSettled(waiting)).toEqual([
      { status: 'rejected', reason: new Error('attempt 1') },
      { status: 'rejected', reason: new Error('attempt 1') },
    ]);
    await expect(once(cache, '/x.js', failing)).rejects.toThrow('attempt 2');
  });
});
