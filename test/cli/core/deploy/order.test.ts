import { describe, expect, it } from 'vitest';
import type { Upload } from '../../../../cli/core/deploy/diff.ts';
import { linksOf } from '../../../../cli/core/deploy/links.ts';
import { pageWaves } from '../../../../cli/core/deploy/order.ts';
import type { Phase } from '../../../../cli/core/deploy/phases.ts';
import { random } from '../../../helpers/random.ts';

function upload(key: string, phase: Phase = 'pages'): Upload {
  return { file: `${key}.html`, key, md5: 'x', size: 1, phase, reason: 'new', contentType: 'text/html', cacheControl: 'no-cache' };
}

describe('linksOf', () => {
  it("maps a page's site links to keys, relative ones against the page's URL", () => {
    const html = `<a href="/DROC">a</a><a href="news/one#top">b</a><a href='/en/'>c</a><a href="/">d</a>
      <img src="/assets/p.0123456789.webp"><a href="https://other.example/x">e</a><a href="mailto:a@b.c">f</a>
      <a href="/files/a%20b.txt?x=1&amp;y=2">g</a><a href="#frag">h</a>`;
    expect(linksOf(html, 'en/products.html')).toEqual([
      'DROC',
      'assets/p.0123456789.webp',
      'en/index.html',
      'en/news/one',
      'files/a b.txt',
      'index.html',
    ]);
  });
});

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
});
