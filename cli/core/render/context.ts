/**
 * The render context (cli/core/render/render.ts `RenderContext`): what every page's render reads besides
 * the page itself, made from the loaded site and its plan: the lists each page shows of the others
 * (articles, breadcrumbs, titles, icons, the featured article), the asset URLs and feed links.
 */
import type { Locale } from '../../../shared/constants.ts';
import type { ArticleSummary } from '../../../templates/types.ts';
import { assetPrefix } from '../common/base-path.ts';
import { langOf, localeCodes } from '../common/locales.ts';
import { encodeSitePath, localisePath } from '../common/routes.ts';
import type { Menu, SiteConfig } from '../load/config.ts';
import { portable, type PlannedPage } from '../load/i18n.ts';
import { fillPlaceholders } from '../load/placeholders.ts';
import type { SiteAssets } from '../load/site.ts';
import type { SiteFeed } from './feed.ts';
import { placeholdersFor, type RenderContext } from './render.ts';
import type { TemplateModule } from '../load/bundle.ts';
import { collectParents } from './structured-data.ts';

/** What each page shows of the others, per locale. */
export type PageLists = Pick<RenderContext, 'articles' | 'parents' | 'titles' | 'featured' | 'icons'>;

function listArticles(pages: readonly PlannedPage[], templates: TemplateModule, locale: Locale, config: SiteConfig): ArticleSummary[] {
  const placeholders = placeholdersFor(config, locale);
  const fill = (value: unknown): string => fillPlaceholders(String(value ?? ''), placeholders);
  return pages
    .filter((p) => p.locale === locale && templates.templates[p.source.template]?.article)
    .map((p) => ({
      href: encodeSitePath(localisePath(p.route, locale, config.locales)),
      slug: p.route.split('/').pop() ?? '',
      title: fill(p.source.data.title),
      date: String(p.source.data.date ?? ''),
      summary: fill(p.source.data.summary ?? p.source.data.description),
      lang: langOf(config.locales, p.source.locale),
    }))
    .sort((a, b) => (a.date === b.date ? a.href.localeCompare(b.href) : a.date < b.date ? 1 : -1));
}

/** The icon each page names in its front matter, per locale (validated against the template's `icon` field). */
function namedIcons(pages: readonly PlannedPage[], codes: readonly Locale[]): RenderContext['icons'] {
  const icons: RenderContext['icons'] = {};
  for (const locale of codes) {
    icons[locale] = new Map(
      pages.filter((p) => p.locale === locale && typeof p.source.data.icon === 'string').map((p) => [p.route, String(p.source.data.icon)]),
    );
  }
  return icons;
}

/** Where each page sits (for breadcrumbs) and its title, per locale. */
function pageRelations(
  pages: readonly PlannedPage[],
  templates: TemplateModule,
  menu: Menu,
  config: SiteConfig,
): Pick<RenderContext, 'parents' | 'titles'> {
  const groups = menu.groups.map((g) => g.items.map((i) => i.route));
  const parents: RenderContext['parents'] = {};
  const titles: RenderContext['titles'] = {};
  for (const locale of localeCodes(config.locales)) {
    const own = pages.filter((p) => p.locale === locale);
    const facts = own.map((p) => ({
      route: p.route,
      data: p.source.data,
      article: Boolean(templates.templates[p.source.template]?.article),
    }));
    parents[locale] = collectParents(facts, groups);
    titles[locale] = new Map(
      own.map((p) => [p.route, fillPlaceholders(String(p.source.data.title), placeholdersFor(config, p.source.locale))]),
    );
  }
  return { parents, titles };
}

/** The lists every page shows of the others: articles, breadcrumb parents and titles, the featured article, icons. */
export function pageLists(pages: readonly PlannedPage[], templates: TemplateModule, menu: Menu, config: SiteConfig): PageLists {
  const articles: Record<Locale, ArticleSummary[]> = Object.fromEntries(
    localeCodes(config.locales).map((l) => [l, listArticles(pages, templates, l, config)]),
  );
  return {
    articles,
    ...pageRelations(pages, templates, menu, config),
    featured: featuredArticles(pages, articles, config),
    icons: namedIcons(pages, localeCodes(config.locales)),
  };
}

/** What `renderContext` is made of: the rest of the context as it is, and the parts it derives from. */
export type ContextParts = Omit<RenderContext, 'assets' | 'feeds' | keyof PageLists> & {
  lists: PageLists;
  assets: SiteAssets;
  feeds: Record<Locale, SiteFeed>;
};

/** The render context of a site. */
export function renderContext(parts: ContextParts): RenderContext {
  const { config, lists, feeds } = parts;
  return {
    config,
    menu: parts.menu,
    strings: parts.strings,
    templates: parts.templates,
    targets: parts.targets,
    articles: lists.articles,
    assets: assetUrls(parts.assets, assetPrefix(config.basePath, config.cdn)),
    parents: lists.parents,
    titles: lists.titles,
    featured: lists.featured,
    feeds: Object.fromEntries(Object.entries(feeds).map(([l, f]) => [l, { href: f.href, title: f.title }])),
    icons: lists.icons,
    year: parts.year,
    terms: parts.terms,
    images: parts.images,
    cards: parts.cards,
    textFrom: parts.textFrom,
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

/** The newest article of each locale, shown in full on /newsDetail. */
function featuredArticles(
  pages: readonly PlannedPage[],
  articles: Record<Locale, ArticleSummary[]>,
  config: SiteConfig,
): RenderContext['featured'] {
  const featured: RenderContext['featured'] = {};
  for (const locale of localeCodes(config.locales)) {
    const newest = articles[locale]?.[0]?.href;
    const page = pages.find((p) => p.locale === locale && encodeSitePath(localisePath(p.route, locale, config.locales)) === newest);
    if (page) featured[locale] = portable(page).source;
  }
  return featured;
}
