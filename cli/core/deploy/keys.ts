/**
 * Where each output file is stored (docs/deploy.md, "Keys"): at the URL the shipped nginx block serves it
 * at, so a CDN in front of the bucket needs no rewrite rules. A page `DROC.html` is stored at key `DROC`,
 * `en.html` at `en` beside `en/DROC`; `index.html` keeps its name (the CDN's root object, and a folder's
 * index document for hosts that have one), and so do the 404 pages, which hosts name as files.
 */

/** File names that keep their `.html`: index documents and the not-found pages. */
const KEEP_NAME: ReadonlySet<string> = new Set(['index.html', '404.html']);

/** The bucket key of an output file (`/`-separated, relative to the output folder) under `prefix`. */
export function keyOf(file: string, prefix: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const clean = file.endsWith('.html') && !KEEP_NAME.has(name) ? file.slice(0, -'.html'.length) : file;
  return `${prefix}${clean}`;
}

/** The URL path a visitor uses for a bucket key: `/DROC`, `/en`, `/` for `index.html`, `/en/` for `en/index.html`. */
export function urlPathOf(key: string, prefix: string): string {
  const path = key.slice(prefix.length);
  if (path === 'index.html') return '/';
  if (path.endsWith('/index.html')) return `/${path.slice(0, -'index.html'.length)}`;
  return `/${path}`;
}

/**
 * True for an output file that is content-hashed, whose bytes never change under its name: the build's
 * assets (`assets/app.7661b60f91.js`) and the search index's chunks (`pagefind/fragment/zh_46b1cbd.pf_fragment`),
 * which Pagefind names by their content as well.
 */
export function isHashed(file: string): boolean {
  return (
    (file.startsWith('assets/') && /\.[0-9a-f]{8,}\.[a-z0-9]+$/.test(file)) ||
    /(^|\/)pagefind\/(.+\/)?[a-z.-]+_[0-9a-f]{7,}\.pf_(meta|index|fragment)$/.test(file)
  );
}

/** True for a file of a search index that keeps its name from build to build (`pagefind/pagefind-entry.json`). */
export function isSearchEntry(file: string): boolean {
  return /(^|\/)pagefind\//.test(file) && !isHashed(file);
}
