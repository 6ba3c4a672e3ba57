/**
 * The shipped nginx configuration on real nginx, serving a build of the real site:
 * every route at its exact path, 404 pages by locale, caching, gzip, security headers, the
 * Content-Security-Policy of cli/core/serve/csp.ts (WebAssembly for the search only), and the site and its
 * search working in Chromium under that policy, with the bytes one query fetches measured.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join, relative, sep } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_CSP, SEARCH_PATHS, SITE_CSP } from '../../cli/core/serve/csp.ts';
import { launchBrowser, reportCspViolations } from '../helpers/browser.ts';
import { CONTENT, ROOT } from '../helpers/cli.ts';
import { startNginx, type Nginx } from '../helpers/nginx.ts';
import { resultLinks, waitForAnswer } from '../helpers/search.ts';
import { sharedSite } from '../helpers/shared-site.ts';
import { pathOf, SPEC_ROUTES } from '../helpers/site.ts';

const LANG = { zh: 'zh-CN', en: 'en' } as const;
const CSP = SITE_CSP;
const SECURITY_HEADERS = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/** Every article route, from the content folder. */
const ARTICLES = readdirSync(join(CONTENT, 'zh', 'news')).map((file) => `/news/${file.replace(/\.md$/, '')}`);
const PATHS = (['zh', 'en'] as const).flatMap((locale) =>
  [...SPEC_ROUTES, ...ARTICLES].map((route) => ({ locale, path: pathOf(route, locale) })),
);

const langOf = (html: string): string | undefined => /<html lang="([^"]+)"/.exec(html)?.[1];

let out: string;
let nginx: Nginx;

beforeAll(async () => {
  out = await sharedSite();
  nginx = await startNginx(out);
});

afterAll(async () => {
  await nginx?.stop();
});

const get = (path: string, init: RequestInit = {}): Promise<Response> => fetch(`${nginx.url}${path}`, { redirect: 'manual', ...init });

describe('routes on the shipped nginx configuration', () => {
  it.each(PATHS)('serves $path with 200, no redirect and lang of $locale', async ({ locale, path }) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(langOf(await response.text())).toBe(LANG[locale]);
  });

  it('serves /en and /company, which are also folders, without a redirect to a trailing slash', async () => {
    for (const path of ['/en', '/company', '/en/company', '/news', '/en/news']) {
      const response = await get(path);
      expect([path, response.status, response.headers.get('location')]).toEqual([path, 200, null]);
    }
  });

  it.each([
    ['/no-such-page', 'zh-CN'],
    ['/DROC/extra', 'zh-CN'],
    ['/assets/missing.0000000000.js', 'zh-CN'],
    ['/en/no-such-page', 'en'],
    ['/en/DROC/extra', 'en'],
  ])('answers %s with 404 and the %s 404 page', async (path, lang) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(langOf(html)).toBe(lang);
    expect(html).toContain(lang === 'en' ? 'This page could not be found' : 'data-route="404___zh"');
  });

  it('does not serve dotfiles such as the output marker', async () => {
    expect(existsSync(join(out, '.ecom-site'))).toBe(true);
    expect((await get('/.ecom-site')).status).toBe(404);
    expect((await get('/en/.ecom-site')).status).toBe(404);
  });

  it('lists no directory', async () => {
    for (const path of ['/assets/', '/images/', '/company/']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('Index of');
    }
  });

  it('answers only GET and HEAD', async () => {
    expect((await get('/DROC', { method: 'HEAD' })).status).toBe(200);
    for (const method of ['POST', 'PUT', 'DELETE']) expect((await get('/DROC', { method })).status).toBe(405);
  });

  it('serves the sitemap, robots.txt and the Atom feeds', async () => {
    expect((await get('/sitemap.xml')).status).toBe(200);
    expect((await get('/robots.txt')).status).toBe(200);
    for (const path of ['/news/feed.xml', '/en/news/feed.xml']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
    }
  });
});

describe('headers on the shipped nginx configuration', () => {
  // Every hashed file under /assets/, the photos' (assets/img/) and the social cards' (assets/cards/) too.
  const assets = (): string[] =>
    readdirSync(join(out, 'assets'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${relative(out, join(entry.parentPath, entry.name)).split(sep).join('/')}`)
      .map((path) => encodeURI(path));

  it('caches hashed assets for a year as immutable', async () => {
    expect(assets().length).toBeGreaterThanOrEqual(3);
    expect(assets().some((path) => path.startsWith('/assets/img/'))).toBe(true);
    expect(assets().some((path) => path.startsWith('/assets/cards/'))).toBe(true);
    for (const path of assets()) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('makes HTML, 404 pages and unhashed files revalidate', async () => {
    for (const path of ['/', '/en/DROC', '/no-such-page', '/en/no-such-page', '/assets/missing.js', '/sitemap.xml', '/images/logo.svg']) {
      expect([path, (await get(path)).headers.get('cache-control')]).toEqual([path, 'no-cache']);
    }
  });

  it('sends the security headers on every response, errors included', async () => {
    const responses = [
      await get('/'),
      await get('/en/DROC'),
      await get(assets()[0] ?? ''),
      await get('/no-such-page'),
      await get('/en/nope'),
      await get('/', { method: 'POST' }),
    ];
    for (const response of responses) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect([response.url, name, response.headers.get(name)]).toEqual([response.url, name, value]);
    }
  });

  it('compresses text with gzip', async () => {
    const css = assets().find((path) => path.endsWith('.css')) ?? '';
    const js = assets().find((path) => /\/app\.[^/]+\.js$/.test(path)) ?? '';
    for (const path of ['/en/DROC', css, js, '/sitemap.xml', '/en/news/feed.xml', '/images/hero.svg']) {
      // Node's fetch always offers gzip and decodes it; the header shows what nginx sent.
      const response = await get(path, { headers: { 'accept-encoding': 'gzip' } });
      expect([path, response.headers.get('content-encoding')]).toEqual([path, 'gzip']);
      expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i);
    }
  });
});

/** A page in a new context whose console errors, uncaught exceptions and CSP violations are collected. */
async function openWatched(browser: Browser, locale: string): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    // The 404 page's own document answers 404, which Chromium logs as a failed resource load.
    if (message.type() === 'error' && !/status of 404/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await reportCspViolations(context);
  return { context, page, problems };
}

/**
 * Starts recording the requests of the context's pages, Pagefind's worker's included; the returned function
 * waits until every request recorded has finished and gives their URL paths (with the query string), in order.
 */
function recordRequests(context: BrowserContext): () => Promise<string[]> {
  const started: string[] = [];
  let ended = 0;
  context.on('request', (request) => started.push(new URL(request.url()).pathname + new URL(request.url()).search));
  context.on('requestfinished', () => ended++);
  context.on('requestfailed', () => ended++);
  return async () => {
    await expect.poll(() => ended).toBe(started.length);
    return started;
  };
}

/**
 * The bytes of the body nginx sends for `path` to a browser (which accepts gzip), as sent: compressed where
 * nginx compresses. Counted here rather than in the browser, which does not report the size of a worker's
 * own script.
 */
function sentBytes(path: string): Promise<number> {
  return new Promise((done, fail) => {
    httpGet(`${nginx.url}${path}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => done(bytes));
      response.on('error', fail);
    }).on('error', fail);
  });
}

/** What one query may fetch through nginx: a generous ceiling, so that a change that multiplies it fails. */
const QUERY_BUDGET = 300 * 1024;

describe('the site in Chromium under the shipped Content-Security-Policy', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['/', 'zh-CN'],
    ['/en', 'en-US'],
    ['/en/DROC', 'en-US'],
    ['/news/radiology-trade-show-2024', 'zh-CN'],
    ['/en/no-such-page', 'en-US'],
  ])('loads %s with its scripts and styles and no CSP violation or console error', async (path, locale) => {
    const { context, page, problems } = await openWatched(browser, locale);
    const response = await page.goto(`${nginx.url}${path}`, { waitUntil: 'load' });
    expect(response?.headers()['content-security-policy']).toBe(CSP);
    // The stylesheet applied, and the deferred app script runs: the menu button toggles aria-expanded.
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
    const button = page.locator('[data-menu] button[aria-controls]').first();
    await button.click();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    expect(loaded.filter((p) => /^\/assets\/(app|site)\.[0-9a-f]+\.(js|css)$/.test(p))).toHaveLength(2);
    // What the page does once loaded has run, idle-time work included (idle callbacks run in the order
    // asked, this one last), and any violation it caused has been reported (one task later).
    await page.evaluate(() => new Promise<void>((settled) => requestIdleCallback(() => setTimeout(settled, 0))));
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ['/search', '乳腺', 'zh-CN'],
    ['/en/search', 'mammography', 'en-US'],
  ])('runs a query on %s (%s) with no CSP violation, and fetches less than the budget for it', async (path, query, locale) => {
    const { context, page, problems } = await openWatched(browser, locale);
    const response = await page.goto(`${nginx.url}${path}`, { waitUntil: 'load' });
    expect(response?.headers()['content-security-policy']).toBe(SEARCH_CSP);
    // The search script has mounted (it loads with the page); what the query fetches starts from here.
    await page.waitForSelector('[data-search][data-mounted]', { state: 'attached' });
    const requested = recordRequests(context);
    await page.fill('input[name=q]', query);
    await page.press('input[name=q]', 'Enter');
    await waitForAnswer(page);
    const links = await resultLinks(page);
    expect(links.length).toBeGreaterThan(0);
    const prefix = path.replace(/\/search$/, '');
    expect(links.filter((link) => link !== prefix && !link.startsWith(`${prefix}/`))).toEqual([]);
    // The browser's own request for the site icon, made once a page has loaded, is not the query's.
    const paths = (await requested()).filter((file) => file !== '/favicon.svg');
    expect(paths).toContain(`${prefix}/pagefind/pagefind-worker.js`);
    expect(paths.every((file) => file.startsWith(`${prefix}/pagefind/`))).toBe(true);
    const files = await Promise.all(paths.map(async (file) => [file, await sentBytes(file)] as const));
    const total = files.reduce((sum, [, bytes]) => sum + bytes, 0);
    console.info(
      `${path}?q=${query}: ${files.length} requests, ${total} B of bodies as nginx sends them (gzip on)\n${files.map(([file, bytes]) => `  ${bytes} ${file}`).join('\n')}`,
    );
    expect(total).toBeLessThan(QUERY_BUDGET);
    await page.evaluate(() => new Promise<void>((settled) => requestIdleCallback(() => setTimeout(settled, 0))));
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the search on the shipped nginx configuration', () => {
  it.each([
    ['/search', SEARCH_CSP],
    ['/en/search', SEARCH_CSP],
    ['/pagefind/pagefind-worker.js', SEARCH_CSP],
    ['/en/pagefind/pagefind-worker.js', SEARCH_CSP],
    ['/', SITE_CSP],
    ['/DROC', SITE_CSP],
    ['/en/DROC', SITE_CSP],
    ['/no-such-page', SITE_CSP],
    ['/pagefind/no-such-file', SITE_CSP],
  ])('answers %s with the policy of cli/core/serve/csp.ts for it', async (path, csp) => {
    const response = await get(path);
    expect([path, response.status]).toEqual([path, path.includes('no-such') ? 404 : 200]);
    expect(response.headers.get('content-security-policy')).toBe(csp);
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe(csp === SEARCH_CSP ? "'self' 'wasm-unsafe-eval'" : "'self'");
  });

  it('spells the two policies in nginx.conf exactly as cli/core/serve/csp.ts does', () => {
    const conf = readFileSync(join(ROOT, 'hosting', 'nginx.conf'), 'utf8');
    const header = /add_header Content-Security-Policy "([^"]+)" always;/.exec(conf)?.[1] ?? '';
    const values = [...conf.matchAll(/set \$wasm "([^"]*)";/g)].map((match) => match[1]);
    // $wasm is empty on the server and in the 404 location, and WebAssembly in the search location.
    expect(values).toEqual(['', '', " 'wasm-unsafe-eval'"]);
    expect(header.replace('$wasm', '')).toBe(SITE_CSP);
    expect(header.replace('$wasm', values[2] ?? '')).toBe(SEARCH_CSP);
  });

  it('gives the search policy to the paths cli/core/serve/csp.ts names, by the same pattern', () => {
    const conf = readFileSync(join(ROOT, 'hosting', 'nginx.conf'), 'utf8');
    const search = /location ~ (\S+) \{\s*set \$cache_control "[^"]*";\s*set \$wasm " 'wasm-unsafe-eval'";/.exec(conf)?.[1];
    // A JavaScript pattern escapes its slashes; nginx's need not.
    expect(search).toBe(SEARCH_PATHS.source.replaceAll('\\/', '/'));
  });
});
