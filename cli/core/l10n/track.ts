/**
 * Translation tracking inside `build` and `watch`: the statuses of a site's pages, the outdated
 * translations as TRANSLATION_OUTDATED warnings, and the reader's notice on each outdated page
 * (docs/l10n.md, "What the reader sees"). Pure; `watch` calls it again after each edit of page text.
 */
import type { Problem } from '../common/errors.ts';
import { langOf, type Locales } from '../common/locales.ts';
import { encodeSitePath, localisePath } from '../common/routes.ts';
import type { PlannedPage } from '../load/i18n.ts';
import { readRecord } from './record.ts';
import { outdatedWarnings, statusOf, translationStatuses, type L10nPage, type SourceCache, type TranslationStatus } from './status.ts';

/** What tracking adds to a site: the statuses, the pages with their notices, warnings and errors. */
export interface Tracked {
  statuses: TranslationStatus[];
  pages: PlannedPage[];
  warnings: Problem[];
  errors: Problem[];
}

/** Whether two pages' notices are the same (both none, or the same link). */
export function sameNotice(a: PlannedPage, b: PlannedPage): boolean {
  return a.outdated?.href === b.outdated?.href && a.outdated?.hreflang === b.outdated?.hreflang;
}

/**
 * The statuses of `sources`' translations, and `pages` with the notice set on each page written from an
 * outdated translation whose notice is not turned off (never on a stand-in: it is not a translation).
 * A page whose notice is unchanged is the same object.
 */
export function trackTranslations(
  sources: readonly L10nPage[],
  pages: readonly PlannedPage[],
  locales: Locales,
  cache?: SourceCache,
): Tracked {
  const { statuses, problems } = translationStatuses(sources, locales, cache);
  return { statuses, pages: withNotices(statuses, pages, locales), warnings: outdatedWarnings(statuses), errors: problems };
}

/**
 * `trackTranslations` after an edit of the text of the files `edited`, their front matter unchanged, from
 * the result `before` of the sources as they were: which page translates which, and every record, depend on
 * front matter and routes only, so the pairs stand; only the statuses of the edited files and of the
 * translations of an edited source are worked out again. The same result as `trackTranslations` on the
 * edited sources, without reading every page's record again (the edit a writer waits for in `watch`).
 * `pages` are those `before` was tracked from, in the same order, the edited ones replaced. Undefined when
 * `before` had errors (the whole walk reports them again).
 */
export function retrackTranslations(
  before: Tracked,
  sources: readonly L10nPage[],
  pages: readonly PlannedPage[],
  locales: Locales,
  edited: ReadonlySet<string>,
  cache?: SourceCache,
): Tracked | undefined {
  if (before.errors.length) return undefined;
  if (before.pages.length !== pages.length) return undefined;
  const touched = new Set(before.statuses.filter((status) => edited.has(status.file) || edited.has(status.source.file)));
  // Only a page written from an edited file, or one whose status is worked out again, can change its
  // notice; every other page is the one `before` had.
  const wanted = new Set([...edited, ...[...touched].flatMap((status) => [status.file, status.source.file])]);
  const renew = { pages: before.pages, files: wanted };
  if (!touched.size) return { ...before, pages: withNotices(before.statuses, pages, locales, renew) };
  const byFile = new Map(sources.filter((source) => wanted.has(source.file)).map((source) => [source.file, source]));
  const statuses = before.statuses.map((status) => {
    if (!touched.has(status)) return status;
    const page = byFile.get(status.file) as L10nPage;
    return statusOf(page, byFile.get(status.source.file) as L10nPage, readRecord(page.data), cache);
  });
  return { statuses, pages: withNotices(statuses, pages, locales, renew), warnings: outdatedWarnings(statuses), errors: [] };
}

/**
 * `pages` with each outdated translation's notice set, and taken off the others; an unchanged page is the
 * same object. With `renew`, only the pages written from its `files` are looked at: each other page is the
 * one at its place in `renew.pages`.
 */
function withNotices(
  statuses: readonly TranslationStatus[],
  pages: readonly PlannedPage[],
  locales: Locales,
  renew?: { pages: readonly PlannedPage[]; files: ReadonlySet<string> },
): PlannedPage[] {
  const outdated = new Map(statuses.filter((s) => s.state === 'outdated' && s.notice).map((s) => [s.file, s]));
  return pages.map((page, at): PlannedPage => {
    if (renew && !renew.files.has(page.source.file)) return renew.pages[at] as PlannedPage;
    const status = page.fallback ? undefined : outdated.get(page.source.file);
    const notice = status
      ? { href: encodeSitePath(localisePath(status.route, status.source.locale, locales)), hreflang: langOf(locales, status.source.locale) }
      : undefined;
    if (notice?.href === page.outdated?.href && notice?.hreflang === page.outdated?.hreflang) return page;
    const { outdated: _old, ...rest } = page;
    return notice ? { ...rest, outdated: notice } : rest;
  });
}
