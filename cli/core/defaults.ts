/** Every default of the CLI in one documented place (README, "Commands"). */
export const DEFAULTS = {
  /** Content folder, relative to the working folder. */
  content: 'content',
  /** Output folder, relative to the working folder. */
  out: 'dist',
  /** `watch` serves here; `--host` exposes it on purpose. */
  host: '127.0.0.1',
  port: 4000,
  /** A build shows a progress line on a terminal once it has run this long (ms). */
  progressAfterMs: 400,
} as const;
