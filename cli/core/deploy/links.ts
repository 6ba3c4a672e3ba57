/**
 * What a page points at, as bucket keys (without the prefix): the `href` and `src` of a built page
 * that stay on the site, resolved against the page's own URL and mapped back to keys as cli/core/deploy/keys.ts
 * stores them (`/DROC` is `DROC`, `/en/` is `en/index.html`, `/` is `index.html`). Deploy orders its page
 * uploads by them (cli/core/deploy/order.ts); other sites and `mailto:` links are left out.
 */
import { keyOf, urlPathOf } from './keys.ts';

/** A stand-in origin: links resolving to it are the site's own. */
const SITE = 'http://site.invalid';
const ATTRIBUTE = /\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

/** The key a site URL path is stored at: `/` and folders are their index document. */
export function keyOfUrlPath(path: string): string {
  const bare = path.replace(/^\/+/, '');
  return bare === '' || bare.endsWith('/') ? `${bare}index.html` : bare;
}

/** The keys (without prefix) that the page `file` of the output links to or loads, sorted. */
export function linksOf(html: string, file: string): string[] {
  const base = `${SITE}${urlPathOf(keyOf(file, ''), '')}`;
  const keys = new Set<string>();
  for (const match of html.matchAll(ATTRIBUTE)) {
    const raw = (match[1] ?? match[2] ?? '').replace(/&amp;/g, '&').trim();
    if (raw === '' || raw.startsWith('#')) continue;
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      continue;
    }
    if (url.origin !== SITE) continue;
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      continue;
    }
    keys.add(keyOfUrlPath(path));
  }
  return [...keys].sort();
}
