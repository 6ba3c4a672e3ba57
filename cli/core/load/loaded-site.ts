/**
 * The load stage: the site as its files say, read and checked. Settings (with `--base-url` and
 * `--base-path` applied), menu, strings with the built-in defaults, compiled templates and assets, the
 * files and photos of public/, the term base, and every page read (reusing what `watch` already read),
 * its articles dated, the pages of each locale with their stand-ins (cli/core/load/i18n.ts `planPages`), and
 * the front matter's prose checked. Translations are tracked against this (cli/core/l10n/track.ts) and the
 * site is planned from it (cli/core/plan/site.ts).
 */
import { existsSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fg from 'fast-glob';
import { ROOT_BASE_PATH } from '../common/base-path.ts';
import { problem, SiteError, type Problem } from '../common/errors.ts';
import { cacheDirOf, displayPath, IGNORED_GLOBS } from '../common/paths.ts';
import { probePublicImages } from '../images/image-files.ts';
import { isRasterPath, type ImageTable } from '../images/images.ts';
import {
  buildClientScript,
  buildDetectScript,
  buildSearchScript,
  buildStylesheet,
  loadTemplateModule,
  type Asset,
  type TemplateBundle,
  type TemplateModule,
} from './bundle.ts';
import { loadMenu, loadSiteSettings, loadStrings, type Menu, type SiteConfig, type Strings } from './config.ts';
import { listPageFiles, loadPages, type PageReuse, type SourcePage, type TemplateFields } from './content.ts';
import { planPages, withDefaults, type PagePlan, type PlannedPage } from './i18n.ts';
import { langOf } from '../common/locales.ts';
import { dataProseProblems } from '../text/prose-checks.ts';
import { filingIconProblems } from './filing.ts';
import { dateArticles } from './news-dates.ts';
import { linksLeaving } from './symlinks.ts';
import type { TermBase } from '../text/terms.ts';
import { loadTerms } from './term-base.ts';

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

/** The hashed assets of a build: the client script, the locale detection, the stylesheet, the search. */
export interface SiteAssets {
  script: Asset;
  detect: Asset;
  stylesheet: Asset;
  search: Asset;
}

/** Everything a site is made from but its pages: settings, menu, strings, templates, assets, public/, terms. */
export interface SiteFiles {
  config: SiteConfig;
  menu: Menu;
  strings: Strings;
  templates: TemplateBundle<TemplateModule>;
  assets: SiteAssets;
  publicFiles: string[];
  images: ImageTable;
  terms: TermBase;
  /** The warnings of site.yaml (a per-locale setting taken from another locale). */
  configWarnings: Problem[];
  /** What in site.yaml does not match the files (a filing icon not in public/), thrown with the plan's problems. */
  configErrors: Problem[];
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
function applyInputs(config: SiteConfig, inputs: Pick<SiteInputs, 'baseUrl' | 'basePath' | 'preview'>): SiteConfig {
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
  // Raster originals are never copied: they may carry a GPS position (docs/writing.md, "Images").
  const publicFiles = allPublicFiles.filter((file) => !isRasterPath(file)).sort();
  const inPublic = (path: string): boolean => publicFiles.includes(path.slice(1)) || path in images;
  return {
    config: applyInputs(config, inputs),
    menu,
    strings: withDefaults(ownStrings, templates.module.UI_TEXT, config.locales),
    templates,
    assets: { script, detect, stylesheet, search },
    publicFiles,
    images,
    terms,
    configWarnings: settings.warnings,
    configErrors: filingIconProblems(config, inPublic, displayPath(join(contentDir, 'site.yaml'))),
  };
}

/** The site as its files say: the site-wide files, and every page read. */
export interface LoadedSite extends SiteFiles {
  inputs: SiteInputs;
  /** The content folder, absolute. */
  contentDir: string;
  /** Page files relative to the content folder, as last listed. */
  entries: string[];
  /** Every page as read. */
  sources: SourcePage[];
  /**
   * The page of every route in every locale, read from the locale's own file or standing in from another
   * locale's, articles without a `date` given site.yaml's (`newsDates`); drafts left out unless asked for.
   */
  pages: PlannedPage[];
  /** The routes left out because their pages are drafts, with the draft's file. */
  drafts: PagePlan['drafts'];
  /** The warnings of reading and checking the pages (site.yaml's are `configWarnings`). */
  warnings: Problem[];
  /** What stops the build, thrown together with the plan's problems (cli/core/plan/site.ts). */
  errors: Problem[];
}

/**
 * Loads the site's files and reads its pages. `reuse` lets `watch` keep what did not change: pages whose
 * files are unchanged are taken from it instead of being read and parsed again.
 */
export async function loadSite(inputs: SiteInputs, reuse?: PageReuse & { templatesHash: string }): Promise<LoadedSite> {
  const contentDir = contentFolder(inputs.contentDir);
  const files = await loadSiteFiles(inputs, contentDir);
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
  const { locales } = files.config;
  const plan = planPages(dated.pages, inputs.drafts, locales);
  // Variant terms and spacing in front matter are found here, where each field's line is known; the body's
  // are found while it renders (cli/core/render/markdown.ts).
  const prose = loaded.pages.flatMap((source) =>
    dataProseProblems(source.data, { code: source.locale, lang: langOf(locales, source.locale) }, files.terms, source.file, source.lineOf),
  );
  return {
    ...files,
    inputs,
    contentDir,
    entries,
    sources: loaded.pages,
    pages: plan.pages,
    drafts: plan.drafts,
    warnings: [...loaded.warnings, ...plan.warnings, ...prose],
    errors: [...dated.errors, ...plan.errors],
  };
}
