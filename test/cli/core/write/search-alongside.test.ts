/**
 * The index of a small site made while its pages render (cli/core/write/search-alongside.ts): each chosen
 * locale's pages are handed to Pagefind as the sink is given them, and its index ends byte for byte as the
 * one made from the written pages after the render; a locale not chosen is left to the search stage, and a
 * stopped index writes nothing. With real Pagefind.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import { indexAlongside } from '../../../../cli/core/write/search-alongside.ts';
import { type IndexedPage, indexLocale } from '../../../../cli/core/write/search-index.ts';
import type { Sink } from '../../../../cli/core/write/sinks.ts';
import { treeDigest } from '../../../helpers/site.ts';
import { folderWith, tempDir } from '../../../helpers/temp.ts';

const LOCALES = DEFAULTS.locales;

/** Pages of both locales, `count` each, as files of a folder and as the index lists them (URL order). */
function site(count: number): { dir: string; files: Record<string, string>; pages: IndexedPage[] } {
  const files: Record<string, string> = {};
  const pages: IndexedPage[] = [];
  for (let i = 0; i < count; i++) {
    files[`p${i}.html`] =
      `<html><head><title>页 ${i}</title></head><body><main><h2 id="a${i}">标题${i}</h2><p>第${i}页 影像工作站</p></main></body></html>`;
    files[`en/p${i}.html`] = `<html><head><title>Page ${i}</title></head><body><main><p>Workstation page ${i}.</p></main></body></html>`;
    pages.push({ url: `/p${i}`, locale: 'zh', file: `p${i}.html` }, { url: `/en/p${i}`, locale: 'en', file: `en/p${i}.html` });
  }
  // Without `<main>`: given to the sink, listed, never sent (as after the render).
  files['p99.html'] = '<html><body><p>无主内容</p></body></html>';
  pages.push({ url: '/p99', locale: 'zh', file: 'p99.html' });
  return { dir: folderWith(files), files, pages: pages.sort((a, b) => (a.url < b.url ? -1 : 1)) };
}

/** A sink that records the paths it is given. */
function recorder(): Sink & { paths: string[] } {
  const paths: string[] = [];
  return {
    paths,
    write: (path) => void paths.push(path),
    copy: (path) => void paths.push(path),
    reuse: (path) => void paths.push(path),
    remove: () => undefined,
    flush: async () => undefined,
  };
}

describe('an index made while the pages render', () => {
  it('ends, for each chosen locale, as the index of the pages written, and leaves the sink its files', async () => {
    const { dir, files, pages } = site(12);
    const into = tempDir();
    const alongside = indexAlongside(into, pages, new Set(['zh', 'en']), LOCALES);
    expect(alongside?.locales).toEqual(['zh', 'en']);
    const sink = recorder();
    const tapped = (alongside as NonNullable<typeof alongside>).tap(sink);
    // In an order of their own, strings and bytes, with other files between them.
    const order = Object.keys(files).reverse();
    for (const [i, path] of order.entries()) {
      tapped.write(path, i % 2 ? Buffer.from(files[path] as string) : (files[path] as string));
      if (i === 3) tapped.copy('images/x.png', '/nowhere');
    }
    await alongside?.done('zh');
    await alongside?.done('en');
    expect(sink.paths).toEqual([...order.slice(0, 4), 'images/x.png', ...order.slice(4)]);

    for (const locale of ['zh', 'en'] as const) {
      const folder = locale === 'zh' ? 'pagefind' : 'en/pagefind';
      const after = join(tempDir(), 'after');
      await indexLocale(dir, locale, pages, LOCALES, after);
      expect(treeDigest(join(into, folder))).toEqual(treeDigest(after));
    }
  });

  it('leaves a locale not chosen to the search stage, and starts nothing when none is chosen', async () => {
    const { files, pages } = site(3);
    const into = tempDir();
    const alongside = indexAlongside(into, pages, new Set(['en']), LOCALES);
    expect(alongside?.locales).toEqual(['en']);
    const tapped = (alongside as NonNullable<typeof alongside>).tap(recorder());
    for (const [path, html] of Object.entries(files)) tapped.write(path, html);
    await alongside?.done('en');
    await expect(alongside?.done('zh')).rejects.toThrow(/not indexed alongside/);
    expect(existsSync(join(into, 'pagefind'))).toBe(false);
    expect(existsSync(join(into, 'en', 'pagefind', 'pagefind-entry.json'))).toBe(true);
    expect(indexAlongside(into, pages, new Set(), LOCALES)).toBeUndefined();
    expect(indexAlongside(into, pages, new Set(['ja']), LOCALES)).toBeUndefined();
  });

  it('writes nothing once stopped, and says so to the search stage', async () => {
    const { files, pages } = site(3);
    const into = tempDir();
    const alongside = indexAlongside(into, pages, new Set(['zh', 'en']), LOCALES);
    const tapped = (alongside as NonNullable<typeof alongside>).tap(recorder());
    tapped.write('p0.html', files['p0.html'] as string);
    await alongside?.stop();
    await expect(alongside?.done('zh')).rejects.toThrow();
    await expect(alongside?.done('en')).rejects.toThrow();
    // Pages given after it stopped go to the sink alone.
    tapped.write('p1.html', files['p1.html'] as string);
    expect(readdirSync(into)).toEqual([]);
  });
});
