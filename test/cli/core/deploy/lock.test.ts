import { describe, expect, it } from 'vitest';
import {
  acquireLock,
  describeHolder,
  formatAge,
  isStale,
  lockBody,
  lockKey,
  type LockHolder,
  type LockStore,
  parseLock,
} from '../../../../cli/core/deploy/lock.ts';
import { random } from '../../../helpers/random.ts';

const HOLDER = { host: 'ci-7', pid: 4242, user: 'ci', since: '2026-01-01T10:00:00.000Z' };

describe('the deploy lock', () => {
  it('says who holds it and for how long', () => {
    expect(parseLock(lockBody(HOLDER))).toEqual(HOLDER);
    expect(describeHolder(HOLDER, Date.parse('2026-01-01T10:12:00.000Z'))).toBe(
      'ci@ci-7 (pid 4242), taken 2026-01-01T10:00:00.000Z (12 min ago)',
    );
    expect(describeHolder(parseLock('not json'), 0)).toMatch(/unknown holder/);
  });

  it('is stale only when taken on this host by a process that is gone', () => {
    expect(isStale(HOLDER, 'ci-7', () => false)).toBe(true);
    expect(isStale(HOLDER, 'ci-7', () => true)).toBe(false);
    expect(isStale(HOLDER, 'laptop', () => false)).toBe(false);
  });

  it('formats ages in words', () => {
    expect(formatAge(45_000)).toBe('45 s');
    expect(formatAge(12 * 60_000)).toBe('12 min');
    expect(formatAge((3 * 60 + 5) * 60_000)).toBe('3 h 5 min');
    expect(formatAge(3 * 24 * 3_600_000)).toBe('3 days');
  });

  it('lives in the control folder under the prefix', () => {
    expect(lockKey('www/')).toBe('www/.ecom-site/lock.json');
  });
});

/**
 * An in-memory lock object honouring conditional writes as S3 and radosgw do (each request atomic), with
 * every request delayed by a seeded random number of turns so that deploys interleave in any order.
 */
function memoryStore(next: () => number, initial?: string) {
  const state = { text: initial, etag: initial ? 'e0' : '', version: 0, writes: [] as string[] };
  const turn = async (): Promise<void> => {
    for (let n = Math.floor(next() * 4); n > 0; n--) await new Promise((done) => setImmediate(done));
  };
  const store = (): LockStore => ({
    async create(body) {
      await turn();
      if (state.text !== undefined) return false;
      state.text = body;
      state.etag = `e${++state.version}`;
      state.writes.push(body);
      return true;
    },
    async replace(body, etag) {
      await turn();
      if (state.text === undefined || state.etag !== etag) return false;
      state.text = body;
      state.etag = `e${++state.version}`;
      state.writes.push(body);
      return true;
    },
    async read() {
      await turn();
      return state.text === undefined ? undefined : { text: state.text, etag: state.etag };
    },
  });
  return { state, store };
}

const DEAD: LockHolder = { host: 'ci-7', pid: 1, user: 'ci', since: '2026-11-25T22:01:29Z' };
const holder = (pid: number): LockHolder => ({ host: 'ci-7', pid, user: 'ci', since: '2026-11-28T10:00:00Z' });

describe('acquireLock', () => {
  it('lets exactly one of several deploys take a stale lock over, in any interleaving (seeds 1-300)', async () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const { state, store } = memoryStore(next, lockBody(DEAD));
      const count = 2 + Math.floor(next() * 3);
      const alive = new Set(Array.from({ length: count }, (_, i) => 100 + i));
      const outcomes = await Promise.all(
        [...alive].map((pid) => acquireLock(store(), holder(pid), (h) => h.host === 'ci-7' && !alive.has(h.pid))),
      );
      const taken = outcomes.filter((o) => o.taken);
      expect(taken.length, `seed ${seed}`).toBe(1);
      expect(taken[0]).toEqual({ taken: true, over: DEAD });
      // The lock left is the winner's, and the losers name it as the holder.
      const winner = parseLock(state.text as string);
      for (const o of outcomes) if (!o.taken) expect(o.holder, `seed ${seed}`).toEqual(winner);
    }
  });

  it('lets exactly one take a free lock, and none a live one (seeds 1-100)', async () => {
    for (let seed = 1; seed <= 100; seed++) {
      const free = memoryStore(random(seed));
      const both = await Promise.all([101, 102, 103].map((pid) => acquireLock(free.store(), holder(pid), () => false)));
      expect(
        both.filter((o) => o.taken),
        `seed ${seed}`,
      ).toEqual([{ taken: true }]);
      const live = memoryStore(random(seed), lockBody(holder(7)));
      const none = await Promise.all([101, 102].map((pid) => acquireLock(live.store(), holder(pid), (h) => h.pid !== 7)));
      expect(none, `seed ${seed}`).toEqual([
        { taken: false, holder: holder(7) },
        { taken: false, holder: holder(7) },
      ]);
      expect(live.state.writes).toEqual([]);
    }
  });

  it('never replaces a lock it cannot read as its own kind', async () => {
    const { state, store } = memoryStore(random(1), 'not a lock');
    expect(await acquireLock(store(), holder(5), () => true)).toEqual({ taken: false, holder: undefined });
    expect(state.text).toBe('not a lock');
  });
});
