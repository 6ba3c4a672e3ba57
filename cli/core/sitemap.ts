/** sitemap.xml with hreflang alternates, and robots.txt naming it. */
import { LOCALES } from '../../client/constants.ts';
import { absoluteUrl, collectAlternates } from './head.ts';

/** Text as XML character data or attribute value; characters XML 1.0 forbids are dropped. */
export function escapeXml(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The sitemap of the given routes (every locale of each), in a stable order. Pass canonical routes only:
 * an alias such as `/home` declares `/` canonical and does not belong in a sitemap.
 */
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
