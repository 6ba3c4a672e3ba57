/**
 * Navigation in real Chromium (docs/architecture.md, "Client script": navigation, the error state, a failed page load).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  clickNewLink,
  hasMarker,
  markWindow,
  openPage,
  progressLog,
  recordProgress,
  routeOf,
  useSite,
  waitForRoute,
} from '../helpers/browser.ts';

const site = useSite();

/** The content attribute of `<meta name=...>` in a built page. */
function metaOf(file: string, name: string): string {
  const html = readFileSync(join(site.dir, file), 'utf8');
  return new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1] ?? '';
}

describe('navigation', () => {
  test('a click on an internal link shows the next page without a reload, and the head follows it', async () => {
    const { context, page } = await openPage(site);
    await page.goto(`${site.url}/DROC`);
    await markWindow(page);
    await page.click('.site-footer a[href="/DFOC"]');
    await waitForRoute(page, 'DFOC___zh');

    expect(await hasMarker(page)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/DFOC');
    expect(await page.title()).toBe('DFOC');
    expect(await page.$$eval('head title', (titles) => titles.length)).toBe(1);
    expect(await page.getAttribute('meta[name=description]', 'content')).toBe(metaOf('DFOC.html', 'description'));
    expect(await page.getAttribute('meta[name=keywords]', 'content')).toBe(metaOf('DFOC.html', 'keywords'));
    expect(await page.getAttribute('link[rel=canonical]', 'href')).toMatch(/\/DFOC$/);
    expect(
      await page.$$eval('link[rel=alternate][hreflang]', (links) =>
        links.map((l) => `${l.getAttribute('hreflang')} ${new URL((l as HTMLLinkElement).href).pathname}`),
      ),
    ).toEqual(['zh-CN /DFOC', 'en /en/DFOC', 'x-default /DFOC']);
    expect(await page.getAttribute('a[data-locale-switch]', 'href')).toBe('/en/DFOC');
    expect(await page.getAttribute('.mega-menu a[href="/DFOC"]', 'aria-current')).toBe('page');
    expect(await page.getAttribute('.mega-menu a[href="/DROC"]', 'aria-current')).toBeNull();
    expect(await page.textContent('main h1')).toContain('DFOC');
    await context.close();
  });

  test('following a link into the other locale switches lang, route name and the localised header', async () => {
    const { context, page } = await openPage(site);
    await page.goto(`${site.url}/DROC`);
    await markWindow(page);
    await page.click('a[data-locale-switch]');
    await waitForRoute(page, 'DROC___en');

    expect(await hasMarker(page)).toBe(true);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.textContent('.nav-button')).toMatch(/[A-Za-z]/);
    expect(await page.getAttribute('a[data-locale-switch]', 'hreflang')).toBe('zh-CN');
    expect(await page.getAttribute('a[data-locale-switch]', 'href')).toBe('/DROC');
    expect(await page.textContent('.back-to-top')).toBe('Back to top');
    expect(await page.getAttribute('main', 'data-error-not-found')).toBe('This page could not be found');
    await context.close();
  });

  test('a new page starts at the top, and back and forward restore the positions left', async () => {
    const { context, page } = await openPage(site, { viewport: { width: 1280, height: 500 } });
    await page.goto(`${site.url}/DROC`);
    const max = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
    expect(max).toBeGreaterThan(400);
    const y = Math.floor(max / 2);
    await page.evaluate((top) => scrollTo({ top, behavior: 'instant' }), y);
    await markWindow(page);
    // Clicked from script so that Playwright does not scroll the link into view first.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('.site-footer a[href="/DFOC"]')?.click());
    await waitForRoute(page, 'DFOC___zh');
    expect(await page.evaluate(() => scrollY)).toBe(0);

    await page.evaluate(() => scrollTo({ top: 300, behavior: 'instant' }));
    // The script saves the position in the history entry once scrolling has settled.
    await page.waitForFunction(() => (history.state as { y?: number } | null)?.y === 300);
    await page.goBack();
    await waitForRoute(page, 'DROC___zh');
    expect(await page.evaluate(() => scrollY)).toBe(y);

    await page.goForward();
    await waitForRoute(page, 'DFOC___zh');
    expect(await page.evaluate(() => scrollY)).toBe(300);
    expect(await hasMarker(page)).toBe(true);
    await context.close();
  });

  test('the new page title is announced in the status region and focus moves to the content', async () => {
    const { context, page } = await openPage(site);
    await page.goto(`${site.url}/en/DROC`);
    await page.click('.site-footer a[href="/en/DFOC"]');
    await waitForRoute(page, 'DFOC___en');
    expect(await page.textContent('[role=status]')).toBe('Page loaded: DFOC');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await context.close();
  });

  test('modified clicks, hash links and links to files are left to the browser', async () => {
    const { context, page } = await openPage(site);
    await page.goto(`${site.url}/DROC`);
    await markWindow(page);

    const popup = context.waitForEvent('page');
    await page.click('.site-footer a[href="/DFOC"]', { modifiers: ['Control'] });
    await (await popup).close();
    await page.focus('.skip-link');
    await page.keyboard.press('Enter');
    expect(await routeOf(page)).toBe('DROC___zh');
    expect(new URL(page.url()).hash).toBe('#main');
    expect(await hasMarker(page)).toBe(true);

    await Promise.all([page.waitForURL('**/robots.txt'), clickNewLink(page, '/robots.txt')]);
    expect(await hasMarker(page)).toBe(false);
    await context.close();
  });

  test('a 404 shows the localised not-found state in place of the content, and the next navigation clears it', async () => {
    const { context, page } = await openPage(site);
    await page.goto(`${site.url}/en/DROC`);
    await markWindow(page);
    await recordProgress(page);
    await clickNewLink(page, '/en/no-such-page');
    await page.waitForSelector('main[data-error="404"]');

    expect(new URL(page.url()).pathname).toBe('/en/no-such-page');
    expect(await page.textContent('main h1')).toBe('This page could not be found');
    expect(await page.title()).toBe('This page could not be found');
    expect(await page.textContent('main a')).toBe('Back to the home page');
    expect(await page.getAttribute('main a', 'href')).toBe('/en');
    expect((await progressLog(page)).map((s) => s.state)).toContain('error');

    await page.click('main a');
    await waitForRoute(page, 'index___en');
    expect(await page.$('main[data-error]')).toBeNull();
    expect(await page.$('.error-page')).toBeNull();
    expect(await hasMarker(page)).toBe(true);

    await page.goto(`${site.url}/DROC`);
    await clickNewLink(page, '/no-such-page');
    await page.waitForSelector('main[data-error="404"]');
    expect(await page.textContent('main h1')).toBe('页面未找到');
    expect(await page.textContent('main a')).toBe('返回首页');
    await context.close();
  });

  test('another error status shows its code and message', async () => {
    const { context, page } = await openPage(site);
    await page.route('**/DFOC', (route) => route.fulfill({ status: 503, contentType: 'text/html', body: 'down' }));
    await page.goto(`${site.url}/en/DROC`);
    await page.click('.site-footer a[href="/en/DFOC"]');
    await page.waitForSelector('main[data-error="503"]');
    expect(await page.textContent('main .error-code')).toBe('503');
    expect(await page.textContent('main h1')).toBe('Service Unavailable');
    await context.close();
  });

  test('when showing the error page fails, a plain message with a link home is shown', async () => {
    const { context, page } = await openPage(site);
    await page.goto(`${site.url}/en/DROC`);
    await page.evaluate(() => {
      Element.prototype.replaceWith = (): void => {
        throw new Error('broken on purpose');
      };
    });
    await clickNewLink(page, '/en/no-such-page');
    await page.waitForSelector('main[data-error]');
    expect(await page.textContent('main h1')).toBe('An error occurred while showing the error page');
    expect(await page.textContent('main a')).toBe('Go back to home');
    expect(await page.getAttribute('main a', 'href')).toBe('/en');
    await context.close();
  });

  test('a network failure reloads the target once, and not again within 60 s', async () => {
    const { context, page } = await openPage(site);
    // Only the script's fetches fail; the browser's own page loads go through.
    await page.route(/\/(DFOC|DRFOC|CTOC)$/, (route) =>
      route.request().resourceType() === 'fetch' ? route.abort('failed') : route.continue(),
    );
    await page.goto(`${site.url}/DROC`);
    await markWindow(page);
    await Promise.all([page.waitForEvent('load'), page.click('.site-footer a[href="/DFOC"]')]);
    await waitForRoute(page, 'DFOC___zh');
    expect(await hasMarker(page)).toBe(false);
    const stored = await page.evaluate(() => Object.keys(sessionStorage));
    expect(stored).toEqual([expect.stringMatching(/^ECOM_/)]);

    await markWindow(page);
    await recordProgress(page);
    await page.click('.site-footer a[href="/DRFOC"]');
    await page.waitForSelector('main[data-error="500"]');
    expect(await hasMarker(page)).toBe(true);
    expect(await page.textContent('main h1')).toBe('出错了');
    expect((await progressLog(page)).map((s) => s.state)).toContain('error');

    // Once the minute is over, a failure may reload again.
    await page.evaluate((key) => sessionStorage.setItem(key, String(Date.now() - 61_000)), stored[0] ?? '');
    await Promise.all([page.waitForEvent('load'), page.click('.site-footer a[href="/CTOC"]')]);
    await waitForRoute(page, 'CTOC___zh');
    expect(await hasMarker(page)).toBe(false);
    await context.close();
  });

  test('/newsDetail?id=<slug> opens that article; an unknown id keeps the newest one', async () => {
    const { context, page } = await openPage(site);
    await page.goto(`${site.url}/en/newsDetail?id=vet-ctoc-launch`);
    await page.waitForURL('**/en/news/vet-ctoc-launch');
    await page.goto(`${site.url}/newsDetail?id=nothing-here`);
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).toBe('/newsDetail');
    await context.close();
  });
});
