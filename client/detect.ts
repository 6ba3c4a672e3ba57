/**
 * Locale detection on the root path only (docs/architecture.md, "Client script"). Loaded as a small
 * blocking script in the head of `/` alone, so an English reader is sent to /en before the Chinese page
 * paints. The cookie `i18n_redirected` wins over the browser language; every other path is left alone,
 * so a reader who follows a link to /home or /DROC always gets the page asked for.
 */
import { DEFAULT_LOCALE, LOCALE_COOKIE } from './constants.ts';
import { chooseLocale } from './locale.ts';
import { getCookie } from './storage.ts';

if (location.pathname === '/') {
  const locale = chooseLocale(getCookie(LOCALE_COOKIE, true), navigator.languages ?? [navigator.language]);
  if (locale !== DEFAULT_LOCALE) location.replace(`/${locale}${location.search}${location.hash}`);
}
