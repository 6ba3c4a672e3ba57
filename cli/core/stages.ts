/**
 * The pipeline's stages in order, each taking the one before's result, for `build` and `watch` alike: load
 * the site (cli/core/load/loaded-site.ts), track its translations (cli/core/l10n/track.ts), plan it
 * (cli/core/plan/site.ts), make the render context (cli/core/render/context.ts); then key every job and
 * render the site-wide files (cli/core/render/) and describe every file the output should hold
 * (cli/core/write/targets.ts). Writing it is the build's (cli/core/build.ts) and watch's (cli/core/watch.ts).
 */
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildYear } from './load/build-date.ts';
import type { PageReuse } from './load/content.ts';
import { loadSite, type LoadedSite, type SiteInputs } from './load/loaded-site.ts';
import type { SourceCache } from './l10n/status.ts';
import { trackTranslations, type Tracked } from './l10n/track.ts';
import { versionCache } from './l10n/versions.ts';
import { listJobs } from './plan/jobs.ts';
import { planSite, type PlannedSite } from './plan/site.ts';
import { renderContext } from './render/context.ts';
import { jobKey, siteKey } from './render/job-keys.ts';
import type { RenderContext } from './render/render.ts';
import { siteFiles } from './render/site-files.ts';
import { outputTargets, type SiteTargets } from './write/targets.ts';

/**
 * The version of the tool itself, part of every cache key: the bundled CLI lives in a folder named by
 * the hash of its sources (bin/ecom-site.js), so any change of the generator invalidates the cache.
 */
export const TOOL_VERSION = basename(dirname(fileURLToPath(import.meta.url)));

/** A site through the stages before its output is described: each stage's result, as it returned it. */
export interface Staged {
  /** The site as its files say (cli/core/load/loaded-site.ts). */
  loaded: LoadedSite;
  /** Its translations against their sources (cli/core/l10n/track.ts). */
  tracked: Tracked;
  /** The site planned (cli/core/plan/site.ts). */
  planned: PlannedSite;
  /** What every page's render reads (cli/core/render/context.ts). */
  ctx: RenderContext;
}

/**
 * The stages before the output is described: loads the site (`reuse` lets `watch` and the build cache keep
 * pages whose files did not change), tracks its translations through the version cache `versions`, plans
 * it and makes its render context for the build's `year`.
 */
export async function prepareSite(
  inputs: SiteInputs,
  reuse?: PageReuse & { templatesHash: string },
  versions: SourceCache = versionCache(),
  year: number = buildYear(),
): Promise<Staged> {
  const loaded = await loadSite(inputs, reuse);
  const tracked = trackTranslations(loaded.sources, loaded.pages, loaded.config.locales, versions);
  const planned = await planSite(loaded, tracked);
  return { loaded, tracked, planned, ctx: renderContext(loaded, planned, year) };
}

/**
 * Every file the output of `site` should hold: the plan's jobs, each keyed by the render stage, and the
 * site-wide files it renders, described by the write stage with `publicStamps` (public/'s files).
 */
export function describeOutput(site: Staged, publicStamps: Readonly<Record<string, string>>): SiteTargets & { shared: string } {
  const { loaded, planned, ctx } = site;
  const shared = siteKey(ctx, loaded.templates.hash, TOOL_VERSION);
  const jobs = listJobs(planned.pages, loaded.config.locales);
  const described = outputTargets(
    {
      root: loaded.inputs.root,
      locales: loaded.config.locales,
      jobs,
      keys: jobs.map((job) => jobKey(ctx, shared, job)),
      files: siteFiles(loaded.assets, planned, ctx),
      publicFiles: loaded.publicFiles,
      images: loaded.images,
      cards: planned.cards,
      cardArt: planned.cardArt,
    },
    publicStamps,
  );
  return { ...described, shared };
}

/** The inputs of a build or rebuild: where the site is and how it is built. */
export function inputsOf(options: SiteInputs): SiteInputs {
  return {
    root: options.root,
    contentDir: options.contentDir,
    baseUrl: options.baseUrl,
    basePath: options.basePath,
    preview: options.preview,
    drafts: options.drafts,
  };
}
