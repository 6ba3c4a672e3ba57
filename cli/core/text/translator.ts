/**
 * The UI texts of a locale looked up by id: plan names social cards with them, render writes every page's
 * chrome with them, so the lookup lives below both. The texts themselves are load's (the built-in ones and
 * each locale's _strings.yaml) and plan's (each locale's filled from its fallback chain).
 */
import type { Locale } from '../../../shared/constants.ts';

/**
 * A text lookup for one locale: its strings as plan filled them (cli/core/plan/resolved-strings.ts
 * `resolveStrings`: built-in text and fallback chain included). Every id a page shows is checked first, so
 * the id itself is returned only for an id no template or menu uses.
 */
export function translator(strings: Readonly<Record<Locale, Readonly<Record<string, string>>>>, locale: Locale): (id: string) => string {
  const own = strings[locale] ?? {};
  return (id) => (Object.hasOwn(own, id) ? (own[id] as string) : id);
}
