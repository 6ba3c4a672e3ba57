/**
 * The progress bar in real Chromium (docs/architecture.md, "Client script"):
 * 200 ms throttle, ~5000 ms creep, done on load, hidden 500 ms later, red on failure.
 *
 * The page's clock is Playwright's fake one, paused: the script's timers fire only when a test moves time
 * on (`runFor`), so every state is checked at an exact moment and no test waits for real time to pass. The
 * creep is a CSS transition, which the fake clock does not drive: the tests seek it instead.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { PROGRESS_DURATION_MS, PROGRESS_HIDE_DELAY_MS, PROGRESS_THROTTLE_MS } from '../../shared/constants.ts';
import { openPage, progressLog, recordProgress, useSite, waitForRoute, type OpenPage } from '../helpers/browser.ts';

const site = useSite();

/** Opens `path` with the page's clock installed and paused, so that only the test moves time on. */
async function openPaused(path: string): Promise<OpenPage> {
  const opened = await openPage(site);
  await opened.page.clock.install({ time: new Date('2026-01-05T09:00:00Z') });
  await opened.page.goto(`${site.url}${path}`);
  await opened.page.clock.pauseAt(new Date('2026-01-05T10:00:00Z'));
  return opened;
}

/** Holds every request for `path` until the returned function is called. */
async function hold(page: Page, path: string): Promise<() => void> {
  let release = (): void => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${path}`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The bar's `data-state`, or `hidden` when it is hidden. */
function barState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('.progress');
    return bar?.hidden ? 'hidden' : (bar?.dataset.state ?? 'missing');
  });
}

/**
 * The bar's width as a fraction of the window once its creep has run for `ms`: the creep (a CSS
 * transition) is paused and sought to that moment. Also returns the creep's total duration.
 */
function widthAfterCreep(page: Page, ms: number): Promise<{ width: number; duration: number }> {
  return page.evaluate((at) => {
    const bar = document.querySelector<HTMLElement>('.progress')!;
    const creep = bar.getAnimations().find((a) => (a as CSSTransition).transitionProperty === 'width')!;
    creep.pause();
    creep.currentTime = at;
    return { width: bar.getBoundingClientRect().width / innerWidth, duration: Number(creep.effect?.getTiming().duration) };
  }, ms);
}

describe('progress bar', () => {
  test('a load faster than 200 ms never shows the bar', async () => {
    const { context, page } = await openPaused('/DROC');
    await recordProgress(page);
    await page.click('.site-footer a[href="/DFOC"]');
    // The clock stands still: the page arrived within no time at all.
    await waitForRoute(page, 'DFOC___zh');
    await page.clock.runFor(PROGRESS_THROTTLE_MS + PROGRESS_HIDE_DELAY_MS);
    expect((await progressLog(page)).filter((s) => !s.hidden)).toEqual([]);
    expect(await barState(page)).toBe('hidden');
    await context.close();
  });

  test('a slow load shows the bar after 200 ms, creeping, then completes and hides 500 ms later', async () => {
    const { context, page } = await openPaused('/DROC');
    const release = await hold(page, '/DFOC');
    await recordProgress(page);
    await page.click('.site-footer a[href="/DFOC"]');

    await page.clock.runFor(PROGRESS_THROTTLE_MS - 1);
    expect(await barState(page)).toBe('hidden');
    await page.clock.runFor(1);
    expect(await barState(page)).toBe('loading');

    // Creeping, not jumping: growing, and still far from the end after 0.5 s of the creep.
    const early = await widthAfterCreep(page, 100);
    const later = await widthAfterCreep(page, 500);
    expect(later.width).toBeGreaterThan(early.width);
    expect(later.width).toBeLessThan(0.5);

    await page.clock.runFor(1000);
    release();
    await waitForRoute(page, 'DFOC___zh');
    expect(await barState(page)).toBe('done');
    await page.clock.runFor(PROGRESS_HIDE_DELAY_MS - 1);
    expect(await barState(page)).toBe('done');
    await page.clock.runFor(1);
    expect(await barState(page)).toBe('hidden');

    // What the bar went through, timed by the page's (fake) clock from the click.
    const log = await progressLog(page);
    expect(log.map((s) => `${s.state}${s.hidden ? ' hidden' : ''}`)).toEqual(['idle hidden', 'loading', 'loading', 'done', 'idle hidden']);
    expect(log.map((s) => Math.round(s.t))).toEqual([0, 200, 200, 1200, 1700]);
    await context.close();
  });

  test('the bar creeps towards the end over about 5 s and does not reach it before the page loads', async () => {
    const { context, page } = await openPaused('/DROC');
    const release = await hold(page, '/DFOC');
    await page.click('.site-footer a[href="/DFOC"]');
    await page.clock.runFor(PROGRESS_THROTTLE_MS);
    expect(await barState(page)).toBe('loading');

    const middle = await widthAfterCreep(page, PROGRESS_DURATION_MS / 2);
    const end = await widthAfterCreep(page, PROGRESS_DURATION_MS);
    expect(middle.duration).toBe(PROGRESS_DURATION_MS);
    expect(middle.width).toBeGreaterThan(0.3);
    expect(middle.width).toBeLessThan(end.width);
    expect(end.width).toBeLessThan(0.95);
    await page.clock.runFor(PROGRESS_DURATION_MS * 2);
    expect(await barState(page)).toBe('loading');

    release();
    await waitForRoute(page, 'DFOC___zh');
    await context.close();
  });

  test('a failed load turns the bar red at once, and hides it 500 ms later', async () => {
    const { context, page } = await openPaused('/DROC');
    await page.route('**/DFOC', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '' }));
    await recordProgress(page);
    await page.click('.site-footer a[href="/DFOC"]');
    await page.waitForSelector('main[data-error="500"]');

    expect(await barState(page)).toBe('error');
    const [red, green, blue] = (await page.$eval('.progress', (bar) => getComputedStyle(bar).backgroundColor)).match(/\d+/g)!.map(Number);
    expect(red).toBeGreaterThan(150);
    expect(green! + blue!).toBeLessThan(red!);
    await page.clock.runFor(PROGRESS_HIDE_DELAY_MS - 1);
    expect(await barState(page)).toBe('error');
    await page.clock.runFor(1);
    expect(await barState(page)).toBe('hidden');
    expect((await progressLog(page)).some((s) => s.state === 'done')).toBe(false);
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
