/**
 * Everything a build knows before it renders: settings, menu, strings, compiled templates and assets, the
 * pages and their plan, and the render context. Shared by `build` and `watch` (which keeps it between
 * edits). Problems are collected as data and thrown together.
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fg from 'fast-glob';
import { LANG_TAGS, LOCALES, type Locale } from '../../client/constants.ts';
import type { ArticleSummary } from '../../templates/types.ts';
import { buildYear } from './load/build-date.ts';
import {
  buildClientScript,
  buildDetectScript,
  buildStylesheet,
  loadTemplateModule,
  type Asset,
  type TemplateBundle,
} from './load/bundle.ts';
import { loadMenu, loadSiteConfig, loadStrings, type Menu, type SiteConfig, type Strings } from './load/config.ts';
import { listPageFiles, loadPages, type PageReuse, type SourcePage, type TemplateFields } from './load/content.ts';
import { problem, SiteError, type Problem } from './common/errors.ts';
import { siteFeeds, type SiteFeed } from './render/feed.ts';
import {
  findMissingStrings,
  missingStrings,
  planPages,
  portable,
  translator,
  withDefaults,
  type PlannedPage,
  type TextUse,
} from './load/i18n.ts';
import { explainMissing, type LinkTargets } from './render/links.ts';
import { displayPath, IGNORED_GLOBS } from './common/paths.ts';
import { probePublicImages } from './render/image-files.ts';
import { coverProblems, isRasterPath, type ImageTable } from './render/images.ts';
import { fillPlaceholders, type Placeholders } from './load/placeholders.ts';
import { checkDataRoutes, placeholdersFor, type RenderContext, type TemplateModule } from './render/render.ts';
import { decodeSitePath, encodeSitePath, localisePath, routesOfPage } from './common/routes.ts';
import type { SitemapRoute } from './render/sitemap.ts';
import { collectParents } from './render/structured-data.ts';
import { dataProseProblems } from './render/prose.ts';
import { filingIconProblems } from './render/filing.ts';
import { cardArt, type CardArt } from './render/card-image.ts';
import { planCards, type CardSpec } from './render/cards.ts';
import { loadTerms, type TermBase } from './load/terms.ts';

/** Where a site's inputs are. */
export interface SiteInputs {
  /** The project root: where templates/, public/ and client/ are. */
  root: string;
  contentDir: string;
  baseUrl?: string;
  drafts: boolean;
}

/** A site ready to render. */
export interface Site {
  inputs: SiteInputs;
  config: SiteConfig;
  templates: TemplateBundle<TemplateModule>;
  assets: { script: Asset; detect: Asset; stylesheet: Asset };
  /** Files of public/ copied as they are (raster images are not: they are published through the image pipeline). */
  publicFiles: string[];
  /** The raster images of public/, probed (cli/core/render/image-files.ts), by site path. */
  images: ImageTable;
  /** Page files relative to the content folder, as last listed. */
  entries: string[];
  sources: SourcePage[];
  pages: PlannedPage[];
  /** Canonical page routes (no `/home` alias), each with the locales that have their own file for it. */
  routes: SitemapRoute[];
  feeds: Partial<Record<Locale, SiteFeed>>;
  ctx: RenderContext;
  /** Every social card the output holds (cli/core/render/cards.ts), and the art they are drawn with. */
  cards: CardSpec[];
  cardArt: CardArt;
  warnings: Problem[];
  missing: Record<Locale, string[]>;
}

/** Where compiled templates, bundles and build manifests are cached (safe to delete). */
export function cacheDirOf(root: string): string {
  return join(root, 'node_modules', '.cache', 'ecom-site');
}

/** The menu's links to routes that are not pages (saying when one is a draft left out). */
function checkMenu(menu: Menu, targets: Pick<LinkTargets, 'routes' | 'drafts'>): Problem[] {
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

function listArticles(
  pages: readonly PlannedPage[],
  templates: TemplateModule,
  locale: Locale,
  placeholders: Placeholders,
): ArticleSummary[] {
  const fill = (value: unknown): string => fillPlaceholders(String(value ?? ''), placeholders);
  return pages
    .filter((p) => p.locale === locale && templates.templates[p.source.template]?.article)
    .map((p) => ({
      href: encodeSitePath(localisePath(p.route, locale)),
      slug: p.route.split('/').pop() ?? '',
      title: fill(p.source.data.title),
      date: String(p.source.data.date ?? ''),
      summary: fill(p.source.data.summary ?? p.source.data.description),
      lang: LANG_TAGS[p.source.locale],
    }))
    .sort((a, b) => (a.date === b.date ? a.href.localeCompare(b.href) : a.date < b.date ? 1 : -1));
}

/** The icon each page names in its front matter, per locale (validated against the template's `icon` field). */
function namedIcons(pages: readonly PlannedPage[]): RenderContext['icons'] {
  const icons = {} as RenderContext['icons'];
  for (const locale of LOCALES) {
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
  const parents = {} as RenderContext['parents'];
  const titles = {} as RenderContext['titles'];
  for (const locale of LOCALES) {
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
}

/** Loads the site-wide files at once; `--base-url` replaces site.yaml's `baseUrl` in the settings returned. */
async function loadSiteFiles(inputs: SiteInputs, contentDir: string): Promise<SiteFiles> {
  const { root } = inputs;
  const cacheDir = cacheDirOf(root);
  const [config, menu, ownStrings, templates, script, detect, stylesheet, allPublicFiles, terms, images] = await Promise.all([
    loadSiteConfig(contentDir),
    loadMenu(contentDir),
    loadStrings(contentDir),
    loadTemplateModule<TemplateModule>(root, cacheDir),
    buildClientScript(root, cacheDir),
    buildDetectScript(root, cacheDir),
    buildStylesheet(root, cacheDir),
    fg('**/*', { cwd: join(root, 'public'), onlyFiles: true, dot: false, ignore: IGNORED_GLOBS }),
    loadTerms(contentDir),
    probePublicImages(join(root, 'public'), cacheDir),
  ]);
  return {
    config: inputs.baseUrl ? { ...config, baseUrl: inputs.baseUrl.replace(/\/+$/, '') } : config,
    menu,
    strings: withDefaults(ownStrings, templates.module.UI_TEXT),
    templates,
    assets: { script, detect, stylesheet },
    // Raster originals are never copied: they may carry a GPS position (README, "Images").
    publicFiles: allPublicFiles.filter((file) => !isRasterPath(file)).sort(),
    images,
    terms,
  };
}

/** The pages, read (reusing what `reuse` knows) and planned per locale, and the problems found on the way. */
async function loadPlannedPages(files: SiteFiles, contentDir: string, inputs: SiteInputs, reuse?: PageReuse & { templatesHash: string }) {
  // Pages were validated against the templates' fields: a changed template set means reading them anew.
  const entries = reuse?.entries ? [...reuse.entries] : await listPageFiles(contentDir);
  const known = reuse?.templatesHash === files.templates.hash ? reuse : { sources: new Map<string, SourcePage>() };
  const loaded = await loadPages(contentDir, fieldsOfTemplates(files.templates.module), { ...known, entries }, files.config.maxPageSize);
  const plan = planPages(loaded.pages, inputs.drafts);
  // Variant terms and spacing in front matter are found here, where each field's line is known; the body's
  // are found while it renders (cli/core/render/markdown.ts).
  const prose = loaded.pages.flatMap((source) => dataProseProblems(source.data, source.locale, files.terms, source.file, source.lineOf));
  return { entries, sources: loaded.pages, plan, warnings: [...loaded.warnings, ...plan.warnings, ...prose], errors: plan.errors };
}

/** The routes links may point at: every page's, and the home page's alias. */
function linkableRoutes(pages: readonly PlannedPage[]): Set<string> {
  return new Set(pages.flatMap((p) => routesOfPage(p.route)));
}

/** The text ids each locale lacks, and the menu's and strings' problems. */
function checkNames(
  files: SiteFiles,
  routes: ReadonlySet<string>,
  drafts: LinkTargets['drafts'],
  contentDir: string,
): { missing: Record<Locale, string[]>; errors: Problem[] } {
  const { menu, strings, templates, config, publicFiles, images } = files;
  const missing = missingStrings(strings, [...templates.module.UI_STRINGS, ...menuLabels(menu)]);
  const inPublic = (path: string): boolean => publicFiles.includes(path.slice(1)) || path in images;
  const stringsFile = (locale: Locale): string => displayPath(join(contentDir, locale, '_strings.yaml'));
  return {
    missing,
    errors: [
      ...checkMenu(menu, { routes, drafts }),
      ...findMissingStrings(strings, { file: menu.file, uses: menuTextUses(menu) }, stringsFile),
      ...filingIconProblems(config, inPublic, displayPath(join(contentDir, 'site.yaml'))),
    ],
  };
}

/**
 * Loads and checks everything. `reuse` lets `watch` keep what did not change: pages whose files are
 * unchanged are taken from it instead of being read and parsed again.
 */
export async function prepareSite(inputs: SiteInputs, reuse?: PageReuse & { templatesHash: string }): Promise<Site> {
  const contentDir = contentFolder(inputs.contentDir);
  const year = buildYear();
  const files = await loadSiteFiles(inputs, contentDir);
  const { config, menu, strings, templates, assets, publicFiles, images, terms } = files;
  const module = templates.module;
  const { entries, sources, plan, warnings, errors: planErrors } = await loadPlannedPages(files, contentDir, inputs, reuse);
  const routes = linkableRoutes(plan.pages);
  const names = checkNames(files, routes, plan.drafts, contentDir);
  if (planErrors.length || names.errors.length) throw new SiteError([...planErrors, ...names.errors]);

  const articles = Object.fromEntries(LOCALES.map((l) => [l, listArticles(plan.pages, module, l, placeholdersFor(config, l))])) as Record<
    Locale,
    ArticleSummary[]
  >;
  const relations = pageRelations(plan.pages, module, menu, config);
  const feeds = siteFeeds(config, articles, (locale) => relations.titles[locale].get('/news'));
  const targets: LinkTargets = {
    routes,
    drafts: plan.drafts,
    files: new Set([
      ...publicFiles.map((f) => `/${f}`),
      ...Object.keys(images),
      '/sitemap.xml',
      '/robots.txt',
      ...Object.values(feeds).map((f) => f.href),
    ]),
  };
  // Social cards: a page's card URL is in its HTML, so they are planned before anything renders.
  const art = await cardArt(join(inputs.root, 'public'));
  const cards = planCards(
    plan.pages,
    { config, menu, strings, ...relations, art: art.hash, image: (path) => images[path], publicDir: join(inputs.root, 'public') },
    (l) => translator(strings, l)('error.notFound'),
  );
  const ctx: RenderContext = {
    config,
    menu,
    strings,
    templates: module,
    targets,
    articles,
    assets: assetUrls(assets, config.cdn),
    ...relations,
    featured: featuredArticles(plan.pages, articles),
    feeds: Object.fromEntries(Object.entries(feeds).map(([l, f]) => [l, { href: f.href, title: f.title }])),
    icons: namedIcons(plan.pages),
    year,
    terms,
    images,
    cards: cards.paths,
  };
  // Front matter routes and covers are checked here, in the main thread, where each page's YAML positions live.
  const own = plan.pages.filter((page) => !page.fallback);
  const errors = [
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
    pages: plan.pages,
    routes: canonicalRoutes,
    feeds,
    ctx,
    cards: cards.cards,
    cardArt: art,
    warnings,
    missing: names.missing,
  };
}

/** The URLs of the hashed assets, behind the CDN when there is one. */
function assetUrls(assets: Site['assets'], cdn: string): RenderContext['assets'] {
  return {
    css: `${cdn}/assets/${assets.stylesheet.name}`,
    js: `${cdn}/assets/${assets.script.name}`,
    detectJs: `${cdn}/assets/${assets.detect.name}`,
  };
}

/** The newest article of each locale, shown in full on /newsDetail. */
function featuredArticles(pages: readonly PlannedPage[], articles: Record<Locale, ArticleSummary[]>): RenderContext['featured'] {
  const featured: RenderContext['featured'] = {};
  for (const locale of LOCALES) {
    const page = pages.find((p) => p.locale === locale && encodeSitePath(localisePath(p.route, locale)) === articles[locale][0]?.href);
    if (page) featured[locale] = portable(page).source;
  }
  return featured;
}
