/**
 * The version cache between builds (cli/core/l10n/versions.ts): what a build keeps of its sources' versions,
 * and a cache seeded from it that a later build reads without changing the kept record.
 */
import { describe, expect, it } from 'vitest';
import { knownVersions, versionCache } from '../../../../cli/core/l10n/versions.ts';

describe('versionCache', () => {
  it('is empty without kept versions, and holds a copy of each kept one otherwise', () => {
    expect(versionCache().size).toBe(0);
    const kept = { 'content/zh/DR.md': { hash: 'h1', version: 'v1' } };
    const cache = versionCache(kept);
    expect(Object.fromEntries(cache)).toEqual(kept);
    // A build that reads blocks into the cache does not write them into the record it was seeded from.
    const entry = cache.get('content/zh/DR.md');
    if (entry) entry.blocks = [];
    expect(kept['content/zh/DR.md']).toEqual({ hash: 'h1', version: 'v1' });
  });
});

describe('knownVersions', () => {
  it('keeps the version of each source as it is now, without blocks, and nothing of a changed or unread one', () => {
    const cache = versionCache({ 'content/zh/A.md': { hash: 'a1', version: 'va' }, 'content/zh/B.md': { hash: 'b1', version: 'vb' } });
    const c = cache.get('content/zh/A.md');
    if (c) c.blocks = [];
    const sources = [
      { file: 'content/zh/A.md', hash: 'a1' },
      { file: 'content/zh/B.md', hash: 'b2' },
      { file: 'content/zh/C.md', hash: 'c1' },
    ];
    expect(knownVersions(cache, sources)).toEqual({ 'content/zh/A.md': { hash: 'a1', version: 'va' } });
    // What it returns round-trips: a cache seeded from it knows the same.
    expect(knownVersions(versionCache(knownVersions(cache, sources)), sources)).toEqual(knownVersions(cache, sources));
  });
});
