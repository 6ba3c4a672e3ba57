/**
 * The build's date, for the copyright line (docs/writing.md, "site.yaml"). It follows the
 * reproducible-builds convention (https://reproducible-builds.org/specs/source-date-epoch/): when
 * `SOURCE_DATE_EPOCH` is set, its seconds since 1970 (UTC) are the build date, so a given input always gives
 * the same bytes; otherwise it is today. Templates never read a clock: the year reaches them as data in the
 * render context (for the footer's line: cli/core/render/footer.ts), which is also part of every page's
 * cache key (cli/core/render/job-keys.ts `siteKey`).
 */
import { problem, SiteError } from '../common/errors.ts';

/** The year (UTC) of the build: from `SOURCE_DATE_EPOCH` when set, else from `now` (ms since 1970). */
export function buildYear(env: Readonly<Record<string, string | undefined>> = process.env, now: number = Date.now()): number {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch === undefined || epoch === '') return new Date(now).getUTCFullYear();
  // The convention: an integer of ASCII digits; anything else must fail the build rather than be guessed at.
  const seconds = /^\d{1,15}$/.test(epoch) ? Number(epoch) : Number.NaN;
  const date = new Date(seconds * 1000);
  if (Number.isNaN(date.getTime())) {
    throw new SiteError(
      problem('ENV_INVALID', `SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01 UTC, found ${JSON.stringify(epoch)}.`),
    );
  }
  return date.getUTCFullYear();
}
