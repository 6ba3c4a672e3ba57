/**
 * Edges of cli/core/common/routes.ts the other tests leave out, found by a mutation run (docs/testing.md,
 * "Mutation testing"): routes and link paths at their boundaries.
 */
import { describe, expect, it } from 'vitest';
import type { Locales } from '../../../../cli/core/common/locales.ts';
import {
  canonicalRoute,
  checkFileRoute,
  findCaseCollisions,
  normaliseLinkPath,
  parseSitePath,
  routeFromFile,
  routesOfPage,
  SEARCH_PAGE,
  SITE_PAGES,
  sitePagesOf,
} from '../../../../cli/core/common/routes.ts';

const LOCALES: Locales = [
  { code: 'zh', lang: 'zh-CN', label: '中文', ogLocale: 'zh_CN' },
  { code: 'en', lang: 'en', label: 'English', ogLocale: 'en_US' },
  { code: 'ja', lang: 'ja-JP', label: '日本語', ogLocale: 'ja_JP', fallback: 'en' },
];

describe('routes', () => {
  it('writes the home page at / and its alias, which is / again', () => {
    expect(routesOfPage('/')).toEqual(['/', '/home']);
    expect(routesOfPage('/DROC')).toEqual(['/DROC']);
    expect(canonicalRoute('/home')).toBe('/');
    expect(canonicalRoute('/DROC')).toBe('/DROC');
  });

  it('leaves the search page out of a site without search', () => {
    expect(sitePagesOf({})).toBe(SITE_PAGES);
    expect(sitePagesOf({ search: true })).toBe(SITE_PAGES);
    expect(sitePagesOf({ search: false }).map((p) => p.route)).toEqual(['/404']);
    expect(SITE_PAGES).toContain(SEARCH_PAGE);
  });

  it('drops only the final .md of a file name', () => {
    expect(routeFromFile('v1.md-notes.md')).toBe('/v1.md-notes');
    expect(checkFileRoute('.md-x/a.md', LOCALES)?.message).toBe(
      'The name ".md-x" becomes ".md-x" in the URL, which starts with "." (hidden files are never served).',
    );
  });

  it('says why a file name makes no route: a hidden segment, one over 250 bytes, a reserved route', () => {
    expect(checkFileRoute(`${'a'.repeat(250)}.md`, LOCALES)).toBeNull();
    expect(checkFileRoute(`${'a'.repeat(251)}.md`, LOCALES)).toEqual({
      code: 'FILE_NAME_INVALID',
      message: `The name "${'a'.repeat(251)}" is 251 bytes long in UTF-8; a URL segment may have at most 250.`,
    });
    expect(checkFileRoute('assets/logo.md', LOCALES)).toEqual({
      code: 'ROUTE_RESERVED',
      message: 'The route /assets/logo is reserved: the build generates /assets itself.',
    });
    expect(checkFileRoute('products/pagefind.md', LOCALES)).toEqual({
      code: 'ROUTE_RESERVED',
      message: "The route /products/pagefind is reserved: /<folder>/pagefind is where a locale's search lives (docs/search.md).",
    });
  });

  it('finds the default locale of a path that starts with its own code', () => {
    expect(parseSitePath('/zh/DROC', LOCALES)).toEqual({ route: '/zh/DROC', locale: 'zh' });
    expect(parseSitePath('/ja', LOCALES)).toEqual({ route: '/', locale: 'ja' });
  });

  it('normalises link paths: trailing slashes, .html, index.html, nothing', () => {
    expect(normaliseLinkPath('/en/DROC.html')).toBe('/en/DROC');
    expect(normaliseLinkPath('/en//')).toBe('/en');
    expect(normaliseLinkPath('/index.html')).toBe('/');
    expect(normaliseLinkPath('/en/index.html')).toBe('/en');
    expect(normaliseLinkPath('')).toBe('/');
    expect(normaliseLinkPath('/')).toBe('/');
  });

  it('reports each pair of spellings that meet, and folds case as file systems do, not by upper case', () => {
    const found = findCaseCollisions([
      { route: '/Ab', file: 'a.md' },
      { route: '/ab', file: 'b.md' },
      { route: '/AB', file: 'c.md' },
      { route: '/straße', file: 'd.md' },
      { route: '/STRASSE', file: 'e.md' },
    ]);
    expect(found.map((c) => [c.first.file, c.second.file, ...c.spellings])).toEqual([
      ['a.md', 'b.md', '/Ab', '/ab'],
      ['a.md', 'c.md', '/Ab', '/AB'],
    ]);
  });
});
