/**
 * Locale detection on the root path and the locale switch (docs/architecture.md, "Client script"):
 * `chooseLocale` on its own, then real Chromium.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { chooseLocale, parseLocales } from '../../client/locale.ts';
import type { BrowserContext, Page } from 'playwright-core';
import { hasMarker, markWindow, openPage, useSite, waitForRoute } from '../helpers/browser.ts';

const site = useSite();
const DAY_S = 86_400;

/**
 * Makes every page of `context` log the loads of another document its scripts start. The Navigation API's `navigate`
 * event fires synchronously inside `location.replace`, so once the detection script has run, the log
 * holds its redirect if it asked for one: "not redirected" is then a fact, not a guess after a delay.
 */
async function recordNavigations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as Window & { __navigations?: string[]; navigation?: EventTarget };
    w.__navigations = [];
    w.navigation?.addEventListener('navigate', (event) => {
      // Only loads of another document: the script's own history entries (scroll positions) do not count.
      const { destination } = event as Event & { destination: { url: string; sameDocument: boolean } };
      if (!destination.sameDocument) w.__navigations?.push(new URL(destination.url).pathname);
    });
  });
}

/**
 * Asserts that the page shown is `path` and that no script of it asked to go elsewhere, once the detection
 * script has run: it is a blocking script, so it has when the page has loaded (`page.goto` and
 * `addScriptTag` wait for that); its resource entry shows that it was loaded at all.
 */
async function expectStayed(page: Page, path: string): Promise<void> {
  const state = await page.evaluate(() => ({
    path: location.pathname,
    navigations: (window as Window & { __navigations?: string[] }).__navigations,
    detectRan: performance.getEntriesByType('resource').some((entry) => /\/assets\/detect\.[0-9a-f]+\.js$/.test(entry.name)),
  }));
  expect(state).toEqual({ path, navigations: [], detectRan: true });
}

describe('chooseLocale', () => {
  const two = parseLocales('zh:zh-CN en:en');
  const three = parseLocales('zh:zh-CN en:en ja:ja');

  test('reads the configured locales from the page, the default first', () => {
    expect(three).toEqual([
      { code: 'zh', lang: 'zh-CN' },
      { code: 'en', lang: 'en' },
      { code: 'ja', lang: 'ja' },
    ]);
    expect(parseLocales(null)).toEqual([]);
  });

  test('a cookie holding a configured locale wins over the browser languages', () => {
    expect(chooseLocale('zh', ['en-US', 'en'], two)).toBe('zh');
    expect(chooseLocale('en', ['zh-CN'], two)).toBe('en');
    expect(chooseLocale('ja', ['en-US'], three)).toBe('ja');
    // A cookie for a locale this site does not have is ignored.
    expect(chooseLocale('ja', ['en-US'], two)).toBe('en');
  });

  test('without a usable cookie the first browser language that matches a locale decides', () => {
    expect(chooseLocale(undefined, ['en-GB', 'zh-CN'], two)).toBe('en');
    expect(chooseLocale('fr', ['fr-FR', 'EN-us'], two)).toBe('en');
    expect(chooseLocale(undefined, ['zh-TW', 'en'], two)).toBe('zh');
    expect(chooseLocale(undefined, ['ja-JP', 'en-US'], three)).toBe('ja');
    expect(chooseLocale(undefined, ['fr-FR', 'ja', 'en'], three)).toBe('ja');
    // An exact tag wins over a language match: zh-TW goes to a zh-TW locale, zh-CN to the zh one.
    const chinese = parseLocales('zh:zh-CN tw:zh-TW');
    expect(chooseLocale(undefined, ['zh-TW'], chinese)).toBe('tw');
    expect(chooseLocale(undefined, ['zh-CN'], chinese)).toBe('zh');
  });

  test('with nothing that matches, the default locale stays', () => {
    expect(chooseLocale(undefined, ['fr-FR', 'de'], two)).toBe('zh');
    expect(chooseLocale(undefined, [], three)).toBe('zh');
  });
});

describe('locale detection on the root path', () => {
  test('the detection script is a blocking script in the head of / only, before the stylesheet', () => {
    const head = (file: string): string => /<head>.*<\/head>/s.exec(readFileSync(join(site.dir, file), 'utf8'))?.[0] ?? '';
    const root = head('index.html');
    const detect = /<script src="(\/assets\/detect\.[0-9a-f]+\.js)" data-locales="zh:zh-CN en:en"><\/script>/.exec(root);
    expect(detect).not.toBeNull();
    expect(root.indexOf(detect?.[0] ?? '')).toBeLessThan(root.indexOf('rel="stylesheet"'));
    for (const file of ['home.html', 'en.html', 'en/index.html', 'DROC.html', 'en/home.html'])
      expect(head(file)).not.toContain('/assets/detect.');
  });

  test('an English browser opening / is sent to /en', async () => {
    const { context, page } = await openPage(site, { locale: 'en-US' });
    await page.goto(`${site.url}/`);
    await page.waitForURL(`${site.url}/en`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await context.close();
  });

  test('a Chinese or other-language browser stays on /', async () => {
    for (const locale of ['zh-CN', 'fr-FR']) {
      const { context, page } = await openPage(site, { locale });
      await recordNavigations(context);
      await page.goto(`${site.url}/`);
      await expectStayed(page, '/');
      expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
      await context.close();
    }
  });

  test('the cookie i18n_redirected is followed before the browser language', async () => {
    const toZh = await openPage(site, { locale: 'en-US' });
    await toZh.context.addCookies([{ name: 'i18n_redirected', value: 'zh', url: site.url }]);
    await recordNavigations(toZh.context);
    await toZh.page.goto(`${site.url}/`);
    await expectStayed(toZh.page, '/');
    await toZh.context.close();

    const toEn = await openPage(site, { locale: 'zh-CN' });
    await toEn.context.addCookies([{ name: 'i18n_redirected', value: 'en', url: site.url }]);
    await toEn.page.goto(`${site.url}/`);
    await toEn.page.waitForURL(`${site.url}/en`);
    await toEn.context.close();
  });

  test('no other path is redirected, whatever the browser language or cookie', async () => {
    const { context, page } = await openPage(site, { locale: 'en-US' });
    await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: site.url }]);
    await recordNavigations(context);
    const detect = /src="(\/assets\/detect\.[0-9a-f]+\.js)"/.exec(readFileSync(join(site.dir, 'index.html'), 'utf8'))?.[1] ?? '';
    for (const path of ['/home', '/DROC', '/company/company', '/newsDetail']) {
      await page.goto(`${site.url}${path}`);
      // The pages do not load the script; load it anyway to show that it checks the path itself.
      await page.addScriptTag({ url: detect });
      await expectStayed(page, path);
    }
    await context.close();

    const zh = await openPage(site, { locale: 'zh-CN' });
    await zh.context.addCookies([{ name: 'i18n_redirected', value: 'zh', url: site.url }]);
    await recordNavigations(zh.context);
    for (const path of ['/en', '/en/home', '/en/DROC']) {
      await zh.page.goto(`${site.url}${path}`);
      await zh.page.addScriptTag({ url: detect });
      await expectStayed(zh.page, path);
    }
    await zh.context.close();
  });
});

describe('locale switch', () => {
  test('stores i18n_redirected for 365 days (path /, SameSite=Lax, not Secure), then shows the other locale', async () => {
    const { context, page } = await openPage(site, { locale: 'zh-CN' });
    await page.goto(`${site.url}/DROC`);
    await markWindow(page);
    const before = Date.now() / 1000;
    await page.click('a[data-locale-switch]');
    await waitForRoute(page, 'DROC___en');
    expect(new URL(page.url()).pathname).toBe('/en/DROC');
    expect(await hasMarker(page)).toBe(true);

    const cookies = await context.cookies();
    expect(cookies).toHaveLength(1);
    const [cookie] = cookies;
    expect(cookie).toMatchObject({ name: 'i18n_redirected', value: 'en', path: '/', sameSite: 'Lax', secure: false, httpOnly: false });
    expect(cookie?.expires ?? 0).toBeGreaterThan(before + 365 * DAY_S - 60);
    expect(cookie?.expires ?? 0).toBeLessThan(before + 365 * DAY_S + 60);

    await page.click('a[data-locale-switch]');
    await waitForRoute(page, 'DROC___zh');
    expect((await context.cookies())[0]?.value).toBe('zh');
    await context.close();
  });

  test('after switching to Chinese, an English browser is no longer sent away from /', async () => {
    const { context, page } = await openPage(site, { locale: 'en-US' });
    await page.goto(`${site.url}/`);
    await page.waitForURL(`${site.url}/en`);
    await page.click('a[data-locale-switch]');
    await waitForRoute(page, 'index___zh');
    await recordNavigations(context);
    await page.goto(`${site.url}/`);
    await expectStayed(page, '/');
    await context.close();
  });
});
