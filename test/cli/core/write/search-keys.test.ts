/**
 * The key of each locale's search index (cli/core/write/search-keys.ts): it changes when what the index
 * lists changes (a page's URL, title or main content, the locale's language) and only then, and a page file
 * whose key is the one it was read with is not read again.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import type { Locales } from '../../../../cli/core/common/locales.ts';
import type { IndexedPage } from '../../../../cli/core/write/search-index.ts';
import { emptySearchRecord, searchKeys, type SearchRecord } from '../../../../cli/core/write/search-keys.ts';
import { folderWith } from '../../../helpers/temp.ts';
import { random } from '../../../helpers/random.ts';

const LOCALES = DEFAULTS.locales;

/** A page's HTML: a title, a header and footer outside `<main>`, and its main content. */
function html(title: string, main: string, around = 'Header'): string {
  return `<!DOCTYPE html><html><head><title>${title}</title></head><body><header>${around}</header><main id="main"><p>${main}</p></main><footer>${around}</footer></body></html>`;
}

function write(dir: string, path: string, text: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
}

const ZH: IndexedPage = { url: '/DROC', locale: 'zh', file: 'DROC.html' };
const EN: IndexedPage = { url: '/en/DROC', locale: 'en', file: 'en/DROC.html' };

/** The keys of `pages` in `dir`, read cold (nothing known), each file keyed by its path and `stamp`. */
async function coldKeys(dir: string, pages: IndexedPage[], locales: Locales = LOCALES, stamp = '1'): Promise<Map<string, string>> {
  const fileKeys = new Map(pages.map((page) => [page.file, `${page.file}@${stamp}`]));
  return (await searchKeys(dir, pages, fileKeys, {}, locales)).keys;
}

describe('searchKeys', () => {
  it('gives a key to each locale with pages to list, and none to a locale without', async () => {
    const dir = folderWith({ 'DROC.html': html('DROC', '正文') });
    const { keys, docs } = await searchKeys(dir, [ZH], new Map([['DROC.html', 'k1']]), {}, LOCALES);
    expect([...keys.keys()]).toEqual(['zh']);
    expect(keys.get('zh')).toMatch(/^[0-9a-f]{10}$/);
    expect(Object.keys(docs)).toEqual(['DROC.html']);
    expect(docs['DROC.html']?.[0]).toBe('k1');
    expect(emptySearchRecord()).toEqual({ locales: {}, docs: {} });
  });

  it('changes a locale’s key with a page’s title, main content or URL, and with the locale’s language', async () => {
    const base = await coldKeys(folderWith({ 'DROC.html': html('DROC', '正文'), 'en/DROC.html': html('DROC', 'Text') }), [ZH, EN]);
    const changed = async (files: Record<string, string>, pages = [ZH, EN], locales: Locales = LOCALES): Promise<string[]> => {
      const keys = await coldKeys(
        folderWith({ 'DROC.html': html('DROC', '正文'), 'en/DROC.html': html('DROC', 'Text'), ...files }),
        pages,
        locales,
      );
      return ['zh', 'en'].filter((locale) => keys.get(locale) !== base.get(locale));
    };
    expect(await changed({})).toEqual([]);
    expect(await changed({ 'en/DROC.html': html('DROC!', 'Text') })).toEqual(['en']);
    expect(await changed({ 'DROC.html': html('DROC', '正文。') })).toEqual(['zh']);
    expect(await changed({}, [{ ...ZH, url: '/DROC2' }, EN])).toEqual(['zh']);
    const britishEnglish = LOCALES.map((locale) => (locale.code === 'en' ? { ...locale, lang: 'en-GB' } : locale));
    expect(await changed({}, [ZH, EN], britishEnglish)).toEqual(['en']);
  });

  it('keeps a locale’s key when only what lies outside the main content changes, or the file’s key', async () => {
    const pages = [ZH, EN];
    const before = await coldKeys(folderWith({ 'DROC.html': html('DROC', '正文'), 'en/DROC.html': html('DROC', 'Text') }), pages);
    const dir = folderWith({ 'DROC.html': html('DROC', '正文', '页眉'), 'en/DROC.html': html('DROC', 'Text', 'New footer') });
    expect(await coldKeys(dir, pages, LOCALES, '2')).toEqual(before);
  });

  it('records a page without main content as such, and keys it apart from the page with it', async () => {
    const dir = folderWith({ 'DROC.html': '<html><body><p>No main</p></body></html>' });
    const { keys, docs } = await searchKeys(dir, [ZH], new Map([['DROC.html', 'k1']]), {}, LOCALES);
    expect(docs).toEqual({ 'DROC.html': ['k1', '-'] });
    expect(keys.get('zh')).not.toEqual(await coldKeys(folderWith({ 'DROC.html': html('DROC', '') }), [ZH]).then((k) => k.get('zh')));
  });

  it('reuses the document of a page file whose key is the one it was read with, without reading it', async () => {
    const dir = folderWith({ 'DROC.html': html('DROC', '正文'), 'en/DROC.html': html('DROC', 'Text') });
    const fileKeys = new Map([
      ['DROC.html', 'k1'],
      ['en/DROC.html', 'k2'],
    ]);
    const first = await searchKeys(dir, [ZH, EN], fileKeys, {}, LOCALES);
    // Both files gone: a page read again would fail, so the same keys prove neither was read.
    rmSync(join(dir, 'DROC.html'));
    rmSync(join(dir, 'en/DROC.html'));
    const again = await searchKeys(dir, [ZH, EN], fileKeys, first.docs, LOCALES);
    expect(again).toEqual(first);
  });

  it('reads again a page whose file key changed, is unknown, or is missing', async () => {
    const dir = folderWith({ 'DROC.html': html('DROC', '正文'), 'en/DROC.html': html('DROC', 'Text') });
    const known: SearchRecord['docs'] = { 'DROC.html': ['k1', 'stale'], 'en/DROC.html': ['', 'stale'] };
    const read = async (fileKeys: Map<string, string>): Promise<SearchRecord['docs']> =>
      (await searchKeys(dir, [ZH, EN], fileKeys, known, LOCALES)).docs;
    const fresh = (await searchKeys(dir, [ZH, EN], new Map(), {}, LOCALES)).docs;
    const zh = fresh['DROC.html']?.[1];
    const en = fresh['en/DROC.html']?.[1];
    expect(zh).toMatch(/^[0-9a-f]{10}$/);
    expect(fresh).toEqual({ 'DROC.html': ['', zh], 'en/DROC.html': ['', en] });
    expect(await read(new Map([['DROC.html', 'k2']]))).toEqual({ 'DROC.html': ['k2', zh], 'en/DROC.html': ['', en] });
    expect(await read(new Map([['DROC.html', 'k1']]))).toEqual({ 'DROC.html': ['k1', 'stale'], 'en/DROC.html': ['', en] });
  });

  it('fails when a page to read is missing', async () => {
    const dir = folderWith({});
    await expect(searchKeys(dir, [ZH], new Map([['DROC.html', 'k1']]), {}, LOCALES)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('for any pages, edits and reuse: a warm key is the cold one, and it changes exactly with its locale’s text (seeded)', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const next = random(seed);
      const pick = (n: number): number => Math.floor(next() * n);
      // More pages than are read at once, in both locales, some of them without main content.
      const count = 20 + pick(30);
      const pages: IndexedPage[] = Array.from({ length: count }, (_, i) => {
        const locale = next() < 0.5 ? 'zh' : 'en';
        const file = `${locale === 'en' ? 'en/' : ''}p${i}.html`;
        return { url: `/${file.replace(/\.html$/, '')}`, locale, file };
      }).sort((a, b) => (a.url < b.url ? -1 : 1));
      const text = new Map(pages.map((page, i) => [page.file, next() < 0.1 ? '<p>no main</p>' : html(`T${i}`, `Body ${i}`)]));
      const dir = folderWith(Object.fromEntries(text));
      const stamps = new Map(pages.map((page) => [page.file, `${page.file}#0`]));
      const before = await searchKeys(dir, pages, stamps, {}, LOCALES);
      expect(Object.keys(before.docs).sort(), `seed ${seed}`).toEqual(pages.map((p) => p.file).sort());

      // Edit a few pages' main content, new file keys for them; the others keep theirs.
      const edited = new Set<string>();
      for (let e = pick(3); e >= 0; e--) {
        const page = pages[pick(pages.length)] as IndexedPage;
        edited.add(page.locale);
        write(dir, page.file, html('Edited', `Edited ${e} of seed ${seed}`));
        stamps.set(page.file, `${page.file}#${e + 1}`);
      }
      const warm = await searchKeys(dir, pages, stamps, before.docs, LOCALES);
      const cold = await searchKeys(dir, pages, stamps, {}, LOCALES);
      expect(warm, `seed ${seed}`).toEqual(cold);
      const changed = [...warm.keys].filter(([locale, key]) => before.keys.get(locale) !== key).map(([locale]) => locale);
      expect(changed.sort(), `seed ${seed}`).toEqual([...edited].sort());
    }
  });
});
