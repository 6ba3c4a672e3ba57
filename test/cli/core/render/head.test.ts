import { describe, expect, it } from 'vitest';
import { canonicalLocale, collectAlternates } from '../../../../cli/core/render/head.ts';
import { renderSitemap } from '../../../../cli/core/render/sitemap.ts';

const BASE = 'https://x.test';

describe('collectAlternates', () => {
  it('names every locale and x-default for a page written in both', () => {
    expect(collectAlternates(BASE, '/DROC')).toEqual([
      { hreflang: 'zh-CN', href: `${BASE}/DROC` },
      { hreflang: 'en', href: `${BASE}/en/DROC` },
      { hreflang: 'x-default', href: `${BASE}/DROC` },
    ]);
  });

  it('names only the locales written, x-default the first of them when the default has none', () => {
    expect(collectAlternates(BASE, '/a', ['zh'])).toEqual([
      { hreflang: 'zh-CN', href: `${BASE}/a` },
      { hreflang: 'x-default', href: `${BASE}/a` },
    ]);
    expect(collectAlternates(BASE, '/a', ['en'])).toEqual([
      { hreflang: 'en', href: `${BASE}/en/a` },
      { hreflang: 'x-default', href: `${BASE}/en/a` },
    ]);
  });
});

describe('canonicalLocale', () => {
  it("is the page's own locale, or the one a stand-in comes from", () => {
    expect(canonicalLocale('en', ['zh', 'en'])).toBe('en');
    expect(canonicalLocale('en', ['zh'])).toBe('zh');
    expect(canonicalLocale('zh', ['en'])).toBe('en');
  });
});

describe('renderSitemap', () => {
  it('lists each route in the locales written, with those as alternates', () => {
    const xml = renderSitemap(BASE, [
      { route: '/b', locales: ['en'] },
      { route: '/a', locales: ['zh', 'en'] },
    ]);
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([`${BASE}/a`, `${BASE}/en/a`, `${BASE}/en/b`]);
    expect(xml).not.toContain(`"${BASE}/b"`);
  });
});
