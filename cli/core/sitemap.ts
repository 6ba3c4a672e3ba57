/** sitemap.xml with hreflang alternates, and robots.txt naming it. */
import { LOCALES } from '../../client/constants.ts';
import { absoluteUrl, collectAlternates } from './head.ts';

const escapeXml = (text: string): string => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sitemap of the given routes (every locale of each), in a stable order. */
export function renderSitemap(baseUrl: string, routes: readonly string[]): string {
  const urls = [...routes].sort().flatMap((route) =>
    LOCALES.map((locale) => {
      const links = collectAlternates(baseUrl, route)
        .map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${escapeXml(alt.href)}"/>`)
        .join('\n');
      return `  <url>\n    <loc>${escapeXml(absoluteUrl(baseUrl, route, locale))}</loc>\n${links}\n  </url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled; the sitemap is named. */
export function renderRobots(baseUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${baseUrl}/sitemap.xml\n`;
}
