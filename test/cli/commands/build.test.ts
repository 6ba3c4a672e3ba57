import { readFileSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Element, Root } from 'hast';
import { select, selectAll } from 'hast-util-select';
import { toString } from 'hast-util-to-string';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyContent, readHtml, runCli, tempDir, type CliResult } from '../../helpers/cli.ts';
import { CONSOLES, fileFor, pathOf, SPEC_ROUTES, treeDigest } from '../../helpers/site.ts';

const LOCALES = ['zh', 'en'] as const;
const attr = (node: Element | undefined, name: string): string | undefined => {
  const value = node?.properties[name];
  return value === undefined || value === null ? undefined : Array.isArray(value) ? value.join(' ') : String(value);
};

let out: string;
let result: CliResult;
const pages = new Map<string, Root>();

beforeAll(async () => {
  out = join(tempDir(), 'dist');
  result = await runCli(['build', '--out', out]);
  for (const route of SPEC_ROUTES) {
    for (const locale of LOCALES) {
      const file = fileFor(out, pathOf(route, locale));
      if (file) pages.set(pathOf(route, locale), readHtml(file));
    }
  }
});

describe('ecom-site build on the real content', () => {
  it('succeeds with one summary line', () => {
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Built \d+ pages \(zh \d+, en \d+\) into .+ · 0 warning\(s\)( · stand-in values in site\.yaml: [\w, ]+)? · \d+ ms\n$/,
    );
  });

  it('writes every route of the site (docs/hosting.md, "Output") in both locales', () => {
    const missing = SPEC_ROUTES.flatMap((route) => LOCALES.map((l) => pathOf(route, l))).filter((p) => !pages.has(p));
    expect(missing).toEqual([]);
  });

  it('marks every page with lang and data-route', () => {
    for (const [path, tree] of pages) {
      const html = select('html', tree);
      const locale = path === '/en' || path.startsWith('/en/') ? 'en' : 'zh';
      expect(attr(html, 'lang'), path).toBe(locale === 'en' ? 'en' : 'zh-CN');
      expect(attr(html, 'dataRoute'), path).toMatch(new RegExp(`^[\\w-]+___${locale}$`));
    }
    expect(attr(select('html', pages.get('/en/DROC')!), 'dataRoute')).toBe('DROC___en');
    expect(attr(select('html', pages.get('/')!), 'dataRoute')).toBe('index___zh');
  });

  it('gives every page its head tags', () => {
    for (const [path, tree] of pages) {
      expect(toString(select('title', tree)!).trim(), path).not.toBe('');
      for (const name of ['description', 'keywords', 'viewport']) {
        expect(attr(select(`meta[name="${name}"]`, tree), 'content'), `${path} ${name}`).toBeTruthy();
      }
      expect(attr(select('link[rel="canonical"]', tree), 'href'), path).toMatch(/^https?:\/\//);
      const langs = selectAll('link[rel="alternate"][hreflang]', tree).map((l) => attr(l, 'hrefLang'));
      expect(langs.sort(), path).toEqual(['en', 'x-default', 'zh-CN']);
    }
  });

  it('names console pages by their short name with the full product name in keywords', () => {
    expect(toString(select('title', pages.get('/DROC')!)!)).toBe('DROC');
    expect(attr(select('meta[name="keywords"]', pages.get('/en/DROC')!), 'content')).toMatch(/^Digital Radiography Operating Console/);
    expect(attr(select('meta[name="keywords"]', pages.get('/DROC')!), 'content')).toContain('Digital Radiography Operating Console');
  });

  it('titles the home page with the company name and E-COM', () => {
    expect(toString(select('title', pages.get('/')!)!)).toMatch(/^\S.* E-COM$/);
    expect(toString(select('title', pages.get('/en')!)!)).toMatch(/^\S.* E-COM$/);
  });

  it('carries the page hooks of docs/hosting.md, "Output"', () => {
    for (const [path, tree] of pages) {
      const button = select('header nav button[aria-expanded][aria-controls]', tree);
      expect(button, path).toBeDefined();
      expect(select(`#${attr(button, 'ariaControls')}`, tree), path).toBeDefined();
      const other = path === '/en' || path.startsWith('/en/') ? 'zh-CN' : 'en';
      const switcher = select(`header a[hreflang="${other}"]`, tree);
      expect(switcher, path).toBeDefined();
      expect(select('[role="progressbar"][data-state]', tree), path).toBeDefined();
      expect(select('[role="status"]', tree), path).toBeDefined();
      const backToTop = selectAll('button', tree).find((b) => ['返回顶部', 'Back to top'].includes(toString(b).trim()));
      expect(backToTop, path).toBeDefined();
      expect(selectAll('h1', tree), path).toHaveLength(1);
    }
  });

  it('links the locale switch to the same page in the other locale', () => {
    expect(attr(select('header a[hreflang="en"]', pages.get('/DROC')!), 'href')).toBe('/en/DROC');
    expect(attr(select('header a[hreflang="zh-CN"]', pages.get('/en/company/company')!), 'href')).toBe('/company/company');
    expect(attr(select('header a[hreflang="zh-CN"]', pages.get('/en')!), 'href')).toBe('/');
  });

  it('marks in the menu exactly the links to the page itself, and shows one footer per locale', () => {
    // The menu and the footer are made once per locale (and current link) and reused: each page
    // must still get its own current link, and nothing of another page.
    const footers = new Map<string, string>();
    let current = 0;
    for (const [path, tree] of pages) {
      const locale = path === '/en' || path.startsWith('/en/') ? 'en' : 'zh';
      const marked = selectAll('.main-nav a[aria-current]', tree).map((a) => attr(a, 'href'));
      const own = selectAll('.main-nav a[href]', tree).filter((a) => attr(a, 'href') === path);
      expect(marked, path).toEqual(own.map((a) => attr(a, 'href')));
      expect(new Set(selectAll('.main-nav a[aria-current]', tree).map((a) => attr(a, 'ariaCurrent'))), path).toEqual(
        new Set(marked.length ? ['page'] : []),
      );
      current += marked.length;
      const footer = toString(select('.site-footer', tree) as Element);
      expect(footer.length, path).toBeGreaterThan(100);
      if (!footers.has(locale)) footers.set(locale, footer);
      expect(footer, path).toBe(footers.get(locale));
    }
    expect(current).toBeGreaterThan(40);
    expect(footers.get('zh')).not.toBe(footers.get('en'));
  });

  it('references one hashed stylesheet and one hashed script that exist', () => {
    for (const [path, tree] of pages) {
      const css = selectAll('link[rel="stylesheet"]', tree).map((l) => attr(l, 'href') ?? '');
      const js = selectAll('script[src]', tree)
        .map((s) => attr(s, 'src') ?? '')
        .filter((s) => s.includes('/app.'));
      expect(css, path).toHaveLength(1);
      expect(js, path).toHaveLength(1);
      expect(css[0]).toMatch(/^\/assets\/site\.[0-9a-f]{10}\.css$/);
      expect(js[0]).toMatch(/^\/assets\/app\.[0-9a-f]{10}\.js$/);
      expect(existsSync(join(out, css[0]!)) && existsSync(join(out, js[0]!))).toBe(true);
    }
  });

  it('has no internal link or image that a static host cannot serve', () => {
    const broken: string[] = [];
    for (const [path, tree] of pages) {
      const urls = [
        ...selectAll('a[href]', tree).map((a) => attr(a, 'href')),
        ...selectAll('img[src], link[href], script[src]', tree).map((n) => attr(n, 'src') ?? attr(n, 'href')),
      ];
      for (const url of urls) {
        if (!url?.startsWith('/') || url.startsWith('//')) continue;
        if (!fileFor(out, url)) broken.push(`${path} -> ${url}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('keeps English readers in the English tree', () => {
    const links = selectAll('main a[href^="/"]', pages.get('/en/DR')!).map((a) => attr(a, 'href') ?? '');
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) expect(href).toMatch(/^\/en(\/|$)/);
  });

  it('gives each console page the four feature groups in both locales', () => {
    for (const name of CONSOLES) {
      for (const locale of LOCALES) {
        const tree = pages.get(pathOf(`/${name}`, locale))!;
        const groups = selectAll('[data-group]', tree).map((s) => attr(s, 'dataGroup'));
        expect(groups, `${locale} ${name}`).toEqual([
          'about',
          'patient-management',
          'image-acquisition',
          'image-processing',
          'image-output',
        ]);
      }
    }
  });

  it('gives every page substantial text', () => {
    for (const [path, tree] of pages) {
      const text = toString(select('main', tree)!).replace(/\s+/g, '');
      expect(text.length, path).toBeGreaterThan(path.includes('newsDetail') ? 150 : 300);
    }
  });

  it('writes the 404 pages with the not-found messages in each locale', () => {
    const en = readFileSync(join(out, 'en', '404.html'), 'utf8');
    const zh = readFileSync(join(out, '404.html'), 'utf8');
    expect(en).toContain('This page could not be found');
    expect(en).toContain('Back to the home page');
    expect(en).toContain('<html lang="en"');
    expect(zh).toContain('页面未找到');
    expect(zh).toContain('返回首页');
    expect(zh).toContain('<html lang="zh-CN"');
  });

  it('writes the sitemap, robots.txt and the files of public/', () => {
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).toContain('/en/DROC</loc>');
    expect(readFileSync(join(out, 'robots.txt'), 'utf8')).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
    expect(existsSync(join(out, 'images', 'logo.svg'))).toBe(true);
  });

  it('gives the same bytes for the same input', async () => {
    const again = join(tempDir(), 'dist');
    expect((await runCli(['build', '--out', again, '--quiet'])).code).toBe(0);
    expect(treeDigest(again)).toEqual(treeDigest(out));
    rmSync(again, { recursive: true, force: true });
  });
});

describe('missing translations', () => {
  it('stands the Chinese page in for a missing English one, warns, and fails only with --strict', async () => {
    const content = copyContent();
    rmSync(join(content, 'en', 'DROC.md'));
    const dist = join(tempDir(), 'dist');
    const built = await runCli(['build', '--content', content, '--out', dist]);
    expect(built.code).toBe(0);
    expect(built.stderr).toContain('TRANSLATION_MISSING');
    expect(built.stderr).toMatch(/content\/en\/DROC\.md is missing/);
    const tree = readHtml(join(dist, 'en', 'DROC.html'));
    expect(attr(select('html', tree), 'lang')).toBe('en');
    expect(attr(select('main', tree), 'lang')).toBe('zh-CN');
    expect(attr(select('html', tree), 'dataRoute')).toBe('DROC___en');

    const before = treeDigest(dist);
    const strict = await runCli(['build', '--content', content, '--out', dist, '--strict', '--allow-placeholders']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('STRICT');
    expect(treeDigest(dist)).toEqual(before);
  });

  it('prints a translation report as JSON with --report json', async () => {
    const content = copyContent();
    rmSync(join(content, 'zh', 'law.md'));
    const report = await runCli(['build', '--content', content, '--out', join(tempDir(), 'dist'), '--quiet', '--report', 'json']);
    expect(report.code).toBe(0);
    const data = JSON.parse(report.stdout) as { pages: Array<{ route: string; locales: Record<string, string> }> };
    expect(data.pages.find((p) => p.route === '/law')?.locales).toEqual({ zh: 'fallback', en: 'own' });
    expect(data.pages.find((p) => p.route === '/DROC')?.locales).toEqual({ zh: 'own', en: 'own' });
  });
});
