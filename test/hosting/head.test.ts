/**
 * What search engines and link previews read from every page of the real build: canonical and
 * hreflang links, description, Open Graph and Twitter card, the feed link, and JSON-LD.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Root } from 'hast';
import { select, selectAll } from 'hast-util-select';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONTENT, readHtml } from '../helpers/cli.ts';
import { sharedSite } from '../helpers/shared-site.ts';
import { pathOf, SPEC_ROUTES } from '../helpers/site.ts';

const BASE = String((parse(readFileSync(join(CONTENT, 'site.yaml'), 'utf8')) as { baseUrl: string }).baseUrl).replace(/\/+$/, '');
const ARTICLES = readdirSync(join(CONTENT, 'zh', 'news')).map((f) => `/news/${f.replace(/\.md$/, '')}`);
const PAGES = (['zh', 'en'] as const).flatMap((locale) =>
  [...SPEC_ROUTES, ...ARTICLES].map((route) => ({ locale, route, path: pathOf(route, locale) })),
);

let out: string;
const fileOf = (path: string): string => join(out, path === '/' ? 'index.html' : `${path.slice(1)}.html`);
const meta = (tree: Root, key: string): string | undefined => {
  const el = select(`meta[property="${key}"], meta[name="${key}"]`, tree);
  return el ? String(el.properties.content) : undefined;
};
const jsonLd = (path: string): Array<Record<string, unknown>> =>
  [...readFileSync(fileOf(path), 'utf8').matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );
const types = (path: string): unknown[] => jsonLd(path).map((d) => d['@type']);

beforeAll(async () => {
  out = await sharedSite();
});

describe('the head of every page', () => {
  it.each(PAGES)('$path has canonical, hreflang, description, Open Graph and Twitter card', ({ locale, route, path }) => {
    const tree = readHtml(fileOf(path));
    const canonicalRoute = route === '/home' ? '/' : route;
    const canonical = `${BASE}${pathOf(canonicalRoute, locale) === '/' ? '/' : pathOf(canonicalRoute, locale)}`;
    expect(String(select('link[rel=canonical]', tree)?.properties.href)).toBe(canonical);
    expect(selectAll('link[rel=alternate][hreflang]', tree).map((l) => String(l.properties.hreflang ?? l.properties.hrefLang))).toEqual([
      'zh-CN',
      'en',
      'x-default',
    ]);
    const description = meta(tree, 'description') ?? '';
    expect(description.length).toBeGreaterThan(20);
    expect(meta(tree, 'og:title')).toBe(
      select('title', tree)
        ?.children.map((c) => ('value' in c ? c.value : ''))
        .join(''),
    );
    expect(meta(tree, 'og:description')).toBe(description);
    expect(meta(tree, 'og:url')).toBe(canonical);
    // The page's social card (test/cli/commands/build-cards.test.ts checks the files).
    expect(meta(tree, 'og:image')).toMatch(new RegExp(`^${BASE}/assets/cards/[^/]+___${locale}\\.[0-9a-f]{10}\\.png$`));
    expect(meta(tree, 'og:locale')).toBe(locale === 'zh' ? 'zh_CN' : 'en_US');
    expect(meta(tree, 'og:type')).toBe(ARTICLES.includes(route) ? 'article' : 'website');
    expect(meta(tree, 'twitter:card')).toBe('summary_large_image');
    expect(meta(tree, 'twitter:title')).toBe(meta(tree, 'og:title'));
    expect(meta(tree, 'twitter:image')).toBe(meta(tree, 'og:image'));
    expect(String(select('link[type="application/atom+xml"]', tree)?.properties.href)).toBe(pathOf('/news/feed.xml', locale));
  });

  it('asks search engines not to index the 404 pages', () => {
    for (const file of ['404.html', join('en', '404.html')]) expect(meta(readHtml(join(out, file)), 'robots')).toBe('noindex');
    expect(meta(readHtml(fileOf('/DROC')), 'robots')).toBeUndefined();
  });
});

describe('JSON-LD', () => {
  it('describes the company on the home pages only, with founding year and contact placeholders from site.yaml', () => {
    const site = parse(readFileSync(join(CONTENT, 'site.yaml'), 'utf8')) as {
      company: Record<string, string>;
      phone: string;
      email: string;
    };
    for (const [path, locale] of [
      ['/', 'zh'],
      ['/home', 'zh'],
      ['/en', 'en'],
      ['/en/home', 'en'],
    ] as const) {
      const org = jsonLd(path).find((d) => d['@type'] === 'Organization');
      expect(org).toEqual({
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: site.company[locale],
        alternateName: [site.company[locale === 'zh' ? 'en' : 'zh']],
        url: `${BASE}${locale === 'zh' ? '/' : '/en'}`,
        logo: `${BASE}/images/logo.svg`,
        foundingDate: '1997',
        contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', telephone: site.phone, email: site.email },
      });
    }
    for (const path of ['/DROC', '/en/company', '/en/news']) expect(types(path)).not.toContain('Organization');
  });

  it.each(ARTICLES.flatMap((route) => [pathOf(route, 'zh'), pathOf(route, 'en')]))(
    'describes %s as a NewsArticle under the news list',
    (path) => {
      const [article, crumbs] = jsonLd(path);
      // The date the page shows, to the precision it is known: a day, or a month (ISO 8601, as schema.org's Date takes).
      const date = /<time dateTime="(\d{4}-\d{2}(?:-\d{2})?)"/.exec(readFileSync(fileOf(path), 'utf8'))?.[1];
      expect(date).toBeDefined();
      expect(article).toMatchObject({
        '@type': 'NewsArticle',
        datePublished: date,
        url: `${BASE}${path}`,
        mainEntityOfPage: `${BASE}${path}`,
      });
      expect(String(article?.headline)).not.toContain('{company}');
      const list = path.startsWith('/en/') ? '/en/news' : '/news';
      expect((crumbs?.itemListElement as Array<{ item: string }> | undefined)?.map((c) => c.item)).toEqual([
        `${BASE}${path.startsWith('/en/') ? '/en' : '/'}`,
        `${BASE}${list}`,
        `${BASE}${path}`,
      ]);
    },
  );

  it('places a product under its family with a BreadcrumbList of home, family and product', () => {
    const trail = (path: string): string[] =>
      ((jsonLd(path).find((d) => d['@type'] === 'BreadcrumbList')?.itemListElement ?? []) as Array<{ item: string }>).map((c) =>
        c.item.slice(BASE.length),
      );
    expect(trail('/en/DROC')).toEqual(['/en', '/en/DR', '/en/DROC']);
    expect(trail('/DMOC')).toEqual(['/', '/Mobile', '/DMOC']);
    expect(trail('/en/VetWorkstation')).toEqual(['/en', '/en/VET', '/en/VetWorkstation']);
    expect(trail('/Webview')).toEqual(['/', '/Image', '/Webview']);
    for (const path of ['/DR', '/DIOS', '/en/toms', '/company/company', '/en/contactUs']) expect(trail(path)).toEqual([]);
  });
});
