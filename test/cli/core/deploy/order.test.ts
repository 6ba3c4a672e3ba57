import { describe, expect, it } from 'vitest';
import type { Upload } from '../../../../cli/core/deploy/diff.ts';
import { pageWaves } from '../../../../cli/core/deploy/order.ts';
import type { Phase } from '../../../../cli/core/deploy/phases.ts';
import { random } from '../../../helpers/random.ts';

function upload(key: string, phase: Phase = 'pages'): Upload {
  return { file: `${key}.html`, key, md5: 'x', size: 1, phase, reason: 'new', contentType: 'text/html', cacheControl: 'no-cache' };
}

describe('pageWaves', () => {
  it('puts a new page before the pages linking to it (changed ones too), and ignores links to stored pages', () => {
    const pages = [upload('a'), upload('b'), upload('c'), upload('old')];
    const links = new Map([
      ['a', ['b', 'old']],
      ['b', ['c']],
      ['c', ['old']],
      ['old', ['a']],
    ]);
    expect(pageWaves(pages, links, new Set(['old'])).map((w) => w.map((u) => u.key))).toEqual([['c'], ['b'], ['a'], ['old']]);
  });

  it('puts each cycle of new pages in a wave of its own after the others, its locale roots after its pages', () => {
    const pages = [upload('a'), upload('b'), upload('index.html', 'roots'), upload('lone')];
    const links = new Map([
      ['a', ['index.html', 'b']],
      ['b', ['a', 'index.html']],
      ['index.html', ['a', 'b']],
    ]);
    expect(pageWaves(pages, links, new Set()).map((w) => w.map((u) => u.key))).toEqual([['lone'], ['a', 'b'], ['index.html']]);
  });

  it('orders any link graph so that no page goes before a new page it links to outside its cycle (seeds 1-200)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const next = random(seed);
      const n = 1 + Math.floor(next() * 30);
      const keys = Array.from({ length: n }, (_, i) => `p${i}`);
      const stored = new Set(keys.filter(() => next() < 0.3));
      const links = new Map(keys.map((k) => [k, keys.filter(() => next() < 0.1)]));
      const waves = pageWaves(
        keys.map((k) => upload(k)),
        links,
        stored,
      );
      const at = new Map(waves.flatMap((w, i) => w.map((u) => [u.key, i] as const)));
      expect(at.size, `seed ${seed}`).toBe(n);
      // Reachability: a link from p to q (new) may go "backwards" only when q also reaches p (a cycle).
      const reach = (from: string, to: string): boolean => {
        const seen = new Set<string>();
        const todo = [from];
        while (todo.length) {
          const k = todo.pop() as string;
          if (k === to) return true;
          if (seen.has(k)) continue;
          seen.add(k);
          todo.push(...(links.get(k) ?? []).filter((q) => !stored.has(q)));
        }
        return false;
      };
      for (const [p, out] of links) {
        for (const q of out) {
          if (q === p || stored.has(q)) continue;
          if ((at.get(q) as number) >= (at.get(p) as number)) expect(reach(q, p), `seed ${seed}: ${p} -> ${q}`).toBe(true);
        }
      }
    }
  });

  /** The keys of each wave of pages `keys` (uploaded in that order), none of them stored. */
  const wavesOf = (keys: string[], links: Map<string, string[]>): string[][] =>
    pageWaves(
      keys.map((k) => upload(k)),
      links,
      new Set(),
    ).map((w) => w.map((u) => u.key));

  it('orders a long chain of new pages level by level, past the tenth', () => {
    const keys = Array.from({ length: 12 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    const links = new Map(keys.slice(0, -1).map((key, i) => [key, [keys[i + 1] as string]]));
    expect(wavesOf(keys, links)).toEqual([...keys].reverse().map((k) => [k]));
  });

  it('puts a cycle on the level of the pages it links to, not after the pages above it', () => {
    const links = new Map([
      ['a', ['b']],
      ['b', ['a']],
      ['c', ['d']],
    ]);
    expect(wavesOf(['a', 'b', 'c', 'd'], links)).toEqual([['d'], ['a', 'b'], ['c']]);
  });

  it('gives two cycles of one level their waves in the order of their keys, whatever the order of the uploads', () => {
    const links = new Map([
      ['a', ['b']],
      ['b', ['a']],
      ['x', ['y']],
      ['y', ['x']],
    ]);
    for (const order of [
      ['a', 'b', 'x', 'y'],
      ['y', 'x', 'b', 'a'],
    ])
      expect(wavesOf(order, links)).toEqual([
        ['a', 'b'],
        ['x', 'y'],
      ]);
  });

  it('sorts each wave by key, and ignores links to itself and to keys not uploaded', () => {
    const links = new Map([
      ['a', ['a', 'assets/site.0123456789.css', 'missing']],
      ['c', ['c']],
    ]);
    expect(wavesOf(['e', 'c', 'a', 'd', 'b'], links)).toEqual([['a', 'b', 'c', 'd', 'e']]);
  });
});
