/** Head tags as data (docs/hosting.md, "Output" and "Search engines and feeds"): canonical URL and hreflang alternates of a route. */
import { DEFAULT_LOCALE, LANG_TAGS, LOCALES, type Locale } from '../../../client/constants.ts';
import type { Alternate } from '../../../templates/types.ts';
import { encodeSitePath, localisePath } from '../common/routes.ts';

/** One hreflang alternate: one definition, shared with the templates (templates/types.ts). */
export type { Alternate };

/** The absolute URL of a route in a locale, percent-encoded (`encodeSitePath`). */
export function absoluteUrl(baseUrl: string, route: string, locale: Locale): string {
  return `${baseUrl}${encodeSitePath(localisePath(route, locale))}`;
}

/**
 * The alternates of a route written in `locales` (its own files; docs/writing.md, "Add a page in both locales"):
 * one per locale, and x-default pointing at the default locale, or at the first locale written when the
 * default one only has a stand-in. A stand-in is never an alternate: it is not in its tree's language.
 */
export function collectAlternates(baseUrl: string, route: string, locales: readonly Locale[] = LOCALES): Alternate[] {
  const fallback = locales.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : locales[0];
  return [
    ...locales.map((locale) => ({ hreflang: LANG_TAGS[locale], href: absoluteUrl(baseUrl, route, locale) })),
    ...(fallback ? [{ hreflang: 'x-default', href: absoluteUrl(baseUrl, route, fallback) }] : []),
  ];
}

/**
 * The locale whose URL is the canonical one of a page in `locale`: its own, or, for a stand-in, the
 * first locale with its own file (the one the stand-in's content comes from, cli/core/load/i18n.ts).
 */
export function canonicalLocale(locale: Locale, locales: readonly Locale[]): Locale {
  return locales.includes(locale) ? locale : (locales[0] ?? locale);
}

/** `og:locale` of each locale (Open Graph wants language_TERRITORY). */
export const OG_LOCALES: Record<Locale, string> = { zh: 'zh_CN', en: 'en_US' };

/**
 * The absolute URL of a public/ file or hashed asset: on the CDN when site.yaml's `cdn` is an absolute URL,
 * else on the site (`cdn` may also be a path prefix such as `/static`).
 */
export function absoluteAsset(baseUrl: string, cdn: string, path: string): string {
  return /^https?:\/\//.test(cdn) ? `${cdn}${path}` : `${baseUrl}${cdn}${path}`;
}
