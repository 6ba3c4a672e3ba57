/**
 * Link-checking a built tree: linkinator crawls every page and stylesheet of both locales on a
 * local server that answers as hosting/nginx.conf does (serve.ts), and the URLs listed in the
 * sitemap and feeds are requested too. Absolute links to the site's own base URL (canonical, hreflang,
 * Open Graph, JSON-LD) are checked against the tree; other origins are skipped, since the check runs
 * offline. Broken links are returned as data, each with the page it is on.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import { decodeSitePath, encodeSitePath } from '../common/routes.ts';
import { startServer } from './serve.ts';
import { basePathOfPage, basePrefix } from '../common/base-path.ts';
import { baseUrlFromRobots } from '../render/sitemap.ts';

/** A link that does not resolve, and where it was found (site paths, e.g. `/en/DROC`). */
export interface BrokenLink {
  url: string;
  /** The page (or sitemap/feed file) the link is on. */
  page: string;
  /** HTTP status, 0 when the request failed or the URL is malformed. */
  status: number;
}

/** What a check found. */
export interface LinkReport {
  /** Pages crawled (HTML files of the tree). */
  pages: number;
  /** Links checked on this host. */
  links: number;
  /** Links to other origins, not checked. */
  skipped: number;
  broken: BrokenLink[];
}

/** The site path of a built HTML file: `DROC.html` -> `/DROC`, `en/index.html` -> `/en`, `index.html` -> `/`. */
export function pagePath(file: string): string {
  const path = `/${file}`.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
  return path || '/';
}

/** The URLs an XML file (sitemap, Atom feed) points to: `<loc>` text and `href` attributes. */
export function xmlLinks(xml: string): string[] {
  const decode = (s: string): string => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');
  const found = [...xml.matchAll(/<loc>([^<]+)<\/loc>|\shref="([^"]+)"/g)].map((m) => decode((m[1] ?? m[2] ?? '').trim()));
  return [...new Set(found)];
}

/** Checks every page, asset and listed URL of the tree in `dir`. */
export async function checkLinks(dir: string): Promise<LinkReport> {
  const files = await fg(['**/*.html', '**/*.css', '**/*.xml'], { cwd: dir, onlyFiles: true, dot: false });
  files.sort();
  const html = files.filter((f) => f.endsWith('.html'));
  let baseUrl: string | undefined;
  try {
    baseUrl = baseUrlFromRobots(await readFile(join(dir, 'robots.txt'), 'utf8'));
  } catch {
    baseUrl = undefined;
  }

  // A build for a sub-path is served there (docs/hosting.md, "Under a sub-path"): a link that leaves it is broken.
  const basePath = basePathOfPage(await readFile(join(dir, 'index.html'), 'utf8').catch(() => ''));
  const server = await startServer({ dir, baseUrl, basePath });
  const origin = server.url;
  const site = `${origin}${basePrefix(basePath)}`;
  const local = (url: string): string =>
    baseUrl && (url === baseUrl || url.startsWith(`${baseUrl}/`)) ? `${site}${url.slice(baseUrl.length) || '/'}` : url;
  // Broken links are shown as a writer would type them (`/关于我们`, not `/%E5%85%B3…`).
  const shown = (url: string | undefined): string =>
    url?.startsWith(origin) ? decodeSitePath(url.slice(origin.length)) || '/' : (url ?? '');
  try {
    // Imported here, not at the top, so that `build` never pays for loading linkinator.
    const { LinkChecker, LinkState } = await import('linkinator');
    // Every page and stylesheet is a start point, so each is fetched and parsed even when nothing links
    // to it; links found on them are requested once each (linkinator caches by URL).
    const starts = [...new Set([...html.map(pagePath), ...files.filter((f) => f.endsWith('.css')).map((f) => `/${f}`)])];
    const result = await new LinkChecker().check({
      path: starts.map((p) => `${site}${encodeSitePath(p)}`),
      recurse: true,
      checkCss: true,
      // Resolve relative links as a browser does from `/DROC` (not from `/DROC/`, linkinator's default).
      cleanUrls: true,
      concurrency: 16,
      redirects: 'error',
      linksToSkip: async (url: string) => !url.startsWith(`${origin}/`),
    });
    const broken: BrokenLink[] = result.links
      .filter((link) => link.state === LinkState.BROKEN)
      .map((link) => ({ url: shown(link.url), page: shown(link.parent), status: link.status ?? 0 }));

    let listed = 0;
    for (const file of files.filter((f) => f.endsWith('.xml'))) {
      for (const url of xmlLinks(await readFile(join(dir, file), 'utf8'))) {
        const target = local(url);
        if (!target.startsWith(`${origin}/`)) continue;
        listed += 1;
        const response = await fetch(target, { method: 'HEAD', redirect: 'manual' });
        if (response.status !== 200) broken.push({ url: shown(target), page: `/${file}`, status: response.status });
      }
    }
    const skipped = result.links.filter((link) => link.state === LinkState.SKIPPED).length;
    return { pages: html.length, links: result.links.length - skipped + listed, skipped, broken: sortBroken(broken) };
  } finally {
    await server.close();
  }
}

/** Broken links by page, then URL, without repeats. */
function sortBroken(list: readonly BrokenLink[]): BrokenLink[] {
  const seen = new Set<string>();
  return list
    .filter((b) => {
      const key = `${b.page}\n${b.url}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => (a.page === b.page ? (a.url < b.url ? -1 : 1) : a.page < b.page ? -1 : 1));
}
