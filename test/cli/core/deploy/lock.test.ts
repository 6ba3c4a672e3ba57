import { describe, expect, it } from 'vitest';
import { describeHolder, formatAge, isStale, lockBody, lockKey, parseLock } from '../../../../cli/core/deploy/lock.ts';

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
