/**
 * The site ready to render, made of the stages before rendering: the loaded site (cli/core/load/site.ts),
 * its pages planned per locale with their translations tracked, the menu and strings checked against the
 * routes, the old addresses and social cards planned, and the render context (cli/core/render/context.ts).
 * Shared by `build` and `watch` (which keeps it between edits). Problems are collected as data and thrown
 * together.
 */
import { join } from 'node:path';
import type { Locale } from '../../../shared/constants.ts';
import { langOf, localeCodes } from '../common/locales.ts';
import { buildYear } from '../load/build-date.ts';
import type { TemplateBundle, TemplateModule } from '../load/bundle.ts';
import type { Menu, SiteConfig, Strings } from '../load/config.ts';
import type { PageReuse, SourcePage } from '../load/content.ts';
import { loadSite, type LoadedSite, type SiteAssets, type SiteFiles, type SiteInputs } from '../load/site.ts';
import { pageLists, renderContext } from '../render/context.ts';
import { problem, SiteError, type Problem } from '../common/errors.ts';
import { siteFeeds, type SiteFeed } from '../render/feed.ts';
import { missingStrings, resolveStrings, planPages, translator, type PlannedPage, type TextUse } from '../load/i18n.ts';
import { explainMissing, type LinkTargets } from '../render/internal-links.ts';
import { displayPath } from '../common/paths.ts';
import { coverProblems, type ImageTable } from '../images/images.ts';
import { checkDataRoutes, type RenderContext } from '../render/render.ts';
import { decodeSitePath, localisePath, routesOfPage, SITE_PAGES } from '../common/routes.ts';
import { collectRedirects, type LiveSite, type Redirect } from '../load/redirects.ts';
import type { SitemapRoute } from '../render/sitemap.ts';
import { dataProseProblems } from '../render/text-checks.ts';
import { filingIconProblems } from '../render/filing.ts';
import { cardArt, type CardArt } from '../images/card-image.ts';
import type { CardSpec } from '../images/card-spec.ts';
import { planCards } from './cards.ts';
import type { SourceCache, TranslationStatus } from '../l10n/status.ts';
import { trackTranslations } from '../l10n/track.ts';
import { versionCache } from '../l10n/versions.ts';

/** A site ready to render. */
export interface Site {
  inputs: SiteInputs;
  config: SiteConfig;
  templates: TemplateBundle<TemplateModule>;
  assets: SiteAssets;
  /** Files of public/ copied as they are (raster images are not: they are published through the image pipeline). */
  publicFiles: string[];
  /** The raster images of public/, probed (cli/core/images/image-files.ts), by site path. */
  images: ImageTable;
  /** Page files relative to the content folder, as last listed. */
  entries: string[];
  sources: SourcePage[];
  pages: PlannedPage[];
  /** Canonical page routes (no `/home` alias), each with the locales that have their own file for it. */
  routes: SitemapRoute[];
  feeds: Record<Locale, SiteFeed>;
  ctx: RenderContext;
  /** Every social card the output holds (cli/core/plan/cards.ts), and the art they are drawn with. */
  cards: CardSpec[];
  cardArt: CardArt;
  warnings: Problem[];
  missing: Record<Locale, string[]>;
  /** How each translation stands against its source (cli/core/l10n/). */
  translations: TranslationStatus[];
  /** The old addresses kept (front matter `aliases`, site.yaml `redirects`), sorted by address. */
  redirects: Redirect[];
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

/** The pages planned per locale, and the problems of reading and planning them. */
function planSitePages(loaded: LoadedSite, drafts: boolean) {
  const { locales } = loaded.config;
  const plan = planPages(loaded.dated, drafts, locales);
  // Variant terms and spacing in front matter are found here, where each field's line is known; the body's
  // are found while it renders (cli/core/render/markdown.ts).
  const prose = loaded.sources.flatMap((source) =>
    dataProseProblems(source.data, { code: source.locale, lang: langOf(locales, source.locale) }, loaded.terms, source.file, source.lineOf),
  );
  return {
    entries: loaded.entries,
    sources: loaded.sources,
    plan,
    warnings: [...loaded.warnings, ...plan.warnings, ...prose],
    errors: [...loaded.errors, ...plan.errors],
  };
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
  const { menu, strings, templates, config, publicFiles, images } = files;
  const used = [...templates.module.UI_STRINGS, ...menuLabels(menu)];
  const missing = missingStrings(strings, config.locales, used);
  const inPublic = (path: string): boolean => publicFiles.includes(path.slice(1)) || path in images;
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
      ...filingIconProblems(config, inPublic, displayPath(join(contentDir, 'site.yaml'))),
    ],
    warnings: resolved.warnings,
  };
}

/**
 * Loads and checks everything, translations read through the version cache `versions` (a fresh one
 * unless given: cli/core/l10n/versions.ts). `reuse` lets `watch` keep what did not change: pages whose files are
 * unchanged are taken from it instead of being read and parsed again.
 */
export async function prepareSite(
  inputs: SiteInputs,
  reuse?: PageReuse & { templatesHash: string },
  versions: SourceCache = versionCache(),
): Promise<Site> {
  const year = buildYear();
  const files = await loadSite(inputs, reuse);
  const { config, menu, templates, assets, publicFiles, images, terms, contentDir } = files;
  const module = templates.module;
  const planned = planSitePages(files, inputs.drafts);
  const { entries, sources, plan, errors: planErrors } = planned;
  const tracked = trackTranslations(sources, plan.pages, config.locales, versions);
  const routes = linkableRoutes(plan.pages);
  const names = checkNames(files, routes, plan.drafts, contentDir);
  if (planErrors.length || names.errors.length || tracked.errors.length)
    throw new SiteError([...planErrors, ...tracked.errors, ...names.errors]);
  const { strings } = names;
  const warnings = [...files.configWarnings, ...planned.warnings, ...tracked.warnings, ...names.warnings];

  const lists = pageLists(plan.pages, module, menu, config);
  const feeds = siteFeeds(config, lists.articles, (locale) => lists.titles[locale]?.get('/news'));
  const outputPaths = new Set([
    ...publicFiles.map((f) => `/${f}`),
    ...Object.keys(images),
    '/sitemap.xml',
    '/robots.txt',
    ...Object.values(feeds).map((f) => f.href),
  ]);
  const moved = collectRedirects(
    plan.pages,
    config.redirects,
    displayPath(join(contentDir, 'site.yaml')),
    liveSite(plan.pages, outputPaths, config),
  );
  const targets: LinkTargets = { locales: config.locales, routes, drafts: plan.drafts, files: outputPaths, aliases: moved.aliases };
  // Social cards: a page's card URL is in its HTML, so they are planned before anything renders.
  const art = await cardArt(join(inputs.root, 'public'));
  const cards = planCards(
    plan.pages,
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
  const ctx = renderContext({
    config,
    menu,
    strings,
    templates: module,
    targets,
    lists,
    assets,
    feeds,
    year,
    terms,
    images,
    cards: cards.paths,
    textFrom: names.from,
  });
  // Front matter routes and covers are checked here, in the main thread, where each page's YAML positions live.
  const own = plan.pages.filter((page) => !page.fallback);
  const errors = [
    ...moved.errors,
    ...cards.problems,
    ...own.flatMap((page) => checkDataRoutes(page, targets)),
    ...own.flatMap((page) => coverProblems(page.source.data, images, targets.files, page.source.file, page.source.lineOf)),
  ];
  if (errors.length) throw new SiteError(errors);
  const canonicalRoutes = [...new Map(plan.pages.map((p) => [p.route, { route: p.route, locales: p.ownLocales }])).values()];
  return {
    inputs,
    config,
    templates,
    assets,
    publicFiles,
    images,
    entries,
    sources,
    pages: tracked.pages,
    routes: canonicalRoutes,
    feeds,
    ctx,
    cards: cards.cards,
    cardArt: art,
    warnings,
    missing: names.missing,
    translations: tracked.statuses,
    redirects: moved.redirects,
  };
}

/** What the output answers, for checking old addresses against (cli/core/load/redirects.ts). */
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
