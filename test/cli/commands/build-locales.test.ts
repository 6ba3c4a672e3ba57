/**
 * A third locale is configuration and content (docs/locales.md): the real site plus Japanese (site.yaml
 * `locales`, content/ja/ with two real pages and its UI text) builds, and every page, the sitemap, the 404
 * pages, the feeds and the summary follow the configured list.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildJapaneseSite, JA_OWN_ROUTES } from '../../helpers/ja-site.ts';

let built: Awaited<ReturnType<typeof buildJapaneseSite>>;
const BASE = 'https://www.e-com.example';

beforeAll(async () => {
  built = await buildJapaneseSite();
}, 120_000);

const html = (file: string): string => readFileSync(join(built.out, file), 'utf8');
const attr = (text: string, pattern: RegExp): string[] => [...text.matchAll(pattern)].map((m) => m[1] ?? '');
const alternates = (text: string): string[] => attr(text, /<link rel="alternate" hreflang="([^"]+)"/g);
const canonical = (text: string): string => attr(text, /<link rel="canonical" href="([^"]+)"/g)[0] ?? '';

/** Every HTML file of the ja tree, relative to the output folder. */
function jaPages(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  return [join(built.out, 'ja.html'), ...walk(join(built.out, 'ja'))].filter((f) => f.endsWith('.html')).map((f) => relative(built.out, f));
}

describe('a site with zh, en and ja', () => {
  it('builds, counting own pages per locale and the stand-ins, and warns once per missing page and text', () => {
    expect(built.code).toBe(0);
    expect(built.stdout).toMatch(/^Built 117 pages \(zh 39, en 39, ja 2; 37 stand-in\(s\)\)/m);
    expect(built.stderr).toContain('content/ja/DROC.md is missing; ');
    expect(built.stderr).toMatch(
      /content\/ja\/_strings\.yaml\s+STRING_FALLBACK\s+The text id "footer\.about" is missing in "ja"; the "en" text stands in/,
    );
    expect(built.stderr).toMatch(/STRING_FALLBACK\s+The text id "cta\.text" is missing in "ja"/);
  });

  it('gives every ja page lang="ja", a ___ja route name, the Japanese chrome and a language list', () => {
    const files = jaPages();
    // 39 routes, the home page's alias /ja/home and its second file ja/index.html, the 404 and search pages.
    expect(files.length).toBe(42);
    for (const file of files) {
      const text = html(file);
      expect(text, file).toMatch(/^<!doctype html><html lang="ja" data-route="[^"]+___ja">/);
      expect(text, file).toContain('<a class="skip-link" href="#main">本文へ移動</a>');
      expect(text, file).toContain('<meta property="og:locale" content="');
      expect(attr(text, /data-locale-switch="([^"]+)"/g), file).toEqual(['zh', 'en', 'ja']);
    }
  });

  it('heads a Japanese page with its own canonical, hreflang for every locale and x-default, and og:locale ja_JP', () => {
    for (const route of JA_OWN_ROUTES) {
      const text = html(`ja${route}.html`);
      expect(canonical(text)).toBe(`${BASE}/ja${route}`);
      expect(alternates(text)).toEqual(['zh-CN', 'en', 'ja', 'x-default']);
      expect(text).toContain(`<link rel="alternate" hreflang="ja" href="${BASE}/ja${route}"/>`);
      expect(text).toContain('<meta property="og:locale" content="ja_JP"/>');
      // The other locales' pages name the Japanese one too.
      expect(alternates(html(`en${route}.html`))).toEqual(['zh-CN', 'en', 'ja', 'x-default']);
      expect(alternates(html(`${route.slice(1)}.html`))).toContain('ja');
    }
  });

  it('heads every Japanese stand-in with the canonical of the English page it shows and no ja alternate', () => {
    const own = new Set([...JA_OWN_ROUTES.map((route) => `ja${route}.html`), 'ja/404.html', 'ja/search.html']);
    const standIns = jaPages().filter((file) => !own.has(file));
    expect(standIns.length).toBe(38);
    for (const file of standIns) {
      const text = html(file);
      expect(canonical(text), file).toMatch(new RegExp(`^${BASE}/en(/|$)`));
      expect(alternates(text), file).not.toContain('ja');
      expect(text, file).toMatch(/<main id="main" tabindex="-1" lang="en"/);
    }
  });

  it('stands the fallback chain in for a missing page: English content, Japanese chrome, canonical to the English page', () => {
    const text = html('ja/DROC.html');
    expect(text).toContain('<main id="main" tabindex="-1" lang="en"');
    expect(canonical(text)).toBe(`${BASE}/en/DROC`);
    expect(alternates(text)).toEqual(['zh-CN', 'en', 'x-default']);
    expect(text).toContain('<meta property="og:locale" content="en_US"/>');
    expect(alternates(html('DROC.html'))).not.toContain('ja');
    // The home page too: /ja is written, in English behind Japanese chrome.
    expect(html('ja.html')).toContain('lang="en" data-template="home"');
    expect(html('ja/index.html')).toBe(html('ja.html'));
  });

  it('links the language list to the same page in every locale, each labelled in its own language', () => {
    const list = /<ul class="language-list"[^>]*>(.*?)<\/ul>/.exec(html('ja/DROC.html'))?.[1] ?? '';
    expect(attr(list, /<a ([^>]+)>/g)).toEqual([
      'href="/DROC" hreflang="zh-CN" lang="zh-CN" data-locale-switch="zh"',
      'href="/en/DROC" hreflang="en" lang="en" data-locale-switch="en"',
      'href="/ja/DROC" hreflang="ja" lang="ja" data-locale-switch="ja" aria-current="page"',
    ]);
    expect(attr(list, /<a [^>]+>([^<]+)</g)).toEqual(['中文', 'English', '日本語']);
    expect(html('DROC.html')).toContain('<span class="visually-hidden">语言: </span>中文</button>');
    expect(html('en/DROC.html')).not.toContain('class="locale-switch" href=');
  });

  it('lists Japanese pages in the sitemap with their alternates, and no stand-in', () => {
    const sitemap = html('sitemap.xml');
    for (const route of JA_OWN_ROUTES) expect(sitemap).toContain(`<loc>${BASE}/ja${route}</loc>`);
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="ja" href="${BASE}/ja/contactUs"/>`);
    expect(sitemap).not.toContain(`<loc>${BASE}/ja/DROC</loc>`);
    expect(sitemap).not.toContain(`<loc>${BASE}/ja</loc>`);
  });

  it('writes a 404 page per locale, each in its language and card', () => {
    for (const [file, lang, title] of [
      ['404.html', 'zh-CN', '页面未找到'],
      ['en/404.html', 'en', 'This page could not be found'],
      ['ja/404.html', 'ja', 'ページが見つかりません'],
    ] as const) {
      const text = html(file);
      expect(text, file).toContain(`<html lang="${lang}"`);
      expect(text, file).toContain(`<h1>${title}</h1>`);
      const card = attr(text, /<meta property="og:image" content="[^"]+(\/assets\/cards\/[^"]+)"/g)[0] ?? '';
      expect(existsSync(join(built.out, card)), card).toBe(true);
    }
  });

  it('writes a search page per locale, each in its language, searching its own index and naming the others', () => {
    for (const [file, lang, title, index, action] of [
      ['search.html', 'zh-CN', '搜索', '/pagefind/', '/search'],
      ['en/search.html', 'en', 'Search', '/en/pagefind/', '/en/search'],
      ['ja/search.html', 'ja', '検索', '/ja/pagefind/', '/ja/search'],
    ] as const) {
      const text = html(file);
      expect(text, file).toContain(`<html lang="${lang}"`);
      expect(text, file).toContain(`<h1>${title}</h1>`);
      expect(text, file).toContain(`data-search-index="${index}"`);
      expect(text, file).toContain(`<form class="search-form" action="${action}" method="get">`);
      const others = JSON.parse(attr(text, /data-search-others="([^"]*)"/g)[0]?.replaceAll('&quot;', '"') ?? '[]') as Array<{
        index: string;
      }>;
      expect(others.map((o) => o.index).sort(), file).toEqual(['/en/pagefind/', '/ja/pagefind/', '/pagefind/'].filter((i) => i !== index));
    }
    expect(existsSync(join(built.out, 'ja', 'pagefind', 'pagefind-entry.json'))).toBe(true);
  });

  it('writes a feed per locale with articles, and Japanese structured data and company name', () => {
    const feed = html('ja/news/feed.xml');
    expect(feed).toContain('xml:lang="ja"');
    expect(feed).toContain(`<link rel="self" type="application/atom+xml" href="${BASE}/ja/news/feed.xml"/>`);
    expect(html('ja/news.html')).toContain('イーカン・テクノロジー');
    const org = /"@type":"Organization".*?"alternateName":(\[[^\]]*\])/.exec(html('ja.html'))?.[1] ?? '';
    expect(JSON.parse(org)).toEqual(['易康科技', 'Yikang Technology']);
  });

  it('tells the root page detection the configured locales, the default first', () => {
    expect(html('index.html')).toMatch(/<script src="\/assets\/detect\.[0-9a-f]+\.js" data-locales="zh:zh-CN en:en ja:ja"><\/script>/);
  });

  it('reports ja in the translation report', async () => {
    const { runCli } = await import('../../helpers/cli.ts');
    const result = await runCli(['build', '--report', '--quiet', '--content', built.content, '--out', built.out]);
    expect(result.stdout).toMatch(/^route\s+zh\s+en\s+ja$/m);
    expect(result.stdout).toMatch(/^\/contactUs\s+own\s+own\s+own$/m);
    expect(result.stdout).toMatch(/^\/DROC\s+own\s+own\s+fallback$/m);
    expect(result.stdout).toContain('text ids missing in ja: cta.text, footer.about');
  });
});
