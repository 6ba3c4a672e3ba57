/**
 * The site-wide files a build renders besides its pages: the 404 and search pages of each locale, the
 * hashed assets, sitemap, robots.txt, each locale's feed, the page at every old address and the redirect
 * map. Rendered in the main thread: the write stage keys each by its bytes (cli/core/write/targets.ts).
 */
import { siteRootUrl } from '../common/base-path.ts';
import { localeCodes } from '../common/locales.ts';
import { localisePath, sitePagesOf } from '../common/routes.ts';
import type { Redirect } from '../plan/old-addresses.ts';
import type { SiteAssets } from '../load/loaded-site.ts';
import type { PlannedSite } from '../plan/site.ts';
import { translator } from '../text/translator.ts';
import { feedXml } from './feed.ts';
import { answerOf, REDIRECT_MAP, redirectFile, redirectPage, renderRedirectMap } from './redirects.ts';
import { renderSitePage, type RenderContext } from './render.ts';
import { renderRobots, renderSitemap } from './sitemap.ts';

/** The site-wide files: 404 and search pages, assets, sitemap, robots.txt, feeds. */
export function siteFiles(assets: SiteAssets, planned: PlannedSite, ctx: RenderContext): Array<[string, string | Uint8Array]> {
  const { config } = ctx;
  const files: Array<[string, string | Uint8Array]> = sitePagesOf(config).flatMap((sitePage) =>
    localeCodes(config.locales).map((locale): [string, string] => [
      `${localisePath(sitePage.route, locale, config.locales).slice(1)}.html`,
      renderSitePage(sitePage, locale, ctx),
    ]),
  );
  for (const asset of Object.values(assets)) files.push([`assets/${asset.name}`, asset.contents]);
  // The sitemap lists canonical pages only: /home declares / canonical (docs/writing.md, "Pages and routes").
  // A preview lists no page: its URLs must never compete with the live site's (docs/hosting.md, "Previews").
  const root = siteRootUrl(config.baseUrl, config.basePath);
  files.push(
    ['sitemap.xml', renderSitemap(root, config.preview ? [] : planned.routes, config.locales)],
    ['robots.txt', renderRobots(root, config.preview)],
  );
  for (const [locale, head] of Object.entries(planned.feeds)) {
    files.push([head.href.slice(1), feedXml(config, locale, head, planned.lists.articles[locale] ?? [], planned.newsLists.has(locale))]);
  }
  files.push(...redirectFiles(planned.redirects, ctx));
  return files;
}

/** The page at every old address, and the redirect map (cli/core/render/redirects.ts), always written, empty or not. */
function redirectFiles(redirects: readonly Redirect[], ctx: RenderContext): Array<[string, string]> {
  const { config } = ctx;
  const { locales } = config;
  const pages = redirects.map((redirect): [string, string] => {
    const t = translator(ctx.strings, redirect.from.locale);
    const text = { title: t('moved.title'), lead: t('moved.lead') };
    return [redirectFile(redirect, locales), redirectPage(redirect, config.baseUrl, locales, text, config.basePath)];
  });
  return [...pages, [REDIRECT_MAP, renderRedirectMap(redirects.map((r) => answerOf(r, locales, config.basePath)))]];
}
