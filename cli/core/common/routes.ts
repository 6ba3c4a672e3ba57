/**
 * Routes: pure functions from content file paths to routes, URLs, route names and output files
 * (docs/writing.md, "Pages and routes", and docs/hosting.md, "Output"). Nothing here touches the filesystem.
 */
import { ROUTE_NAME_SEPARATOR, type Locale } from '../../../shared/constants.ts';
import { defaultLocale, localeCodes, type Locales } from './locales.ts';

/** The folder of the host and bucket that holds the previews, each at `/preview/<name>/` (docs/hosting.md, "Previews"). */
export const PREVIEW_FOLDER = 'preview';

/**
 * The home page is also written at `/home` (and `/en/home`), which declares `/` canonical (docs/writing.md,
 * "Pages and routes"). The one definition of that alias: jobs write it, links may point at it, the head and
 * sitemap treat it as `/`.
 */
export const HOME_ALIAS = '/home';

/** The routes a page is written at: the home page at `/` and its alias, any other page at its route. */
export function routesOfPage(route: string): string[] {
  return route === '/' ? ['/', HOME_ALIAS] : [route];
}

/** The canonical route of a route written: `/home` is `/`. */
export function canonicalRoute(route: string): string {
  return route === HOME_ALIAS ? '/' : route;
}

/**
 * First segments of paths the build writes itself: neither a content file nor a locale code (site.yaml
 * `locales`) may claim them. The locale codes are reserved too, for content files (`checkFileRoute`).
 */
export const RESERVED_NAMES: readonly string[] = [
  'assets',
  '404',
  HOME_ALIAS.slice(1),
  'sitemap.xml',
  'robots.txt',
  'search',
  'pagefind',
  // Where previews live beside the live site, in a bucket and on the shipped nginx (docs/hosting.md, "Previews").
  PREVIEW_FOLDER,
];

/** A page the build writes in every locale from a template and UI texts alone: the 404 page and the search page. */
export interface SitePage {
  route: string;
  /** The template's name, as `data-template` and the head read it. */
  template: '404' | 'search';
  /** UI text ids of its title and description. */
  title: 'error.notFound' | 'search.title';
  description: 'error.notFoundLead' | 'search.lead';
}

/** The 404 page of each locale (docs/hosting.md, "Output"). */
export const NOT_FOUND_PAGE: SitePage = { route: '/404', template: '404', title: 'error.notFound', description: 'error.notFoundLead' };
/** The search page (docs/search.md): its results come from the locale's index under SEARCH_INDEX. */
export const SEARCH_PAGE: SitePage = { route: '/search', template: 'search', title: 'search.title', description: 'search.lead' };
/** Every page the build writes itself, in every locale. */
export const SITE_PAGES: readonly SitePage[] = [NOT_FOUND_PAGE, SEARCH_PAGE];

/** The pages the build writes itself for a site: without search (site.yaml `search: false`), no search page. */
export function sitePagesOf(config: { search?: boolean }): readonly SitePage[] {
  return config.search === false ? SITE_PAGES.filter((page) => page !== SEARCH_PAGE) : SITE_PAGES;
}
/** The route of each locale's search index folder (cli/core/write/search-index.ts). */
export const SEARCH_INDEX = '/pagefind';
/** Characters a route keeps besides whitespace (which becomes `-`): letters, marks and digits of any script, `-`, `_`, `.`. */
const DROPPED = /[^\p{L}\p{M}\p{N}\s._-]/gu;
/** A run of whitespace and the hyphens among and around it: `a b`, `a - b` and `a\u3000b` all become `a-b`. */
const SPACES = /-*\s[\s-]*/gu;
/**
 * Longest segment in UTF-8 bytes: the page is written as `<segment>.html`, and file systems allow 255 bytes
 * per name.
 */
const MAX_SEGMENT_BYTES = 250;
const UTF8 = new TextEncoder();

/**
 * The URL segment of a file or folder name (docs/writing.md, "Pages and routes"). Hugo's rule, which writers who
 * know it expect: the name is normalised to NFC (macOS writes names in NFD, so twins typed on two systems
 * meet); letters, marks and digits of any script are kept, in their case; `-`, `_` and `.` are kept;
 * whitespace at either end is trimmed and each run of it inside becomes one `-` (absorbing hyphens around
 * it); every other character (`?#%&+/"<>` …, emoji, invisible format characters) is dropped rather than
 * turned into `-`, so `Q&A` is `QA` and `What's new?` is `Whats-new`, as Hugo writes them. Dropping keeps
 * routes free of anything a URL must escape except non-ASCII letters, and the rule is idempotent.
 */
export function routeSegment(name: string): string {
  const kept = name.normalize('NFC').replace(DROPPED, '').trim().replace(SPACES, '-');
  // Dropping a character between a letter and a mark can leave a pair that composes: normalise again.
  return kept.normalize('NFC');
}

/** The route of a page file relative to its locale folder: `DROC.md` -> `/DROC`, `a/index.md` -> `/a`, `a b.md` -> `/a-b`. */
export function routeFromFile(relPath: string): string {
  const segments = relPath.replace(/\.md$/, '').split('/').map(routeSegment);
  if (segments[segments.length - 1] === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

/** Why a file cannot become a route, or null when it can: `locales` are the configured ones, whose codes are URL prefixes. */
export function checkFileRoute(
  relPath: string,
  locales: Locales,
): { code: 'FILE_NAME_INVALID' | 'ROUTE_RESERVED'; message: string } | null {
  const reserved = new Set([...localeCodes(locales), ...RESERVED_NAMES]);
  for (const name of relPath.replace(/\.md$/, '').split('/')) {
    const segment = routeSegment(name);
    if (segment === '')
      return { code: 'FILE_NAME_INVALID', message: `The name "${name}" has no letter, digit, "-", "_" or "." to make a URL of.` };
    if (segment.startsWith('.'))
      return {
        code: 'FILE_NAME_INVALID',
        message: `The name "${name}" becomes "${segment}" in the URL, which starts with "." (hidden files are never served).`,
      };
    const bytes = UTF8.encode(segment).length;
    if (bytes > MAX_SEGMENT_BYTES)
      return {
        code: 'FILE_NAME_INVALID',
        message: `The name "${name}" is ${bytes} bytes long in UTF-8; a URL segment may have at most ${MAX_SEGMENT_BYTES}.`,
      };
  }
  const route = routeFromFile(relPath);
  const first = route.split('/')[1] ?? '';
  if (localeCodes(locales).includes(first))
    return {
      code: 'ROUTE_RESERVED',
      message: `The route ${route} is reserved: /${first} is the URL prefix of the locale "${first}" (site.yaml \`locales\`).`,
    };
  if (reserved.has(first))
    return { code: 'ROUTE_RESERVED', message: `The route ${route} is reserved: the build generates /${first} itself.` };
  // One folder down is where another locale's search lives (`/en/search`, `/en/pagefind/`): a page there
  // would be served under the search's WebAssembly policy (cli/core/serve/csp.ts `SEARCH_PATHS`).
  const [, , second = '', third] = route.split('/');
  if (second === 'pagefind' || (second === 'search' && third === undefined))
    return {
      code: 'ROUTE_RESERVED',
      message: `The route ${route} is reserved: /<folder>/${second} is where a locale's search lives (docs/search.md).`,
    };
  // `/Assets` or `/EN` would be written over the build's own `assets/` or `en.html` where case is ignored.
  const lower = first.toLowerCase();
  if (reserved.has(lower))
    return {
      code: 'ROUTE_RESERVED',
      message: `The route ${route} differs only in case from /${lower}, which the build generates itself; macOS, Windows and many hosts ignore case in file names, so the two would be one.`,
    };
  return null;
}

/** A page's route and the file it comes from, for `findCaseCollisions`. */
export interface RoutedFile {
  route: string;
  file: string;
}

/** Two routes whose output paths are one path where case is ignored, and the path where they meet. */
export interface CaseCollision {
  first: RoutedFile;
  second: RoutedFile;
  /** The two spellings that meet: `/Partners` and `/partners` (pages), or `/A` and `/a` (folders). */
  spellings: [string, string];
  kind: 'page' | 'folder';
}

/**
 * Pairs of routes that differ only in case somewhere along their output path (docs/writing.md, "Pages
 * and routes"). Routes are case-sensitive, but macOS, Windows and many hosts are not: `Partners.html` and
 * `partners.html` are one file there, and the folders `A/` and `a/` one folder, so a build made there
 * (or copied there) loses a page or mixes two folders. Pages are `<route>.html` and folders are the
 * route's leading segments; a page `/a` (`a.html`) and a folder `/A/` do not meet. One collision is
 * reported per pair of spellings and per pair of files (the outermost place they meet). Pure; results
 * follow the order of `routes`.
 */
export function findCaseCollisions(routes: readonly RoutedFile[]): CaseCollision[] {
  const seen = new Map<string, { spelling: string; owner: RoutedFile }>();
  const reported = new Set<string>();
  const collisions: CaseCollision[] = [];
  for (const owner of routes) {
    const segments = owner.route
      .split('/')
      .slice(1)
      .filter((s) => s !== '');
    segments.forEach((_, i) => {
      const kind = i < segments.length - 1 ? 'folder' : 'page';
      const spelling = `/${segments.slice(0, i + 1).join('/')}`;
      const key = `${kind}:${spelling.toLowerCase()}`;
      const known = seen.get(key);
      if (!known) {
        seen.set(key, { spelling, owner });
        return;
      }
      if (known.spelling === spelling) return;
      const pair = `${key}:${[known.spelling, spelling].sort().join(':')}`;
      const files = `files:${[known.owner.file, owner.file].sort().join(':')}`;
      if (reported.has(pair) || reported.has(files)) return;
      reported.add(pair).add(files);
      collisions.push({ first: known.owner, second: owner, spellings: [known.spelling, spelling], kind });
    });
  }
  return collisions;
}

/**
 * A site path as written for output (hrefs, canonical and hreflang URLs, sitemap, feeds): percent-encoded
 * once as RFC 3986 requires, `/关于我们` -> `/%E5%85%B3%E4%BA%8E%E6%88%91%E4%BB%AC`. Routes hold nothing
 * else that needs escaping, so ASCII routes are unchanged; `?` and `#` (possible only in public/ file
 * names) are escaped too, so that they stay part of the path.
 */
export function encodeSitePath(path: string): string {
  return encodeURI(path).replace(/[?#]/g, (c) => encodeURIComponent(c));
}

/**
 * A site path as a writer or a browser wrote it, in the form routes are kept in: percent-escapes decoded
 * (micromark encodes non-ASCII link URLs, browsers send them encoded) and NFC, so `/%E5%85%B3…`,
 * `/关于我们` and its NFD twin are one path. A malformed escape (`/50%.png`) leaves the path as written.
 */
export function decodeSitePath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // Not an escape sequence: the `%` is part of the name.
  }
  return decoded.normalize('NFC');
}

/** The URL path of a route in a locale: `/DROC` -> `/en/DROC`; the default locale has no prefix. */
export function localisePath(route: string, locale: Locale, locales: Locales): string {
  if (locale === defaultLocale(locales)) return route;
  return route === '/' ? `/${locale}` : `/${locale}${route}`;
}

/** The route and locale of a site URL path, or null when the path belongs to no locale tree. */
export function parseSitePath(path: string, locales: Locales): { route: string; locale: Locale } {
  const main = defaultLocale(locales);
  for (const locale of localeCodes(locales)) {
    if (locale === main) continue;
    if (path === `/${locale}`) return { route: '/', locale };
    if (path.startsWith(`/${locale}/`)) return { route: path.slice(locale.length + 1), locale };
  }
  return { route: path, locale: main };
}

/** The route name used in `data-route`: `/` -> `index___zh`, `/company/company` -> `company-company___en`. */
export function routeName(route: string, locale: Locale): string {
  const name = route === '/' ? 'index' : route.slice(1).replaceAll('/', '-');
  return `${name}${ROUTE_NAME_SEPARATOR}${locale}`;
}

/**
 * The files (relative to the output folder) a page is written to. A route is served from `<path>.html` so
 * that `/DROC` answers 200 at exactly that path on nginx (`try_files $uri $uri.html`) and on hosts with
 * clean URLs, never through a redirect to `/DROC/`. A locale root is also written as `<locale>/index.html`.
 */
export function outputFiles(route: string, locale: Locale, locales: Locales): string[] {
  const path = localisePath(route, locale, locales);
  if (path === '/') return ['index.html'];
  if (route === '/') return [`${path.slice(1)}.html`, `${path.slice(1)}/index.html`];
  return [`${path.slice(1)}.html`];
}

/** Normalises an internal link path: drops a trailing slash and `.html`, keeps `/`. */
export function normaliseLinkPath(path: string): string {
  let p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (p.endsWith('/index.html')) p = p.slice(0, -'/index.html'.length) || '/';
  else if (p.endsWith('.html')) p = p.slice(0, -'.html'.length);
  return p || '/';
}
