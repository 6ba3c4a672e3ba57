/**
 * The paths of `watch`'s live reload, which the server (cli/core/serve/reload.ts) answers and its browser
 * client (client/live.ts) asks for: outside any route the site can have.
 */

/** The event stream every open page listens to. */
export const LIVE_EVENTS = '/__ecom/events';
/** The live-reload client script. */
export const LIVE_SCRIPT = '/__ecom/live.js';
/** The warnings of the last good build, as text. */
export const LIVE_WARNINGS = '/__ecom/warnings';
