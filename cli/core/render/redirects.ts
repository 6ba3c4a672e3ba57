/**
 * What the output holds for moved pages (docs/hosting.md, "Moved pages"): a small HTML page at each old
 * address, which any static host serves (canonical to the new URL, `noindex`, a meta refresh and a plain
 * link, in the locale's language), and the redirect map, an nginx file the shipped configuration includes
 * to answer real 301s. The map is also what `watch` and `deploy` read the redirects from, so every host
 * answers the same. Every URL here comes from the route helpers (cli/core/common/routes.ts,
 * cli/core/render/head.ts), as every other URL the site writes does.
 */
import { langOf, type Locales } from '../common/locales.ts';
import { encodeSitePath, localisePath, outputFiles } from '../common/routes.ts';
import { absoluteUrl } from './head.ts';
import { ROOT_BASE_PATH, siteRootUrl, urlOf } from '../common/base-path.ts';
import { escapeXml } from './sitemap.ts';
import type { Redirect, RedirectStatus } from '../plan/old-addresses.ts';

/**
 * The redirect map's file in the output folder. A dotfile: nginx (`location ~ /\.`), `watch` and `deploy`
 * never serve or publish it, and `rsync dist/` carries it to the server with the pages.
 */
export const REDIRECT_MAP = '.redirects.nginx';

/** The URL path of a redirect's old address. */
export function fromPath(redirect: Redirect, locales: Locales): string {
  return localisePath(redirect.from.route, redirect.from.locale, locales);
}

/** The URL path a redirect leads to. */
export function toPath(redirect: Redirect, locales: Locales): string {
  return localisePath(redirect.to.route, redirect.to.locale, locales);
}

/** A redirect as hosts answer it: the decoded path asked for, the status, and the Location (encoded). */
export interface Answer {
  from: string;
  status: RedirectStatus;
  location: string;
}

/** The text a redirect page shows, in its locale (UI text ids `moved.title` and `moved.lead`). */
export interface MovedText {
  title: string;
  lead: string;
}

/** How a redirect is answered: the old path, its status, and the new one as a Location header writes it. */
export function answerOf(redirect: Redirect, locales: Locales, basePath = ROOT_BASE_PATH): Answer {
  return {
    from: urlOf(basePath, fromPath(redirect, locales)),
    status: redirect.status,
    location: urlOf(basePath, encodeSitePath(toPath(redirect, locales))),
  };
}

/** The output file of a redirect's page: where a page at the old address would be written. */
export function redirectFile(redirect: Redirect, locales: Locales): string {
  return outputFiles(redirect.from.route, redirect.from.locale, locales)[0] as string;
}

/**
 * The page at an old address: in the old address's locale, canonical to the new URL (absolute), kept out of
 * search indexes, sending the browser on at once, with a plain link for anything that does not follow.
 * No script, no style: it passes the site's Content-Security-Policy as it is.
 */
export function redirectPage(redirect: Redirect, baseUrl: string, locales: Locales, text: MovedText, basePath = ROOT_BASE_PATH): string {
  const href = urlOf(basePath, encodeSitePath(toPath(redirect, locales)));
  const canonical = absoluteUrl(siteRootUrl(baseUrl, basePath), redirect.to.route, redirect.to.locale, locales);
  const shown = escapeXml(toPath(redirect, locales));
  return [
    '<!doctype html>',
    `<html lang="${escapeXml(langOf(locales, redirect.from.locale))}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeXml(text.title)}</title>`,
    '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${escapeXml(canonical)}">`,
    `<meta http-equiv="refresh" content="0; url=${escapeXml(href)}">`,
    '</head>',
    `<body><p>${escapeXml(text.lead)} <a href="${escapeXml(href)}">${shown}</a></p></body>`,
    '</html>',
    '',
  ].join('\n');
}

const HEADER = '# Written by ecom-site build: the old addresses of moved pages (docs/hosting.md, "Moved pages").\n';

/**
 * The redirect map: one exact-match nginx location per old address, for `include` inside the site's
 * `server { }`. The paths were checked to hold nothing nginx would read as syntax (cli/core/plan/old-addresses.ts),
 * and are quoted all the same; nginx matches the decoded path, and the Location is relative, as the shipped
 * configuration's `absolute_redirect off` keeps every redirect.
 */
export function renderRedirectMap(answers: readonly Answer[]): string {
  return HEADER + answers.map((a) => `location = "${a.from}" { return ${a.status} "${a.location}"; }\n`).join('');
}

const LINE = /^location = "([^"\\$]+)" \{ return (301|302) "([^"\\$]+)"; \}$/;

/** The answers of a redirect map as `renderRedirectMap` writes it; lines of any other shape are passed over. */
export function parseRedirectMap(text: string): Answer[] {
  return text.split('\n').flatMap((line) => {
    const match = LINE.exec(line);
    return match ? [{ from: match[1] as string, status: Number(match[2]) as RedirectStatus, location: match[3] as string }] : [];
  });
}
