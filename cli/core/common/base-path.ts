/**
 * The base path: the folder of the host the site is served from (docs/hosting.md, "Under a sub-path"),
 * site.yaml `basePath` or `--base-path`, `/` by default. Routes, menus and content never name it: every
 * URL the build writes is turned from a site path (`/en/DROC`, `/assets/app.<hash>.js`) into a URL here,
 * so a preview under `/preview/pr-12/` and the live site at `/` are the same pages. Pure.
 */
import { PREVIEW_FOLDER } from './routes.ts';

/** The base path of a site served at the root of its host: its URLs are its site paths, unchanged. */
export const ROOT_BASE_PATH = '/';

/** What a base path may be, in the words of the messages about site.yaml's `basePath` and `--base-path`. */
export const BASE_PATH_HINT = 'a path that starts and ends with "/", of letters, digits, "-", "_", "." and "~", e.g. /preview/pr-12/';

/** One segment of a base path: characters a URL path carries as they are (RFC 3986 unreserved). */
const SEGMENT = /^[A-Za-z0-9._~-]+$/;

/**
 * Why `value` is not a base path, or undefined when it is: it starts and ends with `/`, has no empty,
 * `.` or `..` segment, and nothing that would need escaping in a URL path (so it is written as it is in
 * HTML, XML, nginx and S3 keys alike).
 */
export function basePathProblem(value: string): string | undefined {
  if (!value.startsWith('/') || !value.endsWith('/')) return `"${value}" must start and end with "/".`;
  if (value === ROOT_BASE_PATH) return undefined;
  for (const segment of value.slice(1, -1).split('/')) {
    if (segment === '') return `"${value}" has an empty segment ("//").`;
    if (segment === '.' || segment === '..') return `"${value}" has a "${segment}" segment.`;
    if (!SEGMENT.test(segment)) return `"${value}" has a character that would need escaping in a URL ("${segment}").`;
  }
  return undefined;
}

/** The base path without its trailing slash, put before site paths: `''` for `/`, `/preview/pr-12` otherwise. */
export function basePrefix(basePath: string): string {
  return basePath.slice(0, -1);
}

/**
 * The URL of a site path under the base path: `/en/DROC` -> `/preview/pr-12/en/DROC`, `/` -> `/preview/pr-12/`.
 * `path` is a site path as written for output (percent-encoded, cli/core/common/routes.ts `encodeSitePath`).
 * The one place a URL path of the site is made.
 */
export function urlOf(basePath: string, path: string): string {
  return `${basePrefix(basePath)}${path}`;
}

/** The absolute URL the site's paths are appended to: site.yaml `baseUrl` (no trailing slash) and the base path. */
export function siteRootUrl(baseUrl: string, basePath: string): string {
  return `${baseUrl}${basePrefix(basePath)}`;
}

/**
 * What goes before the site path of a hashed asset or public/ file: site.yaml `cdn` when it is an absolute
 * URL (the CDN holds the files at their site paths), else the base path and `cdn` as a path prefix.
 */
export function assetPrefix(basePath: string, cdn: string): string {
  return /^https?:\/\//.test(cdn) ? cdn : urlOf(basePath, cdn);
}

/**
 * The site path of a URL path under the base path (`/preview/pr-12/en/DROC` -> `/en/DROC`), or undefined
 * for a path outside it. The inverse of `urlOf`, for servers that serve a build at its base path.
 */
export function sitePathIn(basePath: string, urlPath: string): string | undefined {
  const prefix = basePrefix(basePath);
  if (urlPath === prefix) return '/';
  return urlPath.startsWith(`${prefix}/`) ? urlPath.slice(prefix.length) : undefined;
}

/**
 * The base path a built page was written for: its `<html data-base-path>` (written only when it is not
 * `/`), so `check` and `deploy` read a build's base path back from its `index.html`.
 */
export function basePathOfPage(html: string): string {
  const value = /<html\b[^>]*\sdata-base-path="([^"]*)"/.exec(html)?.[1];
  return value !== undefined && basePathProblem(value) === undefined ? value : ROOT_BASE_PATH;
}

/**
 * A preview's name: letters, digits, `.`, `_` and `-`, starting with a letter or digit (a branch or PR:
 * `pr-12`). Kept with the base path it names, so that the commands' options check it without loading deploy.
 */
const PREVIEW_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** Why `name` cannot name a preview, or undefined when it can. */
export function previewNameProblem(name: string): string | undefined {
  if (!PREVIEW_NAME.test(name) || name.includes('..'))
    return `"${name}" is no preview name: use letters, digits, ".", "_" and "-", starting with a letter or digit, e.g. pr-12.`;
  return undefined;
}

/** The base path a preview is built for: `/preview/<name>/`. */
export function previewBasePath(name: string): string {
  return `/${PREVIEW_FOLDER}/${name}/`;
}
