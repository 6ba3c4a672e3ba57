/**
 * Edges of cli/core/common/semaphore.ts the other tests leave out, found by a mutation run (docs/testing.md,
 * "Mutation testing"): the semaphore over time.
 */
import { describe, expect, it } from 'vitest';
import { semaphore } from '../../../../cli/core/common/semaphore.ts';

describe('semaphore over time', () => {
  it('gives a slot back, so tasks one after another never wait', async () => {
    const limited = semaphore(1, ['a']);
    for (let i = 0; i < 3; i += 1) expect(await limited('a', async () => i)).toBe(i);
  });
});
