/**
 * What the browser scripts (client/) and the generator (cli/, templates/) both use, defined once so the two
 * can never disagree (docs/architecture.md, "Shared code"). This folder imports from nowhere else.
 */

/**
 * A locale code as used in folder names, URL prefixes and route names. The locales themselves are data:
 * site.yaml `locales` (docs/locales.md); the pages tell the client script which ones there are.
 */
export type Locale = string;
/** Separator between route name and locale in `data-route` (e.g. `DROC___en`). */
export const ROUTE_NAME_SEPARATOR = '___';

/** The cookie that remembers the reader's locale. */
export const LOCALE_COOKIE = 'i18n_redirected';
/** Lifetime of the locale cookie in days. */
export const LOCALE_COOKIE_DAYS = 365;
/** Prefix of every key the client writes to cookies, localStorage and sessionStorage. */
export const STORAGE_PREFIX = 'ECOM_';
