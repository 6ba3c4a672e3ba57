/**
 * Accessibility and phone usability of every built page, in both locales, in real Chromium, at 375 px and
 * at 1920 px wide. Every page, at 1920 px: axe-core finds no serious or critical violation (with its
 * `target-size` rule of WCAG 2.5.8 switched on), one h1 and no skipped heading level, alt text on every
 * image, a visible focus ring. Every page, at 375 px: no sideways scrolling, text of at least 14 px. Both
 * widths, every page: no console error, exception or failed request, and the strict
 * Content-Security-Policy (docs/hosting.md, "Output": the client script works under it).
 *
 * What depends on the width is the template's layout, not the writer's text, so the width-bound audits
 * run on one page per template and locale (the largest, whose text exercises the template most), at
 * both widths: axe-core over the whole page at 375 px, with Lighthouse's mobile checks (button-name,
 * link-name, color-contrast, target-size) proved to have run; and, with the product menu opened and
 * back-to-top shown, a second axe-core pass and every link and button of the header, menu, footer and
 * back-to-top named with the text it shows (WCAG 2.5.3) and at least 24 × 24 px. The header, menu and
 * footer are the same on every page of a template and locale. A touch phone opens the product menu on a
 * tap, with links that are 44 px touch targets.
 *
 * One build, one server, one browser; one context and one tab per width, the two widths audited side by
 * side, pages in sequence; every test reads the facts gathered on those visits. axe-core and the audit's
 * own in-page functions are injected as an init script, which the page's Content-Security-Policy
 * (`script-src 'self'`, test/helpers/browser.ts) does not apply to; each page then takes one or two round
 * trips to the browser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { cspHeaders } from '../../cli/core/serve/csp.ts';
import { AXE_SOURCE } from '../helpers/axe.ts';
import { useSite } from '../helpers/browser.ts';

const site = useSite();
const SLOW = 240_000;
/**
 * How long the audit of every page may take: it runs once, in a hook of its own, so that no single test
 * carries its time and a busy machine slows the run down without failing the first test to ask.
 */
const AUDIT = 900_000;

/** A built page to visit: its URL path, and the template and locale it shows (`data-template`, `lang`). */
interface Visit {
  path: string;
  /** `<lang> <template>`: the pages that share one layout, header, menu and footer. */
  kind: string;
  /** Whether it is its kind's largest page, audited at both widths with the menu open. */
  sample: boolean;
}

/** Every built HTML file (assets excepted), once per distinct file content, in path order. */
function visits(dir: string): Visit[] {
  const seen = new Set<string>();
  const found: Array<Visit & { size: number }> = [];
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
      const lang = /<html[^>]* lang="([^"]+)"/.exec(content)?.[1] ?? '';
      const template = /data-template="([^"]+)"/.exec(content)?.[1] ?? '';
      found.push({
        path: path === '/index' ? '/' : path.replace(/\/index$/, '/'),
        kind: `${lang} ${template}`,
        sample: false,
        size: content.length,
      });
    }
  };
  walk(dir);
  const largest = new Map<string, Visit & { size: number }>();
  for (const visit of found) if ((largest.get(visit.kind)?.size ?? -1) < visit.size) largest.set(visit.kind, visit);
  for (const visit of largest.values()) visit.sample = true;
  return found.map(({ path, kind, sample }) => ({ path, kind, sample })).sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** The two windows every page is audited in: a phone (Lighthouse's mobile width) and a full-HD desktop. */
const WIDTHS = { phone: { width: 375, height: 812 }, desktop: { width: 1920, height: 1080 } } as const;
type Width = keyof typeof WIDTHS;

/** Lighthouse's accessibility audits that matter most on a phone, each an axe-core rule. */
const MOBILE_RULES = ['button-name', 'link-name', 'color-contrast', 'target-size'];
/**
 * The fewest kinds of page (template and locale) the real site has: each of the two locales shows a dozen
 * templates or more (home, product families and their consoles and workstations, news list and article,
 * company, contact, careers, legal, search, not-found).
 */
const MIN_KINDS = 24;
/** WCAG 2.5.8 (target size, minimum), in CSS px. */
const MIN_TARGET = 24;
/** The controls every page carries, measured with the product menu open and back-to-top shown. */
const CONTROLS = '.site-header a[href], .site-header button, .site-footer a[href], body > .back-to-top';

interface Control {
  element: string;
  /** The accessible name, as axe-core computes it. */
  name: string;
  /** The text a sighted reader sees on it (visually hidden text left out). */
  text: string;
  width: number;
  height: number;
}

interface WidthFacts {
  /** Console errors, uncaught exceptions, failed requests and documents served without the strict CSP. */
  errors: string[];
  /** axe-core's serious and critical violations, on the page and on the open menu and back-to-top. */
  violations: string[];
  /** The axe-core rules that found something to check on the page. */
  checked: string[];
  controls: Control[];
}

interface Facts {
  phone: WidthFacts & { layout: { scrollWidth: number; innerWidth: number; smallText: string[] } };
  desktop: WidthFacts & {
    h1: number;
    headings: string[];
    imagesWithoutAlt: string[];
    focus: Array<{ element: string; outline: string; width: number; contrast: number }>;
  };
}

/**
 * The focus rings of the element the Tab key reached and of the first match of each selector, focused in
 * turn: outline style and width, and the outline colour's contrast with the background behind it.
 */
function focusRings(selectors: string[]): Facts['desktop']['focus'] {
  const rgb = (value: string): number[] => (value.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r = 0, g = 0, b = 0]: number[]): number => {
    const channel = (value: number): number => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const ring = (element: HTMLElement): Facts['desktop']['focus'][number] => {
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
function phoneLayout(): Facts['phone']['layout'] {
  const smallText: string[] = [];
  for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
    const ownText = [...element.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    if (!ownText || !element.checkVisibility()) continue;
    // Visually hidden text (a 1 px clipped box, such as the search button's name) is read out, not seen.
    const box = element.getBoundingClientRect();
    if (box.width <= 1 && box.height <= 1) continue;
    const size = parseFloat(getComputedStyle(element).fontSize);
    if (size < 14)
      smallText.push(`${element.tagName.toLowerCase()}.${element.className} ${size}px "${element.textContent?.trim().slice(0, 30)}"`);
  }
  return { scrollWidth: document.documentElement.scrollWidth, innerWidth, smallText };
}

/** An axe-core reporter: it turns the raw results of a run into what `axe.run` resolves to. */
type Reporter = (raw: unknown, options: object, resolve: (report: unknown) => void, reject: (error: Error) => void) => void;

type Axe = {
  run(
    context: unknown,
    options: object,
  ): Promise<
    Record<'violations' | 'passes' | 'incomplete', Array<{ id: string; impact?: string | null; nodes: Array<{ target: unknown[] }> }>>
  >;
  addReporter(name: string, reporter: Reporter): void;
  getReporter(name: string): Reporter;
};

/**
 * axe-core over the whole page, with `target-size` on; or, given `onDemand`, just its rules over the
 * product menu and the back-to-top button, which the page shows only on demand, and then the controls of
 * `onDemand.controls` measured (`measureControls`) on the tree axe-core built for that run, before it
 * tears it down: one setup, not two. Returns the serious and critical violations and the rules that found
 * something to check.
 */
async function runAxe(
  onDemand: { rules: string[]; controls: string } | null,
): Promise<Pick<WidthFacts, 'violations' | 'checked'> & { controls: Control[] }> {
  const { axe, a11yAudit } = window as unknown as { axe: Axe; a11yAudit: typeof IN_PAGE };
  let controls: Control[] = [];
  if (onDemand) {
    axe.addReporter('v1-and-controls', (raw, options, resolve, reject) => {
      controls = a11yAudit.measureControls(onDemand.controls);
      axe.getReporter('v1')(raw, options, resolve, reject);
    });
  }
  const result = onDemand
    ? await axe.run(
        { include: ['#menu-products', 'body > .back-to-top'] },
        { runOnly: { type: 'rule', values: onDemand.rules }, resultTypes: ['violations'], reporter: 'v1-and-controls' },
      )
    : await axe.run(document, { rules: { 'target-size': { enabled: true } }, resultTypes: ['violations'] });
  return {
    violations: result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${onDemand ? '[menu open] ' : ''}${v.id} (${v.impact}): ${v.nodes
            .slice(0, 5)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      ),
    checked: [...result.passes, ...result.violations, ...result.incomplete].map((r) => r.id),
    controls,
  };
}

/** The page's headings and images. */
function structure(): Pick<Facts['desktop'], 'h1' | 'headings' | 'imagesWithoutAlt'> {
  return {
    h1: document.querySelectorAll('h1').length,
    headings: [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map(
      (h) => `${h.tagName.toLowerCase()} ${h.textContent?.trim().slice(0, 40)}`,
    ),
    imagesWithoutAlt: [...document.images].filter((img) => !img.hasAttribute('alt')).map((img) => img.src),
  };
}

/**
 * Opens the product menu (through the client script, as a click would) and shows the back-to-top button,
 * as the script does after scrolling (short pages never scroll far enough). It waits two frames first, so
 * that the scroll events of the focus moves before have run and the script's listener does not hide the
 * button again.
 */
async function showOnDemandControls(): Promise<void> {
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  document.querySelector<HTMLButtonElement>('[data-menu] button[aria-controls]')?.click();
  document.querySelector('body > .back-to-top')?.setAttribute('data-visible', 'true');
}

/**
 * Name, visible text and box of every control of `selector`; the name is axe-core's computation, on the
 * tree of the axe-core run in progress (called from its reporter, `runAxe`).
 */
function measureControls(selector: string): Control[] {
  type Commons = { text: { accessibleTextVirtual(node: unknown): string } };
  const { axe } = window as unknown as {
    axe: { commons: Commons; utils: { getNodeFromTree(node: Node): unknown } };
  };
  const visibleText = (element: Element): string => {
    let text = '';
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const box = parent?.getBoundingClientRect();
      // Visually hidden text (a 1 px clipped box) is read out but not seen.
      if (parent?.checkVisibility({ visibilityProperty: true }) && box && box.width > 1 && box.height > 1) text += node.textContent;
    }
    return text.replace(/\s+/g, ' ').trim();
  };
  return [...document.querySelectorAll<HTMLElement>(selector)].map((element) => {
    const box = element.getBoundingClientRect();
    return {
      element: `${element.tagName.toLowerCase()}.${element.className} ${element.getAttribute('href') ?? ''}`.trim(),
      name: axe.commons.text.accessibleTextVirtual(axe.utils.getNodeFromTree(element)),
      text: visibleText(element),
      width: box.width,
      height: box.height,
    };
  });
}

/**
 * The audit's functions that run in the page, installed beside axe-core by the same init script
 * (`IN_PAGE_SOURCE`), so that each step of `audit` takes one round trip to the page instead of one per
 * function. Each is self-contained, as a function given to `page.evaluate` must be.
 */
const IN_PAGE = { runAxe, structure, focusRings, phoneLayout, showOnDemandControls, measureControls };
const IN_PAGE_SOURCE = `window.a11yAudit = {${Object.entries(IN_PAGE)
  .map(([name, fn]) => `${name}: ${fn.toString()}`)
  .join(',\n')}};`;

/**
 * Audits the page shown at its window's width. At 1920 px: axe-core, headings and images, then (after a
 * Tab key press) the focus rings: two round trips to the page. At 375 px: the layout, and on a sample
 * page axe-core too: one round trip. On a sample page, at both widths, a last pass opens the menu and
 * shows back-to-top, runs axe-core over them and measures the controls.
 */
async function audit<W extends Width>(page: Page, width: W, sample: boolean): Promise<Facts[W]> {
  const onDemand = sample ? { rules: MOBILE_RULES, controls: CONTROLS } : null;
  if (width === 'phone') {
    return (await page.evaluate(async (onDemand) => {
      const a = (window as unknown as { a11yAudit: typeof IN_PAGE }).a11yAudit;
      const layout = a.phoneLayout();
      if (!onDemand) return { violations: [], checked: [], controls: [], layout };
      const axe = await a.runAxe(null);
      await a.showOnDemandControls();
      const opened = await a.runAxe(onDemand);
      return { violations: [...axe.violations, ...opened.violations], checked: axe.checked, controls: opened.controls, layout };
    }, onDemand)) as Facts[W];
  }
  const first = await page.evaluate(async () => {
    const a = (window as unknown as { a11yAudit: typeof IN_PAGE }).a11yAudit;
    return { axe: await a.runAxe(null), structure: a.structure() };
  });
  // Keyboard first, so that the browser treats the focus moves that follow as keyboard focus (:focus-visible).
  await page.keyboard.press('Tab');
  const rest = await page.evaluate(
    async ({ onDemand, focusable }) => {
      const a = (window as unknown as { a11yAudit: typeof IN_PAGE }).a11yAudit;
      const focus = a.focusRings(focusable);
      if (!onDemand) return { focus, opened: { violations: [], controls: [] } };
      await a.showOnDemandControls();
      return { focus, opened: await a.runAxe(onDemand) };
    },
    { onDemand, focusable: ['main a[href]', '.site-footer a[href]', '.nav-button'] },
  );
  return {
    violations: [...first.axe.violations, ...rest.opened.violations],
    checked: first.axe.checked,
    controls: rest.opened.controls,
    ...first.structure,
    focus: rest.focus,
  } as Facts[W];
}

/** What the visits found on one page, at both widths. */
interface PageFacts extends Facts {
  kind: string;
  sample: boolean;
}

let audited: Promise<Map<string, PageFacts>> | undefined;

/** Audits every page once per width: one tab per width, the two running side by side; every test reads these facts. */
function auditAll(): Promise<Map<string, PageFacts>> {
  audited ??= (async () => {
    const pages = visits(site.dir);
    const auditWidth = async <W extends Width>(width: W): Promise<Array<Facts[W]>> => {
      // A Chinese browser, so that / stays on the Chinese home page (locale detection, docs/architecture.md, "Client script").
      // Reduced motion: no fade or smooth scroll, so what is audited does not depend on animation timing.
      const context = await site.browser.newContext({ locale: 'zh-CN', viewport: WIDTHS[width], reducedMotion: 'reduce' });
      await context.addInitScript({ content: `${AXE_SOURCE}\n;${IN_PAGE_SOURCE}` });
      const page = await context.newPage();
      let errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('response', (response) => {
        if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
        // The strict policy, or on the search page the same with WebAssembly allowed (docs/search.md).
        const csp = cspHeaders(new URL(response.url()).pathname)['content-security-policy'];
        if (response.request().resourceType() === 'document' && response.headers()['content-security-policy'] !== csp)
          errors.push(`no CSP: ${response.url()}`);
      });
      const facts: Array<Facts[W]> = [];
      for (const { path, sample } of pages) {
        errors = [];
        await page.goto(`${site.url}${path}`);
        facts.push({ ...(await audit(page, width, sample)), errors });
      }
      await context.close();
      return facts;
    };
    const [phone, desktop] = await Promise.all([auditWidth('phone'), auditWidth('desktop')]);
    return new Map(pages.map(({ path, kind, sample }, i) => [path, { kind, sample, phone: phone[i]!, desktop: desktop[i]! }]));
  })();
  return audited;
}

beforeAll(async () => {
  await auditAll();
}, AUDIT);

/** Lowercased, without white space: how two texts are compared for label-in-name. */
const squeeze = (text: string): string => text.replace(/\s+/g, '').toLowerCase();

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

/** The facts of one page per template and locale: the pages audited at both widths with the menu open. */
async function samples(): Promise<Array<[string, PageFacts]>> {
  const facts = await auditAll();
  const chosen = [...facts].filter(([, f]) => f.sample);
  // One per kind, and every kind has one.
  expect(chosen.map(([, f]) => f.kind).sort()).toEqual([...new Set([...facts.values()].map((f) => f.kind))].sort());
  return chosen;
}

describe.each(['phone', 'desktop'] as const)('both locales, %s width', (width) => {
  const px = WIDTHS[width].width;
  const where = width === 'desktop' ? 'every page' : 'one page per template and locale';

  test(
    `axe-core finds no serious or critical violation at ${px} px on ${where}, nor with the product menu open on one page per template and locale`,
    async () => {
      const facts = await auditAll();
      expect(facts.size).toBeGreaterThan(70);
      expect([...facts.keys()].filter((path) => path.startsWith('/en/')).length).toBeGreaterThan(30);
      expect([...facts.keys()].filter((path) => !path.startsWith('/en')).length).toBeGreaterThan(30);
      // Every template of either locale, the not-found and search pages among them.
      expect((await samples()).length).toBeGreaterThanOrEqual(MIN_KINDS);
      const audited = [...facts].filter(([, f]) => width === 'desktop' || f.sample);
      expect(audited.every(([, f]) => f[width].checked.length > 0)).toBe(true);
      const found = audited.flatMap(([path, f]) => f[width].violations.map((v) => `${path}: ${v}`));
      expect(found).toEqual([]);
    },
    SLOW,
  );

  test(
    `every page loads without a console error, an uncaught exception or a failed request under a strict Content-Security-Policy at ${px} px`,
    async () => {
      const found = [...(await auditAll())].flatMap(([path, f]) => f[width].errors.map((error) => `${path}: ${error}`));
      expect(found).toEqual([]);
    },
    SLOW,
  );

  test(
    `names every link and button of header, menu, footer and back-to-top with the text it shows at ${px} px, one page per template and locale`,
    async () => {
      for (const [path, f] of await samples()) {
        const controls = f[width].controls;
        expect(
          controls.filter((c) => c.element.startsWith('button.nav-button')),
          path,
        ).toHaveLength(1);
        expect(
          controls.filter((c) => c.element.startsWith('button.back-to-top')),
          path,
        ).toHaveLength(1);
        for (const control of controls) {
          const where = `${path} ${control.element}: name "${control.name}", text "${control.text}"`;
          expect(control.name.trim(), where).not.toBe('');
          // WCAG 2.5.3 label in name: speech users say what they see.
          expect(squeeze(control.name), where).toContain(squeeze(control.text));
        }
      }
    },
    SLOW,
  );

  test(
    `makes every link and button of header, menu, footer and back-to-top at least ${MIN_TARGET} × ${MIN_TARGET} px at ${px} px, one page per template and locale`,
    async () => {
      for (const [path, f] of await samples()) {
        const small = f[width].controls
          .filter((c) => c.width < MIN_TARGET || c.height < MIN_TARGET)
          .map((c) => `${c.element} ${c.width.toFixed(1)} × ${c.height.toFixed(1)}`);
        expect(small, path).toEqual([]);
      }
    },
    SLOW,
  );
});

describe('every page, 1920 px wide', () => {
  test(
    'has exactly one h1, first, and headings that never skip a level going down',
    async () => {
      for (const [path, { desktop }] of await auditAll()) {
        expect(desktop.h1, path).toBe(1);
        expect(desktop.headings[0], path).toMatch(/^h1 /);
        expect(skippedLevels(desktop.headings), path).toEqual([]);
      }
    },
    SLOW,
  );

  test(
    'gives every image an alt attribute',
    async () => {
      for (const [path, { desktop }] of await auditAll()) expect(desktop.imagesWithoutAlt, path).toEqual([]);
    },
    SLOW,
  );

  test(
    'shows a focus ring of at least 2 px that contrasts 3:1 with the background on links and buttons',
    async () => {
      for (const [path, { desktop }] of await auditAll()) {
        expect(desktop.focus.length, path).toBeGreaterThanOrEqual(3);
        for (const ring of desktop.focus) {
          expect(ring.outline, `${path} ${ring.element}`).not.toBe('none');
          expect(ring.width, `${path} ${ring.element}`).toBeGreaterThanOrEqual(2);
          expect(ring.contrast, `${path} ${ring.element}`).toBeGreaterThanOrEqual(3);
        }
      }
    },
    SLOW,
  );
});

describe('375 px wide', () => {
  test(
    "one page per template and locale runs and passes Lighthouse's mobile checks: button and link names, colour contrast, target size",
    async () => {
      for (const [path, { phone }] of await samples()) {
        expect(
          MOBILE_RULES.filter((rule) => !phone.checked.includes(rule)),
          path,
        ).toEqual([]);
        expect(
          phone.violations.filter((v) => MOBILE_RULES.some((rule) => v.includes(`${rule} (`))),
          path,
        ).toEqual([]);
      }
    },
    SLOW,
  );

  test(
    'no page scrolls sideways',
    async () => {
      for (const [path, { phone }] of await auditAll()) {
        expect(phone.layout.innerWidth, path).toBe(WIDTHS.phone.width);
        expect(phone.layout.scrollWidth, path).toBeLessThanOrEqual(phone.layout.innerWidth);
      }
    },
    SLOW,
  );

  test(
    'no page sets visible text smaller than 14 px',
    async () => {
      for (const [path, { phone }] of await auditAll()) expect(phone.layout.smallText, path).toEqual([]);
    },
    SLOW,
  );
});

describe('the header on a touch phone', () => {
  test(
    'opens the product menu on a tap, with every link a reachable target at least 44 px tall',
    async () => {
      const context = await site.browser.newContext({
        viewport: { width: WIDTHS.phone.width, height: 812 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      for (const path of ['/DROC', '/en/news']) {
        await page.goto(`${site.url}${path}`);
        expect(await page.isVisible('#menu-products')).toBe(false);
        await page.tap('button[aria-controls="menu-products"]');
        expect(await page.getAttribute('button[aria-controls="menu-products"]', 'aria-expanded')).toBe('true');
        expect(await page.isVisible('#menu-products')).toBe(true);
        // Each link scrolled into view and hit-tested where a finger lands, all in one round trip to the page.
        const targets = await page.$$eval('#menu-products a', (links) =>
          links.map((a) => {
            a.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
            const box = a.getBoundingClientRect();
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            return {
              href: a.getAttribute('href'),
              height: box.height,
              left: box.left,
              right: box.right,
              onTop: hit === a || a.contains(hit),
            };
          }),
        );
        expect(targets.length).toBeGreaterThan(10);
        for (const target of targets) {
          const name = `${path} ${target.href}`;
          expect(target.height, name).toBeGreaterThanOrEqual(44);
          expect(target.left, name).toBeGreaterThanOrEqual(0);
          expect(target.right, name).toBeLessThanOrEqual(WIDTHS.phone.width);
          expect(target.onTop, name).toBe(true);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS.phone.width);
        const last = page.locator('#menu-products a').last();
        const href = await last.getAttribute('href');
        await last.tap();
        await page.waitForURL(`${site.url}${href}`);
        expect(await page.isVisible('#menu-products')).toBe(false);
      }
      await context.close();
    },
    SLOW,
  );
});
