/**
 * The Content-Type of every file a build can hold (docs/deploy.md, "Headers"), from its name through one
 * explicit table: object storage serves whatever type an object was given, and guessing
 * (`application/octet-stream`) makes browsers download a page instead of showing it. A file whose type is
 * not here is refused before anything is uploaded.
 */

/** Types by exact file name, before the extension table: the Atom feeds are `.xml` files with their own type. */
const BY_NAME: Readonly<Record<string, string>> = {
  'feed.xml': 'application/atom+xml; charset=utf-8',
};

/** Types by extension (lower case, without the dot). Text types carry their charset, as nginx's `charset utf-8` adds it. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf',
  otf: 'font/otf',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  // The search index (docs/search.md): Pagefind's chunks and its WebAssembly are gzip-compressed binaries
  // that pagefind.js fetches and unpacks itself, so they are served as the bytes they are, never encoded.
  pf_meta: 'application/octet-stream',
  pf_index: 'application/octet-stream',
  pf_fragment: 'application/octet-stream',
  pagefind: 'application/octet-stream',
};

/** The Content-Type of an output file, or undefined when the table has none for it. */
export function contentTypeOf(file: string): string | undefined {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const byName = BY_NAME[name];
  if (byName) return byName;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? CONTENT_TYPES[name.slice(dot + 1).toLowerCase()] : undefined;
}
