/** Head tags as data (docs/hosting.md, "Output" and "Search engines and feeds"): canonical URL and hreflang alternates of a route. */
import type { Locale } from '../../../shared/constants.ts';
import { defaultLocale, langOf, type Locales } from '../common/locales.ts';
import type { Alternate } from '../../../templates/types.ts';
import { encodeSitePath, localisePath } from '../common/routes.ts';

/** One hreflang alternate: one definition, shared with the templates (templates/types.ts). */
export type { Alternate };

/** The absolute URL of a route in a locale, percent-encoded (`encodeSitePath`). */
export function absoluteUrl(baseUrl: string, route: string, locale: Locale, locales: Locales): string {
  return `${baseUrl}${encodeSitePath(localisePath(route, locale, locales))}`;
}

/**
 * The alternates of a route written in `own` (the locales with their own file; docs/writing.md, "Add a page in both
 * locales"): one per locale, and x-default pointing at the default locale, or at the first locale written
 * when the default one only has a stand-in. A stand-in is never an alternate: it is not in its tree's language.
 */
export function collectAlternates(baseUrl: string, route: string, own: readonly Locale[], locales: Locales): Alternate[] {
  const main = defaultLocale(locales);
  const fallback = own.includes(main) ? main : own[0];
  return [
    ...own.map((locale) => ({ hreflang: langOf(locales, locale), href: absoluteUrl(baseUrl, route, locale, locales) })),
    ...(fallback ? [{ hreflang: 'x-default', href: absoluteUrl(baseUrl, route, fallback, locales) }] : []),
  ];
}

/**
 * The locale whose URL is the canonical one of a page: its own, or, for a stand-in, the locale its content
 * comes from (the first of its fallback chain with its own file, cli/core/load/i18n.ts).
 */
export function canonicalLocale(page: { locale: Locale; fallback: boolean; source: { locale: Locale } }): Locale {
  return page.fallback ? page.source.locale : page.locale;
}

/**
 * The absolute URL of a public/ file or hashed asset: on the CDN when site.yaml's `cdn` is an absolute URL,
 * else on the site (`cdn` may also be a path prefix such as `/static`).
 */
export function absoluteAsset(baseUrl: string, cdn: string, path: string): string {
  return /^https?:\/\//.test(cdn) ? `${cdn}${path}` : `${baseUrl}${cdn}${path}`;
}
