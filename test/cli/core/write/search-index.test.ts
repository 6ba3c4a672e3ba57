/**
 * What the search index lists and how (cli/core/write/search-index.ts): each page once, at its own route
 * and under the base path, in URL order; the main content and the title of each page; each locale's index
 * folder under its prefix; and Pagefind's index of one locale written into a folder, its UI bundles left out.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import {
  type IndexJob,
  indexedPages,
  indexFolder,
  indexLocale,
  isIndexFile,
  searchDocument,
} from '../../../../cli/core/write/search-index.ts';
import { folderWith } from '../../../helpers/temp.ts';

const LOCALES = DEFAULTS.locales;
const JA = [...LOCALES, { code: 'ja', lang: 'ja', label: '日本語', fallback: 'en', ogLocale: 'ja_JP' }];

function job(locale: string, route: string, over: { fallback?: boolean; at?: string; files?: string[] } = {}): IndexJob {
  const at = over.at ?? route;
  const prefix = locale === 'zh' ? '' : `${locale}/`;
  const files = over.files ?? [`${prefix}${at === '/' ? 'index' : at.slice(1)}.html`];
  return { page: { route, locale, fallback: over.fallback ?? false }, route: at, files };
}

describe('indexedPages', () => {
  it('lists each page once at its own route, in its own language, in URL order', () => {
    const jobs = [
      job('zh', '/'),
      job('zh', '/', { at: '/home' }),
      job('en', '/DROC'),
      job('zh', '/DROC'),
      job('zh', '/about', { fallback: true }),
      job('en', '/empty', { files: [] }),
      job('en', '/'),
    ];
    expect(indexedPages(jobs, LOCALES)).toEqual([
      { url: '/', locale: 'zh', file: 'index.html' },
      { url: '/DROC', locale: 'zh', file: 'DROC.html' },
      { url: '/en', locale: 'en', file: 'en/index.html' },
      { url: '/en/DROC', locale: 'en', file: 'en/DROC.html' },
    ]);
  });

  it('sorts the pages by URL whatever the order of the jobs', () => {
    const routes = ['/a', '/b', '/c', '/d', '/e'];
    const jobs = [...routes].reverse().map((route) => job('zh', route));
    expect(indexedPages([jobs[2], jobs[0], jobs[4], jobs[1], jobs[3]] as IndexJob[], LOCALES).map((p) => p.url)).toEqual(routes);
    expect(indexedPages(jobs, LOCALES).map((p) => p.url)).toEqual(routes);
  });

  it('gives each URL under the base path, percent-encoded, and the first file of a page written twice', () => {
    const jobs = [job('zh', '/关于 我们'), job('en', '/', { files: ['en.html', 'en/index.html'] })];
    expect(indexedPages(jobs, LOCALES, '/preview/pr-1/')).toEqual([
      { url: '/preview/pr-1/%E5%85%B3%E4%BA%8E%20%E6%88%91%E4%BB%AC', locale: 'zh', file: '关于 我们.html' },
      { url: '/preview/pr-1/en', locale: 'en', file: 'en.html' },
    ]);
  });
});

describe('searchDocument', () => {
  it('keeps the title and the main content, marked for Pagefind, in the language given', () => {
    const html =
      '<html><head><meta charset="utf-8"><title lang="x">DROC – E-COM</title></head><body><header><h1>Slogan</h1></header>' +
      '<main id="main"><h1>DROC</h1><main-ish>text</main-ish></main><footer>Footer</footer></body></html>';
    expect(searchDocument(html, 'zh-CN')).toBe(
      '<!DOCTYPE html><html lang="zh-CN"><head><title data-pagefind-meta="title">DROC – E-COM</title></head>' +
        '<body><main data-pagefind-body id="main"><h1>DROC</h1><main-ish>text</main-ish></main></body></html>',
    );
  });

  it('gives a page without a title its main content only, and a page without main content nothing', () => {
    expect(searchDocument('<body><main>A</main></body>', 'en')).toBe(
      '<!DOCTYPE html><html lang="en"><head></head><body><main data-pagefind-body>A</main></body></html>',
    );
    expect(searchDocument('<body><title></title><main>\nA</main></body>', 'en')).toContain('<head></head>');
    expect(searchDocument('<body><mainly>A</mainly></body>', 'en')).toBeUndefined();
    expect(searchDocument('<body><p>A</p></main><main>B</body>', 'en')).toBeUndefined();
    expect(searchDocument('<body><main>A</body>', 'en')).toBeUndefined();
  });
});

describe('index folders', () => {
  it('lie under each locale’s prefix, and own every path inside them', () => {
    expect(JA.map((l) => indexFolder(l.code, JA))).toEqual(['pagefind', 'en/pagefind', 'ja/pagefind']);
    expect(isIndexFile('pagefind/pagefind.js', JA)).toBe(true);
    expect(isIndexFile('ja/pagefind/index/x.pf_index', JA)).toBe(true);
    for (const path of ['pagefind', 'pagefind.html', 'en/pagefinder/x', 'fr/pagefind/x', 'x/pagefind/y'])
      expect(isIndexFile(path, JA), path).toBe(false);
  });
});

/** The text of every page an index folder lists: its fragments, unpacked. */
function indexedText(folder: string): string {
  return readdirSync(join(folder, 'fragment'))
    .map((name) => gunzipSync(readFileSync(join(folder, 'fragment', name))).toString('utf8'))
    .join('\n');
}

const page = (title: string, main: string): string =>
  `<html><head><title>${title}</title></head><body><header>Headerword</header><main><p>${main}</p></main></body></html>`;

describe('indexLocale', () => {
  it('writes the index of one locale’s pages into a folder it empties first, without Pagefind’s UI', async () => {
    const dir = folderWith({
      'DROC.html': page('DROC', '斑马控制台'),
      'en/DROC.html': page('DROC', 'Zebraword console'),
      'en/nomain.html': '<html><body><p>Lonelyword</p></body></html>',
      'en/pagefind/stale.txt': 'left by an earlier index',
    });
    const pages = [
      { url: '/DROC', locale: 'zh', file: 'DROC.html' },
      { url: '/en/DROC', locale: 'en', file: 'en/DROC.html' },
      { url: '/en/nomain', locale: 'en', file: 'en/nomain.html' },
    ];
    const into = join(dir, 'en', 'pagefind');
    expect(await indexLocale(dir, 'en', pages, LOCALES, into)).toBe(2);
    const names = readdirSync(into);
    expect(names).toContain('pagefind.js');
    expect(names.filter((name) => /^pagefind-(ui|component-ui|modular-ui|highlight)|stale/.test(name))).toEqual([]);
    const text = indexedText(into);
    expect(text).toContain('Zebraword');
    expect(text).toContain('/en/DROC');
    expect(text).not.toContain('斑马');
    expect(text).not.toContain('Headerword');
    expect(text).not.toContain('Lonelyword');
  });

  it('segments a locale’s text as the primary language of its tag', async () => {
    const dir = folderWith({ 'DROC.html': page('DROC', '斑马控制台') });
    const locales = LOCALES.map((l) => (l.code === 'zh' ? { ...l, lang: 'ZH-Hans' } : l));
    const into = join(dir, 'pagefind');
    expect(await indexLocale(dir, 'zh', [{ url: '/DROC', locale: 'zh', file: 'DROC.html' }], locales, into)).toBe(1);
    const entry = JSON.parse(readFileSync(join(into, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, unknown> };
    expect(Object.keys(entry.languages)).toEqual(['zh']);
  });

  it('removes the folder of a locale without pages and starts no index', async () => {
    const dir = folderWith({ 'en/pagefind/pagefind.js': '//' });
    expect(await indexLocale(dir, 'en', [], LOCALES, join(dir, 'en', 'pagefind'))).toBe(0);
    expect(existsSync(join(dir, 'en', 'pagefind'))).toBe(false);
  });

  it('fails on a page it cannot read, and writes no index', async () => {
    const dir = folderWith({ 'en/a.html': page('A', 'a') });
    const pages = [
      { url: '/en/a', locale: 'en', file: 'en/a.html' },
      { url: '/en/gone', locale: 'en', file: 'en/gone.html' },
    ];
    await expect(indexLocale(dir, 'en', pages, LOCALES, join(dir, 'en', 'pagefind'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(existsSync(join(dir, 'en', 'pagefind'))).toBe(false);
  });
});
