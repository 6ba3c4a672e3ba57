/** Strongly connected components (cli/core/common/graph.ts), against a reachability check done by hand. */
import { describe, expect, it } from 'vitest';
import { stronglyConnected } from '../../../../cli/core/common/graph.ts';
import { random } from '../../../helpers/random.ts';

/** Every node `from` reaches along `edges` (itself included), by a plain search. */
function reach(from: string, edges: ReadonlyMap<string, readonly string[]>): Set<string> {
  const seen = new Set([from]);
  const todo = [from];
  for (let node = todo.pop(); node !== undefined; node = todo.pop()) {
    for (const to of edges.get(node) ?? []) {
      if (!edges.has(to) || seen.has(to)) continue;
      seen.add(to);
      todo.push(to);
    }
  }
  return seen;
}

describe('stronglyConnected', () => {
  it('groups a cycle, keeps the rest apart, and lists a component after those it reaches', () => {
    const edges = new Map([
      ['a', ['b']],
      ['b', ['c', 'outside']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['d', 'e']],
    ]);
    const found = stronglyConnected(['a', 'b', 'c', 'd', 'e'], edges);
    expect(found.map((group) => [...group].sort())).toEqual([['d'], ['a', 'b', 'c'], ['e']]);
  });

  it('survives a chain of 100,000 nodes without recursion', () => {
    const nodes = Array.from({ length: 100_000 }, (_, i) => `n${i}`);
    const edges = new Map(nodes.map((node, i) => [node, i + 1 < nodes.length ? [`n${i + 1}`] : []]));
    const found = stronglyConnected(nodes, edges);
    expect(found).toHaveLength(nodes.length);
    expect(found[0]).toEqual(['n99999']);
  });

  it('puts two nodes in one component exactly when each reaches the other, on random graphs (seeded)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const next = random(seed);
      const nodes = Array.from({ length: 2 + Math.floor(next() * 12) }, (_, i) => `n${i}`);
      const edges = new Map(nodes.map((node) => [node, nodes.filter(() => next() < 0.2)]));
      const found = stronglyConnected(nodes, edges);
      const componentOf = new Map(found.flatMap((group, c) => group.map((node) => [node, c] as const)));
      expect(componentOf.size, `seed ${seed}`).toBe(nodes.length);
      for (const a of nodes) {
        const fromA = reach(a, edges);
        for (const b of nodes) {
          const together = fromA.has(b) && reach(b, edges).has(a);
          expect(componentOf.get(a) === componentOf.get(b), `seed ${seed}: ${a} ${b}`).toBe(together);
          // Reaching another component means coming after it.
          if (fromA.has(b) && !together) expect(componentOf.get(a) as number, `seed ${seed}`).toBeGreaterThan(componentOf.get(b) as number);
        }
      }
    }
  });
});
