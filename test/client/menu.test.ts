/**
 * The product dropdown in real Chromium (docs/hosting.md, "Output"): the button opens and closes it, Escape
 * and a click outside close it, arrow keys and Tab move through it; without JavaScript it still reaches
 * every page.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, useSite } from '../helpers/browser.ts';

const site = useSite();
const BUTTON = 'button[aria-controls="menu-products"]';
const MENU = '#menu-products';

const expanded = (page: Page): Promise<string | null> => page.getAttribute(BUTTON, 'aria-expanded');
const focused = (page: Page): Promise<string> =>
  page.evaluate(() => (document.activeElement as HTMLAnchorElement | null)?.getAttribute('href') ?? document.activeElement?.tagName ?? '');
const menuLinks = (page: Page): Promise<string[]> => page.$$eval(`${MENU} a`, (links) => links.map((l) => l.getAttribute('href') ?? ''));

describe('menu', () => {
  test('Enter opens it, arrow keys, Home and End move through it, Escape closes it and returns focus', async () => {
    const { context, page } = await openPage(site);
    await page.goto(`${site.url}/DROC`);
    const links = await menuLinks(page);
    expect(links.length).toBeGreaterThan(3);
    await page.focus(BUTTON);
    await page.keyboard.press('Enter');
    expect(await expanded(page)).toBe('true');
    expect(await page.isVisible(MENU)).toBe(true);

    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe(links[0]);
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe(links[1]);
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toBe(links[0]);
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toBe(links.at(-1));
    await page.keyboard.press('Home');
    expect(await focused(page)).toBe(links[0]);
    await page.keyboard.press('End');
    expect(await focused(page)).toBe(links.at(-1));
    expect(await page.evaluate(() => scrollY)).toBe(0);

    await page.keyboard.press('Escape');
    expect(await expanded(page)).toBe('false');
    expect(await page.isVisible(MENU)).toBe(false);
    expect(await focused(page)).toBe('BUTTON');
    // Closed means closed: Tab goes on to the next item of the bar, not into the hidden links.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe(await page.getAttribute('.nav-link', 'href'));
    await context.close();
  });

  test('ArrowDown on the closed button opens it at the first link', async () => {
    const { context, page } = await openPage(site);
    await page.goto(`${site.url}/en/DROC`);
    const links = await menuLinks(page);
    await page.focus(BUTTON);
    await page.keyboard.press('ArrowDown');
    expect(await expanded(page)).toBe('true');
    expect(await focused(page)).toBe(links[0]);
    await context.close();
  });

  test('Tab moves through every link of the open menu and closes it on the way out', async () => {
    const { context, page } = await openPage(site);
    await page.goto(`${site.url}/DROC`);
    const links = await menuLinks(page);
    await page.focus(BUTTON);
    for (const href of links) {
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe(href);
      expect(await expanded(page)).toBe('true');
    }
    await page.keyboard.press('Tab');
    expect(links).not.toContain(await focused(page));
    expect(await expanded(page)).toBe('false');
    expect(await page.isVisible(MENU)).toBe(false);
    await context.close();
  });

  test('the button toggles it, and a click outside closes it', async () => {
    const { context, page } = await openPage(site);
    await page.goto(`${site.url}/DROC`);
    await page.click(BUTTON);
    expect(await expanded(page)).toBe('true');
    expect(await page.isVisible(MENU)).toBe(true);
    await page.click(BUTTON);
    expect(await expanded(page)).toBe('false');
    // Still under the pointer and focused, yet hidden: the reader asked for it to close.
    expect(await page.isVisible(MENU)).toBe(false);

    await page.click(BUTTON);
    expect(await page.isVisible(MENU)).toBe(true);
    await page.click('.footer-brand');
    expect(await expanded(page)).toBe('false');
    expect(await page.isVisible(MENU)).toBe(false);
    await context.close();
  });

  test('choosing a link closes the menu and loads the page', async () => {
    const { context, page } = await openPage(site);
    await page.goto(`${site.url}/DROC`);
    await page.click(BUTTON);
    await page.click(`${MENU} a[href="/CTOC"]`);
    await page.waitForFunction(() => document.documentElement.dataset.route === 'CTOC___zh');
    expect(await expanded(page)).toBe('false');
    expect(await page.isVisible(MENU)).toBe(false);
    await context.close();
  });

  test('without JavaScript the menu opens on hover and focus, and the footer repeats every link', async () => {
    const { context, page } = await openPage(site, { javaScriptEnabled: false });
    await page.goto(`${site.url}/DROC`);
    expect(await page.isVisible(MENU)).toBe(false);
    await page.hover(BUTTON);
    expect(await page.isVisible(MENU)).toBe(true);
    await page.mouse.move(0, 700);
    expect(await page.isVisible(MENU)).toBe(false);
    await page.focus(BUTTON);
    expect(await page.isVisible(MENU)).toBe(true);
    const footer = await page.$$eval('.site-footer a', (links) => links.map((l) => l.getAttribute('href')));
    for (const href of await menuLinks(page)) expect(footer).toContain(href);
    await context.close();
  });
});
