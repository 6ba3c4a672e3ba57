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
import { stronglyConnected } from '../common/graph.ts';

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
  const members = stronglyConnected([...byKey.keys()].sort(), edges);
  const component = new Map<string, number>();
  members.forEach((group, c) => {
    for (const key of group) component.set(key, c);
  });
  // A component comes only after every component it reaches, so levels can be set in that order.
  const level = new Array<number>(members.length).fill(0);
  for (let c = 0; c < members.length; c++) {
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
