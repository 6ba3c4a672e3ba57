/**
 * Locale decisions as pure functions: which source stands in for each page of each locale (the fallback
 * rule of README, "Pages and routes": the other locale's page stands in), and the translation report.
 */
import { LOCALES, type Locale } from '../../../client/constants.ts';
import type { PageSource, SourcePage } from './content.ts';
import { problem, type Problem } from '../common/errors.ts';
import type { TermGap } from './terms.ts';
import { findCaseCollisions } from '../common/routes.ts';

/** A page to write: the route in a locale tree and the source that fills it. */
export interface PlannedPage<S extends PageSource = SourcePage> {
  route: string;
  locale: Locale;
  source: S;
  /** True when the source is the other locale's page standing in for a missing translation. */
  fallback: boolean;
  /**
   * The locales with their own file for this route, in LOCALES order: the ones search engines are told
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
  pages: TranslationRow[];
  missingStrings: Record<Locale, string[]>;
  /** For each page and its translation, the term-base concepts each locale lacks (cli/core/load/terms.ts). */
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

/** A page with its YAML line lookup removed, so it can be copied to a worker thread. */
export function portable(page: PlannedPage): PlannedPage<PageSource> {
  const { lineOf: _lineOf, ...source } = page.source;
  return { ...page, source };
}

/**
 * Plans every page of every locale. Duplicate routes, and routes that differ only in case, are errors
 * naming both files; a route present in one locale only is written in every locale from that source,
 * with a warning naming the missing file, or naming the draft left out in its place.
 */
export function planPages(sources: readonly SourcePage[], includeDrafts: boolean): PagePlan {
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
  const kept = [...byRoute.values()].flatMap((entry) => LOCALES.map((l) => entry[l]).filter((s): s is SourcePage => s !== undefined));
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
    const ownLocales = LOCALES.filter((l) => entry[l] !== undefined);
    for (const locale of LOCALES) {
      const own = entry[locale];
      if (own) {
        pages.push({ route, locale, source: own, fallback: false, ownLocales });
        continue;
      }
      const other = LOCALES.map((l) => entry[l]).find((s): s is SourcePage => s !== undefined);
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
  for (const [route, entry] of [...draftsByRoute].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const draft = LOCALES.map((l) => entry[l]).find((s): s is SourcePage => s !== undefined);
    if (draft && !byRoute.has(route)) drafts.set(route, draft.file);
  }
  return { pages, errors, warnings, drafts };
}

/** Lists text ids present in some locale's strings but missing in another. */
export function missingStrings(strings: Record<Locale, Record<string, string>>, used: readonly string[] = []): Record<Locale, string[]> {
  const all = new Set<string>(used);
  for (const locale of LOCALES) for (const id of Object.keys(strings[locale])) all.add(id);
  const result = {} as Record<Locale, string[]>;
  for (const locale of LOCALES) result[locale] = [...all].filter((id) => !(id in strings[locale])).sort();
  return result;
}

/** Builds the translation report from the plan. */
export function translationReport(
  pages: readonly PlannedPage[],
  missing: Record<Locale, string[]>,
  terms: TermGap[] = [],
): TranslationReport {
  const rows = new Map<string, TranslationRow>();
  for (const page of pages) {
    const row = rows.get(page.route) ?? { route: page.route, locales: {} as TranslationRow['locales'] };
    row.locales[page.locale] = page.fallback ? 'fallback' : 'own';
    rows.set(page.route, row);
  }
  return { pages: [...rows.values()], missingStrings: missing, terms };
}

/**
 * Each locale's strings over the templates' built-in text (templates/strings.ts `UI_TEXT`): an entry of
 * the locale's _strings.yaml wins, id by id; a template id it leaves out gets its built-in text.
 */
export function withDefaults(
  strings: Record<Locale, Record<string, string>>,
  defaults: Readonly<Record<string, Readonly<Record<Locale, string>>>>,
): Record<Locale, Record<string, string>> {
  const result = {} as Record<Locale, Record<string, string>>;
  for (const locale of LOCALES) {
    result[locale] = { ...Object.fromEntries(Object.entries(defaults).map(([id, text]) => [id, text[locale]])), ...strings[locale] };
  }
  return result;
}

/** A text id the menu uses, and where menu.yaml writes it. */
export interface TextUse {
  id: string;
  line?: number;
}

/**
 * The STRING_MISSING errors of a site, given each locale's strings with the built-in text merged in
 * (`withDefaults`): a menu label a locale lacks, at its line in menu.yaml; then any id that one locale's
 * _strings.yaml defines and another lacks, at the lacking locale's file. `fileOf` names a locale's file.
 */
export function findMissingStrings(
  strings: Record<Locale, Record<string, string>>,
  menu: { file: string; uses: readonly TextUse[] },
  fileOf: (locale: Locale) => string,
): Problem[] {
  const problems: Problem[] = [];
  const lacking = (id: string): Locale[] => LOCALES.filter((locale) => !Object.hasOwn(strings[locale], id));
  const reported = new Set<string>();
  for (const use of menu.uses) {
    const locales = lacking(use.id);
    if (!locales.length) continue;
    reported.add(use.id);
    const where = locales.map(fileOf).join(' and ');
    problems.push(
      problem('STRING_MISSING', `The menu label "${use.id}" is not defined in ${where}; the menu would show the id itself.`, {
        file: menu.file,
        ...(use.line ? { line: use.line } : {}),
      }),
    );
  }
  const defined = [...new Set(LOCALES.flatMap((locale) => Object.keys(strings[locale])))].filter((id) => !reported.has(id)).sort();
  for (const locale of LOCALES) {
    for (const id of defined) {
      if (Object.hasOwn(strings[locale], id)) continue;
      const others = LOCALES.filter((l) => Object.hasOwn(strings[l], id))
        .map(fileOf)
        .join(' and ');
      problems.push(problem('STRING_MISSING', `The text id "${id}" is defined in ${others} but not here.`, { file: fileOf(locale) }));
    }
  }
  return problems;
}

/**
 * A text lookup for one locale: its strings (with the built-in text merged in, `withDefaults`). Never the
 * other locale's text: every id a page shows is checked first (`findMissingStrings`), so the id itself is
 * returned only for an id no template or menu uses.
 */
export function translator(strings: Record<Locale, Record<string, string>>, locale: Locale): (id: string) => string {
  const own = strings[locale];
  return (id) => (Object.hasOwn(own, id) ? (own[id] as string) : id);
}
