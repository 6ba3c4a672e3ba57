/**
 * Render jobs and their cache keys (pure). A job is one page written at one route (the home page is also
 * written at `/home`). Its key is a hash of everything its HTML depends on, so an unchanged key means
 * unchanged bytes: the persistent build cache and `watch` both re-render only jobs whose key changed.
 */
import { contentHash } from '../common/files.ts';
import type { PlannedPage } from '../load/i18n.ts';
import { outputFiles, routesOfPage } from '../common/routes.ts';
import type { Site } from './site.ts';
import type { Locales } from '../common/locales.ts';

/** One page to render at one route, and the files it is written to. */
export interface Job {
  page: PlannedPage;
  route: string;
  files: string[];
}

/** Every job of a plan, in a stable order. */
export function listJobs(pages: readonly PlannedPage[], locales: Locales): Job[] {
  return pages.flatMap((page) =>
    routesOfPage(page.route).map((route) => ({ page, route, files: outputFiles(route, page.locale, locales) })),
  );
}

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
export function siteKey(site: Site, toolVersion: string): string {
  const { ctx } = site;
  return contentHash(
    stableJson([
      toolVersion,
      site.templates.hash,
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
export function jobKey(site: Site, shared: string, job: Job): string {
  const { page } = job;
  const parent = site.ctx.parents[page.locale]?.get(page.route);
  const parentTitle = parent ? site.ctx.titles[page.locale]?.get(parent) : undefined;
  const card = site.ctx.cards[page.locale]?.get(page.route);
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
