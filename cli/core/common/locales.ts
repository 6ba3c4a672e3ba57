/**
 * The site's locales as data (site.yaml `locales`; docs/locales.md): plain, cloneable values that travel
 * to render threads inside the settings, and pure functions over them. Nothing downstream names a locale:
 * it reads this list, whose first entry is the default locale (no URL prefix).
 */

/** One locale of the site, with its defaults filled in. */
export interface LocaleSpec {
  /** Folder name under content/, URL prefix and route-name suffix (`ja`: content/ja/, /ja/DROC, `DROC___ja`). */
  code: string;
  /** BCP 47 language tag: `<html lang>`, `hreflang`, feeds' `xml:lang` (`zh-CN`). */
  lang: string;
  /** The locale's name in its own language, for the language list (`日本語`). */
  label: string;
  /** The locale whose page or UI text stands in when this one lacks it; undefined for the default locale. */
  fallback?: string;
  /** Open Graph `og:locale` (language_TERRITORY, `ja_JP`). */
  ogLocale: string;
}

/** The configured locales, the default first. */
export type Locales = readonly LocaleSpec[];

/** The default locale's code: the first configured. */
export function defaultLocale(locales: Locales): string {
  return (locales[0] as LocaleSpec).code;
}

/** The codes of the locales, in configured order. */
export function localeCodes(locales: Locales): string[] {
  return locales.map((l) => l.code);
}

/** Where `code` is in `order` (the locales to go first, in turn): after them all when it is not there. */
export function rankIn(order: readonly string[], code: string): number {
  const at = order.indexOf(code);
  return at === -1 ? order.length : at;
}

/** The locale with code `code`; throws for a code the configuration does not have (a programming error). */
export function localeOf(locales: Locales, code: string): LocaleSpec {
  const found = locales.find((l) => l.code === code);
  if (!found) throw new Error(`"${code}" is not a configured locale (${localeCodes(locales).join(', ')}).`);
  return found;
}

/** The BCP 47 tag of a locale (`zh` -> `zh-CN`). */
export function langOf(locales: Locales, code: string): string {
  return localeOf(locales, code).lang;
}

/**
 * The Open Graph locale a language tag implies when site.yaml gives none: `ja-JP` -> `ja_JP`; a tag without
 * a region gets the language's likely region from `Intl.Locale#maximize` (`ja` -> `ja_JP`).
 */
export function ogLocaleOf(lang: string): string {
  try {
    const full = new Intl.Locale(lang).maximize();
    return full.region ? `${full.language}_${full.region}` : full.language;
  } catch {
    return lang.replace('-', '_');
  }
}

/**
 * The locales whose page or text stands in for `code`, in order of preference, the locale itself first:
 * `ja` with `fallback: en` gives `[ja, en, zh]` when zh is the default. Every chain ends at the default
 * locale; a locale named twice (a cycle, which site.yaml validation refuses) is not repeated.
 */
export function fallbackChain(locales: Locales, code: string): string[] {
  const chain: string[] = [];
  let next: string | undefined = code;
  while (next !== undefined && !chain.includes(next)) {
    chain.push(next);
    next = locales.find((l) => l.code === next)?.fallback;
  }
  const main = defaultLocale(locales);
  if (!chain.includes(main)) chain.push(main);
  return chain;
}

/**
 * The first locale of `code`'s fallback chain for which `has` holds (its own page, its own text), or
 * undefined when none has it.
 */
export function resolveFallback(locales: Locales, code: string, has: (code: string) => boolean): string | undefined {
  return fallbackChain(locales, code).find(has);
}

/** The locales of a fallback cycle that starts at `code` (`[ja, en, ja]`), or undefined when there is none. */
export function fallbackCycle(locales: Locales, code: string): string[] | undefined {
  const seen: string[] = [];
  let next: string | undefined = code;
  while (next !== undefined) {
    if (seen.includes(next)) return [...seen.slice(seen.indexOf(next)), next];
    seen.push(next);
    next = locales.find((l) => l.code === next)?.fallback;
  }
  return undefined;
}

/** The URL path of a route in a locale: `/DROC` -> `/en/DROC`; the default locale has no prefix. */
export function localePrefix(locales: Locales, code: string): string {
  return code === defaultLocale(locales) ? '' : `/${code}`;
}

/**
 * The value the detection script reads from the root page (client/detect.ts): `code:lang` pairs separated
 * by spaces, the default first (`zh:zh-CN en:en`).
 */
export function detectionList(locales: Locales): string {
  return locales.map((l) => `${l.code}:${l.lang}`).join(' ');
}
