/**
 * Everything a build knows before it renders: settings, menu, strings, compiled templates and assets, the
 * pages and their plan, and the render context. Shared by `build` and `watch` (which keeps it between
 * edits). Problems are collected as data and thrown together.
 */
import { existsSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fg from 'fast-glob';
import type { Locale } from '../../../shared/constants.ts';
import { langOf, localeCodes } from '../common/locales.ts';
import type { ArticleSummary } from '../../../templates/types.ts';
import { buildYear } from '../load/build-date.ts';
import {
  buildClientScript,
  buildDetectScript,
  buildSearchScript,
  buildStylesheet,
  loadTemplateModule,
  type Asset,
  type TemplateBundle,
} from '../load/bundle.ts';
import { loadMenu, loadSiteSettings, loadStrings, type Menu, type SiteConfig, type Strings } from '../load/config.ts';
import { dateArticles } from './news-dates.ts';
import { listPageFiles, loadPages, type PageReuse, type SourcePage, type TemplateFields } from '../load/content.ts';
import { problem, SiteError, type Problem } from '../common/errors.ts';
import { siteFeeds, type SiteFeed } from '../render/feed.ts';
import {
  missingStrings,
  resolveStrings,
  planPages,
  portable,
  translator,
  withDefaults,
  type PlannedPage,
  type TextUse,
} from '../load/i18n.ts';
import { explainMissing, type LinkTargets } from '../render/internal-links.ts';
import { cacheDirOf, displayPath, IGNORED_GLOBS } from '../common/paths.ts';
import { probePublicImages } from '../images/image-files.ts';
import { coverProblems, isRasterPath, type ImageTable } from '../images/images.ts';
import { fillPlaceholders } from '../load/placeholders.ts';
import { checkDataRoutes, placeholdersFor, type RenderContext, type TemplateModule } from '../render/render.ts';
import { decodeSitePath, encodeSitePath, localisePath, routesOfPage, SITE_PAGES } from '../common/routes.ts';
import { collectRedirects, type LiveSite, type Redirect } from '../load/redirects.ts';
import { assetPrefix, ROOT_BASE_PATH } from '../common/base-path.ts';
import type { SitemapRoute } from '../render/sitemap.ts';
import { collectParents } from '../render/structured-data.ts';
import { dataProseProblems } from '../render/text-checks.ts';
import { filingIconProblems } from '../render/filing.ts';
import { cardArt, type CardArt } from '../images/card-image.ts';
import { planCards, type CardSpec } from '../images/cards.ts';
import { loadTerms, type TermBase } from '../load/terms.ts';
import { linksLeaving } from '../load/symlinks.ts';
import type { SourceCache, TranslationStatus } from '../l10n/status.ts';
import { trackTranslations } from '../l10n/track.ts';
import { versionCache } from '../l10n/versions.ts';

/** Where a site's inputs are. */
export interface SiteInputs {
  /** The project root: where templates/, public/ and client/ are. */
  root: string;
  contentDir: string;
  baseUrl?: string;
  /** `--base-path`: replaces site.yaml's `basePath`; a different one makes a preview (docs/hosting.md, "Previews"). */
  basePath?: string;
  /** `--preview`: a preview build whatever its base path. */
  preview?: boolean;
  drafts: boolean;
}

/** A site ready to render. */
export interface Site {
  inputs: SiteInputs;
  config: SiteConfig;
  templates: TemplateBundle<TemplateModule>;
  assets: { script: Asset; detect: Asset; stylesheet: Asset; search: Asset };
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
  /** Every social card the output holds (cli/core/images/cards.ts), and the art they are drawn with. */
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

/** What content loading needs to know of the templates: their names and documented fields. */
export function fieldsOfTemplates(module: TemplateModule): TemplateFields {
  return {
    names: Object.keys(module.templates).sort(),
    fieldsOf: (name) => module.templates[name]?.fields ?? {},
    isArticle: (name) => module.templates[name]?.article === true,
  };
}

/** The content folder, absolute; CONTENT_MISSING when it is not a folder. */
function contentFolder(dir: string): string {
  const contentDir = resolve(dir);
  if (!existsSync(contentDir) || !statSync(contentDir).isDirectory()) {
    throw new SiteError(problem('CONTENT_MISSING', `The content folder ${displayPath(contentDir)} does not exist.`));
  }
  return contentDir;
}

/** Everything a site is made from but its pages: settings, menu, strings, templates, assets, public/, terms. */
interface SiteFiles {
  config: SiteConfig;
  menu: Menu;
  strings: Strings;
  templates: TemplateBundle<TemplateModule>;
  assets: Site['assets'];
  publicFiles: string[];
  images: ImageTable;
  terms: TermBase;
  /** The warnings of site.yaml (a per-locale setting taken from another locale). */
  configWarnings: Problem[];
}

/** The names at the top of public/ (hidden ones left out, as they are never copied). */
async function publicNames(publicDir: string): Promise<string[]> {
  const names = await readdir(publicDir).catch(() => []);
  return names.filter((name) => !name.startsWith('.'));
}

/**
 * The settings as this build applies them: `--base-url` and `--base-path` replace site.yaml's; a build is a
 * preview when asked (`--preview`) or when its base path is not site.yaml's, the production one.
 */
export function applyInputs(config: SiteConfig, inputs: Pick<SiteInputs, 'baseUrl' | 'basePath' | 'preview'>): SiteConfig {
  const basePath = inputs.basePath ?? config.basePath;
  return {
    ...config,
    baseUrl: inputs.baseUrl ? inputs.baseUrl.replace(/\/+$/, '') : config.baseUrl,
    basePath,
    preview: Boolean(inputs.preview) || basePath !== config.basePath,
  };
}

/** Loads the site-wide files at once, the settings as `applyInputs` makes them. */
async function loadSiteFiles(inputs: SiteInputs, contentDir: string): Promise<SiteFiles> {
  const { root } = inputs;
  const cacheDir = cacheDirOf(root);
  // Before anything is read: a link out of public/ or the content folder would publish the machine's files.
  const outside = (await Promise.all([linksLeaving(join(root, 'public'), root), linksLeaving(contentDir)])).flat();
  if (outside.length) throw new SiteError(outside);
  // The locales decide which strings files there are: site.yaml is read first.
  const settings = await loadSiteSettings(contentDir, await publicNames(join(root, 'public')));
  const config = settings.config;
  const underBase = applyInputs(config, inputs).basePath !== ROOT_BASE_PATH;
  const [menu, ownStrings, templates, script, detect, search, stylesheet, allPublicFiles, terms, images] = await Promise.all([
    loadMenu(contentDir),
    loadStrings(contentDir, config.locales),
    loadTemplateModule<TemplateModule>(root, cacheDir),
    buildClientScript(root, cacheDir),
    buildDetectScript(root, cacheDir, underBase),
    buildSearchScript(root, cacheDir),
    buildStylesheet(root, cacheDir),
    fg('**/*', { cwd: join(root, 'public'), onlyFiles: true, dot: false, ignore: IGNORED_GLOBS }),
    loadTerms(contentDir, config.locales),
    probePublicImages(join(root, 'public'), cacheDir),
  ]);
  return {
    config: applyInputs(config, inputs),
    menu,
    strings: withDefaults(ownStrings, templates.module.UI_TEXT, config.locales),
    templates,
    assets: { script, detect, stylesheet, search },
    // Raster originals are never copied: they may carry a GPS position (docs/writing.md, "Images").
    publicFiles: allPublicFiles.filter((file) => !isRasterPath(file)).sort(),
    images,
    terms,
    configWarnings: settings.warnings,
  };
}

/** The pages, read (reusing what `reuse` knows) and planned per locale, and the problems found on the way. */
async function loadPlannedPages(files: SiteFiles, contentDir: string, inputs: SiteInputs, reuse?: PageReuse & { templatesHash: string }) {
  // Pages were validated against the templates' fields: a changed template set means reading them anew.
  const entries = reuse?.entries ? [...reuse.entries] : await listPageFiles(contentDir, files.config.locales);
  const known = reuse?.templatesHash === files.templates.hash ? reuse : { sources: new Map<string, SourcePage>() };
  const loaded = await loadPages(
    contentDir,
    fieldsOfTemplates(files.templates.module),
    { ...known, entries },
    files.config.maxPageSize,
    files.config.locales,
  );
  // An article without a `date` takes site.yaml's (`newsDates`) before anything lists or renders it.
  const isArticle = (name: string): boolean => files.templates.module.templates[name]?.article === true;
  const dated = dateArticles(loaded.pages, files.config.newsDates, isArticle);
  const plan = planPages(dated.pages, inputs.drafts, files.config.locales);
  // Variant terms and spacing in front matter are found here, where each field's line is known; the body's
  // are found while it renders (cli/core/render/markdown.ts).
  const { locales } = files.config;
  const prose = loaded.pages.flatMap((source) =>
    dataProseProblems(source.data, { code: source.locale, lang: langOf(locales, source.locale) }, files.terms, source.file, source.lineOf),
  );
  return {
    entries,
    sources: loaded.pages,
    plan,
    warnings: [...loaded.warnings, ...plan.warnings, ...prose],
    errors: [...dated.errors, ...plan.errors],
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
  const contentDir = contentFolder(inputs.contentDir);
  const year = buildYear();
  const files = await loadSiteFiles(inputs, contentDir);
  const { config, menu, templates, assets, publicFiles, images, terms } = files;
  const module = templates.module;
  const codes = localeCodes(config.locales);
  const planned = await loadPlannedPages(files, contentDir, inputs, reuse);
  const { entries, sources, plan, errors: planErrors } = planned;
  const tracked = trackTranslations(sources, plan.pages, config.locales, versions);
  const routes = linkableRoutes(plan.pages);
  const names = checkNames(files, routes, plan.drafts, contentDir);
  if (planErrors.length || names.errors.length || tracked.errors.length)
    throw new SiteError([...planErrors, ...tracked.errors, ...names.errors]);
  const { strings } = names;
  const warnings = [...files.configWarnings, ...planned.warnings, ...tracked.warnings, ...names.warnings];

  const articles: Record<Locale, ArticleSummary[]> = Object.fromEntries(codes.map((l) => [l, listArticles(plan.pages, module, l, config)]));
  const relations = pageRelations(plan.pages, module, menu, config);
  const feeds = siteFeeds(config, articles, (locale) => relations.titles[locale]?.get('/news'));
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
    { config, menu, strings, ...relations, art: art.hash, image: (path) => images[path], publicDir: join(inputs.root, 'public') },
    (sitePage, l) => translator(strings, l)(sitePage.title),
  );
  const ctx: RenderContext = {
    config,
    menu,
    strings,
    templates: module,
    targets,
    articles,
    assets: assetUrls(assets, assetPrefix(config.basePath, config.cdn)),
    ...relations,
    featured: featuredArticles(plan.pages, articles, config),
    feeds: Object.fromEntries(Object.entries(feeds).map(([l, f]) => [l, { href: f.href, title: f.title }])),
    icons: namedIcons(plan.pages, codes),
    year,
    terms,
    images,
    cards: cards.paths,
    textFrom: names.from,
  };
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

/** The URLs of the hashed assets under `prefix` (cli/core/common/base-path.ts `assetPrefix`). */
function assetUrls(assets: Site['assets'], cdn: string): RenderContext['assets'] {
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
