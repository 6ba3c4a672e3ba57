/**
 * The client script's timings (docs/architecture.md, "Client script"). What the generator uses too lives in
 * shared/constants.ts.
 */

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
