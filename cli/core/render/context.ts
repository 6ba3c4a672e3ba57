/**
 * The render context (cli/core/render/render.ts `RenderContext`): what every page's render reads besides
 * the page itself, made from the loaded site, its plan and the build's year: the lists each page shows of
 * the others (articles, breadcrumbs, titles, icons, the featured article), the asset URLs and feed links.
 */
import { assetPrefix } from '../common/base-path.ts';
import type { LoadedSite, SiteAssets } from '../load/loaded-site.ts';
import type { PlannedSite } from '../plan/site.ts';
import { portableSource } from './pool.ts';
import type { RenderContext } from './render.ts';

/** What the render context is made of from the loaded site. */
type ContextInputs = Pick<LoadedSite, 'config' | 'menu' | 'templates' | 'assets' | 'terms' | 'images'>;

/** The render context of a site; `year` is the build's (cli/core/load/build-date.ts `buildYear`). */
export function renderContext(loaded: ContextInputs, planned: PlannedSite, year: number): RenderContext {
  const { config } = loaded;
  const { lists } = planned;
  return {
    config,
    menu: loaded.menu,
    strings: planned.strings,
    templates: loaded.templates.module,
    targets: planned.linkTargets,
    articles: lists.articles,
    assets: assetUrls(loaded.assets, assetPrefix(config.basePath, config.cdn)),
    parents: lists.parents,
    titles: lists.titles,
    // The context travels to the render threads: the featured articles without their YAML line lookup.
    featured: Object.fromEntries(Object.entries(lists.featured).map(([locale, source]) => [locale, portableSource(source)])),
    feeds: planned.feeds,
    icons: lists.icons,
    year,
    terms: loaded.terms,
    images: loaded.images,
    cards: planned.cardPaths,
    textFrom: planned.textFrom,
  };
}

/** The URLs of the hashed assets under `prefix` (cli/core/common/base-path.ts `assetPrefix`). */
function assetUrls(assets: SiteAssets, cdn: string): RenderContext['assets'] {
  return {
    css: `${cdn}/assets/${assets.stylesheet.name}`,
    js: `${cdn}/assets/${assets.script.name}`,
    detectJs: `${cdn}/assets/${assets.detect.name}`,
    searchJs: `${cdn}/assets/${assets.search.name}`,
  };
}
