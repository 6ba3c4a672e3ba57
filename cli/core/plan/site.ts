/**
 * The plan stage: what the site is made of once its pages are known, from the loaded site
 * (cli/core/load/loaded-site.ts) and its translations tracked (cli/core/l10n/track.ts): the menu and strings
 * checked against the routes, what each page shows of the others (cli/core/plan/lists.ts), the old
 * addresses kept, the link targets, the social cards. Shared by `build` and `watch` (which keeps it between
 * edits). Problems are collected as data and thrown together.
 */
import { join } from 'node:path';
import type { Locale } from '../../../shared/constants.ts';
import { localeCodes } from '../common/locales.ts';
import type { Menu, SiteConfig, Strings } from '../load/config.ts';
import type { LoadedSite, SiteFiles } from '../load/loaded-site.ts';
import { problem, SiteError, type Problem } from '../common/errors.ts';
import type { PlannedPage } from '../load/i18n.ts';
import { explainMissing, type LinkTargets } from '../common/link-targets.ts';
import { translator } from '../text/translator.ts';
import { checkDataRoutes } from './internal-links.ts';
import { missingStrings, resolveStrings, type TextUse } from './resolved-strings.ts';
import { displayPath } from '../common/paths.ts';
import { coverProblems } from '../images/images.ts';
import { decodeSitePath, localisePath, routesOfPage, SITE_PAGES } from '../common/routes.ts';
import { collectRedirects, type LiveSite, type Redirect } from './old-addresses.ts';
import { cardArt, type CardArt } from '../images/card-image.ts';
import type { CardSpec } from '../images/card-spec.ts';
import { planCards } from './cards.ts';
import type { Tracked } from '../l10n/track.ts';
import { feedHeads, newsListTitle, pageLists, type FeedHead, type PageLists } from './lists.ts';

/** A canonical page route (no `/home` alias), with the locales that have their own file for it. */
interface CanonicalRoute {
  route: string;
  locales: readonly Locale[];
}

/** What the plan stage returns: what rendering and writing need beyond the loaded site. */
export interface PlannedSite {
  /** Every page to write, per locale, each outdated translation with its notice (cli/core/l10n/track.ts). */
  pages: PlannedPage[];
  /** Each locale's UI texts, its fallback chain's filled in. */
  strings: Strings;
  /** The locale each text a locale takes from its fallback chain comes from, by locale and id. */
  textFrom: Record<Locale, Record<string, Locale>>;
  /** The text ids each locale lacks (the translation report). */
  missing: Record<Locale, string[]>;
  /** What each page shows of the others. */
  lists: PageLists;
  /** Each locale's feed, when it has articles. */
  feeds: Record<Locale, FeedHead>;
  /** The locales with a news list page (/news), which their feed links to (cli/core/render/feed.ts). */
  newsLists: ReadonlySet<Locale>;
  /** What internal links may point at. */
  linkTargets: LinkTargets;
  /** Canonical page routes, for the sitemap. */
  routes: CanonicalRoute[];
  /** The old addresses kept (front matter `aliases`, site.yaml `redirects`), sorted by address. */
  redirects: Redirect[];
  /** Every social card the output holds (cli/core/plan/cards.ts), their site paths per locale and route, and the art they are drawn with. */
  cards: CardSpec[];
  cardPaths: Record<Locale, ReadonlyMap<string, string>>;
  cardArt: CardArt;
  /** The warnings of the menu and strings. */
  warnings: Problem[];
}

/** The menu's links to routes that are not pages (saying when one is a draft left out). */
function checkMenu(menu: Menu, targets: Pick<LinkTargets, 'routes' | 'drafts' | 'locales'>): Problem[] {
  const items = [...menu.groups.flatMap((g) => g.items), ...menu.links];
  return items.flatMap((item) => {
    const route = decodeSitePath(item.route);
    if (targets.routes.has(route)) return [];
    const why = explainMissing(route, { ...targets, files: new Set() }, 'a page', 'the menu item');
    return [problem('MENU_INVALID', `The menu links to ${item.route}, ${why}`, { file: menu.file, line: item.line })];
  });
}

/** The text ids the menu uses. */
function menuLabels(menu: Menu): string[] {
  return [...menu.groups.map((g) => g.label), ...[...menu.groups.flatMap((g) => g.items), ...menu.links].map((i) => i.label)];
}

/** The text ids menu.yaml uses as labels, each with its line. */
function menuTextUses(menu: Menu): TextUse[] {
  const items = [...menu.groups.flatMap((g) => g.items), ...menu.links];
  return [...menu.groups.map((g) => ({ id: g.label, line: g.line })), ...items.map((i) => ({ id: i.label, line: i.labelLine }))];
}

/** The routes links may point at: every page's, and the home page's alias. */
function linkableRoutes(pages: readonly PlannedPage[]): Set<string> {
  return new Set(pages.flatMap((p) => routesOfPage(p.route)));
}

/**
 * The text ids each locale lacks, each locale's strings with its fallback chain's text filled in, and the
 * menu's and strings' problems.
 */
function checkNames(
  files: SiteFiles,
  routes: ReadonlySet<string>,
  drafts: LinkTargets['drafts'],
  contentDir: string,
): {
  missing: Record<Locale, string[]>;
  strings: Strings;
  from: Record<Locale, Record<string, Locale>>;
  errors: Problem[];
  warnings: Problem[];
} {
  const { menu, strings, templates, config } = files;
  const used = [...templates.module.UI_STRINGS, ...menuLabels(menu)];
  const missing = missingStrings(strings, config.locales, used);
  const stringsFile = (locale: Locale): string => displayPath(join(contentDir, locale, '_strings.yaml'));
  const resolved = resolveStrings(
    strings,
    config.locales,
    { file: menu.file, uses: menuTextUses(menu) },
    stringsFile,
    templates.module.UI_STRINGS,
  );
  return {
    missing,
    strings: resolved.strings,
    from: resolved.from,
    errors: [
      ...checkMenu(menu, { routes, drafts, locales: config.locales }),
      ...resolved.errors,
      // site.yaml's problems with the files (cli/core/load/loaded-site.ts), told with the names'.
      ...files.configErrors,
    ],
    warnings: resolved.warnings,
  };
}

/**
 * Plans the site `loaded` holds, its translations `tracked`. Throws SiteError with the problems of loading,
 * tracking and checking the names together, then with those of the plan itself.
 */
export async function planSite(loaded: LoadedSite, tracked: Tracked): Promise<PlannedSite> {
  const { config, menu, templates, publicFiles, images, contentDir, inputs } = loaded;
  const routes = linkableRoutes(loaded.pages);
  const names = checkNames(loaded, routes, loaded.drafts, contentDir);
  if (loaded.errors.length || names.errors.length || tracked.errors.length)
    throw new SiteError([...loaded.errors, ...tracked.errors, ...names.errors]);
  const { strings } = names;
  // What the pages show of each other, and where they can be found, does not depend on a notice.
  const { pages } = loaded;

  const lists = pageLists(pages, templates.module, menu, config);
  const feeds = feedHeads(config, lists);
  const outputPaths = new Set([
    ...publicFiles.map((f) => `/${f}`),
    ...Object.keys(images),
    '/sitemap.xml',
    '/robots.txt',
    ...Object.values(feeds).map((f) => f.href),
  ]);
  const moved = collectRedirects(pages, config.redirects, displayPath(join(contentDir, 'site.yaml')), liveSite(pages, outputPaths, config));
  const linkTargets: LinkTargets = { locales: config.locales, routes, drafts: loaded.drafts, files: outputPaths, aliases: moved.aliases };
  // Social cards: a page's card URL is in its HTML, so they are planned before anything renders.
  const art = await cardArt(join(inputs.root, 'public'));
  const cards = planCards(
    pages,
    {
      config,
      menu,
      strings,
      parents: lists.parents,
      titles: lists.titles,
      art: art.hash,
      image: (path) => images[path],
      publicDir: join(inputs.root, 'public'),
    },
    (sitePage, l) => translator(strings, l)(sitePage.title),
  );
  // Front matter routes and covers are checked here, in the main thread, where each page's YAML positions live.
  const own = pages.filter((page) => !page.fallback);
  const errors = [
    ...moved.errors,
    ...cards.problems,
    ...own.flatMap((page) => checkDataRoutes(page, linkTargets)),
    ...own.flatMap((page) => coverProblems(page.source.data, images, linkTargets.files, page.source.file, page.source.lineOf)),
  ];
  if (errors.length) throw new SiteError(errors);
  return {
    pages: tracked.pages,
    strings,
    textFrom: names.from,
    missing: names.missing,
    lists,
    feeds,
    newsLists: new Set(localeCodes(config.locales).filter((locale) => Boolean(newsListTitle(lists, locale)))),
    linkTargets,
    routes: [...new Map(pages.map((p) => [p.route, { route: p.route, locales: p.ownLocales }])).values()],
    redirects: moved.redirects,
    cards: cards.cards,
    cardPaths: cards.paths,
    cardArt: art,
    warnings: names.warnings,
  };
}

/** What the output answers, for checking old addresses against (cli/core/plan/old-addresses.ts). */
function liveSite(pages: readonly PlannedPage[], files: ReadonlySet<string>, config: SiteConfig): LiveSite {
  const { locales } = config;
  const written = new Map(
    pages.flatMap((page) =>
      routesOfPage(page.route).map((route): [string, string] => [localisePath(route, page.locale, locales), page.source.file]),
    ),
  );
  const made = SITE_PAGES.flatMap((sitePage) => localeCodes(locales).map((locale) => localisePath(sitePage.route, locale, locales)));
  return { locales, pages: written, files: new Set([...files, ...made]) };
}
