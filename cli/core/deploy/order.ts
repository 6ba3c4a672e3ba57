/**
 * The order of page uploads (docs/deploy.md, "Phases"): a page goes up only after every new page it links
 * to, so that wherever a deploy stops, no stored page links to a page that is not stored. Only links to
 * pages not in the bucket yet matter; a page that is merely changed is already there. Pages that link to
 * one another in a cycle of new pages (a page and its translation, through the language switch) cannot
 * all come first: each such group goes up in a wave of its own, all at once, after the other pages of its
 * level and with its locale roots and home pages (the way in) after its pages, so that only a stop in
 * the moment its requests are in flight can leave a link to a missing page (publish.ts withdraws the
 * new pages of a group whose upload failed).
 */
import type { Upload } from './diff.ts';
import { PHASES } from './phases.ts';

/** Uploads in waves: each wave starts once the one before has finished. */
export function pageWaves(
  uploads: readonly Upload[],
  links: ReadonlyMap<string, readonly string[]>,
  stored: ReadonlySet<string>,
): Upload[][] {
  const byKey = new Map(uploads.map((u) => [u.key, u]));
  const edges = new Map(
    uploads.map((u) => [u.key, (links.get(u.key) ?? []).filter((to) => to !== u.key && byKey.has(to) && !stored.has(to))]),
  );
  // Tarjan's strongly connected components, iteratively (a long chain of pages must not overflow the stack).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  let counter = 0;
  let components = 0;
  for (const root of [...byKey.keys()].sort()) {
    if (index.has(root)) continue;
    const work: Array<{ key: string; next: number }> = [{ key: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const frame = work[work.length - 1] as { key: string; next: number };
      const out = edges.get(frame.key) ?? [];
      if (frame.next < out.length) {
        const to = out[frame.next++] as string;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ key: to, next: 0 });
        } else if (onStack.has(to)) low.set(frame.key, Math.min(low.get(frame.key) as number, index.get(to) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.key, Math.min(low.get(parent.key) as number, low.get(frame.key) as number));
      if (low.get(frame.key) === index.get(frame.key)) {
        for (let key = stack.pop(); key !== undefined; key = key === frame.key ? undefined : stack.pop()) {
          onStack.delete(key);
          component.set(key, components);
        }
        components++;
      }
    }
  }
  // Tarjan numbers a component only after every component it reaches, so levels can be set in that order.
  const members = Array.from({ length: components }, () => [] as string[]);
  for (const [key, c] of component) members[c]?.push(key);
  const level = new Array<number>(components).fill(0);
  for (let c = 0; c < components; c++) {
    for (const key of members[c] ?? []) {
      for (const to of edges.get(key) ?? []) {
        const d = component.get(to) as number;
        if (d !== c) level[c] = Math.max(level[c] as number, (level[d] as number) + 1);
      }
    }
  }
  // Within a level: the pages in no cycle, pages before locale roots and home pages; then each cycle in
  // a wave of its own, its way in last.
  const waves = new Map<string, Upload[]>();
  for (const upload of uploads) {
    const c = component.get(upload.key) as number;
    const group = (members[c]?.length ?? 0) > 1 ? c + 1 : 0;
    const wave = [level[c] as number, group, PHASES.indexOf(upload.phase)].map((n) => String(n).padStart(8, '0')).join(':');
    waves.set(wave, [...(waves.get(wave) ?? []), upload]);
  }
  return [...waves.keys()].sort().map((wave) => (waves.get(wave) as Upload[]).sort((a, b) => (a.key < b.key ? -1 : 1)));
}
