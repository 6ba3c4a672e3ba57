/**
 * A locale's index begun before the search stage (cli/core/write/search-early.ts): the pages of its last
 * index are sent to Pagefind from the output folder the last build left; the search stage sends again only
 * the pages whose document may have changed, and those after the last page sent, and the index ends byte
 * for byte as a fresh one. Where it cannot (a page added before the end, a document appearing, another
 * language, a page read through a link), what was sent is thrown away. Counted in pages sent, with real
 * Pagefind.
 */
import { mkdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import { beginEarlyIndex, completeEarly, type EarlyIndex } from '../../../../cli/core/write/search-early.ts';
import { type IndexedPage, type IndexSession, indexLocale } from '../../../../cli/core/write/search-index.ts';
import type { SearchRecord } from '../../../../cli/core/write/search-keys.ts';
import { treeDigest } from '../../../helpers/site.ts';
import { folderWith, tempDir } from '../../../helpers/temp.ts';

const LOCALES = DEFAULTS.locales;

/** The HTML of page `i`: its main content, changed by `edit` when given; `bare` leaves out `<main>`. */
function page(i: number, edit = '', bare = false): string {
  const body = `<h2 id="h${i}">标题${i}</h2><p>第${i}页 控制台${i} 影像工作站 word${i}${edit}</p>`;
  return `<html><head><title>页 ${i}</title></head><body>${bare ? body : `<main>${body}</main>`}</body></html>`;
}

/** An output folder of Chinese pages `p<i>.html` for each `i` of `numbers`, with `html` overriding some. */
function output(numbers: readonly number[], html: Record<number, string> = {}): { dir: string; pages: IndexedPage[] } {
  const files: Record<string, string> = {};
  for (const i of numbers) files[`p${i}.html`] = html[i] ?? page(i);
  const pages = numbers.map((i): IndexedPage => ({ url: `/p${i}`, locale: 'zh', file: `p${i}.html` }));
  return { dir: folderWith(files), pages: pages.sort((a, b) => (a.url < b.url ? -1 : 1)) };
}

const range = (count: number): number[] => Array.from({ length: count }, (_, i) => i);

/** The record of a last build that indexed `pages` in `language`. */
function recordOf(pages: readonly IndexedPage[], language = 'zh', locale = 'zh'): SearchRecord {
  return { locales: { [locale]: { key: 'k', files: [], language, pages: pages.map((p): [string, string] => [p.url, p.file]) } }, docs: {} };
}

/** A content folder whose `edited` file (under a locale's folder) was modified after the returned time. */
function contentEdited(edited: string, others: readonly string[] = []): { content: string; since: number } {
  const content = folderWith(Object.fromEntries([edited, ...others].map((file) => [file, '---\ntitle: x\n---\n'])));
  const since = Date.now();
  for (const file of others) utimesSync(join(content, file), new Date(since - 60_000), new Date(since - 60_000));
  utimesSync(join(content, edited), new Date(since + 1000), new Date(since + 1000));
  return { content, since };
}

/** Begins the index of `last`'s pages as the last build's output, the Chinese sources edited since. */
function begin(last: { dir: string; pages: IndexedPage[] }, language = 'zh'): EarlyIndex {
  const { content, since } = contentEdited('zh/p1.md', ['en/p1.md']);
  const early = beginEarlyIndex(content, last.dir, since, recordOf(last.pages, language));
  if (!early) throw new Error('no index begun');
  started.push(early);
  return early;
}

const started: EarlyIndex[] = [];
afterEach(async () => {
  for (const early of started.splice(0)) await early.stop();
});

/** Counts the pages `early`'s service is sent from now on, once what was sent ahead is answered. */
async function countAdds(early: EarlyIndex): Promise<{ mock: { calls: Array<[string, string]> } }> {
  await early.fed;
  return vi.spyOn(await early.session, 'add');
}

/** Has `session` write its index into a new folder of `dir`, and stops it. */
async function writeOut(session: IndexSession, dir: string, name: string): Promise<string> {
  const into = join(dir, name);
  try {
    await session.write(into, Promise.resolve());
  } finally {
    await session.close();
  }
  return into;
}

describe('an index begun from the last output', () => {
  it('sends again only the changed page and ends as a fresh index', async () => {
    const last = output(range(40));
    const early = begin(last);
    const now = output(range(40), { 7: page(7, ' 新增的说明 addedword') });
    const adds = await countAdds(early);
    const session = await completeEarly(early, now.pages, 'zh', now.dir, (p) => p.url !== '/p7');
    expect(session).toBeDefined();
    expect(adds.mock.calls.map(([url]) => url)).toEqual(['/p7']);
    const completed = await writeOut(session as IndexSession, now.dir, 'completed');

    const fresh = join(now.dir, 'fresh');
    await indexLocale(now.dir, 'zh', now.pages, LOCALES, fresh);
    expect(treeDigest(completed)).toEqual(treeDigest(fresh));
    expect(Object.keys(treeDigest(completed)).filter((path) => path.startsWith('fragment/'))).toHaveLength(40);
  });

  it('sends the pages after the last one sent, in order, and ends as a fresh index', async () => {
    const last = output(range(20));
    const early = begin(last);
    // p95 and p99 sort after p9, the last page sent ahead.
    const now = output([...range(20), 95, 99]);
    const adds = await countAdds(early);
    const session = await completeEarly(early, now.pages, 'zh', now.dir, () => true);
    expect(adds.mock.calls.map(([url]) => url)).toEqual(['/p95', '/p99']);
    const completed = await writeOut(session as IndexSession, now.dir, 'completed');
    const fresh = join(now.dir, 'fresh');
    await indexLocale(now.dir, 'zh', now.pages, LOCALES, fresh);
    expect(treeDigest(completed)).toEqual(treeDigest(fresh));
  });

  it('is thrown away when a page is added or removed before the end, and the locale is indexed as fresh', async () => {
    const last = output(range(20));
    for (const numbers of [[...range(20), 100], range(19).filter((i) => i !== 5)]) {
      // p100 sorts between p10 and p11; p5 is gone.
      const now = output(numbers);
      const early = begin(last);
      expect(await completeEarly(early, now.pages, 'zh', now.dir, () => true)).toBeUndefined();
      await expect((await early.session).add('/p1', page(1))).rejects.toThrow();

      const again = begin(last);
      const viaEarly = join(now.dir, 'early');
      await indexLocale(now.dir, 'zh', now.pages, LOCALES, viaEarly, {
        early: { complete: (own, language) => completeEarly(again, own, language, now.dir, () => true), stop: () => again.stop() },
      });
      const fresh = join(now.dir, 'fresh');
      await indexLocale(now.dir, 'zh', now.pages, LOCALES, fresh);
      expect(treeDigest(viaEarly)).toEqual(treeDigest(fresh));
    }
  });

  it('is thrown away when a page’s main content appears or the language is another', async () => {
    const last = output(range(10), { 3: page(3, '', true) });
    const now = output(range(10));
    expect(await completeEarly(begin(last), now.pages, 'zh', now.dir, (p) => p.url !== '/p3')).toBeUndefined();
    // The same pages, sent as English.
    const same = output(range(10));
    expect(await completeEarly(begin(same, 'en'), same.pages, 'zh', same.dir, () => true)).toBeUndefined();
    // A page without main content on both sides stays unsent, and the index is completed.
    const bare = output(range(10), { 3: page(3, '', true) });
    expect(await completeEarly(begin(last), bare.pages, 'zh', bare.dir, () => false)).toBeDefined();
  });

  it('is never completed once stopped, even with every page answered, and takes nothing more', async () => {
    const last = output(range(10));
    const early = begin(last);
    await early.fed;
    await early.stop();
    const session = await early.session;
    expect(session.closed).toBe(true);
    expect(await completeEarly(early, last.pages, 'zh', last.dir, () => true)).toBeUndefined();
    // Refused here: Pagefind's API would start a new service that knows no index.
    await expect(session.add('/p1', page(1))).rejects.toThrow(/stopped/);
    await expect(session.write(join(last.dir, 'x'), Promise.resolve())).rejects.toThrow(/stopped/);
  });

  it('never reads a page through a link: what was sent is thrown away', async () => {
    const last = output(range(10));
    const secret = folderWith({ 'p4.html': page(4, ' secretword') });
    rmSync(join(last.dir, 'p4.html'));
    symlinkSync(join(secret, 'p4.html'), join(last.dir, 'p4.html'));
    const early = begin(last);
    await expect(early.fed).rejects.toThrow(/ELOOP|symbolic/);
    const now = output(range(10));
    expect(await completeEarly(early, now.pages, 'zh', now.dir, () => true)).toBeUndefined();
  });

  it('never reads a page through a linked folder either', async () => {
    const last = output(range(3));
    const elsewhere = folderWith({ 'p1.html': page(1, ' secretword') });
    const pages = [...last.pages, { url: '/en/p1', locale: 'zh', file: 'linked/p1.html' }];
    symlinkSync(elsewhere, join(last.dir, 'linked'));
    const { content, since } = contentEdited('zh/p1.md');
    const early = beginEarlyIndex(content, last.dir, since, recordOf(pages));
    started.push(early as EarlyIndex);
    await expect(early?.fed).rejects.toThrow(/through a link/);
  });
});

describe('beginEarlyIndex', () => {
  const last = (): { dir: string; pages: IndexedPage[] } => output(range(3));

  it('begins the locale whose sources were modified since the last build, none when none was', () => {
    const out = last();
    const record: SearchRecord = {
      locales: { ...recordOf(out.pages).locales, ...recordOf(out.pages, 'en', 'en').locales },
      docs: {},
    };
    const en = contentEdited('en/a.md', ['zh/a.md', 'zh/b/c.md']);
    const early = beginEarlyIndex(en.content, out.dir, en.since, record);
    started.push(early as EarlyIndex);
    expect(early?.locale).toBe('en');
    expect(early?.language).toBe('en');

    const none = contentEdited('other/a.md', ['zh/a.md', 'en/a.md']);
    expect(beginEarlyIndex(none.content, out.dir, none.since, record)).toBeUndefined();
    // No last build, or a record that does not list its pages (an older tool's).
    const zh = contentEdited('zh/a.md');
    expect(beginEarlyIndex(zh.content, out.dir, undefined, record)).toBeUndefined();
    const bare: SearchRecord = { locales: { zh: { key: 'k', files: [] } }, docs: {} };
    expect(beginEarlyIndex(zh.content, out.dir, zh.since, bare)).toBeUndefined();
  });

  it('does not look through a link for an edit', () => {
    const out = last();
    const { content, since } = contentEdited('zh/a.md');
    utimesSync(join(content, 'zh/a.md'), new Date(since - 60_000), new Date(since - 60_000));
    const elsewhere = tempDir();
    mkdirSync(join(elsewhere, 'd'));
    writeFileSync(join(elsewhere, 'd', 'new.md'), 'x');
    utimesSync(join(elsewhere, 'd', 'new.md'), new Date(since + 1000), new Date(since + 1000));
    utimesSync(join(elsewhere, 'd'), new Date(since + 1000), new Date(since + 1000));
    symlinkSync(join(elsewhere, 'd'), join(content, 'zh', 'linked'));
    symlinkSync(join(elsewhere, 'd', 'new.md'), join(content, 'zh', 'linked.md'));
    expect(beginEarlyIndex(content, out.dir, since, recordOf(out.pages))).toBeUndefined();
  });
});
