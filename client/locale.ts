/**
 * Locale choice and the locale switch (docs/architecture.md, "Client script"). `chooseLocale`
 * is pure so it can be tested on its own; detect.ts runs it on the root path, and `initLocaleSwitch`
 * remembers the reader's choice before the switch link is followed.
 */
import { DEFAULT_LOCALE, LANG_TAGS, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, LOCALES, type Locale } from './constants.ts';
import { setCookie } from './storage.ts';

const isLocale = (value: string | undefined): value is Locale => (LOCALES as readonly string[]).includes(value ?? '');

/**
 * The locale a reader of the root path should see: the cookie when it holds a known locale, else the
 * first browser language that matches one (`en-GB` -> `en`, `zh-TW` -> `zh`), else the default.
 */
export function chooseLocale(cookie: string | undefined, languages: readonly string[]): Locale {
  if (isLocale(cookie)) return cookie;
  for (const language of languages) {
    const primary = language.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** The locale whose `hreflang` tag is `tag` (`zh-CN` -> `zh`), if any. */
export function localeOfTag(tag: string | null): Locale | undefined {
  return LOCALES.find((locale) => LANG_TAGS[locale] === tag);
}

/** Stores the reader's locale in the `i18n_redirected` cookie (365 days, path /, SameSite=Lax). */
export function rememberLocale(locale: Locale): void {
  setCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_DAYS, true);
}

/**
 * Stores the target locale when a locale-switch link is activated. The listener runs in the capture
 * phase, before navigation.ts follows the link, so the cookie is set before the other locale loads and
 * the root-path detection can never send the reader back.
 */
export function initLocaleSwitch(doc: Document): void {
  doc.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[data-locale-switch]');
      const locale = localeOfTag(link?.getAttribute('hreflang') ?? null);
      if (locale) rememberLocale(locale);
    },
    true,
  );
}
