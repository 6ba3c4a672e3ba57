/**
 * sitemap.xml and the Atom feeds of a fresh build of the real site: well-formed XML, checked by
 * Chromium's own XML parser, listing every page of both locales and every article.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { launchBrowser } from '../helpers/browser.ts';
import { CONTENT } from '../helpers/cli.ts';
import { sharedSite } from '../helpers/shared-site.ts';
import { pathOf, SPEC_ROUTES } from '../helpers/site.ts';

const BASE = String((parse(readFileSync(join(CONTENT, 'site.yaml'), 'utf8')) as { baseUrl: string }).baseUrl).replace(/\/+$/, '');
const url = (path: string): string => `${BASE}${path}`;
const articlesOf = (locale: 'zh' | 'en'): string[] =>
  readdirSync(join(CONTENT, locale, 'news'))
    .map((f) => `/news/${f.replace(/\.md$/, '')}`)
    .sort();

/** What the browser's XML parser made of a document. */
interface Parsed {
  error: string | null;
  root: string;
  namespace: string | null;
  lang: string | null;
  /** Sitemap: each `<url>` with its `<loc>` and alternates. */
  urls: Array<{ loc: string; alternates: Record<string, string> }>;
  /** Feed: title, updated, self link, and each entry's id, link and updated. */
  feed: {
    title: string;
    updated: string;
    self: string | null;
    entries: Array<{ id: string; link: string | null; title: string; updated: string }>;
  };
}

let out: string;
let browser: Browser;
let page: Page;

/** Parses `xml` with Chromium's DOMParser as application/xml (strict: any error gives <parsererror>). */
function parseXml(xml: string): Promise<Parsed> {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const error = doc.getElementsByTagName('parsererror')[0];
    const SITEMAP = 'http://www.sitemaps.org/schemas/sitemap/0.9';
    const ATOM = 'http://www.w3.org/2005/Atom';
    const XHTML = 'http://www.w3.org/1999/xhtml';
    const text1 = (el: Element, ns: string, name: string): string => el.getElementsByTagNameNS(ns, name)[0]?.textContent ?? '';
    const root = doc.documentElement;
    const direct = (el: Element, name: string): Element[] =>
      [...el.children].filter((c) => c.namespaceURI === ATOM && c.localName === name);
    return {
      error: error ? error.textContent : null,
      root: root.localName,
      namespace: root.namespaceURI,
      lang: root.getAttributeNS('http://www.w3.org/XML/1998/namespace', 'lang'),
      urls: [...doc.getElementsByTagNameNS(SITEMAP, 'url')].map((u) => ({
        loc: text1(u, SITEMAP, 'loc'),
        alternates: Object.fromEntries(
          [...u.getElementsByTagNameNS(XHTML, 'link')].map((l) => [l.getAttribute('hreflang') ?? '', l.getAttribute('href') ?? '']),
        ),
      })),
      feed: {
        title: direct(root, 'title')[0]?.textContent ?? '',
        updated: direct(root, 'updated')[0]?.textContent ?? '',
        self:
          direct(root, 'link')
            .find((l) => l.getAttribute('rel') === 'self')
            ?.getAttribute('href') ?? null,
        entries: direct(root, 'entry').map((e) => ({
          id: direct(e, 'id')[0]?.textContent ?? '',
          title: direct(e, 'title')[0]?.textContent ?? '',
          updated: direct(e, 'updated')[0]?.textContent ?? '',
          link: direct(e, 'link')[0]?.getAttribute('href') ?? null,
        })),
      },
    };
  }, xml);
}

beforeAll(async () => {
  [out, browser] = await Promise.all([sharedSite(), launchBrowser()]);
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
});

describe('the XML check itself', () => {
  it('reports a malformed document', async () => {
    expect((await parseXml('<urlset><url><loc>a & b</loc></url></urlset>')).error).not.toBeNull();
    expect((await parseXml('<feed><title>x</feed>')).error).not.toBeNull();
  });
});

describe('sitemap.xml', () => {
  const read = (): Promise<Parsed> => parseXml(readFileSync(join(out, 'sitemap.xml'), 'utf8'));

  it('is well-formed XML in the sitemap namespace', async () => {
    const sitemap = await read();
    expect(sitemap.error).toBeNull();
    expect([sitemap.root, sitemap.namespace]).toEqual(['urlset', 'http://www.sitemaps.org/schemas/sitemap/0.9']);
  });

  it('lists every page and every article of both locales once, at its canonical URL', async () => {
    // /home is the home page again under another path; its canonical URL is / (and /en), listed instead.
    const routes = [...SPEC_ROUTES.filter((r) => r !== '/home'), ...articlesOf('zh')];
    const expected = (['zh', 'en'] as const).flatMap((locale) => routes.map((route) => url(pathOf(route, locale))));
    expect((await read()).urls.map((u) => u.loc).sort()).toEqual(expected.sort());
  });

  it('gives every URL its zh-CN, en and x-default alternates', async () => {
    for (const entry of (await read()).urls) {
      const zh = entry.loc.replace(`${BASE}/en/`, `${BASE}/`).replace(new RegExp(`^${BASE}/en$`), `${BASE}/`);
      const en = zh === `${BASE}/` ? `${BASE}/en` : zh.replace(`${BASE}/`, `${BASE}/en/`);
      expect(entry.alternates).toEqual({ 'zh-CN': zh, en, 'x-default': zh });
    }
  });

  it('is named by robots.txt', () => {
    expect(readFileSync(join(out, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});

describe.each([
  ['zh', '/news/feed.xml', 'zh-CN'],
  ['en', '/en/news/feed.xml', 'en'],
] as const)('the %s Atom feed', (locale, path, lang) => {
  const read = (): Promise<Parsed> => parseXml(readFileSync(join(out, path), 'utf8'));

  it(`is well-formed Atom at ${path} in ${lang}`, async () => {
    const feed = await read();
    expect(feed.error).toBeNull();
    expect([feed.root, feed.namespace, feed.lang]).toEqual(['feed', 'http://www.w3.org/2005/Atom', lang]);
    expect(feed.feed.self).toBe(url(path));
    expect(feed.feed.title).not.toBe('');
    expect(feed.feed.title).not.toContain('{company}');
  });

  it('has an entry for every article, newest first, and is as new as its newest entry', async () => {
    const { entries, updated } = (await read()).feed;
    expect(entries.map((e) => e.link).sort()).toEqual(articlesOf(locale).map((r) => url(pathOf(r, locale))));
    for (const entry of entries) {
      expect(entry.id).toBe(entry.link);
      expect(entry.title).not.toContain('{company}');
      expect(entry.updated).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
    }
    const dates = entries.map((e) => e.updated);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(updated).toBe(dates[0]);
  });

  it('is linked from the head of every page of its locale', () => {
    for (const route of ['/', '/DROC', '/news', ...articlesOf(locale)]) {
      const file = join(out, `${pathOf(route, locale) === '/' ? 'index' : pathOf(route, locale).slice(1)}.html`);
      expect(readFileSync(file, 'utf8')).toMatch(
        new RegExp(`<link rel="alternate" type="application/atom\\+xml" title="[^"]+" href="${path.replace(/\//g, '\\/')}"/>`),
      );
    }
  });
});
