import { describe, expect, it } from 'vitest';
import { isHashed, keyOf, urlPathOf } from '../../../../cli/core/deploy/keys.ts';

describe('keyOf', () => {
  it('stores pages at their clean URL, as the nginx block serves them', () => {
    expect(keyOf('DROC.html', '')).toBe('DROC');
    expect(keyOf('en.html', '')).toBe('en');
    expect(keyOf('en/DROC.html', '')).toBe('en/DROC');
    expect(keyOf('company/company.html', 'site/')).toBe('site/company/company');
  });

  it('keeps the names of index documents, 404 pages and every other file', () => {
    expect(keyOf('index.html', '')).toBe('index.html');
    expect(keyOf('en/index.html', '')).toBe('en/index.html');
    expect(keyOf('404.html', '')).toBe('404.html');
    expect(keyOf('en/404.html', 'p/')).toBe('p/en/404.html');
    expect(keyOf('assets/app.7661b60f91.js', '')).toBe('assets/app.7661b60f91.js');
    expect(keyOf('sitemap.xml', '')).toBe('sitemap.xml');
  });
});

describe('urlPathOf', () => {
  it('gives the path a visitor (and a CDN purge) uses', () => {
    expect(urlPathOf('DROC', '')).toBe('/DROC');
    expect(urlPathOf('index.html', '')).toBe('/');
    expect(urlPathOf('site/en/index.html', 'site/')).toBe('/en/');
    expect(urlPathOf('site/en', 'site/')).toBe('/en');
  });
});

describe('isHashed', () => {
  it('knows content-hashed files under assets/ only', () => {
    expect(isHashed('assets/site.39036747fc.css')).toBe(true);
    expect(isHashed('assets/cards/DROC___en.7a1ca03e5c.png')).toBe(true);
    expect(isHashed('assets/logo.svg')).toBe(false);
    expect(isHashed('images/hero.39036747fc.svg')).toBe(false);
  });

  it("knows the search index's content-named chunks, not its fixed-name entry files", () => {
    expect(isHashed('pagefind/fragment/zh_46b1cbd.pf_fragment')).toBe(true);
    expect(isHashed('en/pagefind/index/en_9b18c6f.pf_index')).toBe(true);
    expect(isHashed('en/pagefind/pagefind.en_9b18c6ff8d.pf_meta')).toBe(true);
    expect(isHashed('pagefind/pagefind-entry.json')).toBe(false);
    expect(isHashed('pagefind/pagefind.js')).toBe(false);
    expect(isHashed('en/pagefind/wasm.en.pagefind')).toBe(false);
  });
});
