/**
 * Photos in real Chromium on the real site (docs/writing.md, "Images"): the browser picks the AVIF file, nothing
 * shifts while images load (CLS 0), lazy images are not fetched until the reader scrolls near them, and no
 * page preloads more than one image (React 19 adds a preload for every eager `<img>`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPage, useSite } from '../helpers/browser.ts';

/** Every HTML file of a built folder, relative to it. */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .map((f) => relative(dir, join(dir, f)));
}

/** Sums layout shifts from the first paint on (buffered), as Core Web Vitals' CLS does. */
// Each shift with what moved (tag, class, and its box before and after), so that a failure names the element.
const OBSERVE_SHIFTS = `window.__shifts = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value + ': ' + e.sources.map((s) => (s.node && s.node.nodeType === 1 ? s.node.tagName.toLowerCase() + '.' + s.node.className : String(s.node && s.node.nodeName)) + ' ' + JSON.stringify(s.previousRect) + ' -> ' + JSON.stringify(s.currentRect)).join(', ')); }).observe({ type: 'layout-shift', buffered: true });`;

describe('photos in the browser', () => {
  const site = useSite();

  it('no page preloads more than one image', () => {
    const files = htmlFiles(site.dir);
    expect(files.length).toBeGreaterThan(70);
    for (const file of files) {
      const preloads = readFileSync(join(site.dir, file), 'utf8').match(/<link rel="preload" as="image"/g) ?? [];
      expect(preloads.length, file).toBeLessThanOrEqual(1);
    }
  });

  for (const [route, selector] of [
    ['/en/company', '.cover-band img'],
    ['/', '.hero-art img'],
    ['/en/news/radiology-trade-show-2024', '.article-text img'],
  ] as const) {
    it(`${route}: the main photo is AVIF, fetched first, and nothing shifts while it loads`, async () => {
      const { context, page, errors } = await openPage(site, { viewport: { width: 1440, height: 900 } });
      await page.addInitScript(OBSERVE_SHIFTS);
      await page.goto(`${site.url}${route}`, { waitUntil: 'load' });
      const img = page.locator(selector).first();
      const facts = await img.evaluate((el: HTMLImageElement) => ({
        src: el.currentSrc,
        complete: el.complete,
        natural: el.naturalWidth,
        priority: el.getAttribute('fetchpriority'),
        lazy: el.loading,
      }));
      expect(facts.src).toMatch(/\/assets\/img\/[^/]+\.[0-9a-f]{10}\.avif$/);
      expect(facts.complete && facts.natural > 0).toBe(true);
      expect([facts.priority, facts.lazy]).toEqual(['high', 'auto']);
      // Layout shifts are reported after the frame they happen in.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await page.evaluate(() => (window as Window & { __shifts?: string[] }).__shifts)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('lazy images far below the fold are fetched only once the reader scrolls to them', async () => {
    const { context, page } = await openPage(site, { viewport: { width: 375, height: 667 } });
    const requested = new Set<string>();
    page.on('request', (request) => requested.add(new URL(request.url()).pathname));
    // A 4G phone: the page is long (one column), and Chromium fetches lazy images within 1250 px of the viewport (5000 px when the
    // connection type is unknown, as headless reports it).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
      connectionType: 'cellular4g',
    });
    await page.goto(`${site.url}/en/DROC`, { waitUntil: 'load' });
    const far = await page.evaluate(() => {
      const eager = new Set(
        [...document.images]
          .filter((i) => i.loading !== 'lazy' || i.getBoundingClientRect().top < innerHeight + 1400)
          .map((i) => new URL(i.src).pathname),
      );
      return [
        ...new Set(
          [...document.images]
            .filter((i) => i.loading === 'lazy' && i.getBoundingClientRect().top > innerHeight + 1400)
            .map((i) => new URL(i.src).pathname),
        ),
      ].filter((path) => !eager.has(path));
    });
    expect(far.length).toBeGreaterThan(0);
    expect(far.filter((path) => requested.has(path))).toEqual([]);
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 500)
      await page.evaluate((to) => window.scrollTo(0, to), y);
    await expect.poll(() => far.filter((path) => !requested.has(path)), { timeout: 10_000 }).toEqual([]);
    await context.close();
  });
});
