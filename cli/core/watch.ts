/**
 * The incremental engine behind `ecom-site watch`. After a first full build it keeps the site in
 * memory, what the output folder holds (each file's key) and its render threads running (hot). Every
 * rebuild describes the output the content now asks for and hands it to the one planner and executor that
 * `build` uses too (cli/core/plan/plan.ts, cli/core/apply.ts): files whose key changed are made, files no longer
 * asked for are removed, so once watch is idle its output equals a fresh build's. Describing is
 * where the shortcuts are: a text-only edit of pages (front matter unchanged) re-keys only the jobs of those
 * files, an edit of a file in public/ only that file. A rebuild with errors writes nothing, and its changes
 * are looked at again with the next batch, so a fix is never lost: the last good pages keep being served.
 */
import { readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { SiteError, type Problem } from './common/errors.ts';
import { contentHash } from './common/files.ts';
import { displayPath, isInside } from './common/paths.ts';
import { CARD_LOGO } from './images/card-image.ts';
import { buildYear } from './load/build-date.ts';
import { checkPageSize, parsePage, type SourcePage } from './load/content.ts';
import { fieldsOfTemplates } from './load/loaded-site.ts';
import { retrackTranslations, sameNotice, trackTranslations } from './l10n/track.ts';
import type { Job } from './plan/jobs.ts';
import type { PlannedPage } from './load/i18n.ts';
import { heldAfter, plan, planChanged, type Target } from './plan/plan.ts';
import { jobKey } from './render/job-keys.ts';
import { portable, type RenderPool } from './render/pool.ts';
import type { Change } from './serve/watcher.ts';
import { applyPlan } from './apply.ts';
import { inPlaceSink } from './write/sinks.ts';
import { stamps } from './write/cache.ts';
import { type IndexEvents, searchQueue, type SearchQueue } from './write/search-queue.ts';
import { pageFileKey, publicFileKey, type SiteTargets } from './write/targets.ts';
import { allWarnings, build, uniqueProblems, type BuildOptions, type Built } from './build.ts';
import { describeOutput, inputsOf, prepareSite, type Staged } from './stages.ts';

/** What the session remembers between rebuilds. */
export interface WatchState {
  options: BuildOptions;
  /** The last good build: the site's stages, jobs, targets, what the output holds, each job's warnings. */
  built: Built;
  /** Render threads kept from the first build: hot code renders an edit in a few milliseconds. */
  pool: RenderPool;
  /** Changes of failed rebuilds, looked at again with the next batch. */
  pending: Change[];
  /** The search index, brought up to date in the background after each rebuild (`indexInBackground`). */
  search: SearchQueue;
}

/** The result of one rebuild. */
export interface Outcome {
  ok: boolean;
  errors: Problem[];
  warnings: Problem[];
  /** Pages re-rendered and files written or removed. */
  rendered: number;
  written: string[];
  removed: string[];
  /** Set when only the stylesheet changed: its new URL, for a reload-free swap in the browser. */
  stylesheet?: string;
}

/** How many pages a session renders to warm its threads up when the first build rendered fewer. */
const WARM_UP_PAGES = 200;

/** The first, full build: atomic like `ecom-site build`. Returns the state to continue from. */
export async function startSession(options: BuildOptions, indexEvents: IndexEvents = {}): Promise<WatchState> {
  const { built } = await build({ ...options, keepPool: true });
  const pool = built.pool as RenderPool;
  // Pages taken from the build cache were not rendered, so the threads' code is still cold: render a
  // sample in the background, two at a time, so that an edit never waits long behind it.
  const all = built.jobs;
  const count = Math.min(WARM_UP_PAGES, all.length);
  const sample = Array.from({ length: count }, (_, i) => all[Math.floor((i * all.length) / count)] as Job);
  void pool
    .render(
      sample.map((job, index) => ({ index, page: portable(job.page), route: job.route })),
      built.ctx,
      built.loaded.templates.file,
      () => undefined,
      { batchSize: 2 },
    )
    .catch(() => undefined);
  return { options, built, pool, pending: [], search: searchQueue(resolve(options.outDir), built.search, indexEvents) };
}

/**
 * Brings the search index up to the output the last good rebuild left, in the background: called once the
 * rebuild's reload is sent, so a save's reload never waits for the index, whatever the site's size.
 */
export function indexInBackground(state: WatchState): void {
  const { jobs, held, loaded } = state.built;
  const { config } = loaded;
  state.search.request({
    jobs: config.search ? jobs : [],
    // A copy: the next save changes `held` in place, while this pass may still be reading it.
    fileKeys: new Map(held),
    locales: config.locales,
    basePath: config.basePath,
  });
}

/** Every warning of the session's last good build. */
export function sessionWarnings(state: WatchState): Problem[] {
  const { keys, jobWarnings } = state.built;
  return allWarnings(state.built, keys, jobWarnings);
}

/** Ends a session: stops its render threads and its indexing. */
export async function endSession(state: WatchState): Promise<void> {
  await Promise.all([state.pool.close(), state.search.close()]);
}

/** What a batch of changes touches: page files (display path -> absolute path), public files, the rest. */
interface Touched {
  dirty: Map<string, string>;
  /** Anything but an edit of an existing page or public file: the file lists may have changed. */
  structural: boolean;
  /** Files of public/ edited in place, when nothing else changed. */
  publicOnly: string[];
  /** Only templates/site.css changed: the browser can swap the stylesheet without a reload. */
  cssOnly: boolean;
}

function classify(options: BuildOptions, changes: readonly Change[]): Touched {
  const contentDir = resolve(options.contentDir);
  const publicDir = join(options.root, 'public');
  const dirty = new Map<string, string>();
  let structural = false;
  let nonPublic = false;
  let cssOnly = changes.length > 0;
  const publicOnly: string[] = [];
  for (const change of changes) {
    const path = resolve(change.path);
    const isPage = isInside(path, contentDir) && path.endsWith('.md');
    if (isPage) dirty.set(displayPath(path), path);
    if (isInside(path, publicDir) && change.event === 'change') publicOnly.push(relative(publicDir, path).split(sep).join('/'));
    else nonPublic = true;
    if (change.event !== 'change' || (!isPage && !isInside(path, publicDir))) structural = true;
    if (path !== join(options.root, 'templates', 'site.css')) cssOnly = false;
  }
  // A file of public/ edited together with anything else takes the full path: the text-edit shortcut
  // re-keys pages only, and would leave the public file's old bytes in the output.
  if (nonPublic && publicOnly.length) structural = true;
  return { dirty, structural, publicOnly: nonPublic ? [] : publicOnly, cssOnly };
}

/**
 * A site described anew: its stages, the build's own warnings, its jobs and targets. The quick paths name
 * only the targets they change (`changed`, laid over `targets`, which they leave as they were): neither
 * planning an edit nor keeping its result then grows with the site.
 */
type Described = SiteTargets & Staged & { shared: string; noted: Problem[]; changed?: Map<string, Target> };

/** Plans `next` against what the output holds, carries the plan out and, when it succeeded, keeps it. */
async function carryOut(state: WatchState, next: Described, extra: Partial<Outcome> = {}): Promise<Outcome> {
  const outDir = resolve(state.options.outDir);
  const { changed } = next;
  const lookup = changed ? { get: (path: string) => changed.get(path) ?? next.targets.get(path) } : next.targets;
  // What is held equals the last good build's targets (kept below), so only a changed target can differ.
  const p = changed
    ? planChanged(state.built.held, changed, lookup, (job) => next.jobs[job]?.files ?? [])
    : plan(state.built.held, next.targets);
  const sink = inPlaceSink(outDir);
  const applied = await applyPlan(p, lookup, next.jobs, { ctx: next.ctx, templatesFile: next.loaded.templates.file }, state.pool, sink);
  if (applied.errors.length) {
    const warnings = [...applied.warnings.values()].flat();
    return {
      ok: false,
      errors: uniqueProblems(applied.errors),
      warnings: uniqueProblems(warnings),
      rendered: applied.rendered,
      written: [],
      removed: [],
    };
  }
  // The warnings of every job now in the output: rendered now, or kept with its unchanged key. Built anew
  // only on success, so a failed rebuild loses none (and jobs that are gone leave none behind).
  const jobWarnings = new Map<string, Problem[]>();
  next.keys.forEach((key, index) => {
    const warnings = applied.warnings.get(index) ?? state.built.jobWarnings.get(key);
    if (warnings?.length) jobWarnings.set(key, warnings);
  });
  const { search, versions } = state.built;
  let held: Map<string, string>;
  if (changed) {
    // The last good build is being replaced, so its maps take the changes in place.
    held = state.built.held;
    for (const [path, target] of changed) {
      next.targets.set(path, target);
      held.set(path, target.key);
    }
  } else held = heldAfter(next.targets);
  const { changed: _applied, ...kept } = next;
  state.built = { ...kept, held, jobWarnings, pool: state.pool, search, versions };
  return {
    ok: true,
    errors: [],
    warnings: allWarnings(next, next.keys, jobWarnings),
    rendered: applied.rendered,
    written: sink.written,
    removed: sink.removed,
    ...extra,
  };
}

/**
 * A file of public/ edited in place, and nothing else: nothing that renders depends on its bytes, so only
 * its target's key changes. Undefined when a file is not a known target (the full path handles it).
 */
function publicEdit(state: WatchState, files: readonly string[]): Described | undefined {
  if (buildYear() !== state.built.ctx.year) return undefined;
  const changed = new Map<string, Target>();
  for (const file of files) {
    const target = state.built.targets.get(file);
    // Every social card is drawn with the logo: an edited logo makes them anew (the full path).
    if (target?.make.kind !== 'copy' || `/${file}` === CARD_LOGO) return undefined;
    let stamp: string;
    try {
      const info = statSync(target.make.from);
      stamp = `${info.size}:${info.mtimeMs}`;
    } catch {
      return undefined;
    }
    changed.set(file, { ...target, key: publicFileKey(stamp) });
  }
  return { ...state.built, changed };
}

/** Each page file's place in a list of sources, made once per list: a save finds its files without a pass over the site. */
const sourceIndexes = new WeakMap<readonly SourcePage[], Map<string, number>>();

function sourceIndex(sources: readonly SourcePage[]): Map<string, number> {
  let index = sourceIndexes.get(sources);
  if (!index) {
    index = new Map(sources.map((source, at) => [source.file, at]));
    sourceIndexes.set(sources, index);
  }
  return index;
}

/**
 * Page text edited and nothing else, the edit that must feel instant: when every edited file still has the same
 * front matter, nothing site-wide can have changed (titles, lists, link targets and the menu come from
 * front matter and settings), so only the jobs written from those files get new keys, without preparing
 * the whole site again. Undefined when the edit is not of that kind (front matter changed, a page shown in
 * full on another page, a file not known): the full path handles it. Throws SiteError on bad front matter.
 */
function textEdit(state: WatchState, dirty: ReadonlyMap<string, string>): Described | undefined {
  const { loaded, shared, ctx } = state.built;
  // A new year changes every page's footer: the full path renders them all.
  if (buildYear() !== ctx.year) return undefined;
  const featured = new Set(Object.values(ctx.featured).map((source) => source?.file));
  const contentDir = resolve(state.options.contentDir);
  const fields = fieldsOfTemplates(loaded.templates.module);
  const edited = new Map<string, SourcePage>();
  const places = sourceIndex(loaded.sources);
  for (const [file, path] of dirty) {
    const at = places.get(file);
    const old = at === undefined ? undefined : loaded.sources[at];
    if (!old || featured.has(file)) return undefined;
    let text: string;
    try {
      // Synchronous on purpose: one small file on the latency-critical path. Promise-based calls wait in
      // libuv's thread pool, which is slow to answer after a large build.
      text = readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
    if (contentHash(text) === old.hash) continue;
    checkPageSize(text, file, loaded.config.maxPageSize);
    const now = parsePage(text, file, old.locale, relative(join(contentDir, old.locale), path).split(sep).join('/'), fields);
    // Same route and front matter, at the same lines (the front matter's warnings carry its lines).
    if (now.route !== old.route || now.bodyLine !== old.bodyLine || JSON.stringify(now.data) !== JSON.stringify(old.data)) return undefined;
    edited.set(file, now);
  }
  if (!edited.size) return { ...state.built, changed: new Map() };

  // The edited sources take their old ones' places; everything else is kept as it is.
  const sources = loaded.sources.map((source) => edited.get(source.file) ?? source);
  sourceIndexes.set(sources, places);
  // A page's data is its source's as load completed it (an article's date from site.yaml `newsDates`):
  // the front matter is unchanged, so that data still holds.
  const pages = loaded.pages.map((page) => {
    const now = edited.get(page.source.file);
    return now ? { ...page, source: { ...now, data: page.source.data } } : page;
  });
  // The edited files' own warnings are replaced by the new ones; the rest (the front matter's prose) stay as
  // they were, as front matter and lines did.
  const replaced = new Set(loaded.sources.filter((source) => edited.has(source.file)).flatMap((source) => source.warnings));
  const warnings = [...loaded.warnings.filter((w) => !replaced.has(w)), ...[...edited.values()].flatMap((s) => s.warnings)];
  // An edited source may turn its translations outdated or current again: their notices and warnings follow.
  const { locales } = loaded.config;
  const tracked =
    retrackTranslations(state.built.tracked, sources, pages, locales, new Set(edited.keys()), state.built.versions) ??
    trackTranslations(sources, pages, locales, state.built.versions);
  if (tracked.errors.length) return undefined;
  const next = {
    ...state.built,
    loaded: { ...loaded, sources, pages, warnings },
    tracked,
    planned: { ...state.built.planned, pages: tracked.pages },
  };
  // The pages keep their routes and order, so the jobs do: each takes its page's new object, if it has one.
  const renewed = new Map<PlannedPage, PlannedPage>();
  state.built.planned.pages.forEach((page, index) => {
    const now = tracked.pages[index] as PlannedPage;
    if (now !== page) renewed.set(page, now);
  });
  const jobs = state.built.jobs.map((job) => {
    const page = renewed.get(job.page);
    return page ? { ...job, page } : job;
  });
  const keys = [...state.built.keys];
  const { targets } = state.built;
  const changed = new Map<string, Target>();
  jobs.forEach((job, index) => {
    const before = state.built.jobs[index];
    if (!edited.has(job.page.source.file) && (job === before || (before && sameNotice(before.page, job.page)))) return;
    const key = jobKey(next.ctx, shared, job);
    keys[index] = key;
    for (const file of job.files)
      if (targets.get(file)?.make.kind === 'job') changed.set(file, { key: pageFileKey(key), make: { kind: 'job', job: index } });
  });
  return { ...next, jobs, keys, changed };
}

/** Everything described anew: the site prepared again (re-reading only changed pages), every key recomputed. */
async function fullRebuild(state: WatchState, touched: Touched): Promise<Described> {
  const { options } = state;
  const before = state.built.loaded;
  const site = await prepareSite(
    inputsOf(options),
    {
      sources: new Map(before.sources.map((s) => [s.file, s])),
      dirty: new Set(touched.dirty.keys()),
      entries: touched.structural ? undefined : before.entries,
      templatesHash: before.templates.hash,
    },
    state.built.versions,
  );
  const described = describeOutput(site, await stamps(join(options.root, 'public'), site.loaded.publicFiles));
  return { ...described, ...site, noted: [] };
}

/**
 * Rebuilds after `changes` (and the changes of failed rebuilds before them). Never throws for the user's
 * mistakes: they come back as `errors`.
 */
export async function rebuild(state: WatchState, changes: readonly Change[]): Promise<Outcome> {
  const all = [...state.pending, ...changes];
  state.pending = all;
  const touched = classify(state.options, all);
  // chokidar reports a page deleted and written again within 100 ms as one `change`; if a rebuild listed
  // the folder in between, the page is not among the known ones and the list must be made again.
  const known = sourceIndex(state.built.loaded.sources);
  if ([...touched.dirty.keys()].some((file) => !known.has(file))) touched.structural = true;
  let outcome: Outcome;
  try {
    const quick = touched.publicOnly.length
      ? publicEdit(state, touched.publicOnly)
      : !touched.structural && touched.dirty.size
        ? textEdit(state, touched.dirty)
        : undefined;
    const next = quick ?? (await fullRebuild(state, touched));
    outcome = await carryOut(state, next, touched.cssOnly ? { stylesheet: next.ctx.assets.css } : {});
  } catch (error) {
    if (!(error instanceof SiteError)) throw error;
    outcome = { ok: false, errors: error.problems, warnings: [], rendered: 0, written: [], removed: [] };
  }
  if (outcome.ok) state.pending = [];
  return outcome;
}
