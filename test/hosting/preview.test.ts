/**
 * A preview of the real site (docs/hosting.md, "Previews"): the content built for `/preview/pr-12/`, laid
 * out as a host holds it (`<root>/preview/pr-12/`) and served by the shipped nginx block. Every URL the
 * build writes stays under the base path; nginx answers every page there, the preview's own 404 pages and
 * the search's policy; linkinator crawls it without a broken link or a request outside the base path;
 * in Chromium the client script's navigation, prefetch, locale switch and root detection, the error
 * state and the search work there. One nginx and one browser for the whole file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_CSP, SITE_CSP } from '../../cli/core/serve/csp.ts';
import { pagePath } from '../../cli/core/serve/linkcheck.ts';
import { clickNewLink, hasMarker, launchBrowser, markWindow, reportCspViolations, routeOf, waitForRoute } from '../helpers/browser.ts';
import { runCli } from '../helpers/cli.ts';
import { crawl } from '../helpers/crawl.ts';
import { startNginx, type Nginx } from '../helpers/nginx.ts';
import { resultLinks, waitForAnswer } from '../helpers/search.ts';
import { PREVIEW_BASE_PATH, sharedPreviewSite } from '../helpers/shared-site.ts';

const PREFIX = PREVIEW_BASE_PATH.slice(0, -1);
const BASE_URL = 'https://www.e-com.example';

let root: string;
let dir: string;
let nginx: Nginx;
let browser: Browser;

beforeAll(async () => {
  ({ root, dir } = await sharedPreviewSite());
  [nginx, browser] = await Promise.all([startNginx(root), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await nginx?.stop();
});

const get = (path: string): Promise<Response> => fetch(`${nginx.url}${path}`, { redirect: 'manual' });
const files = (pattern: string): string[] => fg.sync(pattern, { cwd: dir, onlyFiles: true }).sort();

/** Every URL a file writes: attributes (`srcset` lists split), Atom/sitemap links, JSON-LD and CSS `url()`. */
function urlsIn(text: string): string[] {
  const found: string[] = [];
  for (const [, name, value = ''] of text.matchAll(/\s([a-zA-Z-]+)="([^"]*)"/g)) {
    const decoded = value.replaceAll('&amp;', '&').replaceAll('&quot;', '"');
    if (/^(srcset|imagesrcset)$/i.test(name ?? '')) found.push(...decoded.split(',').map((part) => part.trim().split(/\s+/)[0] ?? ''));
    else if (name === 'data-search-others') found.push(...[...decoded.matchAll(/"(?:href|index)":"([^"]*)"/g)].map((m) => m[1] ?? ''));
    else if (name === 'data-articles') found.push(...decoded.split(' ').map((pair) => pair.split('=')[1] ?? ''));
    else if (/^(href|src|action|content|data-search|data-search-box|data-search-index|data-base-path)$/i.test(name ?? ''))
      found.push(decoded);
  }
  found.push(
    ...[...text.matchAll(/<loc>([^<]*)<\/loc>|<id>([^<]*)<\/id>|"(?:url|logo|image|@id|item)":"([^"]*)"|url\(([^)]*)\)/g)].map(
      (m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? '',
    ),
  );
  return found.filter((url) => url.startsWith('/') || url.startsWith('http'));
}

describe('the preview build', () => {
  it('writes every URL of every page, feed, sitemap and stylesheet under the base path', () => {
    const outside: string[] = [];
    let checked = 0;
    for (const file of files('**/*.{html,xml,css,txt}')) {
      if (file.includes('pagefind/')) continue;
      for (const url of urlsIn(readFileSync(join(dir, file), 'utf8'))) {
        checked++;
        const site = url.startsWith(BASE_URL) ? url.slice(BASE_URL.length) : url.startsWith('/') ? url : undefined;
        // Links to other sites (the filing registers) are theirs.
        if (site !== undefined && !(site === PREVIEW_BASE_PATH || site.startsWith(`${PREFIX}/`))) outside.push(`${file}: ${url}`);
      }
    }
    expect(outside).toEqual([]);
    expect(checked).toBeGreaterThan(5000);
  });

  it('asks search engines to index nothing: noindex on every page, no page in the sitemap, robots.txt disallows', () => {
    const pages = files('**/*.html');
    expect(pages.length).toBeGreaterThanOrEqual(80);
    const indexable = pages.filter((file) => !readFileSync(join(dir, file), 'utf8').includes('<meta name="robots" content="noindex"/>'));
    expect(indexable).toEqual([]);
    expect(readFileSync(join(dir, 'sitemap.xml'), 'utf8')).not.toContain('<url>');
    expect(readFileSync(join(dir, 'robots.txt'), 'utf8')).toBe(`User-agent: *\nDisallow: /\n\nSitemap: ${BASE_URL}${PREFIX}/sitemap.xml\n`);
  });

  it('passes ecom-site check, which serves it at its base path', async () => {
    const result = await runCli(['check', '--out', dir]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/Checked \d+ links on \d+ pages .* 0 broken/);
    expect(result.code).toBe(0);
  });
});

describe('the preview on the shipped nginx block', () => {
  it('answers every page of the build at its path under the base path, and nothing outside it', async () => {
    const wrong: string[] = [];
    for (const file of files('**/*.html')) {
      if (file.endsWith('404.html')) continue;
      const path = `${PREFIX}${pagePath(file) === '/' ? '/' : encodeURI(pagePath(file))}`;
      const response = await get(path);
      if (response.status !== 200) wrong.push(`${path} ${response.status}`);
    }
    expect(wrong).toEqual([]);
    for (const path of ['/', '/DROC', '/en/DROC', '/preview/pr-13/']) expect([path, (await get(path)).status]).toEqual([path, 404]);
  });

  it("answers an unknown path with the preview's 404 page of its locale", async () => {
    for (const [path, lang] of [
      [`${PREFIX}/no-such-page`, 'zh-CN'],
      [`${PREFIX}/en/no-such-page`, 'en'],
      [`${PREFIX}/company/no-such-page`, 'zh-CN'],
    ] as const) {
      const response = await get(path);
      const html = await response.text();
      expect([path, response.status]).toEqual([path, 404]);
      expect(html).toContain(
        `<html lang="${lang}" data-route="404___${lang === 'en' ? 'en' : 'zh'}" data-base-path="${PREVIEW_BASE_PATH}">`,
      );
    }
  });

  it('sends the search policy, asset caching and the feed type under the base path', async () => {
    for (const [path, csp] of [
      [`${PREFIX}/search`, SEARCH_CSP],
      [`${PREFIX}/en/search`, SEARCH_CSP],
      [`${PREFIX}/pagefind/pagefind-worker.js`, SEARCH_CSP],
      [`${PREFIX}/en/pagefind/pagefind-worker.js`, SEARCH_CSP],
      [`${PREFIX}/`, SITE_CSP],
      [`${PREFIX}/en/DROC`, SITE_CSP],
    ] as const) {
      const response = await get(path);
      expect([path, response.status, response.headers.get('content-security-policy')]).toEqual([path, 200, csp]);
    }
    const css = `${PREFIX}/assets/${files('assets/site.*.css')[0]?.slice('assets/'.length)}`;
    expect((await get(css)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get(`${PREFIX}/en/news/feed.xml`)).headers.get('content-type')).toMatch(/^application\/atom\+xml/);
  });

  it('is crawled by linkinator from its root without a broken link or a request outside the base path', async () => {
    const { broken, requested: local } = await crawl(`${nginx.url}${PREVIEW_BASE_PATH}`, nginx.url);
    expect(broken).toEqual([]);
    expect(local.filter((url) => !url.startsWith(`${nginx.url}${PREFIX}/`))).toEqual([]);
    expect(local.length).toBeGreaterThan(200);
  });
});

describe('the preview in Chromium', () => {
  /** A context whose same-origin requests are recorded, with CSP violations and script errors as console errors. */
  async function open(locale = 'zh-CN'): Promise<{ context: BrowserContext; requests: string[]; errors: string[] }> {
    const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
    await reportCspViolations(context);
    const requests: string[] = [];
    const errors: string[] = [];
    context.on('request', (request) => {
      if (request.url().startsWith(nginx.url)) requests.push(request.url().slice(nginx.url.length));
    });
    context.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    context.on('weberror', (error) => errors.push(error.error().message));
    return { context, requests, errors };
  }

  it('navigates, prefetches, switches locale and shows the error state without leaving the base path', async () => {
    const { context, requests, errors } = await open();
    const page = await context.newPage();
    await page.goto(`${nginx.url}${PREVIEW_BASE_PATH}`);
    expect(await routeOf(page)).toBe('index___zh');
    await markWindow(page);
    // Hovering prefetches; the click then loads the page by script (the window survives).
    await page.hover(`a.nav-link[href="${PREFIX}/company"]`);
    await page.click(`a.nav-link[href="${PREFIX}/company"]`);
    await waitForRoute(page, 'company___zh');
    expect(page.url()).toBe(`${nginx.url}${PREFIX}/company`);
    expect(await hasMarker(page)).toBe(true);
    await page.goBack();
    await waitForRoute(page, 'index___zh');
    expect(page.url()).toBe(`${nginx.url}${PREVIEW_BASE_PATH}`);

    await page.click('a[data-locale-switch]');
    await waitForRoute(page, 'index___en');
    expect(page.url()).toBe(`${nginx.url}${PREFIX}/en`);
    expect(await hasMarker(page)).toBe(true);
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('en');

    await clickNewLink(page, `${PREFIX}/en/no-such-page`);
    await page.waitForSelector('main[data-error="404"]');
    expect(await page.getAttribute('main[data-error="404"] a.button', 'href')).toBe(`${PREFIX}/en`);
    await page.click('main[data-error="404"] a.button');
    await waitForRoute(page, 'index___en');

    expect(requests.filter((path) => !path.startsWith(`${PREFIX}/`))).toEqual([]);
    expect(requests.length).toBeGreaterThan(5);
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
    await context.close();
  });

  it("sends an English reader of the preview's root to the preview's English home", async () => {
    const { context, requests } = await open('en-US');
    const page = await context.newPage();
    await page.goto(`${nginx.url}${PREVIEW_BASE_PATH}`);
    await page.waitForURL(`${nginx.url}${PREFIX}/en`);
    expect(await routeOf(page)).toBe('index___en');
    // Every other path is left alone, under the base path as at the root.
    await page.goto(`${nginx.url}${PREFIX}/DROC`);
    expect(await routeOf(page)).toBe('DROC___zh');
    expect(requests.filter((path) => !path.startsWith(`${PREFIX}/`))).toEqual([]);
    await context.close();
  });

  it('searches the preview, its results and their pages under the base path', async () => {
    const { context, requests, errors } = await open('en-US');
    const page = await context.newPage();
    await page.goto(`${nginx.url}${PREFIX}/en/search?q=mammography`);
    await waitForAnswer(page);
    const links = await resultLinks(page);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((href) => href !== `${PREFIX}/en` && !href.startsWith(`${PREFIX}/en/`))).toEqual([]);
    await markWindow(page);
    await page.click('.search-results > li h2 a');
    await page.waitForURL(`${nginx.url}${links[0]}`);
    expect(await hasMarker(page)).toBe(true);
    expect(requests.some((path) => path.startsWith(`${PREFIX}/en/pagefind/`))).toBe(true);
    expect(requests.filter((path) => !path.startsWith(`${PREFIX}/`))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
