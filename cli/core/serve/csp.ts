/**
 * The Content-Security-Policy the site is served with (docs/hosting.md, "Hosting"): hosting/nginx.conf sends
 * the same (a test compares them), `watch` serves with it, and so do the browser tests, so a
 * page that needs more than the policy allows fails where it is made, not in production.
 *
 * Only the search needs more: Pagefind runs WebAssembly, which `script-src` must allow with
 * 'wasm-unsafe-eval'. It is allowed on the search pages (Pagefind may run there, in the page, when a worker
 * cannot start) and on the files of the search index (whose worker script runs under its own response's
 * policy), and nowhere else (docs/search.md, "Content-Security-Policy").
 */

/** The policy of every response but the search's. */
export const SITE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** The policy of the search pages and the index files: the site's, with WebAssembly allowed. */
export const SEARCH_CSP = SITE_CSP.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'");

/**
 * The paths that get SEARCH_CSP: a search page (`/search`, `/en/search`, with or without `.html`) or a file
 * under an index folder (`/pagefind/…`, `/en/pagefind/…`), in the default locale or under one prefix,
 * and the same within a preview (`/preview/<name>/…`, docs/hosting.md, "Previews"). The same pattern as
 * hosting/nginx.conf's search locations.
 */
export const SEARCH_PATHS = /^(\/preview\/[^/]+)?(\/[^/]+)?\/(search(\.html)?$|pagefind\/)/;

/** The Content-Security-Policy header of a response to `path` (the URL's path, percent-encoded as sent). */
export function cspHeaders(path: string): Record<string, string> {
  return { 'content-security-policy': SEARCH_PATHS.test(path) ? SEARCH_CSP : SITE_CSP };
}
