/**
 * unist-util-visit-parents 6.1.0 as patched at install (patches/README.md): it no longer names each visit function
 * after its node (`Object.defineProperty` once per node of every walk, 7 % of a 4,000-page build) nor makes
 * a visit function per node, and it walks every tree exactly as the published file does (kept under
 * test/vendor/fixtures).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../helpers/cli.ts';
import { random } from '../helpers/random.ts';

interface Node {
  type: string;
  children?: Node[];
  value?: string;
}
type Visitor = (node: Node, ancestors: Node[], index?: number) => unknown;
type VisitParents = (tree: Node, test: unknown, visitor: Visitor | { enter?: Visitor; exit: Visitor }, reverse?: boolean) => void;
interface Module {
  visitParents: VisitParents;
  CONTINUE: unknown;
  SKIP: unknown;
  EXIT: unknown;
}

let installed: Module;
let published: Module;
beforeAll(async () => {
  installed = (await import('unist-util-visit-parents')) as unknown as Module;
  const fixture = join(ROOT, 'test', 'vendor', 'fixtures', 'unist-util-visit-parents-6.1.0', 'index.js');
  published = (await import(pathToFileURL(fixture).href)) as Module;
});

afterEach(() => vi.restoreAllMocks());

/** A random tree of up to `size` nodes, some with children, a few empty. */
function randomTree(next: () => number, size: number): Node {
  const types = ['paragraph', 'text', 'emphasis', 'link', 'list', 'listItem', 'heading'];
  let made = 1;
  const grow = (depth: number): Node => {
    const type = types[Math.floor(next() * types.length)] as string;
    if (type === 'text' || depth > 6 || made >= size) return { type: 'text', value: String(made++) };
    const children: Node[] = [];
    const count = Math.floor(next() * 4);
    for (let i = 0; i < count && made < size; i++, made++) children.push(grow(depth + 1));
    return { type, children };
  };
  return { type: 'root', children: [grow(1), grow(1)] };
}

/**
 * Everything a walk shows its visitors (node, index, ancestors, enter or exit), with actions drawn from a
 * seeded sequence: continue, skip, exit, or an index to go on at.
 */
function trace(module: Module, tree: Node, seed: number, reverse: boolean): string[] {
  const next = random(seed);
  const ids = new Map<Node, number>();
  const id = (node: Node): number => {
    if (!ids.has(node)) ids.set(node, ids.size);
    return ids.get(node) as number;
  };
  const seen: string[] = [];
  // `exit` may not skip (the walk throws on it, both files alike).
  const action = (kind: string): unknown => {
    const roll = next();
    if (roll < 0.05) return module.EXIT;
    if (roll < 0.15) return kind === 'enter' ? module.SKIP : module.CONTINUE;
    if (roll < 0.2) return Math.floor(next() * 3);
    return module.CONTINUE;
  };
  const record =
    (kind: string): Visitor =>
    (node, ancestors, index) => {
      seen.push(`${kind} ${id(node)} ${node.type} @${index} [${ancestors.map(id).join(',')}]`);
      return action(kind);
    };
  const test = next() < 0.5 ? undefined : ['paragraph', 'text', 'list'][Math.floor(next() * 3)];
  module.visitParents(tree, test, { enter: record('enter'), exit: record('exit') }, reverse);
  return seen;
}

describe('unist-util-visit-parents', () => {
  it('is the installed copy, patched', () => {
    const file = createRequire(import.meta.url).resolve('unist-util-visit-parents');
    expect(file).toBe(join(ROOT, 'node_modules', 'unist-util-visit-parents', 'index.js'));
    const source = readFileSync(join(ROOT, 'node_modules', 'unist-util-visit-parents', 'lib', 'index.js'), 'utf8');
    expect(source).not.toContain('defineProperty');
    // One recursive function, not a closure made for every node (`factory(node, index, parents)()`).
    expect(source).not.toMatch(/\bfactory\(/);
    expect(source).toMatch(/const subresult = visit\(child, offset, grandparents\)/);
  });

  it('walks every tree as the published file does: the same nodes, indexes and ancestors, in the same order, for any action (seeded)', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const tree = randomTree(random(seed), 5 + (seed % 60));
      for (const reverse of [false, true])
        expect(trace(installed, tree, seed, reverse), `seed ${seed}${reverse ? ', reverse' : ''}`).toEqual(
          trace(published, tree, seed, reverse),
        );
    }
  });

  it('defines no property while it walks, where the published file named a function per node', () => {
    const tree = randomTree(random(7), 500);
    const define = vi.spyOn(Object, 'defineProperty');
    let nodes = 0;
    installed.visitParents(tree, undefined, () => void nodes++);
    expect(define).not.toHaveBeenCalled();
    published.visitParents(tree, undefined, () => undefined);
    expect(define.mock.calls.length).toBe(nodes);
  });
});
