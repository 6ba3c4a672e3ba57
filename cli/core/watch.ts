/**
 * The incremental engine behind `ecom-site watch` (issue 5). After a first full build it keeps the site in
 * memory and its render threads running (hot). A text-only edit of pages (front matter unchanged) renders
 * just the jobs written from those files. Any other batch of changes prepares the site again, re-reading
 * only the changed pages, recomputes every job's key (cli/core/jobs.ts) and re-renders only the jobs whose
 * key changed. Files are written into the output one by one through a temp name and a rename, so the
 * server never sends half a page. A rebuild with errors writes nothing: the last good pages keep being
 * served.
 */
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { contentHash, writeFileAtomic } from './files.ts';
import { build, siteFiles, TOOL_VERSION, uniqueProblems, type BuildOptions } from './build.ts';
import type { Problem } from './errors.ts';
import { SiteError } from './errors.ts';
import { parsePage, type SourcePage } from './content.ts';
import { jobKey, listJobs, siteKey, type Job } from './jobs.ts';
import { displayPath, isInside } from './paths.ts';
import { portable, type RenderPool, type RenderTask } from './pool.ts';
import { fieldsOfTemplates, prepareSite, type Site } from './site.ts';

/** What the session remembers between rebuilds. */
export interface WatchState {
  options: BuildOptions;
  site: Site;
  /** Each job's key and files, by `locale:route`. */
  jobs: Map<string, { key: string; files: string[] }>;
  /** Hash of each site-wide file (404 pages, assets, sitemap, feeds) as last written. */
  siteFiles: Map<string, string>;
  /** The shared part of every job key (cli/core/jobs.ts `siteKey`) as last built. */
  shared: string;
  /** Render threads kept from the first build: hot code renders an edit in a few milliseconds. */
  pool: RenderPool;
}

/** A file change reported by the watcher. */
export interface Change {
  event: 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';
  path: string;
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

const idOf = (job: Job): string => `${job.page.locale}:${job.route}`;

/** Where an output file goes; never outside the output folder. */
function outputPath(dir: string, rel: string): string {
  const path = resolve(dir, rel);
  if (!isInside(path, dir)) throw new Error(`Refusing to write outside the output folder: ${rel}`);
  return path;
}

/** Writes one output file in place. */
async function writeOutput(dir: string, rel: string, data: string | Uint8Array): Promise<void> {
  await writeFileAtomic(outputPath(dir, rel), data);
}

/** `writeOutput` without the thread pool, for the few pages of a text edit. */
function writeOutputNow(dir: string, rel: string, data: string): void {
  const path = outputPath(dir, rel);
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, data);
  renameSync(temp, path);
}

function hashSiteFiles(site: Site): Map<string, [string, string | Uint8Array]> {
  return new Map(siteFiles(site).map(([path, data]) => [path, [contentHash(data), data]]));
}

/** The first, full build: atomic like `ecom-site build`. Returns the state to continue from. */
export async function startSession(options: BuildOptions): Promise<WatchState> {
  const result = await build({ ...options, keepPool: true });
  const jobs = new Map<string, { key: string; files: string[] }>();
  const all = listJobs(result.site.pages);
  all.forEach((job, i) => jobs.set(idOf(job), { key: result.keys[i] as string, files: job.files }));
  const pool = result.pool as RenderPool;
  // Pages taken from the build cache were not rendered, so the threads' code is still cold: render a
  // sample in the background, two at a time, so that an edit never waits long behind it.
  if (result.rendered < WARM_UP_PAGES) {
    const count = Math.min(WARM_UP_PAGES, all.length);
    const sample = Array.from({ length: count }, (_, i) => all[Math.floor((i * all.length) / count)] as Job);
    void pool.render(sample.map((job, index) => ({ index, page: portable(job.page), route: job.route })), result.site.ctx, result.site.templates.file, () => undefined, 2).catch(() => undefined);
  }
  return { options, site: result.site, jobs, siteFiles: result.siteFiles, shared: result.shared, pool };
}

/** Ends a session: stops its render threads. */
export async function endSession(state: WatchState): Promise<void> {
  await state.pool.close();
}

/** Classifies changed paths: content pages (display paths), and whether anything else changed. */
function classify(state: WatchState, changes: readonly Change[]): { dirty: Map<string, string>; structural: boolean; publicOnly: string[]; cssOnly: boolean } {
  const contentDir = resolve(state.options.contentDir);
  const publicDir = join(state.options.root, 'public');
  // Display path of each changed page file -> its absolute path.
  const dirty = new Map<string, string>();
  let structural = false;
  let nonPublic = false;
  let cssOnly = changes.length > 0;
  const publicOnly: string[] = [];
  for (const change of changes) {
    const path = resolve(change.path);
    const isPage = isInside(path, contentDir) && path.endsWith('.md');
    if (isPage) dirty.set(displayPath(path), path);
    // Anything but an edit of an existing page may add or remove pages: list the page files again.
    if (change.event !== 'change' || !isPage) structural = true;
    if (isInside(path, publicDir) && change.event === 'change') publicOnly.push(relative(publicDir, path));
    else nonPublic = true;
    if (path !== join(state.options.root, 'templates', 'site.css')) cssOnly = false;
  }
  return { dirty, structural, publicOnly: nonPublic ? [] : publicOnly, cssOnly };
}

/** Renders `tasks` (indexes into `jobs`) in the session's threads: each file's HTML, or the errors. */
async function renderJobs(state: WatchState, site: Site, jobs: readonly Job[], tasks: readonly RenderTask[], warnings: Problem[]): Promise<{ pages: Array<[string, string]>; errors: Problem[] }> {
  const errors: Problem[] = [];
  const pages: Array<[string, string]> = [];
  await state.pool.render(tasks, site.ctx, site.templates.file, (result) => {
    warnings.push(...result.warnings);
    errors.push(...result.errors);
    const job = jobs[result.index];
    if (job && !result.errors.length) for (const file of job.files) pages.push([file, result.html]);
  });
  return { pages, errors };
}

/**
 * The common case, page text edited and nothing else (issue 5's 50 ms target): when every edited file
 * still has the same front matter, nothing site-wide can have changed (titles, lists, link targets and
 * the menu come from front matter and settings), so only the jobs written from those files are
 * rendered, without preparing the whole site again. Returns undefined when the edit is not of that kind
 * (front matter changed, a page shown in full on another page): the full path handles it.
 */
async function textEdit(state: WatchState, dirty: ReadonlyMap<string, string>, outDir: string, none: Outcome): Promise<Outcome | undefined> {
  const { site } = state;
  const featured = new Set(Object.values(site.ctx.featured).map((source) => source?.file));
  const contentDir = resolve(state.options.contentDir);
  const fields = fieldsOfTemplates(site.templates.module);
  const edited = new Map<string, SourcePage>();
  const warnings: Problem[] = [];
  for (const [file, path] of dirty) {
    const old = site.sources.find((source) => source.file === file);
    if (!old || featured.has(file)) return undefined;
    let text: string;
    try {
      // Synchronous on purpose: one small file on the latency-critical path. Promise-based calls wait in
      // libuv's thread pool, which took 20-30 ms per call after a 4,000-page build.
      text = readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
    if (contentHash(text) === old.hash) continue;
    let now: SourcePage;
    try {
      now = parsePage(text, file, old.locale, relative(join(contentDir, old.locale), path).split(sep).join('/'), fields, []);
    } catch (error) {
      if (error instanceof SiteError) return { ...none, ok: false, errors: error.problems };
      throw error;
    }
    if (now.route !== old.route || JSON.stringify(now.data) !== JSON.stringify(old.data)) return undefined;
    edited.set(file, now);
  }
  if (!edited.size) return none;

  // The edited sources take their old ones' places; everything else is kept as it is.
  const sources = site.sources.map((source) => edited.get(source.file) ?? source);
  const pages = site.pages.map((page) => {
    const now = edited.get(page.source.file);
    return now ? { ...page, source: now } : page;
  });
  const next: Site = { ...site, sources, pages, warnings: [...site.warnings.filter((w) => !(w.file && edited.has(w.file) && w.code === 'FIELD_UNKNOWN')), ...[...edited.values()].flatMap((s) => s.warnings)] };
  const jobs = listJobs(pages.filter((page) => edited.has(page.source.file)));
  const tasks: RenderTask[] = jobs.map((job, index) => ({ index, page: portable(job.page), route: job.route }));
  const { pages: written, errors } = await renderJobs(state, next, jobs, tasks, warnings);
  if (errors.length) return { ...none, ok: false, errors: uniqueProblems(errors), warnings: uniqueProblems(warnings) };
  for (const [file, html] of written) writeOutputNow(outDir, file, html);
  for (const job of jobs) state.jobs.set(idOf(job), { key: jobKey(next, state.shared, job), files: job.files });
  state.site = next;
  return { ...none, warnings: uniqueProblems([...next.warnings, ...warnings]), rendered: tasks.length, written: written.map(([file]) => file) };
}

/** Rebuilds after `changes`. Never throws for the user's mistakes: they come back as `errors`. */
export async function rebuild(state: WatchState, changes: readonly Change[]): Promise<Outcome> {
  const outDir = resolve(state.options.outDir);
  const { dirty, structural, publicOnly, cssOnly } = classify(state, changes);
  const none: Outcome = { ok: true, errors: [], warnings: state.site.warnings, rendered: 0, written: [], removed: [] };
  if (publicOnly.length) {
    // A changed file in public/ is copied alone: nothing that renders depends on its bytes.
    for (const rel of publicOnly) await copyFile(join(state.options.root, 'public', rel), join(outDir, rel));
    return { ...none, written: publicOnly.map((p) => p.split(sep).join('/')) };
  }
  if (!structural && dirty.size) {
    const quick = await textEdit(state, dirty, outDir, none);
    if (quick) return quick;
  }
  let site: Site;
  try {
    site = await prepareSite(
      { root: state.options.root, contentDir: state.options.contentDir, baseUrl: state.options.baseUrl, drafts: state.options.drafts },
      { sources: new Map(state.site.sources.map((s) => [s.file, s])), dirty: new Set(dirty.keys()), entries: structural ? undefined : state.site.entries, templatesHash: state.site.templates.hash },
    );
  } catch (error) {
    if (error instanceof SiteError) return { ...none, ok: false, errors: error.problems };
    throw error;
  }

  const jobs = listJobs(site.pages);
  const shared = siteKey(site, TOOL_VERSION);
  // The common case, one page's text edited: when the shared key and every edited page's front matter
  // are unchanged, only the jobs of the edited files can have new keys (no title, list or link target
  // moved), so the other keys are kept without hashing thousands of jobs again.
  const before = new Map(state.site.sources.map((source) => [source.file, source]));
  const bodyOnly = !structural && shared === state.shared && [...dirty.keys()].every((file) => {
    const old = before.get(file);
    const now = site.sources.find((source) => source.file === file);
    return old !== undefined && now !== undefined && JSON.stringify(old.data) === JSON.stringify(now.data);
  });
  const next = new Map<string, { key: string; files: string[] }>();
  const tasks: RenderTask[] = [];
  jobs.forEach((job, index) => {
    const id = idOf(job);
    const known = state.jobs.get(id);
    const key = bodyOnly && known && !dirty.has(job.page.source.file) ? known.key : jobKey(site, shared, job);
    next.set(id, { key, files: job.files });
    if (known?.key !== key) tasks.push({ index, page: portable(job.page), route: job.route });
  });
  const warnings: Problem[] = [...site.warnings];
  const { pages, errors } = await renderJobs(state, site, jobs, tasks, warnings);
  if (errors.length) return { ...none, ok: false, errors: uniqueProblems(errors), warnings: uniqueProblems(warnings) };

  const written: string[] = [];
  for (const [file, html] of pages) {
    await writeOutput(outDir, file, html);
    written.push(file);
  }
  // Site-wide files depend only on what the shared key covers (pages, settings, strings, news, assets).
  const files = bodyOnly ? new Map([...state.siteFiles].map(([path, hash]): [string, [string, string]] => [path, [hash, '']])) : hashSiteFiles(site);
  for (const [path, [hash, data]] of files) {
    if (state.siteFiles.get(path) === hash) continue;
    await writeOutput(outDir, path, data);
    written.push(path);
  }
  const keep = new Set([...[...next.values()].flatMap((j) => j.files), ...files.keys()]);
  const removed = [...state.jobs.values()].flatMap((j) => j.files).filter((f) => !keep.has(f));
  for (const file of removed) await rm(join(outDir, file), { force: true });
  if (structural) await copyPublic(state.options.root, outDir, site.publicFiles);

  state.site = site;
  state.jobs = next;
  state.shared = shared;
  state.siteFiles = new Map([...files].map(([path, [hash]]) => [path, hash]));
  return {
    ok: true,
    errors: [],
    warnings: uniqueProblems(warnings),
    rendered: tasks.length,
    written,
    removed,
    ...(cssOnly ? { stylesheet: site.ctx.assets.css } : {}),
  };
}

async function copyPublic(root: string, outDir: string, files: readonly string[]): Promise<void> {
  for (const file of files) {
    await mkdir(dirname(join(outDir, file)), { recursive: true });
    await copyFile(join(root, 'public', file), join(outDir, file));
  }
}
