/**
 * Internal links: pure checks and localisation (docs/writing.md, "Body: Markdown rules"). Writers link to routes as the route
 * table writes them (`/DROC`); on the pages of another locale than the default it becomes `/en/DROC`. A link to nothing is an error.
 * The plan makes the link targets (cli/core/plan/site.ts) and checks the front matter's links against them
 * (cli/core/plan/internal-links.ts); rendering checks and localises the body's (cli/core/render/remark/body-links.ts).
 * The targets travel as data, the check lives here, below both.
 */
import type { Locale } from '../../../shared/constants.ts';
import type { Locales } from './locales.ts';
import { decodeSitePath, encodeSitePath, localisePath, normaliseLinkPath, parseSitePath, routeSegment } from './routes.ts';

/** What an internal link may point to: page routes (locale-free) and files the output will contain. */
export interface LinkTargets {
  /** The site's locales, whose codes prefix the paths of all but the default one. */
  locales: Locales;
  routes: ReadonlySet<string>;
  /** Site paths of files in public/ and generated files, e.g. `/images/logo.svg`, `/sitemap.xml`. */
  files: ReadonlySet<string>;
  /** Routes left out because their pages are drafts, with the draft's file (`planPages`). */
  drafts?: ReadonlyMap<string, string>;
  /** Old routes kept by a page's `aliases`, with the page's route (cli/core/plan/old-addresses.ts). */
  aliases?: ReadonlyMap<string, string>;
}

/** The checked link: the URL to write, and an error message when the target does not exist. */
export interface CheckedLink {
  url: string;
  error?: string;
  /** Set when the link names an old address: it is written to the page's current route, and the writer told. */
  moved?: string;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function suggest(path: string, targets: LinkTargets): string {
  // A link written with the file's name (`/a b`) rather than its route (`/a-b`).
  const site = parseSitePath(path, targets.locales);
  const asRoute = site.route.split('/').map(routeSegment).join('/');
  if (asRoute !== site.route && targets.routes.has(asRoute))
    return ` Did you mean ${localisePath(asRoute, site.locale, targets.locales)}? Links use the route, not the file name (docs/writing.md, "Pages and routes").`;
  // A slip of case (`/droc`, `/en/droc` for `/DROC`), in the route or a public/ file's path.
  const lower = site.route.toLowerCase();
  const route = [...targets.routes].find((r) => r.toLowerCase() === lower);
  if (route) return ` Did you mean ${localisePath(route, site.locale, targets.locales)}? Routes are case-sensitive.`;
  const file = [...targets.files].find((f) => f.toLowerCase() === path.toLowerCase());
  return file ? ` Did you mean ${file}? Paths are case-sensitive.` : '';
}

/**
 * Why a site path (decoded, without query or hash) is not a page, as the end of a sentence that begins
 * "… points to <path>, ": a draft left out of the build (and the three ways on), or "not a page" with a
 * suggestion when the path is a route written with its file name or in the wrong case. `linkName` names
 * what the writer would remove ("the link", "the menu item").
 */
export function explainMissing(path: string, targets: LinkTargets, what = 'a page or a file in public/', linkName = 'the link'): string {
  const draft = targets.drafts?.get(parseSitePath(path, targets.locales).route);
  if (draft)
    return `a draft page (\`draft: true\` in ${draft}), which is left out of the build without --drafts. Build with --drafts, remove ${linkName}, or remove \`draft: true\` from the page.`;
  return `which is not ${what}.${suggest(path, targets)}`;
}

/** A site path that the URL parser gives back as it is: `/`, then segments of letters, digits, `-` and `_`. */
const PLAIN_PATH = /^\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]*$/;

/**
 * The path and the query and hash (`tail`) of `url` resolved against the page at `pagePath`, as the URL
 * parser gives them; undefined when `url` is not a valid URL. Most links name a plain route, which resolves
 * to itself: those skip the parser, which costs more than the rest of a link's check.
 */
export function resolveLink(url: string, pagePath: string): { pathname: string; tail: string } | undefined {
  if (PLAIN_PATH.test(url)) return { pathname: url, tail: '' };
  try {
    const resolved = new URL(url, `http://site.invalid${pagePath}`);
    return { pathname: resolved.pathname, tail: `${resolved.search}${resolved.hash}` };
  } catch {
    return undefined;
  }
}

/**
 * Checks a link or image URL written on a page at `pagePath` in `locale`. External URLs, `mailto:` and
 * hash-only links pass unchanged. Internal ones are resolved, checked and localised; `asset` links
 * (images) must name a file.
 */
export function checkInternalLink(url: string, pagePath: string, locale: Locale, targets: LinkTargets, asset = false): CheckedLink {
  if (url === '' || url.startsWith('#') || SCHEME.test(url) || url.startsWith('//')) return { url };
  const resolved = resolveLink(url, pagePath);
  if (!resolved) return { url, error: `The link "${url}" is not a valid URL.` };
  // The URL parser percent-encodes non-ASCII and spaces (micromark has already encoded Markdown link URLs);
  // routes are kept decoded and in NFC, and every URL is encoded once on the way out.
  const path = normaliseLinkPath(decodeSitePath(resolved.pathname));
  const { tail } = resolved;
  if (targets.files.has(path)) return { url: `${encodeSitePath(path)}${tail}` };
  if (!asset) {
    const site = parseSitePath(path, targets.locales);
    if (targets.routes.has(site.route)) {
      // An explicit /<locale>/… link keeps its locale; a plain route follows the page's locale.
      const explicit = site.route !== path;
      return { url: `${encodeSitePath(explicit ? path : localisePath(site.route, locale, targets.locales))}${tail}` };
    }
    const current = targets.aliases?.get(site.route);
    if (current !== undefined) {
      const target = localisePath(current, site.route !== path ? site.locale : locale, targets.locales);
      return {
        url: `${encodeSitePath(target)}${tail}`,
        moved: `The link "${url}" points to ${path}, an old address of the page now at ${current}: write ${current} (the link is written to ${target}).`,
      };
    }
  }
  const noun = asset ? 'image' : 'link';
  const why = asset ? `which is not a file in public/.${suggest(path, targets)}` : explainMissing(path, targets, undefined, `the ${noun}`);
  return { url, error: `The ${noun} "${url}" points to ${path}, ${why}` };
}
