/**
 * Locale detection on the root path only (docs/architecture.md, "Client script"). Loaded as a small blocking script in
 * the head of `/` alone, so a reader of another language is sent to its locale before the default page
 * paints. The locales are the site's, read from the script's own `data-locales`. The cookie
 * `i18n_redirected` wins over the browser languages (under a base path, client/detect-under-base.ts); every other path is left alone, so a reader who
 * follows a link to /home or /DROC always gets the page asked for.
 */
import { LOCALE_COOKIE } from '../shared/constants.ts';
import { chooseLocale, parseLocales } from './locale.ts';
import { getCookie } from './storage.ts';

if (location.pathname === '/') {
  const locales = parseLocales(document.currentScript?.getAttribute('data-locales'));
  const locale = chooseLocale(getCookie(LOCALE_COOKIE, true), navigator.languages ?? [navigator.language], locales);
  if (locale && locale !== locales[0]?.code) location.replace(`/${locale}${location.search}${location.hash}`);
}
