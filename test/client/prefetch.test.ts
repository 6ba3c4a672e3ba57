/**
 * Prefetch in real Chromium (docs/architecture.md, "Client script"): on hover and, when
 * idle, on visibility; never on 2g or with Save-Data; a prefetched page is reused by the navigation.
 * `navigator.connection` is emulated before any script of the page runs.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, useSite, waitForRoute, type OpenPage } from '../helpers/browser.ts';

const site = useSite();

interface Fetched extends OpenPage {
  /** Paths the page's script fetched, in order. */
  fetched: string[];
}

/**
 * A page whose `navigator.connection` reports `effectiveType` and `saveData`, logging the script's fetches
 * as they are asked for (`window.__fetched`, written inside `fetch` itself) and as they reach the network.
 */
async function pageOn(effectiveType: string, saveData = false): Promise<Fetched> {
  const opened = await openPage(site);
  await opened.context.addInitScript(
    ({ effectiveType, saveData }) => {
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ effectiveType, saveData }) });
      const w = window as Window & { __fetched?: string[] };
      const native = window.fetch;
      w.__fetched = [];
      window.fetch = function (input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
        w.__fetched?.push(new URL(input instanceof Request ? input.url : String(input), location.href).pathname);
        return native.call(this, input, init);
      };
      // prefetch.ts looks at `link.isConnected` first whenever it considers a link: log each link it considers.
      const considered = new Set<Element>();
      const isConnected = Object.getOwnPropertyDescriptor(Node.prototype, 'isConnected')!.get!;
      (w as Window & { __considered?: Set<Element> }).__considered = considered;
      Object.defineProperty(HTMLAnchorElement.prototype, 'isConnected', {
        configurable: true,
        get(this: HTMLAnchorElement): boolean {
          considered.add(this);
          return isConnected.call(this) as boolean;
        },
      });
    },
    { effectiveType, saveData },
  );
  const fetched: string[] = [];
  opened.page.on('request', (request) => {
    if (request.resourceType() === 'fetch') fetched.push(new URL(request.url()).pathname);
  });
  return { ...opened, fetched };
}

/** The paths the page's script has asked `fetch` for so far. */
function fetchesAsked(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as Window & { __fetched?: string[] }).__fetched ?? []);
}

/**
 * Hovers a footer link, then brings each link of the content into view, and returns once the script has
 * considered every one of them for prefetch (`window.__considered`, see `pageOn`; for a link in view, that
 * is after the browser was idle): a positive signal after which "nothing was fetched" is a fact, whatever
 * the machine's speed.
 */
async function hoverAndShowEveryLink(page: Page, href: string): Promise<void> {
  const considered = (selector: string, index = 0): Promise<unknown> =>
    page.waitForFunction(
      ({ selector, index }) => {
        const link = document.querySelectorAll(selector)[index];
        return link !== undefined && (window as Window & { __considered?: Set<Element> }).__considered?.has(link);
      },
      { selector, index },
    );

  await page.hover(`.site-footer a[href="${href}"]`);
  await considered(`.site-footer a[href="${href}"]`);
  const count = await page.$$eval('main a[href]', (links) => links.length);
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    await page.evaluate(
      (i) => document.querySelectorAll('main a[href]')[i]?.scrollIntoView({ block: 'center', behavior: 'instant' }),
      index,
    );
    await considered('main a[href]', index);
  }
}

describe('prefetch', () => {
  test('on 4g a hovered link is fetched ahead, and the click reuses it without asking again', async () => {
    const { context, page, fetched } = await pageOn('4g');
    await page.goto(`${site.url}/DROC`);
    await page.hover('.site-footer a[href="/DFOC"]');
    await expect.poll(() => fetched.includes('/DFOC')).toBe(true);
    await page.click('.site-footer a[href="/DFOC"]');
    await waitForRoute(page, 'DFOC___zh');
    expect(fetched.filter((path) => path === '/DFOC')).toHaveLength(1);
    await context.close();
  });

  test('on 4g the links of the content are fetched ahead when visible and the browser is idle', async () => {
    const { context, page, fetched } = await pageOn('4g');
    await page.goto(`${site.url}/DROC`);
    const contentLinks = await page.$$eval('main a[href^="/"]', (links) =>
      links.map((l) => new URL((l as HTMLAnchorElement).href).pathname),
    );
    expect(contentLinks.length).toBeGreaterThan(0);
    await page.evaluate(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect.poll(() => contentLinks.every((path) => fetched.includes(path)), { timeout: 20_000 }).toBe(true);
    // Footer and menu links are fetched on intent only.
    expect(fetched.filter((path) => !contentLinks.includes(path))).toEqual([]);
    await context.close();
  });

  for (const [name, effectiveType, saveData] of [
    ['2g', '2g', false],
    ['slow-2g', 'slow-2g', false],
    ['Save-Data', '4g', true],
  ] as const) {
    test(`on ${name} nothing is fetched ahead, and links still work`, async () => {
      const { context, page, fetched } = await pageOn(effectiveType, saveData);
      await page.goto(`${site.url}/DROC`);
      await hoverAndShowEveryLink(page, '/DFOC');
      expect(await fetchesAsked(page)).toEqual([]);
      await page.click('.site-footer a[href="/DFOC"]');
      await waitForRoute(page, 'DFOC___zh');
      expect(fetched).toEqual(['/DFOC']);
      await context.close();
    });
  }
});
