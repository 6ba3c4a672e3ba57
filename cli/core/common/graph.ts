/**
 * Strongly connected components of a directed graph (Tarjan's algorithm, without recursion, so that a long
 * chain cannot overflow the stack): the groups of nodes that reach one another. Deploy orders its page
 * uploads by them (cli/core/deploy/order.ts); the architecture test finds circles of imports with them.
 */

/**
 * The components of the graph whose nodes are `roots` (searched from in that order) and whose edges are
 * `edges` (a node's targets, in order; a target that is not a key of `edges` is left out). Each component
 * comes after every component it reaches; its nodes are in the order the search closed them.
 */
export function stronglyConnected(roots: readonly string[], edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const enter = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
  };
  for (const root of roots) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: root, next: 0 }];
    enter(root);
    while (work.length) {
      const top = work[work.length - 1] as { node: string; next: number };
      const targets = edges.get(top.node) ?? [];
      if (top.next < targets.length) {
        const target = targets[top.next++] as string;
        if (!edges.has(target)) continue;
        if (!index.has(target)) {
          enter(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) low.set(top.node, Math.min(low.get(top.node) as number, index.get(target) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(top.node) as number));
      if (low.get(top.node) === index.get(top.node)) {
        const group: string[] = [];
        for (let member = stack.pop(); member !== undefined; member = member === top.node ? undefined : stack.pop()) {
          onStack.delete(member);
          group.push(member);
        }
        found.push(group);
      }
    }
  }
  return found;
}
