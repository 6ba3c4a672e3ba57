/**
 * What each page shows of the others, planned from the pages per locale: the articles, breadcrumb parents
 * and titles, the featured article, the icons pages name, and the head of each locale's feed. The render
 * context carries them to every page (cli/core/render/context.ts).
 */
import type { Locale } from '../../../shared/constants.ts';
import type { ArticleSummary } from '../../../templates/types.ts';
import { langOf, localeCodes } from '../common/locales.ts';
import { encodeSitePath, localisePath } from '../common/routes.ts';
import type { TemplateModule } from '../load/bundle.ts';
import type { Menu, SiteConfig } from '../load/config.ts';
import type { SourcePage } from '../load/content.ts';
import type { PlannedPage } from '../load/i18n.ts';
import { fillPlaceholders, placeholdersFor } from '../text/placeholders.ts';
import { collectParents } from './parents.ts';

/** What each page shows of the others, per locale. */
export interface PageLists {
  /** Each locale's articles, newest first, hrefs as site paths. */
  articles: Record<Locale, ArticleSummary[]>;
  /** The route each page sits under, per locale (cli/core/plan/parents.ts `collectParents`). */
  parents: Record<Locale, ReadonlyMap<string, string>>;
  /** Page titles (placeholders filled) per locale and route, for breadcrumbs. */
  titles: Record<Locale, ReadonlyMap<string, string>>;
  /**
   * The newest article of each locale, for templates that show it in full (/newsDetail); the render context
   * carries it without its YAML line lookup (cli/core/render/context.ts).
   */
  featured: Record<Locale, SourcePage>;
  /** The icon each page names in its front matter (`icon`), per locale and route; others use icons.ts. */
  icons: Record<Locale, ReadonlyMap<string, string>>;
}

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
function namedIcons(pages: readonly PlannedPage[], codes: readonly Locale[]): PageLists['icons'] {
  const icons: PageLists['icons'] = {};
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
): Pick<PageLists, 'parents' | 'titles'> {
  const groups = menu.groups.map((g) => g.items.map((i) => i.route));
  const parents: PageLists['parents'] = {};
  const titles: PageLists['titles'] = {};
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

/** The newest article of each locale, shown in full on /newsDetail. */
function featuredArticles(
  pages: readonly PlannedPage[],
  articles: Record<Locale, ArticleSummary[]>,
  config: SiteConfig,
): PageLists['featured'] {
  const featured: PageLists['featured'] = {};
  for (const locale of localeCodes(config.locales)) {
    const newest = articles[locale]?.[0]?.href;
    const page = pages.find((p) => p.locale === locale && encodeSitePath(localisePath(p.route, locale, config.locales)) === newest);
    if (page) featured[locale] = page.source;
  }
  return featured;
}

/** A locale's feed as pages link to it: its site path and title (its text is rendered: cli/core/render/feed.ts). */
export interface FeedHead {
  href: string;
  title: string;
}

/**
 * The feed of each locale that has articles, at /news/feed.xml under the locale's prefix, titled after the
 * company and the locale's news list page (/news), when there is one.
 */
export function feedHeads(config: SiteConfig, lists: Pick<PageLists, 'articles' | 'titles'>): Record<Locale, FeedHead> {
  const feeds: Record<Locale, FeedHead> = {};
  for (const locale of localeCodes(config.locales)) {
    if ((lists.articles[locale] ?? []).length === 0) continue;
    const list = newsListTitle(lists, locale);
    const company = config.company[locale] ?? '';
    feeds[locale] = { href: localisePath('/news/feed.xml', locale, config.locales), title: list ? `${company} – ${list}` : company };
  }
  return feeds;
}

/** The title of a locale's news list page (/news), when there is one. */
export function newsListTitle(lists: Pick<PageLists, 'titles'>, locale: Locale): string | undefined {
  return lists.titles[locale]?.get('/news');
}
