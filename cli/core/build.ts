/**
 * The build pipeline: load, validate, plan, render, write, swap. Problems are collected as data and thrown
 * together; nothing reaches `--out` unless the whole build succeeds.
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fg from 'fast-glob';
import { LOCALES, type Locale } from '../../client/constants.ts';
import type { ArticleSummary } from '../../templates/types.ts';
import { buildClientScript, buildDetectScript, buildStylesheet, loadTemplateModule } from './bundle.ts';
import { loadMenu, loadSiteConfig, loadStrings, type Menu, type SiteConfig, type Strings } from './config.ts';
import { loadPages, type TemplateFields } from './content.ts';
import { problem, SiteError, type Problem } from './errors.ts';
import { siteFeeds } from './feed.ts';
import { missingStrings, planPages, translationReport, type PlannedPage, type TranslationReport } from './i18n.ts';
import type { LinkTargets } from './links.ts';
import { checkOutputDir, openOutput } from './output.ts';
import { displayPath } from './paths.ts';
import { fillPlaceholders, type Placeholders } from './placeholders.ts';
import { placeholdersFor, renderNotFound, renderPage, type RenderContext, type TemplateModule } from './render.ts';
import { localisePath, outputFiles } from './routes.ts';
import type { Fields } from './schema.ts';
import { renderRobots, renderSitemap } from './sitemap.ts';
import { collectParents } from './structured-data.ts';

/** Options of a build; defaults live in cli/core/defaults.ts. */
export interface BuildOptions {
  /** The project root: where templates/, public/ and client/ are. */
  root: string;
  contentDir: string;
  outDir: string;
  baseUrl?: string;
  drafts: boolean;
  strict: boolean;
  /** Called with (done, total) while pages render. */
  onProgress?: (done: number, total: number) => void;
}

/** What a finished build reports. */
export interface BuildResult {
  pages: Record<Locale, number>;
  files: number;
  warnings: Problem[];
  report: TranslationReport;
  outDir: string;
}

/** Removes repeated problems (a fallback page reports its source's warnings once per locale). */
export function uniqueProblems(problems: readonly Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.code}|${p.file}|${p.line}|${p.column}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Checks menu routes against the pages and menu labels against the strings. */
function checkMenu(menu: Menu, strings: Strings, routes: ReadonlySet<string>, errors: Problem[], usedIds: string[]): void {
  const items = [...menu.groups.flatMap((g) => g.items), ...menu.links];
  for (const item of items) {
    if (!routes.has(item.route)) errors.push(problem('MENU_INVALID', `The menu links to ${item.route}, which is not a page.`, { file: menu.file, line: item.line }));
  }
  usedIds.push(...menu.groups.map((g) => g.label), ...items.map((i) => i.label));
  void strings;
}

function listArticles(pages: readonly PlannedPage[], templates: TemplateModule, locale: Locale, placeholders: Placeholders): ArticleSummary[] {
  const fill = (value: unknown): string => fillPlaceholders(String(value ?? ''), placeholders);
  return pages
    .filter((p) => p.locale === locale && templates.templates[p.source.template]?.article)
    .map((p) => ({
      href: localisePath(p.route, locale),
      slug: p.route.split('/').pop() ?? '',
      title: fill(p.source.data.title),
      date: String(p.source.data.date ?? ''),
      summary: fill(p.source.data.summary ?? p.source.data.description),
    }))
    .sort((a, b) => (a.date === b.date ? a.href.localeCompare(b.href) : a.date < b.date ? 1 : -1));
}

/** Where each page sits (for breadcrumbs) and its title, per locale. */
function pageRelations(pages: readonly PlannedPage[], templates: TemplateModule, menu: Menu, config: SiteConfig): Pick<RenderContext, 'parents' | 'titles'> {
  const groups = menu.groups.map((g) => g.items.map((i) => i.route));
  const parents = {} as RenderContext['parents'];
  const titles = {} as RenderContext['titles'];
  for (const locale of LOCALES) {
    const own = pages.filter((p) => p.locale === locale);
    const facts = own.map((p) => ({ route: p.route, data: p.source.data, article: Boolean(templates.templates[p.source.template]?.article) }));
    parents[locale] = collectParents(facts, groups);
    titles[locale] = new Map(own.map((p) => [p.route, fillPlaceholders(String(p.source.data.title), placeholdersFor(config, locale))]));
  }
  return { parents, titles };
}

/** Runs a full build. Throws SiteError with every problem found; the previous output stays untouched. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const { root } = options;
  const contentDir = resolve(options.contentDir);
  const outDir = resolve(options.outDir);
  if (!existsSync(contentDir) || !statSync(contentDir).isDirectory()) {
    throw new SiteError(problem('CONTENT_MISSING', `The content folder ${displayPath(contentDir)} does not exist.`));
  }
  await checkOutputDir(outDir, { root, inputs: [contentDir, join(root, 'templates'), join(root, 'public')] });

  const cacheDir = join(root, 'node_modules', '.cache', 'ecom-site');
  const [config, menu, strings, templates, script, detect, stylesheet, publicFiles] = await Promise.all([
    loadSiteConfig(contentDir),
    loadMenu(contentDir),
    loadStrings(contentDir),
    loadTemplateModule<TemplateModule>(root, cacheDir),
    buildClientScript(root),
    buildDetectScript(root),
    buildStylesheet(root),
    fg('**/*', { cwd: join(root, 'public'), onlyFiles: true, dot: false }),
  ]);
  if (options.baseUrl) config.baseUrl = options.baseUrl.replace(/\/+$/, '');

  const warnings: Problem[] = [];
  const templateFields: TemplateFields = {
    names: Object.keys(templates.templates).sort(),
    fieldsOf: (name) => (templates.templates[name]?.fields ?? {}) as Fields,
  };
  const sources = await loadPages(contentDir, templateFields, warnings);
  const plan = planPages(sources, options.drafts);
  warnings.push(...plan.warnings);
  const errors: Problem[] = [...plan.errors];

  const routes = new Set(plan.pages.map((p) => p.route));
  if (routes.has('/')) routes.add('/home');
  const usedIds = [...templates.UI_STRINGS];
  checkMenu(menu, strings, routes, errors, usedIds);
  const missing = missingStrings(strings, usedIds);
  for (const locale of LOCALES) {
    for (const id of missing[locale]) {
      warnings.push(problem('STRING_MISSING', `The text id "${id}" is missing in ${locale}.`, { file: displayPath(join(contentDir, locale, '_strings.yaml')) }));
    }
  }
  if (errors.length) throw new SiteError(uniqueProblems(errors));

  const articles = Object.fromEntries(LOCALES.map((l) => [l, listArticles(plan.pages, templates, l, placeholdersFor(config, l))])) as Record<Locale, ArticleSummary[]>;
  const relations = pageRelations(plan.pages, templates, menu, config);
  const feeds = siteFeeds(config, articles, (locale) => relations.titles[locale].get('/news'));
  const targets: LinkTargets = {
    routes,
    files: new Set([...publicFiles.map((f) => `/${f}`), '/sitemap.xml', '/robots.txt', ...Object.values(feeds).map((f) => f.href)]),
  };
  const ctx: RenderContext = {
    config,
    menu,
    strings,
    templates,
    targets,
    articles,
    assets: { css: `${config.cdn}/assets/${stylesheet.name}`, js: `${config.cdn}/assets/${script.name}`, detectJs: `${config.cdn}/assets/${detect.name}` },
    ...relations,
    feeds: Object.fromEntries(Object.entries(feeds).map(([l, f]) => [l, { href: f.href, title: f.title }])),
  };

  const output = await openOutput(outDir);
  try {
    const writes: Array<[string, string | Uint8Array]> = [];
    const pages: Record<Locale, number> = { zh: 0, en: 0 };
    const jobs: Array<{ page: PlannedPage; route: string }> = plan.pages.flatMap((page) =>
      page.route === '/' ? [{ page, route: '/' }, { page, route: '/home' }] : [{ page, route: page.route }],
    );
    jobs.forEach(({ page, route }, i) => {
      const rendered = renderPage(page, ctx, route);
      warnings.push(...rendered.warnings);
      errors.push(...rendered.errors);
      if (rendered.errors.length === 0) {
        for (const file of outputFiles(route, page.locale)) writes.push([file, rendered.html]);
        pages[page.locale] += 1;
      }
      options.onProgress?.(i + 1, jobs.length);
    });
    if (errors.length) throw new SiteError(uniqueProblems(errors));
    for (const locale of LOCALES) writes.push([locale === 'zh' ? '404.html' : `${locale}/404.html`, renderNotFound(locale, ctx)]);
    writes.push([`assets/${script.name}`, script.contents], [`assets/${detect.name}`, detect.contents], [`assets/${stylesheet.name}`, stylesheet.contents]);
    // The sitemap lists canonical pages only: /home declares / canonical (SPEC.md section 2 alias).
    writes.push(['sitemap.xml', renderSitemap(config.baseUrl, [...new Set(plan.pages.map((p) => p.route))])], ['robots.txt', renderRobots(config.baseUrl)]);
    for (const feed of Object.values(feeds)) writes.push([feed.href.slice(1), feed.xml]);

    const unique = uniqueProblems(warnings);
    if (options.strict && unique.length) {
      throw new SiteError([...unique, problem('STRICT', `${unique.length} warning(s) with --strict; nothing was written.`)]);
    }
    await output.copyDir(join(root, 'public'));
    await writeAll(output.write, writes);
    await output.commit();
    return {
      pages,
      files: writes.length + publicFiles.length,
      warnings: unique,
      report: translationReport(plan.pages, missing),
      outDir,
    };
  } catch (error) {
    await output.abort();
    throw error;
  }
}

/** Writes files with bounded concurrency, so thousands of pages do not exhaust file handles. */
async function writeAll(write: (path: string, data: string | Uint8Array) => Promise<void>, files: ReadonlyArray<[string, string | Uint8Array]>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const [path, data] = files[next++] as [string, string | Uint8Array];
      await write(path, data);
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
}
