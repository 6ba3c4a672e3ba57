/**
 * The incremental engine behind `ecom-site watch` (issue 5). After a first full build it keeps the site in
 * memory; on each batch of file changes it prepares the site again, re-reading only the changed pages,
 * recomputes every job's key (cli/core/jobs.ts) and re-renders only the jobs whose key changed. Files are
 * written into the output one by one through a temp name and a rename, so the server never sends half a
 * page. A rebuild with errors writes nothing: the last good pages keep being served.
 */
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { contentHash, writeFileAtomic } from './files.ts';
import { build, siteFiles, TOOL_VERSION, uniqueProblems, type BuildOptions } from './build.ts';
import type { Problem } from './errors.ts';
import { SiteError } from './errors.ts';
import { jobKey, listJobs, siteKey, type Job } from './jobs.ts';
import { displayPath, isInside } from './paths.ts';
import { portable, renderTasks, type RenderTask } from './pool.ts';
import { prepareSite, type Site } from './site.ts';

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

const idOf = (job: Job): string => `${job.page.locale}:${job.route}`;

/** Writes one output file in place, never outside the output folder. */
async function writeOutput(dir: string, rel: string, data: string | Uint8Array): Promise<void> {
  const path = resolve(dir, rel);
  if (!isInside(path, dir)) throw new Error(`Refusing to write outside the output folder: ${rel}`);
  await writeFileAtomic(path, data);
}

function hashSiteFiles(site: Site): Map<string, [string, string | Uint8Array]> {
  return new Map(siteFiles(site).map(([path, data]) => [path, [contentHash(data), data]]));
}

/** The first, full build: atomic like `ecom-site build`. Returns the state to continue from. */
export async function startSession(options: BuildOptions): Promise<WatchState> {
  const result = await build(options);
  const jobs = new Map<string, { key: string; files: string[] }>();
  listJobs(result.site.pages).forEach((job, i) => jobs.set(idOf(job), { key: result.keys[i] as string, files: job.files }));
  return { options, site: result.site, jobs, siteFiles: result.siteFiles, shared: result.shared };
}

/** Classifies changed paths: content pages (display paths), and whether anything else changed. */
function classify(state: WatchState, changes: readonly Change[]): { dirty: Set<string>; structural: boolean; publicOnly: string[]; cssOnly: boolean } {
  const contentDir = resolve(state.options.contentDir);
  const publicDir = join(state.options.root, 'public');
  const dirty = new Set<string>();
  let structural = false;
  let nonPublic = false;
  let cssOnly = changes.length > 0;
  const publicOnly: string[] = [];
  for (const change of changes) {
    const path = resolve(change.path);
    const isPage = isInside(path, contentDir) && path.endsWith('.md');
    if (isPage) dirty.add(displayPath(path));
    // Anything but an edit of an existing page may add or remove pages: list the page files again.
    if (change.event !== 'change' || !isPage) structural = true;
    if (isInside(path, publicDir) && change.event === 'change') publicOnly.push(relative(publicDir, path));
    else nonPublic = true;
    if (path !== join(state.options.root, 'templates', 'site.css')) cssOnly = false;
  }
  return { dirty, structural, publicOnly: nonPublic ? [] : publicOnly, cssOnly };
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
  let site: Site;
  try {
    site = await prepareSite(
      { root: state.options.root, contentDir: state.options.contentDir, baseUrl: state.options.baseUrl, drafts: state.options.drafts },
      { sources: new Map(state.site.sources.map((s) => [s.file, s])), dirty, entries: structural ? undefined : state.site.entries, templatesHash: state.site.templates.hash },
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
  const bodyOnly = !structural && shared === state.shared && [...dirty].every((file) => {
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
  const errors: Problem[] = [];
  const pages: Array<[string, string]> = [];
  await renderTasks(tasks, site.ctx, site.templates.file, (result) => {
    warnings.push(...result.warnings);
    errors.push(...result.errors);
    const job = jobs[result.index];
    if (job && !result.errors.length) for (const file of job.files) pages.push([file, result.html]);
  });
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
