/** Which links the script may load itself: shared by navigation.ts and prefetch.ts. */

/**
 * The URL of `link` when it leads to another HTML page of this site that the script may fetch, else
 * undefined: other origins and schemes (`mailto:`, `tel:`), `target` other than `_self`, `download`,
 * a hash on the current page (the browser scrolls to it) and files such as `/sitemap.xml` or `.pdf`
 * are left to the browser.
 */
export function pageUrl(link: HTMLAnchorElement): URL | undefined {
  if (link.hasAttribute('download') || (link.target && link.target !== '_self')) return undefined;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return undefined;
  if (url.hash && url.pathname === location.pathname && url.search === location.search) return undefined;
  if (/\.(?!html?$)[^./]*$/i.test(url.pathname)) return undefined;
  return url;
}

/** The closest `<a href>` around an event target, if any. */
export function linkOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null;
}

/** The key a page is cached and compared by: origin, path and query, without the hash. */
export function pageKey(url: URL): string {
  return url.origin + url.pathname + url.search;
}
