/**
 * How long a deploy waits and how much it holds (docs/deploy.md, "Time limits"). A request fails after
 * `idleMs` without a byte either way, or after `requestMs` in all, and is tried `attempts` times with
 * exponential backoff; so a silent endpoint ends a deploy with DEPLOY_NETWORK after about `attempts ×
 * idleMs`. `ECOM_SITE_DEPLOY_IDLE_MS` sets `idleMs` (the tests shorten it; a very slow link may lengthen it).
 */

/** The limits of one deploy. */
export interface DeployLimits {
  /** Attempts per request: the first and the retries. */
  attempts: number;
  /** A connection attempt or an open request without traffic for this long fails. */
  idleMs: number;
  /** No request lasts longer than this, traffic or not. */
  requestMs: number;
  /** Files above this are uploaded in parts of this size, each read on its own; smaller ones whole. */
  partBytes: number;
  /** How long releasing the lock may take once the deploy ends or is stopped. */
  releaseMs: number;
}

const DEFAULT_IDLE_MS = 20_000;

/** The limits in force, `ECOM_SITE_DEPLOY_IDLE_MS` applied. */
export function deployLimits(): DeployLimits {
  const set = Number(process.env.ECOM_SITE_DEPLOY_IDLE_MS);
  const idleMs = Number.isInteger(set) && set > 0 ? set : DEFAULT_IDLE_MS;
  return { attempts: 5, idleMs, requestMs: Math.max(idleMs, 300_000), partBytes: 8 * 1024 * 1024, releaseMs: Math.min(idleMs, 5_000) };
}
