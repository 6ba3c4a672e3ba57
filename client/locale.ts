/**
 * Locale choice and the locale switch (docs/architecture.md, "Client script"; docs/locales.md). The locales are the
 * site's configuration, never a constant here: the root page's detection script names them (`data-locales`,
 * `code:lang` pairs, the default first), and every language link names its own (`data-locale-switch`).
 * `chooseLocale` is pure so it can be tested on its own; detect.ts runs it on the root path.
 */
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS, type Locale } from '../shared/constants.ts';
import { setCookie } from './storage.ts';

/** A configured locale as the page names it: its code and its BCP 47 tag. */
export interface ClientLocale {
  code: Locale;
  lang: string;
}

/** The locales of a `data-locales` value (`zh:zh-CN en:en`), the default first; empty for none. */
export function parseLocales(value: string | null | undefined): ClientLocale[] {
  return (value ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => {
      const [code = '', lang = code] = pair.split(':');
      return { code, lang };
    });
}

const primary = (tag: string): string => tag.toLowerCase().split('-')[0] ?? '';

/**
 * The locale a reader of the root path should see, among `locales` (the default first): the cookie when it
 * holds a configured code, else the first browser language that matches one, exactly (`zh-TW` to a
 * `zh-TW` locale) or by its language (`ja-JP` -> `ja`, `en-GB` -> `en`), else the default.
 */
export function chooseLocale(
  cookie: string | undefined,
  languages: readonly string[],
  locales: readonly ClientLocale[],
): Locale | undefined {
  if (locales.some((l) => l.code === cookie)) return cookie;
  for (const language of languages) {
    const tag = language.toLowerCase();
    const found =
      locales.find((l) => l.lang.toLowerCase() === tag) ?? locales.find((l) => primary(l.lang) === primary(tag) || l.code === primary(tag));
    if (found) return found.code;
  }
  return locales[0]?.code;
}

/** Stores the reader's locale in the `i18n_redirected` cookie (365 days, path /, SameSite=Lax). */
export function rememberLocale(locale: Locale): void {
  setCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_DAYS, true);
}

/**
 * Stores the target locale when a language link (`data-locale-switch="<code>"`) is activated. The listener
 * runs in the capture phase, before navigation.ts follows the link, so the cookie is set before the other
 * locale loads and the root-path detection can never send the reader back.
 */
export function initLocaleSwitch(doc: Document): void {
  doc.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[data-locale-switch]');
      const locale = link?.getAttribute('data-locale-switch');
      if (locale) rememberLocale(locale);
    },
    true,
  );
}
