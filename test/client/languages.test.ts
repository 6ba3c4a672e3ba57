/**
 * The language list of a site with three locales (test/fixtures/ja) in real Chromium: usable by keyboard
 * and named for screen readers, leading to the same page in each locale and remembering the choice, and
 * the root path's detection choosing among the configured locales (docs/architecture.md, "Client script"; docs/locales.md).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../cli/core/serve/serve.ts';
import { cspHeaders } from '../../cli/core/serve/csp.ts';
import { launchBrowser, openPage, waitForRoute, type Site } from '../helpers/browser.ts';
import { AXE_SOURCE } from '../helpers/axe.ts';
import { buildJapaneseSite } from '../helpers/ja-site.ts';

const site = {} as Site;
let server: RunningServer;

beforeAll(async () => {
  const [built, browser] = await Promise.all([buildJapaneseSite(['--quiet']), launchBrowser()]);
  if (built.code !== 0) throw new Error(built.stderr);
  server = await startServer({ dir: built.out, host: '127.0.0.1', port: 0, headers: cspHeaders });
  Object.assign(site, { dir: built.out, url: server.url, browser: browser as Browser });
}, 120_000);

afterAll(async () => {
  await site.browser?.close();
  await server?.close();
});

const cookieOf = async (page: Page): Promise<string | undefined> =>
  (await page.context().cookies()).find((c) => c.name === 'i18n_redirected')?.value;
const focused = (page: Page): Promise<string | null> => page.evaluate(() => document.activeElement?.textContent ?? null);

describe('the language list', () => {
  test('is a disclosure button named in the page language, listing every locale in its own language', async () => {
    const { context, page, errors } = await openPage(site);
    await page.goto(`${site.url}/ja/contactUs`);
    const button = page.getByRole('button', { name: '言語: 日本語' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    // Closed, the list is hidden from everyone; open, it is the list of links the button controls. The list
    // carries no name of its own, as the product menu's panel: the button says what it holds.
    const list = page.getByRole('list').filter({ has: page.locator('a[data-locale-switch]') });
    expect(await list.count()).toBe(0);
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await list.getAttribute('id')).toBe(await button.getAttribute('aria-controls'));
    const links = list.getByRole('link');
    expect(await links.allTextContents()).toEqual(['中文', 'English', '日本語']);
    expect(
      await links.evaluateAll((all) =>
        all.map((a) => [a.getAttribute('lang'), a.getAttribute('hreflang'), a.getAttribute('aria-current')]),
      ),
    ).toEqual([
      ['zh-CN', 'zh-CN', null],
      ['en', 'en', null],
      ['ja', 'ja', 'page'],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('has no serious or critical axe-core violation, closed and open, at desktop and phone width', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 740 },
    ]) {
      const { context, page } = await openPage(site, { viewport, bypassCSP: true });
      await page.goto(`${site.url}/ja/contactUs`);
      await page.addScriptTag({ content: AXE_SOURCE });
      const serious = (): Promise<string[]> =>
        page.evaluate(async () => {
          const { axe } = window as unknown as {
            axe: { run(context: unknown, options: unknown): Promise<{ violations: Array<{ id: string; impact: string }> }> };
          };
          const result = await axe.run('.site-header', { resultTypes: ['violations'] });
          return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
        });
      expect(await serious(), `closed at ${viewport.width} px`).toEqual([]);
      await page.click('.language-menu button');
      expect(await serious(), `open at ${viewport.width} px`).toEqual([]);
      await context.close();
    }
  });

  test('opens, moves and closes by keyboard, and Enter on a language goes to the same page there and remembers it', async () => {
    const { context, page } = await openPage(site);
    await page.goto(`${site.url}/ja/DROC`);
    const button = page.locator('.language-menu button');
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('#menu-languages').isVisible()).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe('中文');
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe('English');
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#menu-languages').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('menu-languages');

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe('English');
    await page.keyboard.press('Enter');
    await waitForRoute(page, 'DROC___en');
    expect(new URL(page.url()).pathname).toBe('/en/DROC');
    expect(await cookieOf(page)).toBe('en');
    await context.close();
  });

  test('a click on 日本語 from a Chinese page shows the Japanese tree (the stand-in) and stores ja', async () => {
    const { context, page } = await openPage(site, { locale: 'zh-CN' });
    await page.goto(`${site.url}/DROC`);
    await page.click('.language-menu button');
    await page.click('#menu-languages a[hreflang="ja"]');
    await waitForRoute(page, 'DROC___ja');
    expect(new URL(page.url()).pathname).toBe('/ja/DROC');
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    expect(await cookieOf(page)).toBe('ja');
    await context.close();
  });
});

describe('root-path detection among the configured locales', () => {
  test('a Japanese browser opening / is sent to /ja', async () => {
    const { context, page } = await openPage(site, { locale: 'ja-JP' });
    await page.goto(`${site.url}/`);
    await page.waitForURL(`${site.url}/ja`);
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    await context.close();
  });

  test('the cookie wins: ja sends an English browser to /ja, zh keeps a Japanese one on /', async () => {
    const toJa = await openPage(site, { locale: 'en-US' });
    await toJa.context.addCookies([{ name: 'i18n_redirected', value: 'ja', url: site.url }]);
    await toJa.page.goto(`${site.url}/`);
    await toJa.page.waitForURL(`${site.url}/ja`);
    await toJa.context.close();

    const toZh = await openPage(site, { locale: 'ja-JP' });
    await toZh.context.addCookies([{ name: 'i18n_redirected', value: 'zh', url: site.url }]);
    await toZh.page.goto(`${site.url}/`);
    expect(await toZh.page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/assets\/detect\./.test(e.name)))).toBe(
      true,
    );
    expect(new URL(toZh.page.url()).pathname).toBe('/');
    expect(await toZh.page.getAttribute('html', 'lang')).toBe('zh-CN');
    await toZh.context.close();
  });
});
