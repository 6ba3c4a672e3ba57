/**
 * The one planner of the output folder, shared by `build` and `watch`. Every file the output
 * should hold is described by its path, a key of its bytes and how it is made; the planner compares that
 * with what the output holds now (build: the manifest of the last build, for the files still on disk as it
 * wrote them; watch: its memory of what it wrote) and decides what to render, reuse and remove. It is a
 * pure function, so the decision is the same whatever the order of the edits that led to it: once watch
 * is idle its output equals a fresh build's.
 */
import { byPath } from '../common/paths.ts';

/** How an output file is made. */
export type Maker =
  /** Rendered by a job (all files of one job hold the same HTML; cli/core/plan/jobs.ts). */
  | { kind: 'job'; job: number }
  /** Bytes already in memory (404 pages, assets, sitemap, feeds). */
  | { kind: 'data'; data: string | Uint8Array }
  /** Copied from a file (public/). */
  | { kind: 'copy'; from: string }
  /**
   * Made when the plan asks for it, outside the render threads (an encoded image, a social card), into a
   * cache file whose path it resolves to; the file is then copied like a public/ one, so its bytes never
   * pass through this process. The key says what the bytes depend on, so an unchanged one is reused
   * without being made again.
   */
  | { kind: 'produce'; produce: () => Promise<string> };

/** One file the output should hold: the key of its bytes and how it is made. */
export interface Target {
  key: string;
  make: Maker;
}

/** Every file the output should hold, by path relative to the output folder. */
export type Targets = ReadonlyMap<string, Target>;

/** What the output holds now: the key of each file, by path. */
export type Held = ReadonlyMap<string, string>;

/** What to do to turn what is held into the targets; each list sorted. */
export interface Plan {
  /** Files to make anew: new, changed, or sharing a job with one that is. */
  render: string[];
  /** Files held with the right key already. */
  reuse: string[];
  /** Files held that no target names. */
  remove: string[];
}

/** The jobs with a file among `targets` that is not held with its key: all their files are made. */
function staleJobs(held: Held, targets: Targets): Set<number> {
  const stale = new Set<number>();
  for (const [path, target] of targets) {
    if (held.get(path) !== target.key && target.make.kind === 'job') stale.add(target.make.job);
  }
  return stale;
}

/** True when `path` is held with its target's key and its job, if it has one, is not stale. */
function isFresh(held: Held, path: string, target: Target, stale: ReadonlySet<number>): boolean {
  return held.get(path) === target.key && !(target.make.kind === 'job' && stale.has(target.make.job));
}

/**
 * Plans the output. A job writes all its files at once (the English home page is `en.html` and
 * `en/index.html`), so when one of them must be made, all of them are.
 */
export function plan(held: Held, targets: Targets): Plan {
  const stale = staleJobs(held, targets);
  const render: string[] = [];
  const reuse: string[] = [];
  for (const [path, target] of targets) (isFresh(held, path, target, stale) ? reuse : render).push(path);
  const remove = [...held.keys()].filter((path) => !targets.has(path));
  return { render: render.sort(byPath), reuse: reuse.sort(byPath), remove: remove.sort(byPath) };
}

/**
 * Plans the output when only the paths of `changed` may differ from what is held: every other path is
 * held with its target's key, and nothing held lacks a target (as after `watch` carried out its last
 * plan). `lookup` finds the target of any path, `changed` laid over the rest; `filesOf` names a job's
 * files. The plan is `plan`'s over all the targets, but `reuse` lists only changed paths: its cost grows
 * with the change, not with the site. An edit of one page in `watch` is planned this way.
 */
export function planChanged(held: Held, changed: Targets, lookup: Pick<Targets, 'get'>, filesOf: (job: number) => readonly string[]): Plan {
  const stale = staleJobs(held, changed);
  const render = new Set<string>();
  const reuse: string[] = [];
  for (const [path, target] of changed) {
    if (isFresh(held, path, target, stale)) reuse.push(path);
    else render.add(path);
  }
  // A stale job's other files are made too, as `plan` makes every file whose target names the job.
  for (const job of stale) {
    for (const path of filesOf(job)) {
      const make = lookup.get(path)?.make;
      if (make?.kind === 'job' && make.job === job && !changed.has(path)) render.add(path);
    }
  }
  return { render: [...render].sort(byPath), reuse: reuse.sort(byPath), remove: [] };
}

/** The jobs that have a file to render, in ascending order. */
export function jobsToRender(p: Plan, targets: Pick<Targets, 'get'>): number[] {
  const jobs = new Set<number>();
  for (const path of p.render) {
    const make = targets.get(path)?.make;
    if (make?.kind === 'job') jobs.add(make.job);
  }
  return [...jobs].sort((a, b) => a - b);
}

/** True when the plan changes nothing. */
export function isEmpty(p: Plan): boolean {
  return p.render.length === 0 && p.remove.length === 0;
}

/** What is held after carrying out a plan: the targets' keys. */
export function heldAfter(targets: Targets): Map<string, string> {
  return new Map([...targets].map(([path, target]) => [path, target.key]));
}
