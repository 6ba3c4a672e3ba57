/** sitemap.xml with hreflang alternates, and robots.txt naming it. */
import type { Locale } from '../../../shared/constants.ts';
import type { Locales } from '../common/locales.ts';
import { absoluteUrl, collectAlternates } from './head.ts';
import { byPath } from '../common/paths.ts';

/** A canonical page route and the locales with their own file for it (stand-ins are left out). */
export interface SitemapRoute {
  route: string;
  locales: readonly Locale[];
}

/** Text as XML character data or attribute value; characters XML 1.0 forbids are dropped. */
export function escapeXml(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The sitemap of the given routes (each locale written, with the others as alternates), in a stable
 * order. Pass canonical routes only: an alias such as `/home` declares `/` canonical, and a stand-in for a
 * missing translation declares its source's page canonical; neither belongs in a sitemap.
 */
export function renderSitemap(baseUrl: string, routes: readonly SitemapRoute[], config: Locales): string {
  const sorted = [...routes].sort((a, b) => byPath(a.route, b.route));
  const urls = sorted.flatMap(({ route, locales }) =>
    locales.map((locale) => {
      const links = collectAlternates(baseUrl, route, locales, config)
        .map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${escapeXml(alt.href)}"/>`)
        .join('\n');
      return `  <url>\n    <loc>${escapeXml(absoluteUrl(baseUrl, route, locale, config))}</loc>\n${links}\n  </url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.map((url) => `${url}\n`).join('')}</urlset>\n`;
}

/**
 * robots.txt: everything may be crawled, or nothing in a preview (docs/hosting.md, "Previews"); the sitemap is
 * named, at `root` (the base URL and the base path), which `check` and `deploy` read back.
 */
export function renderRobots(root: string, preview = false): string {
  return `User-agent: *\n${preview ? 'Disallow' : 'Allow'}: /\n\nSitemap: ${root}/sitemap.xml\n`;
}

/**
 * The site's base URL as robots.txt names it (`Sitemap: <base>/sitemap.xml`), if it does: `renderRobots` read
 * back, by `check` and `deploy --preview`, which find a build's base URL in its files.
 */
export function baseUrlFromRobots(robots: string): string | undefined {
  return /^Sitemap:\s*(\S+)\/sitemap\.xml\s*$/im.exec(robots)?.[1];
}
