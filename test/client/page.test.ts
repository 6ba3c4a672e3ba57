/**
 * Whole-page behaviour in real Chromium (docs/hosting.md, "Output", and docs/architecture.md, "Client
 * script"): back-to-top, the offline notice, the root font size, no console error on any page (also under a strict Content-Security-Policy), and
 * the client script's size budget.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { STRICT_CSP, hasMarker, markWindow, openPage, useSite, waitForRoute } from '../helpers/browser.ts';

const site = useSite();

describe('back to top', () => {
  test('appears after scrolling, takes the reader to the top and hides again', async () => {
    const { context, page } = await openPage(site, { viewport: { width: 1280, height: 600 } });
    await page.goto(`${site.url}/en/DROC`);
    expect(await page.getAttribute('.back-to-top', 'data-visible')).toBe('false');
    expect(await page.isVisible('.back-to-top')).toBe(false);
    await page.evaluate(() => scrollTo({ top: 900, behavior: 'instant' }));
    await page.waitForSelector('.back-to-top[data-visible=true]');
    expect(await page.isVisible('.back-to-top')).toBe(true);
    expect(await page.textContent('.back-to-top')).toBe('Back to top');
    await page.click('.back-to-top');
    await page.waitForFunction(() => scrollY === 0);
    await page.waitForSelector('.back-to-top[data-visible=false]', { state: 'attached' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await context.close();
  });
});

describe('offline notice', () => {
  test('the status element tells the reader when the browser goes offline, in the page language', async () => {
    const { context, page } = await openPage(site);
    await page.goto(`${site.url}/DROC`);
    expect(await page.textContent('[role=status]')).toBe('');
    expect(await page.isVisible('[role=status]')).toBe(false);
    await context.setOffline(true);
    await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent !== '');
    expect(await page.textContent('[role=status]')).toBe(await page.getAttribute('[role=status]', 'data-offline-text'));
    expect(await page.textContent('[role=status]')).toMatch(/网络/);
    expect(await page.isVisible('[role=status]')).toBe(true);
    await context.setOffline(false);
    await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent === '');
    expect(await page.isVisible('[role=status]')).toBe(false);

    await page.goto(`${site.url}/en/DROC`);
    await context.setOffline(true);
    await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent !== '');
    expect(await page.textContent('[role=status]')).toMatch(/offline/i);
    await context.setOffline(false);
    await context.close();
  });

  test('offline, a failed navigation keeps the page and shows the error state instead of reloading', async () => {
    const { context, page } = await openPage(site);
    await page.goto(`${site.url}/DROC`);
    await markWindow(page);
    await context.setOffline(true);
    await page.click('.site-footer a[href="/DFOC"]');
    await page.waitForSelector('main[data-error]');
    expect(await hasMarker(page)).toBe(true);
    expect(await page.isVisible('[role=status]')).toBe(true);
    await context.setOffline(false);
    await context.close();
  });
});

describe('root font size', () => {
  test('is width / 1920 * 192 px with a 12 px floor, and follows resizes', async () => {
    const { context, page } = await openPage(site, { viewport: { width: 1920, height: 1080 } });
    await page.goto(`${site.url}/DROC`);
    const rootFont = (): Promise<string> => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    expect(await rootFont()).toBe('192px');
    for (const [width, expected] of [
      [960, '96px'],
      [320, '32px'],
      [100, '12px'],
      [1920, '192px'],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      expect(await rootFont()).toBe(expected);
    }
    await context.close();
  });
});

describe('under a strict Content-Security-Policy', () => {
  // Every built page's own load is checked at both widths by the accessibility audit, which visits them all
  // (test/client/a11y.test.ts): here, the 404 pages and the script's navigation.
  test('the 404 pages and a script navigation report no console error or uncaught exception', async () => {
    const { context, page, errors } = await openPage(site, { locale: 'zh-CN' });
    // Only the document's own 404 status may be reported.
    for (const path of ['/no-such-page', '/en/no-such-page']) {
      const response = await page.goto(`${site.url}${path}`, { waitUntil: 'load' });
      expect(response?.status()).toBe(404);
      expect(response?.headers()['content-security-policy']).toBe(STRICT_CSP);
      expect(
        errors.filter((e) => !/status of 404/.test(e)),
        path,
      ).toEqual([]);
    }
    errors.length = 0;

    await page.goto(`${site.url}/DROC`);
    await markWindow(page);
    await page.click('.site-footer a[href="/DFOC"]');
    await waitForRoute(page, 'DFOC___zh');
    expect(await hasMarker(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('budget', () => {
  test('the client script stays under 5 KB minified and gzipped', () => {
    const assets = join(site.dir, 'assets');
    const app = readdirSync(assets).find((name) => /^app\.[0-9a-f]+\.js$/.test(name));
    expect(app).toBeDefined();
    const bytes = readFileSync(join(assets, app ?? ''));
    const gzipped = gzipSync(bytes, { level: 9 }).length;
    console.info(`client script ${app}: ${bytes.length} B minified, ${gzipped} B gzip -9`);
    expect(gzipped).toBeLessThan(5 * 1024);
  });

  test('the search script is a file of its own, named by pages only in data attributes, never loaded by a script tag', () => {
    const assets = join(site.dir, 'assets');
    const search = readdirSync(assets).find((name) => /^search\.[0-9a-f]+\.js$/.test(name)) ?? '';
    expect(search).not.toBe('');
    const app = readdirSync(assets).find((name) => /^app\.[0-9a-f]+\.js$/.test(name)) ?? '';
    // The client script imports it by the URL a page gives, so it neither holds nor names it.
    expect(readFileSync(join(assets, app), 'utf8')).not.toContain(search);
    const pages = readdirSync(site.dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(70);
    for (const file of pages) {
      const html = readFileSync(join(site.dir, file), 'utf8');
      const named = [...html.matchAll(new RegExp(`(\\S+)="/assets/${search.replace('.', '\\.')}"`, 'g'))].map((m) => m[1]);
      expect(named.length, file).toBeGreaterThan(0);
      expect(
        named.filter((attribute) => attribute !== 'data-search' && attribute !== 'data-search-box'),
        file,
      ).toEqual([]);
      expect(html, file).not.toMatch(/<script[^>]*search\.[0-9a-f]+\.js/);
    }
    const bytes = readFileSync(join(assets, search));
    console.info(`search script ${search}: ${bytes.length} B minified, ${gzipSync(bytes, { level: 9 }).length} B gzip -9`);
  });
});
