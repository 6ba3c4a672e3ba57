/**
 * The cache keys of render jobs (pure): a hash of everything a job's HTML depends on, so an unchanged key
 * means unchanged bytes: the persistent build cache and `watch` both re-render only jobs whose key changed.
 */
import { contentHash } from '../common/files.ts';
import type { Job } from '../plan/jobs.ts';
import type { RenderContext } from './render.ts';

/** JSON with Sets and Maps written as sorted arrays, so equal data always hashes the same. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Set) return [...(v as Set<unknown>)].map(String).sort();
    if (v instanceof Map) return [...(v as Map<unknown, unknown>)].sort(([a], [b]) => String(a).localeCompare(String(b)));
    return v;
  });
}

/**
 * The part of every key that is shared by all jobs: the tool itself, the templates, assets, settings,
 * menu, strings, the set of link targets, the news lists, the icons pages name and the build's year (the
 * footer's copyright line, so a page cached last year is rendered again). Any change here re-renders every page.
 */
export function siteKey(ctx: RenderContext, templatesHash: string, toolVersion: string): string {
  return contentHash(
    stableJson([
      toolVersion,
      templatesHash,
      ctx.assets,
      ctx.config,
      ctx.menu,
      ctx.strings,
      ctx.textFrom,
      ctx.targets,
      ctx.articles,
      ctx.feeds,
      Object.values(ctx.featured).map((s) => s?.hash),
      ctx.icons,
      ctx.year,
      ctx.terms,
      ctx.images,
    ]),
  );
}

/**
 * The key of one job: the site key plus the page's own file, route, locale, the locales that have their
 * own file for the route (canonical and alternates change when a translation comes or goes), the
 * breadcrumb parent, the page's social card (its file name changes with its title) and its outdated
 * translation notice (an edit of the source turns it on or off).
 */
export function jobKey(ctx: RenderContext, shared: string, job: Job): string {
  const { page } = job;
  const parent = ctx.parents[page.locale]?.get(page.route);
  const parentTitle = parent ? ctx.titles[page.locale]?.get(parent) : undefined;
  const card = ctx.cards[page.locale]?.get(page.route);
  return contentHash(
    stableJson([
      shared,
      page.source.file,
      page.source.hash,
      job.route,
      page.locale,
      page.fallback,
      page.ownLocales,
      parent,
      parentTitle,
      card,
      page.outdated,
    ]),
  );
}
