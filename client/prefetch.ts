/**
 * Prefetch (docs/architecture.md, "Client script"): a page is fetched ahead when its link is hovered, touched or focused, and,
 * when the browser is idle, when a link in the content scrolls into view. Never on 2g connections or
 * with Save-Data on. The response is kept so that the navigation that follows reuses it instead of asking
 * the server again.
 */
import { linkOf, pageKey, pageUrl } from './page-links.ts';

interface Connection {
  effectiveType?: string;
  saveData?: boolean;
}

// `same-origin` turns a redirect to another site into a failure, so the browser follows it with a full load.
const FETCH_INIT: RequestInit = { mode: 'same-origin', headers: { accept: 'text/html' } };
const pending = new Map<string, Promise<Response>>();
let observer: IntersectionObserver | undefined;

/** Whether the reader's connection allows fetching pages they may never open (checked on each use). */
export function prefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  return !connection?.saveData && !/2g/.test(connection?.effectiveType ?? '');
}

/** Fetches the page at `url` ahead, once, if the connection allows it. */
export function prefetch(url: URL): void {
  const key = pageKey(url);
  if (pending.has(key) || !prefetchAllowed()) return;
  const response = fetch(key, FETCH_INIT);
  // A failed prefetch is forgotten (the navigation will try again); catching also keeps it out of the console.
  response.catch(() => pending.delete(key));
  pending.set(key, response);
}

/**
 * The response for `url`: the prefetched one when there is one, else a new request. Unused prefetches
 * are dropped, since the next page brings its own links.
 */
export function fetchPage(url: URL): Promise<Response> {
  const response = pending.get(pageKey(url));
  pending.clear();
  return response ?? fetch(pageKey(url), FETCH_INIT);
}

/** Watches the links in `<main>`: each is prefetched when it comes into view and the browser is idle. */
export function observeLinks(doc: Document): void {
  if (!observer) return;
  observer.disconnect();
  for (const link of doc.querySelectorAll<HTMLAnchorElement>('main a[href]')) observer.observe(link);
}

/** Prefetches the page behind `link`, unless it is the page already shown. */
function prefetchLink(link: HTMLAnchorElement | null): void {
  const url = link?.isConnected && pageUrl(link);
  if (url && pageKey(url) !== pageKey(new URL(location.href))) prefetch(url);
}

/** Prefetches on hover, touch and focus, and on visibility where IntersectionObserver exists. */
export function initPrefetch(doc: Document): void {
  for (const type of ['mouseover', 'touchstart', 'focusin']) {
    doc.addEventListener(type, (event) => prefetchLink(linkOf(event.target)), { passive: true });
  }
  if (!('IntersectionObserver' in window)) return;
  const idle = (run: () => void): unknown => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run) : setTimeout(run, 1));
  observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const link = entry.target as HTMLAnchorElement;
      observer?.unobserve(link);
      idle(() => prefetchLink(link));
    }
  });
  observeLinks(doc);
}
