/**
 * The build pipeline: prepare the site, render every job (in worker threads for large sites, reusing
 * unchanged pages from the previous output through the persistent cache), write, swap. Nothing reaches
 * `--out` unless the whole build succeeds.
 */
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, type Locale } from '../../client/constants.ts';
import { carryOver, emptyManifest, readManifest, recordFiles, sameRecord, stamps, stillThere, writeManifest, type Manifest } from './cache.ts';
import { toParsed } from './content.ts';
import { problem, SiteError, type Problem } from './errors.ts';
import { translationReport, type TranslationReport } from './i18n.ts';
import { jobKey, listJobs, siteKey } from './jobs.ts';
import { contentHash } from './files.ts';
import { checkOutputDir, listOutput, MARKER, openOutput, recover, type Output } from './output.ts';
import { portable, RenderPool, threadsFor, type RenderTask } from './pool.ts';
import { renderNotFound } from './render.ts';
import { renderRobots, renderSitemap } from './sitemap.ts';
import { cacheDirOf, prepareSite, type Site } from './site.ts';

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
  /** Keep the render threads for later renders (`watch`) and return them; at least one is started. */
  keepPool?: boolean;
}

/** What a finished build reports. */
export interface BuildResult {
  pages: Record<Locale, number>;
  /** Pages rendered anew (the rest were unchanged and reused from the previous output). */
  rendered: number;
  warnings: Problem[];
  report: TranslationReport;
  outDir: string;
  /** The site as built, the shared and per-job keys and the site-wide files' hashes, for `watch`. */
  site: Site;
  shared: string;
  keys: string[];
  siteFiles: Map<string, string>;
  /** The render threads, when `keepPool` asked for them. */
  pool?: RenderPool;
}

/**
 * The version of the tool itself, part of every cache key: the bundled CLI lives in a folder named by
 * the hash of its sources (bin/ecom-site.js), so any change of the generator invalidates the cache.
 */
export const TOOL_VERSION = basename(dirname(fileURLToPath(import.meta.url)));

/** Removes repeated problems and sorts them, so output does not depend on which thread finished first. */
export function uniqueProblems(problems: readonly Problem[]): Problem[] {
  const seen = new Map<string, Problem>();
  for (const p of problems) seen.set(`${p.file ?? ''}\u0000${String(p.line ?? 0).padStart(8, '0')}\u0000${String(p.column ?? 0).padStart(8, '0')}\u0000${p.code}\u0000${p.message}`, p);
  return [...seen.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, p]) => p);
}

/** Writes files with bounded concurrency while rendering goes on. */
export function writeQueue(output: Output, limit = 16): { add(path: string, data: string | Uint8Array): void; drain(): Promise<void> } {
  const waiting: Array<[string, string | Uint8Array]> = [];
  let running = 0;
  let failure: unknown;
  let idle: (() => void) | undefined;
  const pump = (): void => {
    while (running < limit && waiting.length) {
      const [path, data] = waiting.shift() as [string, string | Uint8Array];
      running++;
      output.write(path, data).catch((error: unknown) => { failure ??= error; }).finally(() => {
        running--;
        pump();
        if (running === 0 && waiting.length === 0) idle?.();
      });
    }
  };
  return {
    add(path, data) {
      waiting.push([path, data]);
      pump();
    },
    async drain() {
      if (running || waiting.length) await new Promise<void>((done) => { idle = done; });
      if (failure) throw failure;
    },
  };
}

/** The site-wide files: 404 pages, assets, sitemap, robots.txt, feeds. */
export function siteFiles(site: Site): Array<[string, string | Uint8Array]> {
  const { ctx, config, assets } = site;
  const files: Array<[string, string | Uint8Array]> = LOCALES.map((locale) => [locale === 'zh' ? '404.html' : `${locale}/404.html`, renderNotFound(locale, ctx)]);
  for (const asset of Object.values(assets)) files.push([`assets/${asset.name}`, asset.contents]);
  // The sitemap lists canonical pages only: /home declares / canonical (SPEC.md section 2 alias).
  files.push(['sitemap.xml', renderSitemap(config.baseUrl, site.routes)], ['robots.txt', renderRobots(config.baseUrl)]);
  for (const feed of Object.values(site.feeds)) files.push([feed.href.slice(1), feed.xml]);
  return files;
}

/** Runs a full build. Throws SiteError with every problem found; the previous output stays untouched. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const { root } = options;
  const outDir = resolve(options.outDir);
  await checkOutputDir(outDir, { root, inputs: [resolve(options.contentDir), join(root, 'templates'), join(root, 'public')] });
  const cacheDir = cacheDirOf(root);
  const previous = await readManifest(cacheDir, outDir, TOOL_VERSION);
  const site = await prepareSite(
    { root, contentDir: options.contentDir, baseUrl: options.baseUrl, drafts: options.drafts },
    { sources: new Map(), parsed: new Map(Object.entries(previous.pages)), templatesHash: previous.templates },
  );
  const jobs = listJobs(site.pages);
  const shared = siteKey(site, TOOL_VERSION);
  const keys = jobs.map((job) => jobKey(site, shared, job));
  // A job whose key was built before and whose files are still in place as written is not rendered again.
  const reused = await Promise.all(
    keys.map(async (key) => {
      const cached = previous.jobs[key];
      return cached && (await stillThere(outDir, previous, cached.files)) ? cached : undefined;
    }),
  );
  const extra = siteFiles(site);
  const siteHashes = Object.fromEntries(extra.map(([path, data]) => [path, contentHash(data)]));
  const publicDir = join(root, 'public');
  const publicStamps = await stamps(publicDir, site.publicFiles);
  const warnings: Problem[] = [...site.warnings, ...reused.flatMap((cached) => cached?.warnings ?? [])];
  const result = (pages: Record<Locale, number>, rendered: number, unique: Problem[], pool?: RenderPool): BuildResult => ({
    pages, rendered, warnings: unique, report: translationReport(site.pages, site.missing), outDir, site, shared, keys,
    siteFiles: new Map(Object.entries(siteHashes)), ...(pool ? { pool } : {}),
  });
  const strictCheck = (unique: Problem[]): void => {
    if (options.strict && unique.length) {
      throw new SiteError([...unique, problem('STRICT', `${unique.length} warning(s) with --strict; nothing was written.`)]);
    }
  };

  // Nothing changed at all (every page, site-wide file and public file as last built, and the output
  // folder as that build left it): there is nothing to write.
  const jobFiles = new Set(jobs.flatMap((job) => job.files));
  if (reused.every(Boolean) && sameRecord(siteHashes, previous.site) && sameRecord(publicStamps, previous.public) && (await intact(outDir, previous, jobFiles))) {
    const unique = uniqueProblems(warnings);
    strictCheck(unique);
    await recover(outDir);
    const pages: Record<Locale, number> = { zh: 0, en: 0 };
    for (const job of jobs) pages[job.page.locale] += 1;
    return result(pages, 0, unique, options.keepPool ? new RenderPool(1) : undefined);
  }

  const manifest: Manifest = { ...emptyManifest(TOOL_VERSION), templates: site.templates.hash, site: siteHashes, public: publicStamps };
  for (const page of site.sources) {
    const parsed = toParsed(page);
    if (parsed) manifest.pages[page.file] = parsed;
  }
  const output = await openOutput(outDir);
  let pool: RenderPool | undefined;
  try {
    const errors: Problem[] = [];
    const pages: Record<Locale, number> = { zh: 0, en: 0 };
    const fresh: string[] = [];
    const tasks: RenderTask[] = [];
    let done = 0;
    await Promise.all(
      jobs.map(async (job, index) => {
        const cached = reused[index];
        if (cached) {
          await Promise.all(cached.files.map((file) => carryOver(join(outDir, file), join(output.temp, file))));
          for (const file of cached.files) if (previous.files[file]) manifest.files[file] = previous.files[file];
          manifest.jobs[keys[index] as string] = cached;
          pages[job.page.locale] += 1;
          options.onProgress?.(++done, jobs.length);
        } else tasks.push({ index, page: portable(job.page), route: job.route });
      }),
    );
    tasks.sort((a, b) => a.index - b.index);
    const queue = writeQueue(output);
    pool = new RenderPool(options.keepPool ? Math.max(1, threadsFor(tasks.length)) : threadsFor(tasks.length));
    await pool.render(tasks, site.ctx, site.templates.file, (result) => {
      const job = jobs[result.index];
      options.onProgress?.(++done, jobs.length);
      warnings.push(...result.warnings);
      errors.push(...result.errors);
      if (!job || result.errors.length) return;
      for (const file of job.files) queue.add(file, result.html);
      manifest.jobs[keys[result.index] as string] = { files: job.files, warnings: result.warnings };
      fresh.push(...job.files);
      pages[job.page.locale] += 1;
    });
    await queue.drain();
    if (!options.keepPool) await pool.close();
    if (errors.length) throw new SiteError(uniqueProblems(errors));

    const unique = uniqueProblems(warnings);
    strictCheck(unique);
    await output.copyDir(publicDir);
    for (const [path, data] of extra) queue.add(path, data);
    await queue.drain();
    await recordFiles(output.temp, [...fresh, ...site.publicFiles, ...extra.map(([path]) => path)], manifest.files);
    await output.commit();
    await writeManifest(cacheDir, outDir, manifest);
    return result(pages, tasks.length, unique, options.keepPool ? pool : undefined);
  } catch (error) {
    await pool?.close();
    await output.abort();
    throw error;
  }
}

/**
 * True when `dir` holds exactly the files the manifest recorded (and the marker), as written; `checked`
 * are files already compared with the manifest.
 */
async function intact(dir: string, manifest: Manifest, checked: ReadonlySet<string>): Promise<boolean> {
  const expected = Object.keys(manifest.files);
  const found = await listOutput(dir);
  if (found.length !== expected.length + 1 || !found.includes(MARKER)) return false;
  return found.every((file) => file === MARKER || manifest.files[file] !== undefined) && (await stillThere(dir, manifest, expected.filter((file) => !checked.has(file))));
}
