/**
 * Locale decisions as pure functions (STYLE.md 3): which source stands in for each page of each locale
 * (CONTRACT.md section 2's fallback rule), and the translation report.
 */
import { LOCALES, type Locale } from '../../client/constants.ts';
import type { PageSource, SourcePage } from './content.ts';
import { problem, type Problem } from './errors.ts';

/** A page to write: the route in a locale tree and the source that fills it. */
export interface PlannedPage<S extends PageSource = SourcePage> {
  route: string;
  locale: Locale;
  source: S;
  /** True when the source is the other locale's page standing in for a missing translation. */
  fallback: boolean;
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
}

/** The file a page of `locale` would be read from, given the file of another locale. */
export function expectedFile(other: SourcePage, locale: Locale): string {
  return other.file.replace(new RegExp(`(^|/)${other.locale}/`), `$1${locale}/`);
}

/**
 * Plans every page of every locale. Duplicate routes are errors naming both files; a route present in one
 * locale only is written in every locale from that source, with a warning naming the missing file.
 */
export function planPages(sources: readonly SourcePage[], includeDrafts: boolean): { pages: PlannedPage[]; errors: Problem[]; warnings: Problem[] } {
  const errors: Problem[] = [];
  const warnings: Problem[] = [];
  const byRoute = new Map<string, Partial<Record<Locale, SourcePage>>>();
  for (const source of sources) {
    if (source.draft && !includeDrafts) continue;
    const entry = byRoute.get(source.route) ?? {};
    const existing = entry[source.locale];
    if (existing) {
      // NFC and NFD spellings of one name look identical in a terminal: say why they are two files.
      const twins = existing.file !== source.file && existing.file.normalize('NFC') === source.file.normalize('NFC');
      const why = twins ? ' The two names differ only in Unicode normalisation (NFC and NFD: one was written on macOS).' : '';
      errors.push(problem('ROUTE_DUPLICATE', `${existing.file} and ${source.file} both make the route ${source.route}.${why}`, { file: source.file }));
      continue;
    }
    entry[source.locale] = source;
    byRoute.set(source.route, entry);
  }
  const pages: PlannedPage[] = [];
  for (const route of [...byRoute.keys()].sort()) {
    const entry = byRoute.get(route) ?? {};
    for (const locale of LOCALES) {
      const own = entry[locale];
      if (own) {
        pages.push({ route, locale, source: own, fallback: false });
        continue;
      }
      const other = LOCALES.map((l) => entry[l]).find((s): s is SourcePage => s !== undefined);
      if (!other) continue;
      const missing = expectedFile(other, locale);
      warnings.push(problem('TRANSLATION_MISSING', `${missing} is missing; ${other.file} is used for ${route} in "${locale}".`, { file: missing }));
      pages.push({ route, locale, source: other, fallback: true });
    }
  }
  return { pages, errors, warnings };
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
export function translationReport(pages: readonly PlannedPage[], missing: Record<Locale, string[]>): TranslationReport {
  const rows = new Map<string, TranslationRow>();
  for (const page of pages) {
    const row = rows.get(page.route) ?? { route: page.route, locales: {} as TranslationRow['locales'] };
    row.locales[page.locale] = page.fallback ? 'fallback' : 'own';
    rows.set(page.route, row);
  }
  return { pages: [...rows.values()], missingStrings: missing };
}

/** A text lookup for one locale that falls back to the other locales, then to the id itself. */
export function translator(strings: Record<Locale, Record<string, string>>, locale: Locale): (id: string) => string {
  const order = [locale, ...LOCALES.filter((l) => l !== locale)];
  return (id) => {
    for (const l of order) {
      const value = strings[l][id];
      if (value !== undefined) return value;
    }
    return id;
  };
}
