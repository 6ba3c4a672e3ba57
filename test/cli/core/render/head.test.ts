import { describe, expect, it } from 'vitest';
import { canonicalLocale, collectAlternates } from '../../../../cli/core/render/head.ts';
import { renderSitemap } from '../../../../cli/core/render/sitemap.ts';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';

/** The default locales, zh and en. */
const L = DEFAULTS.locales;

const BASE = 'https://x.test';

describe('collectAlternates', () => {
  it('names every locale and x-default for a page written in both', () => {
    expect(collectAlternates(BASE, '/DROC', ['zh', 'en'], L)).toEqual([
      { hreflang: 'zh-CN', href: `${BASE}/DROC` },
      { hreflang: 'en', href: `${BASE}/en/DROC` },
      { hreflang: 'x-default', href: `${BASE}/DROC` },
    ]);
  });

  it('names only the locales written, x-default the first of them when the default has none', () => {
    expect(collectAlternates(BASE, '/a', ['zh'], L)).toEqual([
      { hreflang: 'zh-CN', href: `${BASE}/a` },
      { hreflang: 'x-default', href: `${BASE}/a` },
    ]);
    expect(collectAlternates(BASE, '/a', ['en'], L)).toEqual([
      { hreflang: 'en', href: `${BASE}/en/a` },
      { hreflang: 'x-default', href: `${BASE}/en/a` },
    ]);
  });
});

describe('canonicalLocale', () => {
  it("is the page's own locale, or the one a stand-in comes from", () => {
    expect(canonicalLocale({ locale: 'en', fallback: false, source: { locale: 'en' } })).toBe('en');
    expect(canonicalLocale({ locale: 'en', fallback: true, source: { locale: 'zh' } })).toBe('zh');
    // A stand-in's canonical is the page it is taken from, the first of its chain with one (ja -> en -> zh).
    expect(canonicalLocale({ locale: 'ja', fallback: true, source: { locale: 'en' } })).toBe('en');
  });
});

describe('renderSitemap', () => {
  it('lists each route in the locales written, with those as alternates', () => {
    const xml = renderSitemap(
      BASE,
      [
        { route: '/b', locales: ['en'] },
        { route: '/a', locales: ['zh', 'en'] },
      ],
      L,
    );
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([`${BASE}/a`, `${BASE}/en/a`, `${BASE}/en/b`]);
    expect(xml).not.toContain(`"${BASE}/b"`);
  });
});
