/**
 * Locale detection on the root path only, for a site built under a base path (`/preview/pr-12/`, docs/hosting.md,
 * "Under a sub-path"): its root is the base path. client/detect.ts does the same at `/`; it stays a file of
 * its own so that a site at the root ships the very bytes it shipped before base paths existed. The locales are the site's, read from the script's own `data-locales`. The cookie
 * `i18n_redirected` wins over the browser languages; every other path is left alone, so a reader who
 * follows a link to /home or /DROC always gets the page asked for.
 */
import { LOCALE_COOKIE } from '../shared/constants.ts';
import { chooseLocale, parseLocales } from './locale.ts';
import { getCookie } from './storage.ts';

// The root is the site's base path when the page names one (`<html data-base-path>`, docs/hosting.md).
const root = document.documentElement.dataset.basePath ?? '/';
if (location.pathname === root) {
  const locales = parseLocales(document.currentScript?.getAttribute('data-locales'));
  const locale = chooseLocale(getCookie(LOCALE_COOKIE, true), navigator.languages ?? [navigator.language], locales);
  if (locale && locale !== locales[0]?.code) location.replace(`${root}${locale}${location.search}${location.hash}`);
}
