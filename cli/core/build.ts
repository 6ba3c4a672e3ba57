/**
 * A build: the site through its stages (cli/core/stages.ts), every file the output should hold described,
 * planned against what the last build left (cli/core/plan/plan.ts, through the persistent cache), what the
 * plan asks for rendered in worker threads for large sites while it is written, the rest reused, swapped in.
 * Nothing reaches `--out` unless the whole build succeeds.
 */
import { join, resolve } from 'node:path';
import type { Locale } from '../../shared/constants.ts';
import { localeCodes, rankIn, type Locales } from './common/locales.ts';
import { problem, SiteError, type Problem } from './common/errors.ts';
import { cacheDirOf, displayPath, byPath } from './common/paths.ts';
import { cardCacheName } from './images/card-image.ts';
import { variantCacheName } from './images/image-files.ts';
import { variantsOf } from './images/images.ts';
import { toParsed } from './load/content.ts';
import { translationReport, type TranslationReport } from './load/i18n.ts';
import type { LoadedSite } from './load/loaded-site.ts';
import { termGapsOfPages } from './text/terms.ts';
import type { SourceCache, TranslationStatus } from './l10n/status.ts';
import { knownVersions, versionCache } from './l10n/versions.ts';
import type { Job } from './plan/jobs.ts';
import { heldAfter, isEmpty, jobsToRender, plan } from './plan/plan.ts';
import { removedRoutes, removedWarnings, type RemovedRoute } from './plan/removed.ts';
import type { PlannedSite } from './plan/site.ts';
import { largeRender, RenderPool, threadsFor } from './render/pool.ts';
import { redirectFile, toPath } from './render/redirects.ts';
import { applyPlan } from './apply.ts';
import { newFolderSink } from './write/sinks.ts';
import {
  emptyManifest,
  heldFiles,
  manifestName,
  manifestWritten,
  readManifest,
  recordedFiles,
  recordFiles,
  stamps,
  writeManifest,
  type Manifest,
} from './write/cache.ts';
import { pruneCache } from './write/cache-gc.ts';
import { checkOutputDir, listOutput, MARKER, openOutput, recover } from './write/output.ts';
import { type AlongsideIndex, indexAlongside } from './write/search-alongside.ts';
import { beginEarlyIndex, type EarlyIndex } from './write/search-early.ts';
import { indexedPages } from './write/search-index.ts';
import { keepable, writeSearchIndex, withoutIndex } from './write/search-stage.ts';
import { emptySearchRecord, type SearchRecord } from './write/search-keys.ts';
import { isPageFileKey, type SiteTargets } from './write/targets.ts';
import { describeOutput, inputsOf, prepareSite, TOOL_VERSION, type Staged } from './stages.ts';

/** Options of a build; defaults live in cli/core/common/defaults.ts. */
export interface BuildOptions {
  /** The project root: where templates/, public/ and client/ are. */
  root: string;
  contentDir: string;
  outDir: string;
  baseUrl?: string;
  /** `--base-path` (docs/hosting.md, "Under a sub-path"): replaces site.yaml's `basePath`. */
  basePath?: string;
  /** `--preview` (docs/hosting.md, "Previews"). */
  preview?: boolean;
  drafts: boolean;
  strict: boolean;
  /** With `strict`, accept the stand-in values site.yaml marks as `placeholders` (previews). */
  allowPlaceholders?: boolean;
  /** Outdated translations (TRANSLATION_OUTDATED) are fatal; `strict` alone does not make them so (docs/l10n.md). */
  failOutdated?: boolean;
  /** Called with (done, total) while pages render. */
  onProgress?: (done: number, total: number) => void;
  /** Keep the render threads for later renders (`watch`) and return them; at least one is started. */
  keepPool?: boolean;
  /**
   * Render threads to start; 0 renders in the calling thread (the engine tests, which run the sources
   * without the bundled worker). Default: from the page count (cli/core/render/pool.ts `threadsFor`).
   */
  threads?: number;
}

/**
 * The report of `--report`: the translation report, how each translation stands against its source, and the
 * pages the previous build of the same output folder wrote that this one does not (cli/core/plan/removed.ts).
 */
export type BuildReport = TranslationReport & { translations: TranslationStatus[]; removed: RemovedRoute[] };

/** What a finished build reports. */
export interface BuildResult {
  /** Pages written from each locale's own files, in configured order. */
  pages: Record<Locale, number>;
  /** Pages written in a locale from another locale's file (a missing translation's stand-in). */
  standIns: number;
  /** Pages rendered anew (the rest were unchanged and reused from the previous output). */
  rendered: number;
  warnings: Problem[];
  report: BuildReport;
  outDir: string;
  /** The site.yaml fields still marked as holding stand-in values. */
  placeholders: string[];
  /** The base path of a preview build (docs/hosting.md, "Previews"); undefined for a production build. */
  preview?: string;
  /** What `watch` continues from. */
  built: Built;
}

/** The state of a finished build: the site's stages, its jobs and targets, what the output holds, the render threads. */
export interface Built extends SiteTargets, Staged {
  /** The shared part of every job key (cli/core/render/job-keys.ts `siteKey`). */
  shared: string;
  /** The key of every file in the output folder, by path. */
  held: Map<string, string>;
  /** The warnings of each job, by job key. */
  jobWarnings: Map<string, Problem[]>;
  /** The render threads, when `keepPool` asked for them. */
  pool?: RenderPool;
  /** What the output's search index was made of. */
  search: SearchRecord;
  /** The version cache the site's translations were read through, which `watch` keeps using. */
  versions: SourceCache;
  /** Warnings of the build no stage gives again: the pages dropped since the previous build of the folder. */
  noted: Problem[];
}

/** Removes repeated problems and sorts them, so output does not depend on which thread finished first. */
export function uniqueProblems(problems: readonly Problem[]): Problem[] {
  const seen = new Map<string, Problem>();
  for (const p of problems)
    seen.set(
      `${p.file ?? ''}\u0000${String(p.line ?? 0).padStart(8, '0')}\u0000${String(p.column ?? 0).padStart(8, '0')}\u0000${p.code}\u0000${p.message}`,
      p,
    );
  return [...seen.entries()].sort(([a], [b]) => byPath(a, b)).map(([, p]) => p);
}

/** The warnings of a build: each stage's, the build's own, then every job's (rendered now or reused with its key). */
export function allWarnings(
  site: Pick<Built, 'loaded' | 'tracked' | 'planned' | 'noted'>,
  keys: readonly string[],
  jobWarnings: ReadonlyMap<string, Problem[]>,
): Problem[] {
  const { loaded, tracked, planned } = site;
  return uniqueProblems([
    ...loaded.configWarnings,
    ...loaded.warnings,
    ...tracked.warnings,
    ...planned.warnings,
    ...site.noted,
    ...keys.flatMap((key) => jobWarnings.get(key) ?? []),
  ]);
}

/**
 * Pages per locale written from the locale's own files, in configured order, and the stand-ins written for
 * pages a locale lacks: every job is one page in the output.
 */
function countPages(jobs: readonly Job[], locales: Locales): Pick<BuildResult, 'pages' | 'standIns'> {
  const pages: Record<Locale, number> = Object.fromEntries(localeCodes(locales).map((code) => [code, 0]));
  let standIns = 0;
  for (const job of jobs) {
    if (job.page.fallback) standIns += 1;
    else pages[job.page.locale] = (pages[job.page.locale] ?? 0) + 1;
  }
  return { pages, standIns };
}

/**
 * Throws when `--strict` and there are warnings or stand-in values (`refused`), or `--fail-outdated` and
 * there are outdated translations: nothing is written. An outdated translation is fatal only with
 * `--fail-outdated`, so that a team's `--strict` build does not start failing on every source edit.
 */
function checkStrict(
  options: Pick<BuildOptions, 'strict' | 'failOutdated'>,
  warnings: readonly Problem[],
  refused: readonly Problem[],
): void {
  const fatal = warnings.filter((w) => (w.code === 'TRANSLATION_OUTDATED' ? options.failOutdated : options.strict));
  if (fatal.length + refused.length === 0) return;
  const flags = [options.strict ? '--strict' : '', options.failOutdated ? '--fail-outdated' : ''].filter(Boolean).join(' and ');
  const summary = fatal.length ? [problem('STRICT', `${fatal.length} warning(s) with ${flags}; nothing was written.`)] : [];
  throw new SiteError([...refused, ...fatal, ...summary]);
}

/**
 * A strict build refuses stand-in values (site.yaml `placeholders`), so no site goes live with
 * `+86 000 0000 0000`; `allowPlaceholders` lets a preview through.
 */
function refusedPlaceholders(config: LoadedSite['config'], options: BuildOptions): Problem[] {
  const { fields, line } = config.placeholders;
  if (!options.strict || options.allowPlaceholders || fields.length === 0) return [];
  const file = displayPath(join(resolve(options.contentDir), 'site.yaml'));
  return [
    problem('PLACEHOLDER_DATA', `site.yaml still holds stand-in values for ${fields.join(', ')}; a --strict build publishes none.`, {
      file,
      ...(line ? { line } : {}),
    }),
  ];
}

/** Runs a full build. Throws SiteError with every problem found; the previous output stays untouched. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const { root } = options;
  const outDir = resolve(options.outDir);
  await checkOutputDir(outDir, { root, inputs: [resolve(options.contentDir), join(root, 'templates'), join(root, 'public')] });
  const cacheDir = cacheDirOf(root);
  const previous = await readManifest(cacheDir, outDir, TOOL_VERSION);
  // Pagefind takes the pages of a locale just edited while the site is loaded and planned: it works on the
  // other core (cli/core/write/search-early.ts). Stopped on every way out, once the search stage is done.
  const early = beginEarlyIndex(
    resolve(options.contentDir),
    outDir,
    manifestWritten(cacheDir, outDir),
    previous.search ?? emptySearchRecord(),
  );
  try {
    return await buildFrom(options, outDir, previous, early);
  } finally {
    await early?.stop();
  }
}

/** `build` once the previous build's record is read and the index of an edited locale perhaps begun. */
async function buildFrom(options: BuildOptions, outDir: string, previous: Manifest, early: EarlyIndex | undefined): Promise<BuildResult> {
  const { root } = options;
  const cacheDir = cacheDirOf(root);
  const lastSearch = previous.search ?? emptySearchRecord();
  const versions = versionCache(previous.versions);
  const site = await prepareSite(
    inputsOf(options),
    { sources: new Map(), parsed: new Map(Object.entries(previous.pages)), templatesHash: previous.templates },
    versions,
  );
  const { loaded, planned, ctx } = site;
  const { config } = loaded;
  const refused = refusedPlaceholders(config, options);
  const described = describeOutput(site, await stamps(join(root, 'public'), loaded.publicFiles));
  const { jobs, keys, targets } = described;
  const held = heldFiles(outDir, previous);
  // Read whatever version of the tool wrote it: an upgrade must not hide a page dropped in the same build.
  const removed = dropped((await recordedFiles(cacheDir, outDir)) ?? {}, described, planned, config.locales);
  const stages = { ...site, noted: removedWarnings(removed, (file) => displayPath(join(outDir, file))) };
  // The search index is made from the written pages, after the plan (cli/core/write/search-stage.ts).
  const p = plan(withoutIndex(held, config.locales), targets);
  const jobWarnings = new Map(
    keys.flatMap((key): Array<[string, Problem[]]> => (previous.warnings[key] ? [[key, previous.warnings[key]]] : [])),
  );
  const finish = (rendered: number, search: SearchRecord, pool?: RenderPool): BuildResult => ({
    ...countPages(jobs, config.locales),
    rendered,
    warnings: allWarnings(stages, keys, jobWarnings),
    // Made only when asked for (`--report`): the term gaps read every page's text.
    get report(): BuildReport {
      return {
        ...translationReport(planned.pages, planned.missing, termGapsOfPages(planned.pages, loaded.terms), config.locales),
        translations: site.tracked.statuses,
        removed,
      };
    },
    outDir,
    placeholders: config.placeholders.fields,
    built: { ...described, ...stages, held: heldAfter(targets), jobWarnings, search, versions, ...(pool ? { pool } : {}) },
    ...(config.preview ? { preview: config.basePath } : {}),
  });

  // Nothing to make or remove, and the output folder holds just what the last build left there: no write.
  if (isEmpty(p) && held.size === Object.keys(previous.files).length && (await holdsExactly(outDir, previous))) {
    checkStrict(options, allWarnings(stages, keys, jobWarnings), refused);
    await recover(outDir);
    return finish(0, lastSearch, options.keepPool ? new RenderPool(options.threads ?? 1) : undefined);
  }

  const output = await openOutput(outDir);
  // Threads are for pages: produced files (photos, social cards) and copies are made outside them.
  const pages = jobsToRender(p, targets).length;
  // Pagefind never runs beside a render large enough for threads (cli/core/render/pool.ts), whatever the
  // threads pinned: the two would share the cores and peak together.
  const small = !largeRender(pages);
  if (early && (!config.search || !small)) {
    await early.stop();
    // Thrown away: the search stage indexes the locale as without it.
    early = undefined;
  }
  const pool = new RenderPool(options.threads ?? (options.keepPool ? Math.max(1, threadsFor(pages)) : threadsFor(pages)));
  const sink = newFolderSink(output.temp, outDir);
  // A small render takes one thread at most: the locales it renders whole, with no index to start from,
  // are indexed on the other core from its pages as they come (cli/core/write/search-alongside.ts).
  const alongside =
    config.search && small && !early ? indexWhileRendering(output.temp, jobs, p.render, { record: lastSearch, held }, config) : undefined;
  try {
    const applied = await applyPlan(
      p,
      targets,
      jobs,
      { ctx, templatesFile: loaded.templates.file },
      pool,
      alongside ? alongside.tap(sink) : sink,
      (done, total) => options.onProgress?.(jobs.length - total + done, jobs.length),
      // The pages of the locale indexed first render first, and so on: each service has its pages soonest.
      alongside ? (job) => rankIn(alongside.locales, job.page.locale) : undefined,
    );
    if (applied.errors.length) throw new SiteError(uniqueProblems(applied.errors));
    for (const [index, warnings] of applied.warnings) {
      if (warnings.length) jobWarnings.set(keys[index] as string, warnings);
      else jobWarnings.delete(keys[index] as string);
    }
    checkStrict(options, allWarnings(stages, keys, jobWarnings), refused);
    // The render threads' memory is given back before the search stage's Pagefind starts (a render large
    // enough for threads has none beside it): the two never peak together.
    if (!options.keepPool) await pool.close();
    const written = heldAfter(targets);
    const index = await writeSearchIndex(
      output.temp,
      // Without search, no page is listed: no locale has an index.
      config.search ? jobs : [],
      written,
      { dir: outDir, held, record: lastSearch },
      config.locales,
      config.basePath,
      { early, alongside },
    );
    const manifest: Manifest = {
      ...emptyManifest(TOOL_VERSION),
      templates: loaded.templates.hash,
      files: await recordFiles(output.temp, new Map([...written, ...index.keys]), previous.files, {
        digests: sink.digests,
        from: outDir,
        linked: sink.linked,
      }),
      versions: knownVersions(versions, loaded.sources),
      search: index.record,
    };
    for (const page of loaded.sources) {
      const parsed = toParsed(page);
      if (parsed) manifest.pages[page.file] = parsed;
    }
    for (const key of keys) if (jobWarnings.get(key)?.length) manifest.warnings[key] = jobWarnings.get(key) as Problem[];
    await output.commit();
    await writeManifest(cacheDir, outDir, manifest);
    // What no recent build used leaves the cache; a cache that cannot be pruned now is pruned by a later build.
    await pruneCache(cacheDir, {
      content: resolve(options.contentDir),
      out: outDir,
      at: Date.now(),
      files: cacheFilesOf(loaded, planned, outDir),
    }).catch(() => undefined);
    return finish(applied.rendered, index.record, options.keepPool ? pool : undefined);
  } catch (error) {
    // Writes already under way must end before the temporary folder is removed, or removing it races them.
    await sink.flush().catch(() => undefined);
    await alongside?.stop();
    await pool.close();
    await output.abort();
    throw error;
  }
}

/**
 * The index made while the pages render, of each locale whose listed pages are all rendered by this build
 * (every file in `rendering`) and which cannot keep an index of the last output (it had none, or not all of
 * its files are `held` as that build left them), so is indexed whatever its pages say; its services run in
 * the order of the site's locales.
 */
function indexWhileRendering(
  dir: string,
  jobs: readonly Job[],
  rendering: readonly string[],
  last: { record: SearchRecord; held: ReadonlyMap<string, string> },
  config: Pick<LoadedSite['config'], 'locales' | 'basePath'>,
): AlongsideIndex | undefined {
  const listed = indexedPages(jobs, config.locales, config.basePath);
  const made = new Set(rendering);
  const chosen = new Set(
    localeCodes(config.locales).filter(
      (locale) => !keepable(last, locale) && listed.every((page) => page.locale !== locale || made.has(page.file)),
    ),
  );
  return indexAlongside(dir, listed, chosen, config.locales);
}

/** The files of the cache folder a build into `outDir` uses: its cards, encoded photos and build record. */
function cacheFilesOf(loaded: Pick<LoadedSite, 'images'>, planned: Pick<PlannedSite, 'cards'>, outDir: string): string[] {
  const variants = Object.entries(loaded.images).flatMap(([path, info]) => ('error' in info ? [] : variantsOf(path, info)));
  return [...planned.cards.map(cardCacheName), ...variants.map(variantCacheName), manifestName(outDir)];
}

/** The pages the previous build of the folder wrote that this one does not, and where each leads now. */
function dropped(
  previous: Manifest['files'],
  described: SiteTargets,
  planned: Pick<PlannedSite, 'redirects'>,
  locales: Locales,
): RemovedRoute[] {
  const pagesNow = new Set([...described.targets].filter(([, t]) => t.make.kind === 'job').map(([file]) => file));
  const moved = new Map(planned.redirects.map((r): [string, string] => [redirectFile(r, locales), toPath(r, locales)]));
  return removedRoutes(previous, isPageFileKey, pagesNow, moved);
}

/** True when `dir` holds exactly the files the manifest recorded, and the marker. */
async function holdsExactly(dir: string, manifest: Manifest): Promise<boolean> {
  const found = await listOutput(dir);
  return (
    found.length === Object.keys(manifest.files).length + 1 && found.every((file) => file === MARKER || manifest.files[file] !== undefined)
  );
}
