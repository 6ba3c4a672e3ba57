/**
 * The deploy lock (docs/deploy.md, "Lock"): an object created with `If-None-Match: *`, which the storage
 * accepts only when no object has that key, so of two deploys to one target exactly one gets it. The
 * object says who holds it; a lock left by a deploy killed on this machine (same host, process gone) is
 * stale for certain and is taken over by replacing it with `If-Match: ITS-ETAG`, which the storage accepts
 * only while the object is still the stale one: of several deploys taking over one stale lock, exactly one
 * succeeds and the others find its live lock. Nothing is ever deleted to take a lock.
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

/** The lock object as the protocol sees it: conditional writes, which the storage does atomically. */
export interface LockStore {
  /** Creates the object only when none exists; false when one does. */
  create(body: string): Promise<boolean>;
  /** Replaces the object only while its ETag is `etag`; false when it changed or is gone. */
  replace(body: string, etag: string): Promise<boolean>;
  /** The object's body and ETag; undefined when there is none. */
  read(): Promise<{ text: string; etag: string } | undefined>;
}

/** What taking the lock gave: it, perhaps over a stale holder, or the live holder (undefined: not ours to read). */
export type LockOutcome = { taken: true; over?: LockHolder } | { taken: false; holder: LockHolder | undefined };

/** Rounds of create, read, replace before giving up on a lock that keeps changing hands. */
const ROUNDS = 5;

/** Takes the lock for `me`; a holder for which `stale` is true is replaced atomically. */
export async function acquireLock(store: LockStore, me: LockHolder, stale: (holder: LockHolder) => boolean): Promise<LockOutcome> {
  let seen: LockHolder | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    if (await store.create(lockBody(me))) return { taken: true };
    const current = await store.read();
    // Released between the two requests: try to create it again.
    if (!current) continue;
    seen = parseLock(current.text);
    if (!seen || !stale(seen)) return { taken: false, holder: seen };
    if (await store.replace(lockBody(me), current.etag)) return { taken: true, over: seen };
  }
  return { taken: false, holder: seen };
}
