/**
 * Routes: pure functions from content file paths to routes, URLs, route names and output files
 * (CONTRACT.md sections 2-4). Nothing here touches the filesystem.
 */
import { DEFAULT_LOCALE, ROUTE_NAME_SEPARATOR, type Locale } from '../../client/constants.ts';

/** Routes the build generates itself; a content file may not claim them. */
const RESERVED_FIRST_SEGMENTS = new Set(['en', 'zh', 'assets', '404', 'home', 'sitemap.xml', 'robots.txt']);
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Why a file cannot become a route, or null when it can. */
export function checkFileRoute(relPath: string): { code: 'FILE_NAME_INVALID' | 'ROUTE_RESERVED'; message: string } | null {
  const segments = relPath.replace(/\.md$/, '').split('/');
  const bad = segments.find((s) => !SEGMENT.test(s));
  if (bad !== undefined) return { code: 'FILE_NAME_INVALID', message: `The name "${bad}" cannot be part of a URL.` };
  const route = routeFromFile(relPath);
  const first = route.split('/')[1] ?? '';
  if (RESERVED_FIRST_SEGMENTS.has(first)) return { code: 'ROUTE_RESERVED', message: `The route ${route} is reserved: the build generates /${first} itself.` };
  return null;
}

/** The route of a page file relative to its locale folder: `DROC.md` -> `/DROC`, `a/index.md` -> `/a`, `index.md` -> `/`. */
export function routeFromFile(relPath: string): string {
  const path = relPath.replace(/\.md$/, '').replace(/(^|\/)index$/, '');
  return `/${path}`;
}

/** The URL path of a route in a locale: `/DROC` -> `/en/DROC`; the default locale has no prefix. */
export function localisePath(route: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return route;
  return route === '/' ? `/${locale}` : `/${locale}${route}`;
}

/** The route and locale of a site URL path, or null when the path belongs to no locale tree. */
export function parseSitePath(path: string, locales: readonly Locale[]): { route: string; locale: Locale } {
  for (const locale of locales) {
    if (locale === DEFAULT_LOCALE) continue;
    if (path === `/${locale}`) return { route: '/', locale };
    if (path.startsWith(`/${locale}/`)) return { route: path.slice(locale.length + 1), locale };
  }
  return { route: path, locale: DEFAULT_LOCALE };
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
export function outputFiles(route: string, locale: Locale): string[] {
  const path = localisePath(route, locale);
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
