/**
 * Browser-test helpers: serve the real site's shared build (shared-site.ts) with cli/core/serve/serve.ts on
 * a free port of 127.0.0.1 under a strict Content-Security-Policy and drive Debian's Chromium with
 * playwright-core. One site (server, browser) per test file: `const site = useSite()` at the top of a
 * describe block.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { cspHeaders, SITE_CSP } from '../../cli/core/serve/csp.ts';
import { startServer, type RunningServer } from '../../cli/core/serve/serve.ts';
import { sharedSite } from './shared-site.ts';
import { CHROMIUM } from './system.ts';

/**
 * The Content-Security-Policy of every page but the search's, which the browser tests run under: the one
 * hosting/nginx.conf sends (cli/core/serve/csp.ts; the servers here add WebAssembly on the search paths with
 * `cspHeaders`). The client script must work with it (no inline script, no inline handler); a violation
 * shows as a console error.
 */
export const STRICT_CSP = SITE_CSP;

/** A built site, served and ready for a browser. */
export interface Site {
  /** The built folder (shared by the test files of the run: read only). */
  dir: string;
  /** Base URL of the server, without trailing slash. */
  url: string;
  browser: Browser;
}

/** A page in a fresh context, with the console errors and uncaught exceptions it reported. */
export interface OpenPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** Launches headless Chromium with the flags that keep it quiet and offline. */
export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package.`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Registers beforeAll/afterAll hooks that serve the shared build and open a browser once for the calling
 * test file.
 * The returned object is filled in by beforeAll.
 */
export function useSite(): Site {
  const site = {} as Site;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    const [dir, browser] = await Promise.all([sharedSite(), launchBrowser()]);
    server = await startServer({ dir, host: '127.0.0.1', port: 0, headers: cspHeaders });
    Object.assign(site, { dir, url: server.url, browser });
  });
  afterAll(async () => {
    await site.browser?.close();
    await server?.close();
  });
  return site;
}

/** Opens a page in a new context of `site` (options such as locale or viewport) and records its errors. */
export async function openPage(site: Site, options: BrowserContextOptions = {}): Promise<OpenPage> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Marks the window, so a test can tell a script navigation (marker kept) from a full load (marker gone). */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as Window & { __marker?: boolean }).__marker = true;
  });
}

/** Whether the window still carries the marker of `markWindow`. */
export function hasMarker(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as Window & { __marker?: boolean }).__marker === true);
}

/** The `data-route` of the page shown. */
export function routeOf(page: Page): Promise<string | null> {
  return page.evaluate(() => document.documentElement.getAttribute('data-route'));
}

/** Waits until the page shown has `data-route` = `route` (a script navigation has finished its swap). */
export async function waitForRoute(page: Page, route: string): Promise<void> {
  await page.waitForFunction((name) => document.documentElement.getAttribute('data-route') === name, route);
}

/** Clicks an `<a>` with `href` added to `<main>`, for links the site does not carry (a missing page). */
export async function clickNewLink(page: Page, href: string, attributes: Record<string, string> = {}): Promise<void> {
  await page.evaluate(
    ({ href, attributes }) => {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = `test link to ${href}`;
      link.id = 'test-link';
      for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
      document.querySelector('main')?.prepend(link);
    },
    { href, attributes },
  );
  await page.click('#test-link');
}

/** One observed state of the progress bar, `t` in ms since the latest click (or since recording began). */
export interface ProgressSample {
  t: number;
  state: string;
  hidden: boolean;
}

/**
 * Starts logging every state the progress bar is put in, timed from the latest click on the page. The log
 * is written synchronously when the script sets `hidden` (which client/progress.ts does on every change),
 * so the times are those of the script's own timers and not of whenever an observer got to run.
 */
export async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as Window & { __progress?: ProgressSample[]; __clickedAt?: number };
    const bar = document.querySelector<HTMLElement>('.progress');
    const native = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'hidden');
    w.__progress = [];
    w.__clickedAt = performance.now();
    document.addEventListener(
      'click',
      () => {
        w.__clickedAt = performance.now();
      },
      true,
    );
    if (!bar || !native?.get || !native.set) return;
    const { get, set } = native;
    Object.defineProperty(bar, 'hidden', {
      configurable: true,
      get(): boolean {
        return get.call(this) as boolean;
      },
      set(value: boolean): void {
        set.call(this, value);
        w.__progress?.push({ t: performance.now() - (w.__clickedAt ?? 0), state: bar.dataset.state ?? '', hidden: value });
      },
    });
  });
}

/** The progress-bar changes logged since `recordProgress`. */
export function progressLog(page: Page): Promise<ProgressSample[]> {
  return page.evaluate(() => (window as Window & { __progress?: ProgressSample[] }).__progress ?? []);
}

/** Makes every page of `context` report a Content-Security-Policy violation as a console error. */
export async function reportCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
}
