/**
 * The deploy lock (docs/deploy.md, "Lock"): an object written with `If-None-Match: *`, which the storage
 * accepts only when no object has that key, so of two deploys to one target exactly one gets it. The
 * object says who holds it; a lock left by a deploy killed on this machine (same host, process gone) is
 * stale for certain and is taken over, any other is reported with its holder and age.
 */
import { CONTROL_FOLDER } from './manifest.ts';

/** The lock's key under a prefix. */
export function lockKey(prefix: string): string {
  return `${prefix}${CONTROL_FOLDER}lock.json`;
}

/** Who holds a lock. */
export interface LockHolder {
  host: string;
  pid: number;
  user: string;
  /** ISO time the lock was taken. */
  since: string;
}

/** The lock object's body. */
export function lockBody(holder: LockHolder): string {
  return `${JSON.stringify(holder)}\n`;
}

/** Reads a lock object's body; undefined when it is not one this tool wrote. */
export function parseLock(text: string): LockHolder | undefined {
  try {
    const data = JSON.parse(text) as Partial<LockHolder>;
    if (typeof data.host === 'string' && typeof data.pid === 'number' && typeof data.since === 'string') {
      return { host: data.host, pid: data.pid, user: typeof data.user === 'string' ? data.user : '?', since: data.since };
    }
  } catch {
    // not ours
  }
  return undefined;
}

/** A lock this host can prove dead: taken on this host by a process that no longer runs. */
export function isStale(holder: LockHolder, host: string, alive: (pid: number) => boolean): boolean {
  return holder.host === host && !alive(holder.pid);
}

/** A duration in words: `45 s`, `12 min`, `3 h 5 min`, `2 days`. */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 120) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 120) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${h} h ${min % 60} min`;
  return `${Math.floor(h / 24)} days`;
}

/** The holder in words, for the DEPLOY_LOCKED message: `user@host (pid 123), since … (12 min ago)`. */
export function describeHolder(holder: LockHolder | undefined, now: number): string {
  if (!holder) return 'an unknown holder (the lock object is not one ecom-site wrote)';
  const age = Date.parse(holder.since);
  const ago = Number.isNaN(age) ? 'at an unknown time' : `${formatAge(now - age)} ago`;
  return `${holder.user}@${holder.host} (pid ${holder.pid}), taken ${holder.since} (${ago})`;
}
