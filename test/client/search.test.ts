/**
 * The search in real Chromium on the real site (docs/search.md): queries in both languages and the order of
 * their results, `?q=` on load and in the address, the wording of counts, of no results and of the hint
 * that another language has pages, the keyboard and the live region, the header's box with and without
 * JavaScript and what it loads, layout stability and axe-core while results arrive, the Content-Security-
 * Policy, and going to a result and back. Expected pages are read from the built pages' `<main>`.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { SEARCH_CSP, SITE_CSP } from '../../cli/core/serve/csp.ts';
import { axeViolations, injectAxe } from '../helpers/axe.ts';
import { hasMarker, markWindow, type OpenPage, openPage, reportCspViolations, routeOf, useSite, waitForRoute } from '../helpers/browser.ts';
import { pagesHolding, resultLinks, searchText, waitForAnswer } from '../helpers/search.ts';
import { type IndexedText, indexedTexts } from '../helpers/search-truth.ts';

const site = useSite();
let texts: Promise<IndexedText[]> | undefined;
/** The indexed pages of the shared build with their indexed text (test/helpers/search-truth.ts), read once. */
const indexed = (): Promise<IndexedText[]> => {
  texts ??= indexedTexts(site.dir);
  return texts;
};

/** `path?q=query`, percent-encoded as the browser's form sends it. */
const withQuery = (path: string, query: string): string => `${path}?q=${encodeURIComponent(query)}`;

/** Opens a page that reports CSP violations as console errors (which `openPage` collects). */
async function openWatched(options: Parameters<typeof openPage>[1] = {}): Promise<OpenPage> {
  const opened = await openPage(site, options);
  await reportCspViolations(opened.context);
  return opened;
}

/** Opens `path` with `?q=query` and waits for the answer; returns the live region's text. */
async function searchFor(page: Page, path: string, query: string): Promise<string> {
  await page.goto(`${site.url}${withQuery(path, query)}`);
  return waitForAnswer(page);
}

/** The query in the address bar (`?q=`), or null without one. */
const addressQuery = (page: Page): string | null => new URL(page.url()).searchParams.get('q');

/** Waits until every task the page queued has run, so that any CSP violation has been reported. */
const settle = (page: Page): Promise<void> =>
  page.evaluate(() => new Promise<void>((done) => requestIdleCallback(() => setTimeout(done, 0))));

describe('queries and the order of their results', () => {
  test('乳腺 finds the pages holding it, the mammography page first', async () => {
    const { context, page, errors } = await openWatched();
    const status = await searchFor(page, '/search', '乳腺');
    const links = await resultLinks(page);
    expect([...links].sort()).toEqual(pagesHolding(await indexed(), 'zh', /乳腺/));
    expect(links[0]).toBe('/MA');
    expect(status).toBe(searchText('search.countOther', 'zh', { query: '乳腺', count: String(links.length) }));
    expect(errors).toEqual([]);
    await context.close();
  });

  test('mammography on /en/search finds the English pages that mention it, each a working /en/ link', async () => {
    const { context, page, errors } = await openWatched();
    const status = await searchFor(page, '/en/search', 'mammography');
    const links = await resultLinks(page);
    expect([...links].sort()).toEqual(pagesHolding(await indexed(), 'en', /mammograph/i));
    // The pages with a section on mammography before the home page, which only lists the product.
    expect(links.slice(0, 3).sort()).toEqual(['/en/DR', '/en/Image', '/en/MA']);
    expect(status).toBe(searchText('search.countOther', 'en', { query: 'mammography', count: String(links.length) }));
    for (const link of links) expect([link, (await fetch(`${site.url}${link}`)).status]).toEqual([link, 200]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('后处理 lists every page holding the phrase before the pages that only hold its parts', async () => {
    const { context, page } = await openWatched();
    await searchFor(page, '/search', '后处理');
    const phrase = pagesHolding(await indexed(), 'zh', /后处理/);
    expect(phrase.length).toBeGreaterThanOrEqual(3);
    const links = await resultLinks(page);
    expect(links.slice(0, phrase.length).sort()).toEqual(phrase);
    // Pages with 后 and 处理 apart follow (ten are shown at first).
    expect(links.length).toBeGreaterThan(phrase.length);
    await context.close();
  });

  test('a word on one English page is counted in the singular', async () => {
    const { context, page } = await openWatched();
    expect(pagesHolding(await indexed(), 'en', /cephalometric/i)).toEqual(['/en/CBCT']);
    expect(await searchFor(page, '/en/search', 'cephalometric')).toBe(
      searchText('search.countOne', 'en', { query: 'cephalometric', count: '1' }),
    );
    expect(await resultLinks(page)).toEqual(['/en/CBCT']);
    await context.close();
  });

  test('says that nothing matched, in each language', async () => {
    const { context, page, errors } = await openWatched();
    for (const [path, lang] of [
      ['/search', 'zh'],
      ['/en/search', 'en'],
    ] as const) {
      expect(await searchFor(page, path, 'qqxzyk')).toBe(searchText('search.none', lang, { query: 'qqxzyk' }));
      expect(await resultLinks(page)).toEqual([]);
      expect(await page.isVisible('.search-elsewhere')).toBe(false);
      expect(await page.isVisible('.search-more')).toBe(false);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('each result', () => {
  test('has its page title as a link and an excerpt with the match marked', async () => {
    const { context, page } = await openWatched();
    await searchFor(page, '/search', '乳腺');
    const results = await page.$$eval('.search-results > li', (items) =>
      items.map((item) => ({
        title: item.querySelector('h2 > a')?.textContent ?? '',
        href: item.querySelector('h2 > a')?.getAttribute('href') ?? '',
        excerpt: item.querySelector('p.search-excerpt')?.textContent ?? '',
        marks: [...item.querySelectorAll('p.search-excerpt mark')].map((mark) => mark.textContent),
      })),
    );
    expect(results.length).toBeGreaterThanOrEqual(3);
    for (const result of results) {
      expect(result.title, result.href).not.toBe('');
      expect(result.excerpt, result.href).toContain('乳腺');
      expect(result.marks, result.href).toContain('乳腺');
    }
    const ma = results.find((result) => result.href === '/MA');
    await page.goto(`${site.url}/MA`);
    expect(ma?.title).toBe(await page.title());
    await context.close();
  });
});

describe('the address', () => {
  test('?q= runs on load and shows in the field; typing replaces the results and ?q= without a history entry', async () => {
    const { context, page, errors } = await openWatched();
    await searchFor(page, '/search', '乳腺');
    expect(await page.inputValue('input[name=q]')).toBe('乳腺');
    const entries = await page.evaluate(() => history.length);
    await page.fill('input[name=q]', '后处理');
    const status = await waitForAnswer(page);
    expect(status).toContain('后处理');
    expect(addressQuery(page)).toBe('后处理');
    expect((await resultLinks(page)).slice(0, 3)).not.toContain('/MA');
    expect(await page.evaluate(() => history.length)).toBe(entries);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('Escape clears the field, the results, the live region and ?q=', async () => {
    const { context, page } = await openWatched();
    await searchFor(page, '/en/search', 'mammography');
    await page.focus('input[name=q]');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelectorAll('.search-results > li').length === 0);
    expect(await page.inputValue('input[name=q]')).toBe('');
    expect(await page.textContent('.search-status')).toBe('');
    expect(addressQuery(page)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/en/search');
    await context.close();
  });
});

describe('keyboard and screen reader', () => {
  test('the live region reads "Searching…" and then the count, once the results are on the page', async () => {
    const { context, page } = await openWatched();
    // Every text the live region takes, and how many results were on the page at that moment.
    await context.addInitScript(() => {
      const log: Array<[string, number]> = [];
      (window as Window & { __announced?: typeof log }).__announced = log;
      new MutationObserver(() => {
        const status = document.querySelector('.search-status');
        const text = status?.textContent ?? '';
        if (text !== log.at(-1)?.[0]) log.push([text, document.querySelectorAll('.search-results > li').length]);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const status = await searchFor(page, '/en/search', 'mammography');
    expect(await page.getAttribute('.search-status', 'role')).toBe('status');
    const announced = await page.evaluate(() => (window as Window & { __announced?: Array<[string, number]> }).__announced ?? []);
    const shown = (await resultLinks(page)).length;
    expect(announced.filter(([text]) => text)).toEqual([
      [searchText('search.loading', 'en'), 0],
      [status, shown],
    ]);
    await context.close();
  });

  test('Tab reaches every result in order, and "show more" moves focus to the first added', async () => {
    const { context, page } = await openWatched();
    await searchFor(page, '/search', '影像');
    const links = await resultLinks(page);
    expect(links).toHaveLength(10);
    await page.focus('input[name=q]');
    const reached: string[] = [];
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement;
        return element?.closest('.search-results') ? (element.getAttribute('href') ?? '') : element?.className;
      });
      if (focused?.includes('search-more')) break;
      if (focused?.startsWith('/')) reached.push(focused);
    }
    expect(reached).toEqual(links);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('.search-results > li').length > 10);
    const all = await resultLinks(page);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(all[10]);
    await context.close();
  });
});

describe('another language', () => {
  test('a Chinese-only query on /en/search names 中文 with a link to its search, and the live region reads it', async () => {
    const { context, page, errors } = await openWatched();
    const status = await searchFor(page, '/en/search', '后处理');
    expect(status).toContain(searchText('search.none', 'en', { query: '后处理' }));
    expect(status).toContain('中文');
    expect(await resultLinks(page)).toEqual([]);
    expect(await page.isVisible('.search-elsewhere')).toBe(true);
    expect(await page.textContent('.search-elsewhere p')).toBe(searchText('search.elsewhere', 'en'));
    const link = page.locator('.search-elsewhere a');
    expect(await link.count()).toBe(1);
    expect(await link.textContent()).toMatch(/^中文 \(\d+\)$/);
    expect(await link.getAttribute('href')).toBe(withQuery('/search', '后处理'));
    expect(await link.getAttribute('lang')).toBe('zh-CN');
    expect(await link.getAttribute('hreflang')).toBe('zh-CN');
    await link.click();
    await page.waitForURL(`${site.url}${withQuery('/search', '后处理')}`);
    expect(await waitForAnswer(page)).toContain('后处理');
    expect((await resultLinks(page)).length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  // Pagefind answers a word its index lacks with the pages of the longest start of it that it has: on the
  // Chinese pages "maxillofacial" would find every page naming the MA console, "extremity" every "e-com"
  // and "cephalometric" every "C形臂".
  for (const query of ['panoramic', 'maxillofacial', 'extremity', 'cephalometric']) {
    test(`an English-only query on /search points to English (${query})`, async () => {
      const { context, page } = await openWatched();
      expect(pagesHolding(await indexed(), 'zh', new RegExp(query, 'i'))).toEqual([]);
      expect(pagesHolding(await indexed(), 'en', new RegExp(query, 'i')).length).toBeGreaterThan(0);
      const status = await searchFor(page, '/search', query);
      expect(status).toContain(searchText('search.none', 'zh', { query }));
      expect(await page.locator('.search-results li').count()).toBe(0);
      const link = page.locator('.search-elsewhere a');
      expect(await link.getAttribute('href')).toBe(`/en/search?q=${query}`);
      expect(await link.getAttribute('hreflang')).toBe('en');
      expect(await link.textContent()).toBe(`English (${pagesHolding(await indexed(), 'en', new RegExp(query, 'i')).length})`);
      expect(status).toContain((await link.textContent()) ?? '?');
      await context.close();
    });
  }
});

describe('Content-Security-Policy', () => {
  test('the search pages and the index files allow WebAssembly, other pages do not', async () => {
    for (const [path, csp] of [
      ['/search', SEARCH_CSP],
      ['/en/search', SEARCH_CSP],
      ['/pagefind/pagefind-worker.js', SEARCH_CSP],
      ['/en/pagefind/pagefind.js', SEARCH_CSP],
      ['/', SITE_CSP],
      ['/DROC', SITE_CSP],
      ['/en/DROC', SITE_CSP],
    ]) {
      const header = (await fetch(`${site.url}${path}`)).headers.get('content-security-policy');
      expect([path, header]).toEqual([path, csp]);
    }
    expect(SEARCH_CSP).toMatch(/script-src 'self' 'wasm-unsafe-eval';/);
    expect(SITE_CSP).not.toContain('wasm');
  });

  test("a Chinese and an English query run in Pagefind's worker with no violation or console error", async () => {
    const { context, page, errors } = await openWatched();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const response = await page.goto(`${site.url}${withQuery('/search', '后处理')}`);
    expect(response?.headers()['content-security-policy']).toBe(SEARCH_CSP);
    await waitForAnswer(page);
    await searchFor(page, '/en/search', 'workstation');
    expect((await resultLinks(page)).length).toBeGreaterThan(0);
    await settle(page);
    expect(requested).toContain('/pagefind/pagefind-worker.js');
    expect(requested).toContain('/en/pagefind/pagefind-worker.js');
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the search page reached by a link from another page runs its query under that page's policy", async () => {
    const { context, page, errors } = await openWatched();
    await page.goto(`${site.url}/DROC`);
    await markWindow(page);
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/search?q=%E4%B9%B3%E8%85%BA';
      link.id = 'test-link';
      link.textContent = 'search';
      document.querySelector('main')?.prepend(link);
    });
    await page.click('#test-link');
    await waitForRoute(page, 'search___zh');
    expect(await hasMarker(page)).toBe(true);
    await waitForAnswer(page);
    expect((await resultLinks(page))[0]).toBe('/MA');
    await settle(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the header search box', () => {
  test("without JavaScript, submitting it opens the search page of the page's language with ?q=", async () => {
    const { context, page } = await openWatched({ javaScriptEnabled: false });
    for (const [from, query, to] of [
      ['/DROC', '乳腺', '/search'],
      ['/en/DROC', 'mammography', '/en/search'],
    ] as const) {
      await page.goto(`${site.url}${from}`);
      await page.fill('.site-search input[name=q]', query);
      await page.press('.site-search input[name=q]', 'Enter');
      await page.waitForURL(`${site.url}${withQuery(to, query)}`);
      expect(await page.isVisible('.search-noscript')).toBe(true);
    }
    await context.close();
  });

  test('a page loads neither the search script nor the index until the box gets focus, then only the script', async () => {
    const { context, page, errors } = await openWatched();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${site.url}/en/DROC`, { waitUntil: 'load' });
    await settle(page);
    const script = await page.getAttribute('.site-search form', 'data-search-box');
    expect(script).toMatch(/^\/assets\/search\.[0-9a-f]+\.js$/);
    const search = (): string[] => requested.filter((path) => path === script || path.includes('/pagefind/'));
    expect(search()).toEqual([]);
    await page.focus('.site-search input[name=q]');
    await expect.poll(search).toEqual([script]);
    // Submitting opens the search page, which runs the query.
    await page.fill('.site-search input[name=q]', 'mammography');
    await page.press('.site-search input[name=q]', 'Enter');
    await page.waitForURL(`${site.url}/en/search?q=mammography`);
    expect(await waitForAnswer(page)).toBe(searchText('search.countOther', 'en', { query: 'mammography', count: '4' }));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each([375, 1920])('the search page with results at %i px', (width) => {
  const viewport = { width, height: width === 375 ? 812 : 1080 };

  test('nothing shifts while the results load', async () => {
    const { context, page } = await openWatched({ viewport });
    await context.addInitScript(() => {
      const w = window as Window & { __shifts?: number[] };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) w.__shifts?.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await searchFor(page, '/search', '影像');
    expect((await resultLinks(page)).length).toBe(10);
    // Layout-shift entries are delivered after the frame that moved: wait two frames.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const shifts = await page.evaluate(() => (window as Window & { __shifts?: number[] }).__shifts ?? []);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
    await context.close();
  });

  test('axe-core finds no violation, with results and with the hint shown', async () => {
    const { context, page } = await openWatched({ viewport, reducedMotion: 'reduce' });
    await injectAxe(context);
    await searchFor(page, '/search', '影像');
    expect(await axeViolations(page)).toEqual([]);
    await searchFor(page, '/en/search', '后处理');
    expect(await page.isVisible('.search-elsewhere a')).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('going to a result and back', () => {
  test('Back from a result shows as many results as were shown, where the reader was', async () => {
    const { context, page, errors } = await openWatched({ viewport: { width: 1280, height: 700 } });
    await searchFor(page, '/search', '影像');
    await page.click('.search-more');
    await page.waitForFunction(() => document.querySelectorAll('.search-results > li').length === 20);
    const links = await resultLinks(page);
    // Instant scrolling and a click that scrolls nothing: the stylesheet scrolls smoothly, and a position
    // read mid-animation would not be the one the page keeps.
    const y = await page.evaluate((href) => {
      const link = document.querySelector<HTMLAnchorElement>(`.search-results a[href="${href}"]`);
      scrollTo({ top: (link?.getBoundingClientRect().top ?? 0) + scrollY - 200, behavior: 'instant' });
      return scrollY;
    }, links[15]);
    expect(y).toBeGreaterThan(0);
    await page.evaluate((href) => document.querySelector<HTMLAnchorElement>(`.search-results a[href="${href}"]`)?.click(), links[15]);
    await page.waitForFunction(() => !document.querySelector('[data-search]'));
    await page.goBack();
    await waitForRoute(page, 'search___zh');
    await page.waitForFunction(() => document.querySelectorAll('.search-results > li').length === 20);
    expect(await resultLinks(page)).toEqual(links);
    // Where the reader was: within half a screen, as a heavily loaded machine may still be laying out the
    // page while it scrolls; without the restore the page stops where the short, empty list left it.
    await page.waitForFunction((at) => Math.abs(scrollY - at) < innerHeight / 2, y, { polling: 100 });
    expect(errors).toEqual([]);
    await context.close();
  });

  test('"show more" pressed twice at once adds each result once: the next ten, then the ten after', async () => {
    const { context, page } = await openWatched();
    await searchFor(page, '/search', '影像');
    const total = Number(/\d+/.exec((await page.textContent('.search-status')) ?? '')?.[0]);
    expect(total).toBeGreaterThan(20);
    await page.evaluate(() => {
      const more = document.querySelector<HTMLButtonElement>('.search-more');
      more?.click();
      more?.click();
    });
    const shown = Math.min(30, total);
    await page.waitForFunction((n) => document.querySelectorAll('.search-results > li').length >= n, shown);
    const links = await resultLinks(page);
    expect(links).toHaveLength(shown);
    expect(new Set(links).size).toBe(shown);
    await context.close();
  });

  test('a result opens its page in place; Back shows the search page with the same ?q= and its results', async () => {
    const { context, page, errors } = await openWatched();
    await searchFor(page, '/search', '乳腺');
    await page.fill('input[name=q]', '后处理');
    await waitForAnswer(page);
    const links = await resultLinks(page);
    await markWindow(page);
    await page.click(`.search-results a[href="${links[0]}"]`);
    await page.waitForURL(`${site.url}${links[0]}`);
    await page.waitForFunction(() => !document.querySelector('[data-search]'));
    expect(await routeOf(page)).not.toBe('search___zh');
    expect(await hasMarker(page)).toBe(true);
    await page.goBack();
    await waitForRoute(page, 'search___zh');
    expect(addressQuery(page)).toBe('后处理');
    expect(await page.inputValue('input[name=q]')).toBe('后处理');
    expect(await waitForAnswer(page)).toContain('后处理');
    expect(await resultLinks(page)).toEqual(links);
    expect(await hasMarker(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
