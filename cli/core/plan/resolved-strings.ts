/**
 * Each locale's UI texts as pages show them: the text ids each locale lacks, and each id a locale lacks
 * filled from its fallback chain (docs/locales.md), with the menu's labels checked among them. The plan's,
 * since the ids it checks are the menu's and the templates' as well as those of the strings files.
 */
import type { Locale } from '../../../shared/constants.ts';
import { problem, type Problem } from '../common/errors.ts';
import { localeCodes, resolveFallback, type Locales } from '../common/locales.ts';
import type { Strings } from '../load/config.ts';

/** Lists, per locale, the text ids used or present in some locale's strings that the locale's own strings lack. */
export function missingStrings(strings: Strings, locales: Locales, used: readonly string[] = []): Record<Locale, string[]> {
  const codes = localeCodes(locales);
  const all = new Set<string>(used);
  for (const locale of codes) for (const id of Object.keys(strings[locale] ?? {})) all.add(id);
  return Object.fromEntries(codes.map((locale) => [locale, [...all].filter((id) => !Object.hasOwn(strings[locale] ?? {}, id)).sort()]));
}

/** A text id the menu uses, and where menu.yaml writes it. */
export interface TextUse {
  id: string;
  line?: number;
}

/** Each locale's strings once the fallback chains filled what it lacks, and the problems found. */
export interface ResolvedStrings {
  strings: Strings;
  /** STRING_MISSING: an id no locale of the chain has. */
  errors: Problem[];
  /** STRING_FALLBACK: an id a locale lacks, whose text comes from its fallback chain. */
  warnings: Problem[];
  /** The locale each stand-in text comes from, by locale and id (the language its plural rules are those of). */
  from: Record<Locale, Record<string, Locale>>;
}

/**
 * Fills each locale's strings (the built-in text merged in by load: cli/core/load/i18n.ts `withDefaults`)
 * from its fallback chain: an id the locale lacks takes the text of the first locale of the chain that has
 * it, with a STRING_FALLBACK warning naming the id and the locale, so that a new language can go live
 * before all of its text is written. An id the whole chain lacks is STRING_MISSING: a menu label at its line in menu.yaml, any other
 * id (one that some locale's _strings.yaml defines) at the lacking locale's file. `fileOf` names a
 * locale's file.
 */
export function resolveStrings(
  strings: Strings,
  locales: Locales,
  menu: { file: string; uses: readonly TextUse[] },
  fileOf: (locale: Locale) => string,
  used: readonly string[] = [],
): ResolvedStrings {
  const codes = localeCodes(locales);
  const has = (locale: Locale, id: string): boolean => Object.hasOwn(strings[locale] ?? {}, id);
  const resolved: Strings = Object.fromEntries(codes.map((locale) => [locale, { ...strings[locale] }]));
  const warnings: Problem[] = [];
  const origins: Record<Locale, Record<string, Locale>> = Object.fromEntries(codes.map((locale) => [locale, {}]));
  const lacking = new Map<string, Locale[]>();
  const ids = [...new Set([...menu.uses.map((use) => use.id), ...used, ...codes.flatMap((locale) => Object.keys(strings[locale] ?? {}))])];
  for (const locale of codes) {
    for (const id of [...ids].sort()) {
      if (has(locale, id)) continue;
      const from = resolveFallback(locales, locale, (l) => has(l, id));
      if (from === undefined) {
        lacking.set(id, [...(lacking.get(id) ?? []), locale]);
        continue;
      }
      (resolved[locale] as Record<string, string>)[id] = (strings[from] as Record<string, string>)[id] as string;
      (origins[locale] as Record<string, Locale>)[id] = from;
      warnings.push(
        problem('STRING_FALLBACK', `The text id "${id}" is missing in "${locale}"; the "${from}" text stands in (${fileOf(from)}).`, {
          file: fileOf(locale),
        }),
      );
    }
  }
  const errors: Problem[] = [];
  const reported = new Set<string>();
  for (const use of menu.uses) {
    const where = lacking.get(use.id);
    if (!where || reported.has(use.id)) continue;
    reported.add(use.id);
    errors.push(
      problem(
        'STRING_MISSING',
        `The menu label "${use.id}" is not defined in ${where.map(fileOf).join(' and ')}; the menu would show the id itself.`,
        {
          file: menu.file,
          ...(use.line ? { line: use.line } : {}),
        },
      ),
    );
  }
  for (const locale of codes) {
    for (const id of [...lacking.keys()].filter((id) => !reported.has(id) && lacking.get(id)?.includes(locale)).sort()) {
      const others = codes
        .filter((l) => has(l, id))
        .map(fileOf)
        .join(' and ');
      const message = others
        ? `The text id "${id}" is defined in ${others} but not here.`
        : `The text id "${id}" is used by the templates but defined nowhere, not even in the built-in text of this locale's language.`;
      errors.push(problem('STRING_MISSING', message, { file: fileOf(locale) }));
    }
  }
  return { strings: resolved, errors, warnings, from: origins };
}
