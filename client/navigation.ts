/**
 * Navigation without full reloads (docs/architecture.md, "Client script"). A left click on
 * a link to another page of the site fetches that page and swaps in its `<main>`, head and localised
 * chrome; history, scroll, focus and the screen-reader announcement follow. Errors: a 404 or other error
 * status shows the error state; a network failure reloads the target at most once per 60 s (tracked in
 * sessionStorage), so a broken connection or server can never make the page loop.
 */
import { RELOAD_GUARD_MS } from '../shared/constants.ts';
import { showError } from './error-page.ts';
import { linkOf, pageKey, pageUrl } from './page-links.ts';
import { announcePage } from './offline.ts';
import { fetchPage } from './prefetch.ts';
import type { Progress } from './progress.ts';
import { getStored, setStored } from './storage.ts';

/** What navigation needs from the rest of the script. */
export interface NavigationHooks {
  progress: Progress;
  /** Runs after every page change (the content is new). */
  onPage(): void;
}

interface Entry {
  y?: number;
}

const RELOAD_KEY = 'reloadedAt';
/** Head elements shared by every page of a build; all others (title, meta, links, JSON-LD) belong to the page. */
const SHARED_HEAD = 'meta[charset],meta[name=viewport],link[rel=stylesheet],link[rel~=icon],link[rel=preload],script[src]';
const ASSETS = 'link[rel=stylesheet],script[defer]';

const assetsOf = (doc: Document): string =>
  [...doc.querySelectorAll(ASSETS)].map((el) => el.getAttribute('href') ?? el.getAttribute('src')).join(' ');

function copyAttributes(to: Element | null, from: Element | null, names: string[]): void {
  for (const name of names) {
    const value = from?.getAttribute(name);
    if (value == null) to?.removeAttribute(name);
    else to?.setAttribute(name, value);
  }
}

/**
 * Whether a failed load may reload the page now, recording the reload when it may: once per
 * RELOAD_GUARD_MS in this tab (docs/architecture.md, "Client script"), so a failure that survives a reload ends there.
 */
export function mayReload(now = Date.now()): boolean {
  if (now - Number(getStored('session', RELOAD_KEY)) < RELOAD_GUARD_MS) return false;
  setStored('session', RELOAD_KEY, String(now));
  return true;
}

/**
 * Moves `next` into `doc`: `lang` and `data-route`, the page's own head elements (title, description,
 * keywords, canonical, alternates and whatever else is not a shared asset), `<main>`, the footer and the
 * localised texts of the persistent elements. The header is replaced only when its text differs (another
 * locale); otherwise only its links' `href`, `hreflang`, `lang` and `aria-current` follow, so a menu the
 * reader just closed stays closed. Returns false, changing nothing, when `next` is not a page of this
 * build (no `<main>`, other assets after a deploy): the browser must then load it itself.
 */
export function swapPage(doc: Document, next: Document): boolean {
  const main = doc.querySelector('main#main');
  const nextMain = next.querySelector('main#main');
  if (!main || !nextMain || assetsOf(doc) !== assetsOf(next)) return false;
  copyAttributes(doc.documentElement, next.documentElement, ['lang', 'data-route']);
  for (const el of [...doc.head.children]) if (!el.matches(SHARED_HEAD)) el.remove();
  doc.head.append(...[...next.head.children].filter((el) => !el.matches(SHARED_HEAD)));
  const header = doc.querySelector('.site-header');
  const nextHeader = next.querySelector('.site-header');
  if (header && nextHeader && header.textContent !== nextHeader.textContent) header.replaceWith(nextHeader);
  else if (header && nextHeader) {
    const links = nextHeader.querySelectorAll('a');
    for (const [i, link] of [...header.querySelectorAll('a')].entries())
      copyAttributes(link, links[i] ?? null, ['href', 'hreflang', 'lang', 'aria-current']);
  }
  for (const selector of ['.skip-link', '.site-footer']) {
    const nextEl = next.querySelector(selector);
    if (nextEl) doc.querySelector(selector)?.replaceWith(nextEl);
  }
  main.replaceWith(nextMain);
  copyAttributes(doc.querySelector('.progress'), next.querySelector('.progress'), ['aria-label']);
  copyAttributes(doc.querySelector('.net-status'), next.querySelector('.net-status'), ['data-offline-text', 'data-loaded-text']);
  const toTop = doc.querySelector('.back-to-top');
  if (toTop) toTop.textContent = next.querySelector('.back-to-top')?.textContent ?? toTop.textContent;
  return true;
}

/** Takes over same-origin page links and back/forward (when fetch, DOMParser and pushState exist). */
export function initNavigation(doc: Document, { progress, onPage }: NavigationHooks): void {
  if (!('fetch' in window && 'DOMParser' in window && history.pushState)) return;
  // The script restores positions itself: the browser's own restoration would run before the swap.
  history.scrollRestoration = 'manual';
  let shown = pageKey(new URL(location.href));
  let ticket = 0;
  let saveTimer = 0;
  const saveScroll = (): void => history.replaceState({ ...(history.state as Entry | null), y: scrollY }, '');

  /** Commits a page change: history, scroll, focus, announcement. */
  const arrive = (url: URL, push: boolean, y: number | undefined, title: string): void => {
    if (push) history[pageKey(url) === shown ? 'replaceState' : 'pushState']({ y: 0 }, '', url.href);
    shown = pageKey(url);
    const target = url.hash && doc.getElementById(decodeURIComponent(url.hash.slice(1)));
    if (y === undefined && target) target.scrollIntoView();
    else scrollTo({ top: y ?? 0, behavior: 'instant' });
    doc.getElementById('main')?.focus({ preventScroll: true });
    announcePage(doc, title);
    onPage();
  };

  /** Loads `url`; `y` is the position to restore (back/forward), undefined for a new page. */
  const load = async (url: URL, push: boolean, y?: number): Promise<void> => {
    const mine = ++ticket;
    const leave = (): void => (push ? location.assign(url.href) : location.reload());
    let response: Response;
    let html: string | undefined;
    progress.start();
    try {
      response = await fetchPage(url);
      html = /html/.test(response.headers.get('content-type') ?? '') ? await response.text() : undefined;
    } catch {
      if (mine !== ticket) return;
      progress.fail();
      // Offline, a reload could only fail too and would replace the content the reader still has.
      if (navigator.onLine && mayReload()) return leave();
      return arrive(url, push, y, showError(doc, {}));
    }
    if (mine !== ticket) return;
    const final = response.redirected ? new URL(response.url) : url;
    final.hash = url.hash;
    if (!response.ok) {
      progress.fail();
      return arrive(final, push, y, showError(doc, { statusCode: response.status, message: response.statusText }));
    }
    progress.finish();
    let swapped = false;
    try {
      swapped = html !== undefined && swapPage(doc, new DOMParser().parseFromString(html, 'text/html'));
    } catch {
      // A swap that broke halfway is repaired by the full load below.
    }
    if (!swapped) return leave();
    arrive(final, push, y, doc.title);
  };

  doc.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = linkOf(event.target);
    const url = link && pageUrl(link);
    if (!url) return;
    event.preventDefault();
    clearTimeout(saveTimer);
    saveScroll();
    void load(url, true);
  });

  addEventListener('popstate', (event) => {
    // A save still pending holds the position of the page being left, but the entry now current is the one
    // Back or Forward went to: written there, it would replace the position that entry is about to restore.
    clearTimeout(saveTimer);
    const url = new URL(location.href);
    // Same page: a change of hash, which the browser has already handled.
    if (pageKey(url) === shown) return;
    void load(url, false, (event.state as Entry | null)?.y ?? 0);
  });

  addEventListener(
    'scroll',
    () => {
      clearTimeout(saveTimer);
      saveTimer = window.setTimeout(saveScroll, 150);
    },
    { passive: true },
  );

  const y = (history.state as Entry | null)?.y;
  if (y) scrollTo({ top: y, behavior: 'instant' });
}
