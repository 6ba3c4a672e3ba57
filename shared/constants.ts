/**
 * What the browser scripts (client/) and the generator (cli/, templates/) both use, defined once so the two
 * can never disagree (docs/architecture.md, "Floors: who may import whom"): the locale type and route
 * names, the cookie and storage names, and the client script's timings, which the docs and tests read
 * too. This folder imports from nowhere else.
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

/** Progress bar: how long a load must take before the bar shows, in ms. */
export const PROGRESS_THROTTLE_MS = 200;
/** Progress bar: how long the bar takes to creep towards the end, in ms. */
export const PROGRESS_DURATION_MS = 5000;
/** Progress bar: how long the finished bar stays visible, in ms. */
export const PROGRESS_HIDE_DELAY_MS = 500;
/** A failed page load reloads the target at most once in this window, in ms. */
export const RELOAD_GUARD_MS = 60_000;

// The root font size (width / 1920 * 192 px, at least 12 px) is pure CSS, `max(12px, 10vw)` in
// templates/site.css: its one definition is there, since no script reads it.
