/**
 * `watch`'s background indexer (cli/core/write/search-queue.ts): requests made while a pass runs coalesce
 * into one more pass with the newest; a failed pass keeps the served index and is reported; a closed queue
 * reports nothing more and takes no request. Passes here need no Pagefind: they keep an index whose key did
 * not change, remove the index of a locale left without pages, or fail reading a page.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import type { IndexJob } from '../../../../cli/core/write/search-index.ts';
import { emptySearchRecord, searchKeys, type SearchRecord } from '../../../../cli/core/write/search-keys.ts';
import { type IndexRequest, searchQueue } from '../../../../cli/core/write/search-queue.ts';
import { tempDir } from '../../../helpers/cli.ts';

const LOCALES = DEFAULTS.locales;
const PAGE = '<html><head><title>DROC</title></head><body><main><p>正文</p></main></body></html>';

/** A job of the zh page at `route`, written to `file`. */
function job(route: string, file: string): IndexJob {
  return { page: { route, locale: 'zh', fallback: false }, route, files: [file] };
}

/** A request for the output made of `jobs`, each file keyed `k1`. */
function request(jobs: IndexJob[]): IndexRequest {
  return { jobs, fileKeys: new Map(jobs.map((j) => [j.files[0] as string, 'k1'])), locales: LOCALES, basePath: '/' };
}

/** A served folder with each locale's index folder, and the queue's events as lines. */
function served(): { dir: string; events: string[]; record: (r: SearchRecord) => ReturnType<typeof searchQueue> } {
  const dir = tempDir('ecom-search-queue-');
  for (const folder of ['pagefind', 'en/pagefind']) {
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, 'pagefind.js'), '//');
  }
  const events: string[] = [];
  const made = performance.now();
  const record = (r: SearchRecord): ReturnType<typeof searchQueue> =>
    searchQueue(dir, r, {
      swapped: (locale) => events.push(`swapped ${locale}`),
      // A pass's time lies between none and the time since the queue was made.
      passed: (locales, ms) => events.push(`passed [${locales.join(',')}]${ms >= 0 && ms <= performance.now() - made ? '' : ' bad time'}`),
      failed: (error) => events.push(`failed ${(error as NodeJS.ErrnoException).code} ${(error as Error).message.split('/').at(-1)}`),
    });
  return { dir, events, record };
}

describe('searchQueue', () => {
  it('brings the served index up to a request: a locale without pages loses its index', async () => {
    const { dir, events, record } = served();
    const queue = record(emptySearchRecord());
    queue.request(request([]));
    await queue.idle();
    expect(events).toEqual(['swapped zh', 'swapped en', 'passed [zh,en]']);
    expect([existsSync(join(dir, 'pagefind')), existsSync(join(dir, 'en/pagefind'))]).toEqual([false, false]);
    expect(queue.record).toEqual(emptySearchRecord());
  });

  it('keeps a locale’s index whose key did not change, and records what it is made of', async () => {
    const { dir, events, record } = served();
    writeFileSync(join(dir, 'DROC.html'), PAGE);
    const asked = request([job('/DROC', 'DROC.html')]);
    const { keys, docs } = await searchKeys(dir, [{ url: '/DROC', locale: 'zh', file: 'DROC.html' }], asked.fileKeys, {}, LOCALES);
    const zh = { key: keys.get('zh') as string, files: ['pagefind/pagefind.js'] };
    const queue = record({ locales: { zh }, docs: {} });
    queue.request(asked);
    await queue.idle();
    // The English index goes (no English page); the Chinese one is the same, so it is not made again.
    expect(events).toEqual(['swapped en', 'passed [en]']);
    expect(existsSync(join(dir, 'pagefind', 'pagefind.js'))).toBe(true);
    expect(queue.record).toEqual({ locales: { zh }, docs });
  });

  it('reports a failed pass, keeps the served index, and tries again on the next request', async () => {
    const { dir, events, record } = served();
    const queue = record(emptySearchRecord());
    queue.request(request([job('/missing', 'missing.html')]));
    await queue.idle();
    expect(events).toEqual(["failed ENOENT missing.html'"]);
    expect(existsSync(join(dir, 'pagefind'))).toBe(true);
    expect(queue.record).toEqual(emptySearchRecord());
    queue.request(request([]));
    await queue.idle();
    expect(events.slice(1)).toEqual(['swapped zh', 'swapped en', 'passed [zh,en]']);
  });

  it('coalesces requests made while a pass runs into one more pass, with the newest', async () => {
    const { events, record } = served();
    const queue = record(emptySearchRecord());
    queue.request(request([job('/first', 'first.html')]));
    queue.request(request([job('/second', 'second.html')]));
    queue.request(request([job('/third', 'third.html')]));
    await queue.idle();
    // The first pass had started; of the two asked meanwhile only the newest ran.
    expect(events).toEqual(["failed ENOENT first.html'", "failed ENOENT third.html'"]);
    queue.request(request([]));
    queue.request(request([job('/fourth', 'fourth.html')]));
    queue.request(request([]));
    await queue.idle();
    expect(events.slice(2)).toEqual(['swapped zh', 'swapped en', 'passed [zh,en]', 'passed []']);
  });

  it('once closed, reports nothing of the pass under way and takes no request', async () => {
    const { dir, events, record } = served();
    const queue = record(emptySearchRecord());
    queue.request(request([job('/missing', 'missing.html')]));
    queue.request(request([]));
    await queue.close();
    await queue.idle();
    // The failing pass ended unreported; the one asked after it never ran.
    expect(events).toEqual([]);
    expect(existsSync(join(dir, 'pagefind'))).toBe(true);
    queue.request(request([]));
    await queue.idle();
    expect(events).toEqual([]);
    expect(existsSync(join(dir, 'pagefind'))).toBe(true);
  });

  it('once closed, does not report the end of a pass that was under way', async () => {
    const { dir, events, record } = served();
    const queue = record(emptySearchRecord());
    queue.request(request([]));
    await queue.close();
    // Closed means the pass is over: it went on to its end (nothing cuts a removal short), unreported.
    expect(existsSync(join(dir, 'pagefind'))).toBe(false);
    expect(events.filter((event) => event.startsWith('passed'))).toEqual([]);
  });

  it('works without anyone listening to its events', async () => {
    const { dir } = served();
    const zh = { key: 'old', files: ['pagefind/pagefind.js'] };
    const queue = searchQueue(dir, { locales: { zh }, docs: {} });
    queue.request(request([]));
    await queue.idle();
    expect(queue.record).toEqual(emptySearchRecord());
    queue.request(request([job('/missing', 'missing.html')]));
    await queue.idle();
    expect(queue.record).toEqual(emptySearchRecord());
  });

  it('closes at once when idle, and reports a pass that ends before it is closed', async () => {
    const { events, record } = served();
    const queue = record(emptySearchRecord());
    await queue.close();
    const other = record(emptySearchRecord());
    other.request(request([]));
    await other.idle();
    await other.close();
    expect(events).toEqual(['swapped zh', 'swapped en', 'passed [zh,en]']);
  });
});
