/**
 * Translation tracking inside `build` and `watch`: the statuses of a site's pages, the outdated
 * translations as TRANSLATION_OUTDATED warnings, and the reader's notice on each outdated page
 * (docs/l10n.md, "What the reader sees"). Pure; `watch` calls it again after each edit of page text.
 */
import type { Problem } from '../common/errors.ts';
import { langOf, type Locales } from '../common/locales.ts';
import { encodeSitePath, localisePath } from '../common/routes.ts';
import type { PlannedPage } from '../load/i18n.ts';
import { outdatedWarnings, translationStatuses, type SourceCache, type L10nPage, type TranslationStatus } from './status.ts';

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
  const outdated = new Map(statuses.filter((s) => s.state === 'outdated' && s.notice).map((s) => [s.file, s]));
  const noticed = pages.map((page): PlannedPage => {
    const status = page.fallback ? undefined : outdated.get(page.source.file);
    const notice = status
      ? { href: encodeSitePath(localisePath(status.route, status.source.locale, locales)), hreflang: langOf(locales, status.source.locale) }
      : undefined;
    if (notice?.href === page.outdated?.href && notice?.hreflang === page.outdated?.hreflang) return page;
    const { outdated: _old, ...rest } = page;
    return notice ? { ...rest, outdated: notice } : rest;
  });
  return { statuses, pages: noticed, warnings: outdatedWarnings(statuses), errors: problems };
}
