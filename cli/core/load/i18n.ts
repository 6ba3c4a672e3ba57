/**
 * Locale decisions as pure functions: which source stands in for each page of each locale (the first
 * locale of its fallback chain that has one; docs/locales.md), each locale's strings over the built-in
 * text, and the translation report. Which text stands in for a text id a locale lacks is the plan's
 * (cli/core/plan/resolved-strings.ts), which knows the ids the menu uses.
 */
import type { Locale } from '../../../shared/constants.ts';
import { localeCodes, resolveFallback, type Locales } from '../common/locales.ts';
import type { PageSource, SourcePage } from './content.ts';
import { problem, type Problem } from '../common/errors.ts';
import type { TermGap } from '../text/terms.ts';
import type { Strings } from './config.ts';
import { findCaseCollisions } from '../common/routes.ts';
import { byPath } from '../common/paths.ts';

/** A page to write: the route in a locale tree and the source that fills it. */
export interface PlannedPage<S extends PageSource = SourcePage> {
  route: string;
  locale: Locale;
  source: S;
  /** True when the source is another locale's page standing in for a missing translation. */
  fallback: boolean;
  /**
   * The locales with their own file for this route, in configured order: the ones search engines are told
   * about (canonical, hreflang alternates, sitemap). A stand-in's canonical is its source's page.
   */
  ownLocales: Locale[];
  /**
   * Set on a translation whose source changed since it was stamped (cli/core/l10n/): the page shows a
   * notice linking to its source page, `href` in `hreflang`.
   */
  outdated?: { href: string; hreflang: string };
}

/** Which locales have their own file for a route. */
export interface TranslationRow {
  route: string;
  locales: Record<Locale, 'own' | 'fallback'>;
}

/** The translation report: per-route availability and the text ids each locale lacks. */
export interface TranslationReport {
  /** The locale codes, in configured order (the report's columns). */
  locales: Locale[];
  pages: TranslationRow[];
  missingStrings: Record<Locale, string[]>;
  /** For each page and its translation, the term-base concepts each locale lacks (cli/core/text/terms.ts). */
  terms: TermGap[];
}

/** The file a page of `locale` would be read from, given the file of another locale. */
export function expectedFile(other: SourcePage, locale: Locale): string {
  return other.file.replace(new RegExp(`(^|/)${other.locale}/`), `$1${locale}/`);
}

/** The plan of every page: what to write, and what was found wrong. */
export interface PagePlan {
  pages: PlannedPage[];
  errors: Problem[];
  warnings: Problem[];
  /**
   * Routes left out because their pages are drafts (built without --drafts) and no other locale's page
   * stands in, with the draft's file: so that a link or menu item pointing there can say so.
   */
  drafts: Map<string, string>;
}

/**
 * Plans every page of every locale. Duplicate routes, and routes that differ only in case, are errors
 * naming both files; a route a locale lacks is written from the first locale of its fallback chain that
 * has it (else from the first configured locale that has it, so that no link breaks), with a warning
 * naming the missing file, or naming the draft left out in its place.
 */
export function planPages(sources: readonly SourcePage[], includeDrafts: boolean, locales: Locales): PagePlan {
  const codes = localeCodes(locales);
  const errors: Problem[] = [];
  const warnings: Problem[] = [];
  const byRoute = new Map<string, Partial<Record<Locale, SourcePage>>>();
  const draftsByRoute = new Map<string, Partial<Record<Locale, SourcePage>>>();
  for (const source of sources) {
    if (source.draft && !includeDrafts) {
      const drafts = draftsByRoute.get(source.route) ?? {};
      drafts[source.locale] ??= source;
      draftsByRoute.set(source.route, drafts);
      continue;
    }
    const entry = byRoute.get(source.route) ?? {};
    const existing = entry[source.locale];
    if (existing) {
      // NFC and NFD spellings of one name look identical in a terminal: say why they are two files.
      const twins = existing.file !== source.file && existing.file.normalize('NFC') === source.file.normalize('NFC');
      const why = twins ? ' The two names differ only in Unicode normalisation (NFC and NFD: one was written on macOS).' : '';
      errors.push(
        problem('ROUTE_DUPLICATE', `${existing.file} and ${source.file} both make the route ${source.route}.${why}`, { file: source.file }),
      );
      continue;
    }
    entry[source.locale] = source;
    byRoute.set(source.route, entry);
  }
  const kept = [...byRoute.values()].flatMap((entry) => codes.map((l) => entry[l]).filter((s): s is SourcePage => s !== undefined));
  for (const { first, second, spellings, kind } of findCaseCollisions(kept)) {
    const what =
      kind === 'page' ? `the routes ${spellings[0]} and ${spellings[1]}` : `routes under the folders ${spellings[0]}/ and ${spellings[1]}/`;
    errors.push(
      problem(
        'ROUTE_CASE',
        `${first.file} and ${second.file} make ${what}, which differ only in case: on macOS, Windows and many hosts ${kind === 'page' ? 'they are one file, and one page would overwrite the other' : 'they are one folder, which mixes their pages'}.`,
        { file: second.file },
      ),
    );
  }
  const pages: PlannedPage[] = [];
  for (const route of [...byRoute.keys()].sort()) {
    const entry = byRoute.get(route) ?? {};
    const ownLocales = codes.filter((l) => entry[l] !== undefined);
    for (const locale of codes) {
      const own = entry[locale];
      if (own) {
        pages.push({ route, locale, source: own, fallback: false, ownLocales });
        continue;
      }
      const from = resolveFallback(locales, locale, (l) => entry[l] !== undefined) ?? ownLocales[0];
      const other = from === undefined ? undefined : entry[from];
      if (!other) continue;
      const draft = draftsByRoute.get(route)?.[locale];
      if (draft) {
        warnings.push(
          problem(
            'TRANSLATION_DRAFT',
            `${draft.file} is a draft (\`draft: true\`), left out of the build without --drafts; ${other.file} stands in for ${route} in "${locale}".`,
            { file: draft.file, line: draft.lineOf(['draft']) },
          ),
        );
      } else {
        const missing = expectedFile(other, locale);
        warnings.push(
          problem('TRANSLATION_MISSING', `${missing} is missing; ${other.file} is used for ${route} in "${locale}".`, { file: missing }),
        );
      }
      pages.push({ route, locale, source: other, fallback: true, ownLocales });
    }
  }
  const drafts = new Map<string, string>();
  for (const [route, entry] of [...draftsByRoute].sort(([a], [b]) => byPath(a, b))) {
    const draft = codes.map((l) => entry[l]).find((s): s is SourcePage => s !== undefined);
    if (draft && !byRoute.has(route)) drafts.set(route, draft.file);
  }
  return { pages, errors, warnings, drafts };
}

/** Builds the translation report from the plan. */
export function translationReport(
  pages: readonly PlannedPage[],
  missing: Record<Locale, string[]>,
  terms: TermGap[],
  locales: Locales,
): TranslationReport {
  const rows = new Map<string, TranslationRow>();
  for (const page of pages) {
    const row = rows.get(page.route) ?? { route: page.route, locales: {} as TranslationRow['locales'] };
    row.locales[page.locale] = page.fallback ? 'fallback' : 'own';
    rows.set(page.route, row);
  }
  return { locales: localeCodes(locales), pages: [...rows.values()], missingStrings: missing, terms };
}

/**
 * Each locale's strings over the templates' built-in text (templates/strings.ts `UI_TEXT`, written per
 * language): an entry of the locale's _strings.yaml wins, id by id; a template id it leaves out gets the
 * built-in text of the locale's language (`zh-CN` reads `zh`), when there is one.
 */
export function withDefaults(
  strings: Strings,
  defaults: Readonly<Record<string, Readonly<Record<string, string>>>>,
  locales: Locales,
): Strings {
  const result: Strings = {};
  for (const { code, lang } of locales) {
    const language = (lang.split('-')[0] ?? lang).toLowerCase();
    const builtIn = Object.entries(defaults).flatMap(([id, text]) => (text[language] === undefined ? [] : [[id, text[language]]]));
    result[code] = { ...Object.fromEntries(builtIn), ...strings[code] };
  }
  return result;
}
