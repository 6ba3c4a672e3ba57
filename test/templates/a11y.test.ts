/**
 * Accessibility and phone usability of every built page in real Chromium (issue 3, "Judged by"): axe-core
 * finds no serious or critical violation; one h1 and no skipped heading level; alt text on every image; a
 * visible focus ring; at 375 px no sideways scrolling, text of at least 14 px, and a product menu that
 * opens on tap with links that are 44 px touch targets. One build, one server, one browser: each page is
 * loaded once and audited at 1280 px and at 375 px (one resize per page), in sequence; every test reads
 * the facts gathered on that one visit. axe-core is injected as an init script, which the page's
 * Content-Security-Policy (`script-src 'self'`, test/helpers/browser.ts) does not apply to.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useSite } from '../helpers/browser.ts';

const site = useSite();
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SLOW = 150_000;

/** The URL path of every built HTML file (assets excepted), once per distinct file content. */
function pagePaths(dir: string): string[] {
  const seen = new Set<string>();
  const paths: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'assets') walk(file);
        continue;
      }
      if (!entry.name.endsWith('.html')) continue;
      // en.html and en/index.html are the same page for two kinds of host: visit it once.
      const content = readFileSync(file, 'utf8');
      if (seen.has(content)) continue;
      seen.add(content);
      const path = `/${relative(dir, file).replace(/\.html$/, '')}`;
      paths.push(path === '/index' ? '/' : path.replace(/\/index$/, '/'));
    }
  };
  walk(dir);
  return paths.sort();
}

/** The window each page is audited in first, and the phone width it is then narrowed to. */
const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE_WIDTH = 375;

interface Facts {
  violations: string[];
  h1: number;
  headings: string[];
  imagesWithoutAlt: string[];
  focus: Array<{ element: string; outline: string; width: number; contrast: number }>;
  phone: { scrollWidth: number; innerWidth: number; smallText: string[] };
}

/**
 * The focus rings of the element the Tab key reached and of the first match of each selector, focused in
 * turn: outline style and width, and the outline colour's contrast with the background behind it.
 */
function focusRings(selectors: string[]): Facts['focus'] {
  const rgb = (value: string): number[] => (value.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r = 0, g = 0, b = 0]: number[]): number => {
    const channel = (c: number): number => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const ring = (element: HTMLElement): Facts['focus'][number] => {
    const style = getComputedStyle(element);
    // The ring is drawn outside the element, over whatever its nearest painted ancestor shows.
    let background = 'rgb(255, 255, 255)';
    for (let behind = element.parentElement; behind; behind = behind.parentElement) {
      const color = getComputedStyle(behind).backgroundColor;
      if (color !== 'transparent' && rgb(color)[3] !== 0) {
        background = color;
        break;
      }
    }
    const [a, b] = [luminance(rgb(style.outlineColor)), luminance(rgb(background))];
    return {
      element: `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.trim().slice(0, 30)}"`,
      outline: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
    };
  };
  // The first ring is that of the element the Tab key reached (the skip link).
  const rings = [ring(document.activeElement as HTMLElement)];
  for (const selector of selectors) {
    const target = document.querySelector<HTMLElement>(selector);
    if (!target) continue;
    target.focus();
    rings.push(ring(target));
  }
  (document.activeElement as HTMLElement | null)?.blur();
  return rings;
}

/** Visible text set below 14 px, and how wide the page is, at the window's current width. */
function phoneLayout(): Facts['phone'] {
  const smallText: string[] = [];
  for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
    const ownText = [...element.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    if (!ownText || !element.checkVisibility()) continue;
    const size = parseFloat(getComputedStyle(element).fontSize);
    if (size < 14) smallText.push(`${element.tagName.toLowerCase()}.${element.className} ${size}px "${element.textContent?.trim().slice(0, 30)}"`);
  }
  return { scrollWidth: document.documentElement.scrollWidth, innerWidth, smallText };
}

/** axe-core's serious and critical violations, and the page's headings and images. */
async function axeAndStructure(): Promise<Omit<Facts, 'focus' | 'phone'>> {
  const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; impact?: string | null; nodes: Array<{ target: unknown[] }> }> }> } };
  const result = await axe.run(document, { resultTypes: ['violations'] });
  return {
    violations: result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(', ')}`),
    h1: document.querySelectorAll('h1').length,
    headings: [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => `${h.tagName.toLowerCase()} ${h.textContent?.trim().slice(0, 40)}`),
    imagesWithoutAlt: [...document.images].filter((img) => !img.hasAttribute('alt')).map((img) => img.src),
  };
}

/**
 * Audits one page at both widths. The window keeps the width it was left at, and the page is audited at
 * that width first, so that each page costs one resize.
 */
async function audit(page: Page): Promise<Facts> {
  const desktop = async (): Promise<Omit<Facts, 'phone'>> => {
    const facts = await page.evaluate(axeAndStructure);
    // Keyboard first, so that the browser treats the focus moves that follow as keyboard focus (:focus-visible).
    await page.keyboard.press('Tab');
    return { ...facts, focus: await page.evaluate(focusRings, ['main a[href]', '.site-footer a[href]', '.nav-button']) };
  };
  if (page.viewportSize()?.width === PHONE_WIDTH) {
    const phone = await page.evaluate(phoneLayout);
    await page.setViewportSize(DESKTOP);
    return { ...(await desktop()), phone };
  }
  const facts = await desktop();
  await page.setViewportSize({ width: PHONE_WIDTH, height: DESKTOP.height });
  return { ...facts, phone: await page.evaluate(phoneLayout) };
}

let audited: Promise<Map<string, Facts>> | undefined;

/** Audits every page once, in sequence, in one window; every test reads these facts. */
function auditAll(): Promise<Map<string, Facts>> {
  audited ??= (async () => {
    // A Chinese browser, so that / stays on the Chinese home page (locale detection, SPEC.md section 2).
    const context = await site.browser.newContext({ locale: 'zh-CN', viewport: DESKTOP });
    await context.addInitScript({ content: AXE_SOURCE });
    const page = await context.newPage();
    const facts = new Map<string, Facts>();
    for (const path of pagePaths(site.dir)) {
      await page.goto(`${site.url}${path}`);
      facts.set(path, await audit(page));
    }
    await context.close();
    return facts;
  })();
  return audited;
}

/** Headings that go down more than one level from the heading before them (h2 followed by h4). */
function skippedLevels(headings: string[]): string[] {
  const skipped: string[] = [];
  let previous = 0;
  for (const heading of headings) {
    const level = Number(heading[1]);
    if (level > previous + 1) skipped.push(heading);
    previous = level;
  }
  return skipped;
}

describe('every page, at 1280 px', () => {
  test('axe-core finds no serious or critical violation', async () => {
    const facts = await auditAll();
    expect(facts.size).toBeGreaterThan(70);
    const found = [...facts].flatMap(([path, f]) => f.violations.map((v) => `${path}: ${v}`));
    expect(found).toEqual([]);
  }, SLOW);

  test('has exactly one h1, first, and headings that never skip a level going down', async () => {
    for (const [path, f] of await auditAll()) {
      expect(f.h1, path).toBe(1);
      expect(f.headings[0], path).toMatch(/^h1 /);
      expect(skippedLevels(f.headings), path).toEqual([]);
    }
  }, SLOW);

  test('gives every image an alt attribute', async () => {
    for (const [path, f] of await auditAll()) expect(f.imagesWithoutAlt, path).toEqual([]);
  }, SLOW);

  test('shows a focus ring of at least 2 px that contrasts 3:1 with the background on links and buttons', async () => {
    for (const [path, f] of await auditAll()) {
      expect(f.focus.length, path).toBeGreaterThanOrEqual(3);
      for (const ring of f.focus) {
        expect(ring.outline, `${path} ${ring.element}`).not.toBe('none');
        expect(ring.width, `${path} ${ring.element}`).toBeGreaterThanOrEqual(2);
        expect(ring.contrast, `${path} ${ring.element}`).toBeGreaterThanOrEqual(3);
      }
    }
  }, SLOW);
});

describe('every page, 375 px wide', () => {
  test('never scrolls sideways', async () => {
    for (const [path, { phone }] of await auditAll()) {
      expect(phone.innerWidth, path).toBe(PHONE_WIDTH);
      expect(phone.scrollWidth, path).toBeLessThanOrEqual(phone.innerWidth);
    }
  }, SLOW);

  test('sets no visible text smaller than 14 px', async () => {
    for (const [path, { phone }] of await auditAll()) expect(phone.smallText, path).toEqual([]);
  }, SLOW);
});

describe('the header on a touch phone', () => {
  test('opens the product menu on a tap, with every link a reachable target at least 44 px tall', async () => {
    const context = await site.browser.newContext({ viewport: { width: PHONE_WIDTH, height: 812 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    for (const path of ['/DROC', '/en/news']) {
      await page.goto(`${site.url}${path}`);
      expect(await page.isVisible('#menu-products')).toBe(false);
      await page.tap('button[aria-controls="menu-products"]');
      expect(await page.getAttribute('button[aria-controls="menu-products"]', 'aria-expanded')).toBe('true');
      expect(await page.isVisible('#menu-products')).toBe(true);
      const links = await page.$$('#menu-products a');
      expect(links.length).toBeGreaterThan(10);
      for (const link of links) {
        await link.scrollIntoViewIfNeeded();
        const target = await link.evaluate((a) => {
          const box = a.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return { height: box.height, left: box.left, right: box.right, onTop: hit === a || a.contains(hit) };
        });
        const name = `${path} ${await link.getAttribute('href')}`;
        expect(target.height, name).toBeGreaterThanOrEqual(44);
        expect(target.left, name).toBeGreaterThanOrEqual(0);
        expect(target.right, name).toBeLessThanOrEqual(PHONE_WIDTH);
        expect(target.onTop, name).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
      const last = links.at(-1)!;
      const href = await last.getAttribute('href');
      await last.tap();
      await page.waitForURL(`${site.url}${href}`);
      expect(await page.isVisible('#menu-products')).toBe(false);
    }
    await context.close();
  }, SLOW);
});
