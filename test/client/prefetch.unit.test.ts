/**
 * The prefetch gate and its cache (client/prefetch.ts), in Node with the browser's globals stubbed: never on
 * Save-Data or a 2g connection, one request per page however often its link is hovered, a failed
 * prefetch forgotten, and the prefetched response handed to the navigation that follows.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchPage, prefetch, prefetchAllowed } from '../../client/prefetch.ts';

let requests: string[];
let answer: (url: string) => Promise<Response>;

beforeEach(() => {
  requests = [];
  answer = async (url) => new Response(`page ${url}`);
  vi.stubGlobal('location', new URL('https://example.test/en/'));
  vi.stubGlobal('navigator', {});
  vi.stubGlobal('fetch', (url: string) => {
    requests.push(url);
    return answer(url);
  });
  // Whatever the previous test left prefetched is dropped by a navigation.
  void fetchPage(new URL('https://example.test/reset')).catch(() => undefined);
  requests = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('prefetchAllowed', () => {
  it.each([
    [undefined, true],
    [{}, true],
    [{ effectiveType: '4g' }, true],
    [{ effectiveType: '3g', saveData: false }, true],
    [{ effectiveType: '2g' }, false],
    [{ effectiveType: 'slow-2g' }, false],
    [{ effectiveType: '4g', saveData: true }, false],
  ])('connection %j: %s', (connection, allowed) => {
    vi.stubGlobal('navigator', connection === undefined ? {} : { connection });
    expect(prefetchAllowed()).toBe(allowed);
  });
});

describe('prefetch', () => {
  it('asks once per page, the hash aside, and hands that response to the navigation', async () => {
    prefetch(new URL('https://example.test/en/DROC'));
    prefetch(new URL('https://example.test/en/DROC#specs'));
    prefetch(new URL('https://example.test/en/DROC'));
    expect(requests).toEqual(['https://example.test/en/DROC']);
    const response = await fetchPage(new URL('https://example.test/en/DROC#top'));
    expect(await response.text()).toBe('page https://example.test/en/DROC');
    expect(requests).toHaveLength(1);
  });

  it('asks nothing with Save-Data on or on 2g', () => {
    vi.stubGlobal('navigator', { connection: { saveData: true } });
    prefetch(new URL('https://example.test/en/DROC'));
    vi.stubGlobal('navigator', { connection: { effectiveType: '2g' } });
    prefetch(new URL('https://example.test/en/news'));
    expect(requests).toEqual([]);
  });

  it('forgets a failed prefetch, so the navigation asks again', async () => {
    answer = () => Promise.reject(new TypeError('offline'));
    prefetch(new URL('https://example.test/en/DROC'));
    await Promise.resolve();
    await new Promise((r) => setImmediate(r));
    answer = async (url) => new Response(`page ${url}`);
    const response = await fetchPage(new URL('https://example.test/en/DROC'));
    expect(await response.text()).toBe('page https://example.test/en/DROC');
    expect(requests).toEqual(['https://example.test/en/DROC', 'https://example.test/en/DROC']);
  });

  it('drops unused prefetches at a navigation: the next page brings its own links', async () => {
    prefetch(new URL('https://example.test/en/a'));
    prefetch(new URL('https://example.test/en/b'));
    await fetchPage(new URL('https://example.test/en/a'));
    await fetchPage(new URL('https://example.test/en/b'));
    expect(requests).toEqual(['https://example.test/en/a', 'https://example.test/en/b', 'https://example.test/en/b']);
  });
});
