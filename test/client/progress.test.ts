/**
 * The progress bar in real Chromium (README, "Client script"):
 * 200 ms throttle, ~5000 ms creep, done on load, hidden 500 ms later, red on failure.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, progressLog, recordProgress, useSite, waitForRoute } from '../helpers/browser.ts';

const site = useSite();

/** Holds the script's fetch of `path` for `ms` before letting it through. */
async function delay(page: Page, path: string, ms: number): Promise<void> {
  await page.route(`**${path}`, async (route) => {
    if (route.request().resourceType() === 'fetch') await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** The bar's rendered width as a fraction of the window. */
function barWidth(page: Page): Promise<number> {
  return page.evaluate(() => (document.querySelector('.progress')?.getBoundingClientRect().width ?? 0) / innerWidth);
}

describe('progress bar', () => {
  test('a load faster than 200 ms never shows the bar', async () => {
    const { context, page } = await openPage(site);
    await page.goto(`${site.url}/DROC`);
    await recordProgress(page);
    await page.click('.site-footer a[href="/DFOC"]');
    await waitForRoute(page, 'DFOC___zh');
    await page.waitForTimeout(400);
    const log = await progressLog(page);
    expect(log.filter((s) => !s.hidden)).toEqual([]);
    expect(await page.isHidden('.progress')).toBe(true);
    await context.close();
  });

  test('a slow load shows the bar after 200 ms, creeping, then completes and hides 500 ms later', async () => {
    const { context, page } = await openPage(site);
    await delay(page, '/DFOC', 1500);
    await page.goto(`${site.url}/DROC`);
    await recordProgress(page);
    await page.click('.site-footer a[href="/DFOC"]');
    await page.waitForSelector('.progress[data-state=loading]');
    const early = await barWidth(page);
    await page.waitForTimeout(500);
    const later = await barWidth(page);
    await waitForRoute(page, 'DFOC___zh');
    await page.waitForFunction(() => {
      const bar = document.querySelector<HTMLElement>('.progress');
      return bar?.hidden && bar.dataset.state === 'idle';
    });

    const log = await progressLog(page);
    const shown = log.find((s) => s.state === 'loading' && !s.hidden);
    const done = log.find((s) => s.state === 'done' && !s.hidden);
    const hidden = log.find((s) => s.state === 'idle' && s.hidden && done && s.t > done.t);
    expect(shown?.t).toBeGreaterThanOrEqual(195);
    expect(shown?.t).toBeLessThan(450);
    // Creeping, not jumping: still far from the end after ~0.5 s of a 5 s creep.
    expect(later).toBeGreaterThan(early);
    expect(later).toBeLessThan(0.5);
    expect(done?.t).toBeGreaterThanOrEqual(1400);
    expect((hidden?.t ?? 0) - (done?.t ?? 0)).toBeGreaterThanOrEqual(480);
    expect((hidden?.t ?? 0) - (done?.t ?? 0)).toBeLessThan(800);
    await context.close();
  });

  test('the bar creeps towards the end over about 5 s and does not reach it before the page loads', async () => {
    const { context, page } = await openPage(site);
    let release = (): void => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/DFOC', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${site.url}/DROC`);
    await page.click('.site-footer a[href="/DFOC"]');
    await page.waitForSelector('.progress[data-state=loading]');
    await page.waitForTimeout(2500);
    const middle = await barWidth(page);
    await page.waitForTimeout(3000);
    const end = await barWidth(page);
    expect(middle).toBeGreaterThan(0.3);
    expect(middle).toBeLessThan(end);
    expect(end).toBeLessThan(0.95);
    expect(await page.getAttribute('.progress', 'data-state')).toBe('loading');
    release();
    await waitForRoute(page, 'DFOC___zh');
    await context.close();
  });

  test('a failed load turns the bar red at once', async () => {
    const { context, page } = await openPage(site);
    await page.route('**/DFOC', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '' }));
    await page.goto(`${site.url}/DROC`);
    await recordProgress(page);
    await page.click('.site-footer a[href="/DFOC"]');
    await page.waitForSelector('main[data-error="500"]');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.progress')?.dataset.state === 'idle');
    const log = await progressLog(page);
    const red = log.find((s) => s.state === 'error' && !s.hidden);
    expect(red).toBeDefined();
    expect(log.some((s) => s.state === 'done')).toBe(false);
    // Hidden again after the same 500 ms as a success.
    const hidden = log.find((s) => s.hidden && red && s.t > red.t);
    expect((hidden?.t ?? 0) - (red?.t ?? 0)).toBeGreaterThanOrEqual(480);
    await context.close();
  });

  test('the bar turns red when the network fails and the reload guard holds', async () => {
    const { context, page } = await openPage(site);
    await page.route('**/DFOC', (route) => route.abort('failed'));
    await page.goto(`${site.url}/DROC`);
    await page.evaluate(() => sessionStorage.setItem('ECOM_reloadedAt', String(Date.now())));
    await recordProgress(page);
    await page.click('.site-footer a[href="/DFOC"]');
    await page.waitForSelector('main[data-error]');
    expect((await progressLog(page)).some((s) => s.state === 'error' && !s.hidden)).toBe(true);
    await context.close();
  });
});
