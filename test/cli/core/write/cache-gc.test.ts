/**
 * The build cache stays small (cli/core/write/cache-gc.ts; docs/performance.md, "Caches"): what the last
 * builds of each content folder did not use is removed, and a site that shrank has a cache that shrinks.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../../helpers/cli.ts';
import { random } from '../../../helpers/random.ts';

// A file the cache cannot remove (its permissions, on a system where the build does not run as root).
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...fs,
    rm: (path: string, options?: Parameters<typeof fs.rm>[1]) =>
      String(path).endsWith('stuck.png')
        ? Promise.reject(Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' }))
        : fs.rm(path, options),
  };
});
import {
  CACHE_RULE,
  cachedFiles,
  cacheSizes,
  planPrune,
  pruneCache,
  type CacheUse,
  type CachedFile,
} from '../../../../cli/core/write/cache-gc.ts';

const HOUR = 3600 * 1000;
const NOW = 1_000 * HOUR;
const use = (content: string, at: number, files: string[], out = `/out/${content}`): CacheUse => ({ content, out, at, files });
const file = (path: string, size = 10, mtimeMs = NOW - 2 * HOUR): CachedFile => ({ path, size, mtimeMs });
const all = (): boolean => true;

describe('planPrune', () => {
  it('keeps the files of the last three builds of each content folder and removes the rest', () => {
    const uses = [
      use('/a', NOW - 40, ['cards/1.png']),
      use('/a', NOW - 30, ['cards/2.png']),
      use('/a', NOW - 20, ['cards/3.png']),
      use('/b', NOW - 25, ['images/b.webp']),
    ];
    const current = use('/a', NOW, ['cards/4.png']);
    const files = ['cards/1.png', 'cards/2.png', 'cards/3.png', 'cards/4.png', 'images/b.webp', 'images/old.avif'].map((p) => file(p));
    const { kept, remove } = planPrune([...uses, current], current, files, NOW, all);
    expect(remove).toEqual(['cards/1.png', 'images/old.avif']);
    expect(kept.map((u) => u.files[0]).sort()).toEqual(['cards/2.png', 'cards/3.png', 'cards/4.png', 'images/b.webp']);
  });

  it('forgets the builds of a content folder that is gone or older than the time limit', () => {
    const current = use('/a', NOW, ['cards/a.png']);
    const uses = [use('/gone', NOW - 10, ['cards/g.png']), use('/old', NOW - CACHE_RULE.maxAgeMs - 1, ['cards/o.png']), current];
    const files = ['cards/a.png', 'cards/g.png', 'cards/o.png'].map((p) => file(p));
    const { kept, remove } = planPrune(uses, current, files, NOW, (folder) => folder !== '/gone');
    expect(remove).toEqual(['cards/g.png', 'cards/o.png']);
    expect(kept).toEqual([current]);
  });

  it('never removes a file used within the grace time, nor the photo probes', () => {
    const current = use('/a', NOW, []);
    const files = [file('cards/fresh.png', 10, NOW - 60_000), file('images/probes.json'), file('cards/stale.png')];
    expect(planPrune([current], current, files, NOW, all).remove).toEqual(['cards/stale.png']);
  });

  it('keeps the build record of an output folder that exists, and removes one whose folder is gone', () => {
    const current = use('/a', NOW, ['builds/now.json'], '/out/now');
    const uses = [use('/x', NOW - CACHE_RULE.maxAgeMs - 5, ['builds/gone.json'], '/out/gone'), current];
    const files = [
      file('builds/now.json'),
      file('builds/gone.json'),
      file('builds/unknown.json'),
      file('builds/ancient.json', 10, NOW - CACHE_RULE.maxAgeMs - 1),
    ];
    const { remove } = planPrune(uses, current, files, NOW, (folder) => folder !== '/out/gone');
    expect(remove).toEqual(['builds/ancient.json', 'builds/gone.json']);
  });

  it('above the size cap removes the oldest files the current build did not use, until under it', () => {
    const rule = { ...CACHE_RULE, maxBytes: 25 };
    const current = use('/a', NOW, ['cards/mine.png']);
    const other = use('/b', NOW - 10, ['cards/b1.png', 'cards/b2.png', 'cards/b3.png']);
    const files = [
      file('cards/mine.png', 10),
      file('cards/b1.png', 10, NOW - 5 * HOUR),
      file('cards/b2.png', 10, NOW - 4 * HOUR),
      file('cards/b3.png', 10, NOW - 3 * HOUR),
    ];
    expect(planPrune([other, current], current, files, NOW, all, rule).remove).toEqual(['cards/b1.png', 'cards/b2.png']);
  });
});

describe('planPrune, at its edges', () => {
  it('keeps the last three builds of a content folder whatever order they were recorded in', () => {
    const ats = [NOW - 20, NOW - 50, NOW - 10, NOW - 40, NOW - 30];
    const uses = ats.map((at) => use('/a', at, [`cards/${NOW - at}.png`]));
    const current = use('/b', NOW, []);
    const files = uses.map((u) => file(u.files[0] as string));
    expect(planPrune([...uses, current], current, files, NOW, all).remove).toEqual(['cards/40.png', 'cards/50.png']);
  });

  it('always keeps the build just done, even when its content folder is gone', () => {
    const current = use('/gone', NOW, ['cards/now.png']);
    const earlier = use('/gone', NOW - 10, ['cards/then.png']);
    const { kept, remove } = planPrune([earlier, current], current, [file('cards/now.png'), file('cards/then.png')], NOW, () => false);
    expect(kept).toEqual([current]);
    expect(remove).toEqual(['cards/then.png']);
  });

  it('keeps a build exactly as old as the time limit, and a file used exactly the grace time ago goes', () => {
    const current = use('/a', NOW, []);
    const limit = use('/a', NOW - CACHE_RULE.maxAgeMs, ['cards/limit.png']);
    const files = [
      file('cards/limit.png'),
      file('cards/grace.png', 10, NOW - CACHE_RULE.graceMs),
      file('cards/fresh.png', 10, NOW - CACHE_RULE.graceMs + 1),
    ];
    expect(planPrune([limit, current], current, files, NOW, all).remove).toEqual(['cards/grace.png']);
  });

  it('keeps a build record of a live output exactly as old as the time limit', () => {
    const current = use('/a', NOW, []);
    const files = [file('builds/limit.json', 10, NOW - CACHE_RULE.maxAgeMs), file('builds/older.json', 10, NOW - CACHE_RULE.maxAgeMs - 1)];
    expect(planPrune([current], current, files, NOW, all).remove).toEqual(['builds/older.json']);
  });

  it('counts toward the size cap only the cards and photos left, never build records or what goes anyway', () => {
    const rule = { ...CACHE_RULE, maxBytes: 20 };
    const current = use('/a', NOW, ['cards/mine.png', 'builds/mine.json']);
    const other = use('/b', NOW - 10, ['cards/b.png', 'builds/b.json']);
    const files = [
      file('cards/mine.png', 10),
      file('cards/b.png', 10),
      file('builds/mine.json', 1000),
      file('builds/b.json', 1000),
      file('cards/unused.png', 1000),
    ];
    // 20 bytes of cards stay, exactly the cap: nothing more goes than the unused card.
    expect(planPrune([other, current], current, files, NOW, all, rule).remove).toEqual(['cards/unused.png']);
    expect(planPrune([other, current], current, files, NOW, all, { ...rule, maxBytes: 19 }).remove).toEqual([
      'cards/b.png',
      'cards/unused.png',
    ]);
  });

  it('above the size cap removes oldest first, whatever the order listed, and never the current build’s, the probes or a fresh file', () => {
    const rule = { ...CACHE_RULE, maxBytes: 0 };
    const current = use('/a', NOW, ['cards/mine.png']);
    const other = use('/b', NOW - 10, ['cards/b1.png', 'cards/b2.png', 'cards/b3.png', 'builds/b.json']);
    const files = [
      file('cards/b2.png', 10, NOW - 4 * HOUR),
      file('cards/mine.png', 10, NOW - 9 * HOUR),
      file('images/probes.json', 10, NOW - 9 * HOUR),
      file('cards/b3.png', 10, NOW - 60_000),
      file('builds/b.json', 10, NOW - 9 * HOUR),
      file('cards/b1.png', 10, NOW - 5 * HOUR),
    ];
    expect(planPrune([other, current], current, files, NOW, all, rule).remove).toEqual(['cards/b1.png', 'cards/b2.png']);
    // Five files of 10 bytes left, a cap of 40: only the oldest of the others goes.
    expect(planPrune([other, current], current, files, NOW, all, { ...rule, maxBytes: 40 }).remove).toEqual(['cards/b1.png']);
  });
});

describe('cacheSizes', () => {
  it('sums the bytes and files of each part of the cache folder, largest first', async () => {
    const dir = tempDir('ecom-cache-size-');
    mkdirSync(join(dir, 'cards'));
    writeFileSync(join(dir, 'cards', 'a.png'), 'x'.repeat(300));
    writeFileSync(join(dir, 'cards', 'b.png'), 'x'.repeat(200));
    mkdirSync(join(dir, 'builds', 'old'), { recursive: true });
    writeFileSync(join(dir, 'builds', 'old', 'x.json'), 'x'.repeat(600));
    writeFileSync(join(dir, 'a.json'), '{}');
    writeFileSync(join(dir, 'uses.json'), '{}');
    writeFileSync(join(dir, 'b.json'), '{}');
    symlinkSync(join(dir, 'cards'), join(dir, 'linked'));
    expect(await cacheSizes(dir)).toEqual([
      { name: 'builds', bytes: 600, files: 1 },
      { name: 'cards', bytes: 500, files: 2 },
      { name: 'a.json', bytes: 2, files: 1 },
      { name: 'b.json', bytes: 2, files: 1 },
      { name: 'uses.json', bytes: 2, files: 1 },
      { name: 'linked', bytes: 0, files: 0 },
    ]);
    expect(await cacheSizes(join(dir, 'none'))).toEqual([]);
  });
});

/** Dates `path` as last used `age` ms before NOW. */
function usedAgo(path: string, age = 2 * HOUR): void {
  const then = new Date(NOW - age);
  utimesSync(path, then, then);
}

/** A cache folder holding `files` (path -> text), each last used `age` ms before NOW. */
function cacheWith(files: Record<string, string>, age = 2 * HOUR): string {
  const dir = tempDir('ecom-cache-gc-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
    usedAgo(join(dir, path), age);
  }
  return dir;
}

describe('pruneCache', () => {
  it('removes what no kept build used, reports files and bytes, and records the builds kept', async () => {
    const content = tempDir('ecom-cache-gc-content-');
    const cache = cacheWith({
      'cards/used.png': 'used',
      'cards/unused.png': 'unused!',
      'images/old.avif': 'abc',
      'images/probes.json': '{}',
    });
    const current = use(content, NOW, ['cards/used.png']);
    expect(await pruneCache(cache, current)).toEqual({ removed: 2, bytes: 10 });
    expect(readdirSync(join(cache, 'cards'))).toEqual(['used.png']);
    expect(readdirSync(join(cache, 'images'))).toEqual(['probes.json']);
    expect(JSON.parse(readFileSync(join(cache, 'uses.json'), 'utf8'))).toEqual({ version: 1, uses: [current], walked: NOW });
  });

  it('walks the whole cache once per grace time, and between walks removes what the builds it drops used', async () => {
    const content = tempDir('ecom-cache-gc-content-');
    const cache = cacheWith({ 'cards/a.png': 'a', 'cards/b.png': 'bb', 'cards/orphan.png': 'o' });
    // No record yet: the whole cache is walked, and a file no build used goes.
    expect(await pruneCache(cache, use(content, NOW, ['cards/a.png', 'cards/b.png']))).toEqual({ removed: 1, bytes: 1 });
    // A file no record lists, as a build that failed leaves, an hour and more old.
    writeFileSync(join(cache, 'cards', 'failed.png'), 'fff');
    usedAgo(join(cache, 'cards', 'failed.png'));
    const minute = 60 * 1000;
    expect(await pruneCache(cache, use(content, NOW + minute, ['cards/a.png']))).toEqual({ removed: 0, bytes: 0 });
    expect(await pruneCache(cache, use(content, NOW + 2 * minute, ['cards/a.png']))).toEqual({ removed: 0, bytes: 0 });
    // The first build falls out of the last three: what it alone used goes, without a walk.
    expect(await pruneCache(cache, use(content, NOW + 3 * minute, ['cards/a.png']))).toEqual({ removed: 1, bytes: 2 });
    expect(readdirSync(join(cache, 'cards')).sort()).toEqual(['a.png', 'failed.png']);
    // A grace time after the last walk, the next build walks again and finds the file no record lists.
    expect(await pruneCache(cache, use(content, NOW + HOUR, ['cards/a.png']))).toEqual({ removed: 1, bytes: 3 });
    expect(readdirSync(join(cache, 'cards'))).toEqual(['a.png']);
    expect(JSON.parse(readFileSync(join(cache, 'uses.json'), 'utf8')).walked).toBe(NOW + HOUR);
  });

  it('forgets a recorded build of the wrong shape and still prunes', async () => {
    const content = tempDir('ecom-cache-gc-content-');
    const cache = cacheWith({ 'cards/a.png': 'a', 'cards/b.png': 'b' });
    const good = use(content, NOW - 10, ['cards/a.png']);
    const bad = [
      { content, out: '/out', at: NOW - 20 },
      { content, out: '/out', at: 'now', files: [] },
      { ...good, files: [1] },
      null,
      'x',
    ];
    writeFileSync(join(cache, 'uses.json'), JSON.stringify({ version: 1, uses: [good, ...bad] }));
    expect(await pruneCache(cache, use(content, NOW, ['cards/a.png']))).toEqual({ removed: 1, bytes: 1 });
    expect(readdirSync(join(cache, 'cards'))).toEqual(['a.png']);
    expect(JSON.parse(readFileSync(join(cache, 'uses.json'), 'utf8')).uses).toEqual([good, use(content, NOW, ['cards/a.png'])]);
  });

  it('never removes anything outside the pruned folders that a record names, between walks', async () => {
    const content = tempDir('ecom-cache-gc-content-');
    const outside = tempDir('ecom-cache-gc-outside-');
    writeFileSync(join(outside, 'keep.txt'), 'mine');
    // As old as the cache's files: only the rule on paths keeps it, not the grace time.
    usedAgo(join(outside, 'keep.txt'));
    const cache = cacheWith({ 'cards/a.png': 'a', 'other/x.txt': 'x', 'cards/sub/y.png': 'y' });
    usedAgo(join(cache, 'cards', 'sub'));
    symlinkSync(join(outside, 'keep.txt'), join(cache, 'cards', 'link.png'));
    const named = [
      'cards/a.png',
      '../keep.txt',
      `cards/../../${outside.split('/').pop()}/keep.txt`,
      'other/x.txt',
      'cards/sub/y.png',
      'cards/sub',
      'uses.json',
      'cards/..',
    ];
    await pruneCache(cache, use(content, NOW, ['cards/a.png', 'cards/link.png']));
    // A record edited by hand: the build it names is dropped below.
    const record = JSON.parse(readFileSync(join(cache, 'uses.json'), 'utf8'));
    record.uses[0].files = named;
    writeFileSync(join(cache, 'uses.json'), JSON.stringify(record));
    for (let i = 1; i <= 3; i++) await pruneCache(cache, use(content, NOW + i, []));
    expect(readFileSync(join(outside, 'keep.txt'), 'utf8')).toBe('mine');
    expect(readFileSync(join(cache, 'other', 'x.txt'), 'utf8')).toBe('x');
    expect(readFileSync(join(cache, 'cards', 'sub', 'y.png'), 'utf8')).toBe('y');
    // What the record rightly named goes; the link it no longer names waits for the next walk.
    expect(readdirSync(join(cache, 'cards')).sort()).toEqual(['link.png', 'sub']);
  });

  it('keeps what the builds recorded before used, and forgets a record it cannot read', async () => {
    const content = tempDir('ecom-cache-gc-content-');
    const cache = cacheWith({ 'cards/a.png': 'a', 'cards/b.png': 'b' });
    await pruneCache(cache, use(content, NOW - 10, ['cards/a.png', 'cards/b.png']));
    // The next build uses only a.png: b.png stays, as the build before used it.
    expect(await pruneCache(cache, use(content, NOW, ['cards/a.png']))).toEqual({ removed: 0, bytes: 0 });
    expect(readdirSync(join(cache, 'cards'))).toEqual(['a.png', 'b.png']);
    for (const record of ['{ not json', JSON.stringify({ version: 2, uses: [] }), JSON.stringify({ version: 1, uses: 'x' })]) {
      const fresh = cacheWith({ 'cards/a.png': 'a', 'cards/b.png': 'b' });
      await pruneCache(fresh, use(content, NOW - 10, ['cards/a.png', 'cards/b.png']));
      writeFileSync(join(fresh, 'uses.json'), record);
      // The builds before are forgotten: what the current one did not use goes.
      expect(await pruneCache(fresh, use(content, NOW, ['cards/a.png'])), record).toEqual({ removed: 1, bytes: 1 });
      expect(readdirSync(join(fresh, 'cards')), record).toEqual(['a.png']);
    }
  });

  it('between walks leaves a folder linked from another cache to that cache', async () => {
    const content = tempDir('ecom-cache-gc-content-');
    const other = cacheWith({ 'images/x.avif': 'x' });
    const cache = cacheWith({ 'cards/a.png': 'a' });
    symlinkSync(join(other, 'images'), join(cache, 'images'));
    const earlier = [use(content, NOW - 40, ['images/x.avif']), use(content, NOW - 30, []), use(content, NOW - 20, [])];
    writeFileSync(join(cache, 'uses.json'), JSON.stringify({ version: 1, uses: earlier, walked: NOW - 1 }));
    expect(await pruneCache(cache, use(content, NOW, ['cards/a.png']))).toEqual({ removed: 0, bytes: 0 });
    expect(readdirSync(join(other, 'images'))).toEqual(['x.avif']);
  });

  it('walks again when the record’s walk is in the future (a clock set back) or not a time', async () => {
    const content = tempDir('ecom-cache-gc-content-');
    for (const walked of [NOW + 10 * HOUR, 'x', null]) {
      const cache = cacheWith({ 'cards/a.png': 'a', 'cards/orphan.png': 'o' });
      writeFileSync(join(cache, 'uses.json'), JSON.stringify({ version: 1, uses: [], walked }));
      expect(await pruneCache(cache, use(content, NOW, ['cards/a.png'])), String(walked)).toEqual({ removed: 1, bytes: 1 });
      expect(JSON.parse(readFileSync(join(cache, 'uses.json'), 'utf8')).walked).toBe(NOW);
    }
  });

  it('always keeps the build just done, even behind builds recorded as later', async () => {
    const content = tempDir('ecom-cache-gc-content-');
    const cache = cacheWith({ 'cards/a.png': 'a' });
    const later = [1, 2, 3].map((hours) => use(content, NOW + hours * HOUR, []));
    writeFileSync(join(cache, 'uses.json'), JSON.stringify({ version: 1, uses: later, walked: NOW - 1 }));
    const current = use(content, NOW, ['cards/a.png']);
    expect(await pruneCache(cache, current)).toEqual({ removed: 0, bytes: 0 });
    expect(readdirSync(join(cache, 'cards'))).toEqual(['a.png']);
    expect(JSON.parse(readFileSync(join(cache, 'uses.json'), 'utf8')).uses).toEqual([...later.slice(1), current]);
  });

  it('records the build and goes on past a file it cannot remove', async () => {
    const content = tempDir('ecom-cache-gc-content-');
    const cache = cacheWith({ 'cards/a.png': 'a', 'cards/stuck.png': 'ss', 'cards/old.png': 'ooo' });
    const current = use(content, NOW, ['cards/a.png']);
    expect(await pruneCache(cache, current)).toEqual({ removed: 1, bytes: 3 });
    expect(readdirSync(join(cache, 'cards')).sort()).toEqual(['a.png', 'stuck.png']);
    expect(JSON.parse(readFileSync(join(cache, 'uses.json'), 'utf8')).uses).toEqual([current]);
  });
});

describe('pruneCache between walks, for any record', () => {
  it('removes only what planPrune over every cached file would remove', async () => {
    const rule = CACHE_RULE;
    for (const seed of [1, 2, 3]) {
      const next = random(seed);
      const pick = (n: number): number => Math.floor(next() * n);
      let removedAll = 0;
      for (let round = 0; round < 60; round++) {
        const contents = [tempDir('ecom-cache-gc-content-'), tempDir('ecom-cache-gc-content-'), '/gone/content'];
        const outs = [tempDir('ecom-cache-gc-out-'), '/gone/out'];
        const names = Array.from({ length: 12 }, (_, i) => `${['cards', 'images', 'builds'][i % 3]}/f${i}.${i % 3 === 2 ? 'json' : 'png'}`);
        const cache = cacheWith(Object.fromEntries(names.filter(() => pick(4) > 0).map((name) => [name, 'x'.repeat(1 + pick(5))])));
        for (const found of await cachedFiles(cache)) usedAgo(join(cache, found.path), pick(3) * HOUR + pick(2) * 40 * 24 * HOUR);
        const listed = (): string[] => names.filter(() => pick(3) === 0);
        const uses = Array.from({ length: pick(8) }, () =>
          use(contents[pick(3)] as string, NOW - pick(5) * 10 * 24 * HOUR - pick(100), listed(), outs[pick(2)]),
        );
        const current = use(contents[pick(2)] as string, NOW, listed(), outs[pick(2)]);
        writeFileSync(join(cache, 'uses.json'), JSON.stringify({ version: 1, uses, walked: NOW - 10 }));
        const before = await cachedFiles(cache);
        const whole = new Set(planPrune([...uses, current], current, before, NOW, existsSync, rule).remove);
        await pruneCache(cache, current, rule);
        const after = new Set((await cachedFiles(cache)).map((found) => found.path));
        const removed = before.map((found) => found.path).filter((path) => !after.has(path));
        removedAll += removed.length;
        for (const path of removed) expect(whole.has(path), `seed ${seed}, round ${round}: ${path}`).toBe(true);
      }
      // The rounds must remove something, or the check above holds for nothing.
      expect(removedAll, `seed ${seed}`).toBeGreaterThan(20);
    }
  });
});

describe('cachedFiles', () => {
  it('lists the files of the pruned folders, not their subfolders, nor a folder linked from another cache', async () => {
    const other = cacheWith({ 'images/x.avif': 'x' });
    const cache = cacheWith({ 'cards/a.png': 'aa', 'builds/b.json': 'b', 'cards/sub/c.png': 'c', 'other/d.txt': 'd', 'uses.json': '{}' });
    symlinkSync(join(other, 'images'), join(cache, 'images'));
    const found = await cachedFiles(cache);
    expect(found.map((f) => [f.path, f.size, f.mtimeMs]).sort()).toEqual([
      ['builds/b.json', 1, NOW - 2 * HOUR],
      ['cards/a.png', 2, NOW - 2 * HOUR],
    ]);
    expect(await cachedFiles(join(cache, 'none'))).toEqual([]);
  });
});
