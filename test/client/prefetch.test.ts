/**
 * Prefetch in real Chromium (README, "Client script"): on hover and, when
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

/** A page whose `navigator.connection` reports `effectiveType` and `saveData`, logging the script's fetches. */
async function pageOn(effectiveType: string, saveData = false): Promise<Fetched> {
  const opened = await openPage(site);
  await opened.context.addInitScript(({ effectiveType, saveData }) => {
    Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ effectiveType, saveData }) });
  }, { effectiveType, saveData });
  const fetched: string[] = [];
  opened.page.on('request', (request) => {
    if (request.resourceType() === 'fetch') fetched.push(new URL(request.url()).pathname);
  });
  return { ...opened, fetched };
}

/** Hovers a footer link, then scrolls through the whole page so every content link has been visible. */
async function hoverAndScroll(page: Page, href: string): Promise<void> {
  await page.hover(`.site-footer a[href="${href}"]`);
  await page.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
  await page.evaluate(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await page.waitForTimeout(600);
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
    const contentLinks = await page.$$eval('main a[href^="/"]', (links) => links.map((l) => new URL((l as HTMLAnchorElement).href).pathname));
    expect(contentLinks.length).toBeGreaterThan(0);
    await page.evaluate(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect.poll(() => contentLinks.every((path) => fetched.includes(path)), { timeout: 5000 }).toBe(true);
    // Footer and menu links are fetched on intent only.
    expect(fetched.filter((path) => !contentLinks.includes(path))).toEqual([]);
    await context.close();
  });

  for (const [name, effectiveType, saveData] of [['2g', '2g', false], ['slow-2g', 'slow-2g', false], ['Save-Data', '4g', true]] as const) {
    test(`on ${name} nothing is fetched ahead, and links still work`, async () => {
      const { context, page, fetched } = await pageOn(effectiveType, saveData);
      await page.goto(`${site.url}/DROC`);
      await hoverAndScroll(page, '/DFOC');
      expect(fetched).toEqual([]);
      await page.click('.site-footer a[href="/DFOC"]');
      await waitForRoute(page, 'DFOC___zh');
      expect(fetched).toEqual(['/DFOC']);
      await context.close();
    });
  }
});
