/**
 * The pages a build drops (docs/writing.md, "Moving or removing a page"): the page files the previous
 * build of the same output folder wrote that the new one does not write as a page. Each became either an
 * old address with a redirect (moved) or nothing at all (removed), which is worth a warning long before
 * `deploy` refuses to delete it. Pure: the caller gives the previous build's files and the new plan.
 */
import { problem, type Problem } from '../common/errors.ts';
import { byPath } from '../common/paths.ts';

/** A page of the previous build that this one no longer writes: its URL path, and where it leads now, if anywhere. */
export interface RemovedRoute {
  path: string;
  /** The file the previous build wrote it to, relative to the output folder. */
  file: string;
  /** The new URL path, when an alias or redirect keeps the address. */
  movedTo?: string;
}

/**
 * The URL path of a page file: `DROC.html` is `/DROC`, `en/DROC.html` `/en/DROC`, `index.html` `/`; a
 * locale root's second file (`en/index.html`, beside `en.html`) has none of its own.
 */
export function pagePathOf(file: string): string | undefined {
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html') || !file.endsWith('.html')) return undefined;
  return `/${file.slice(0, -'.html'.length)}`;
}

/**
 * The routes removed since the previous build: its page files (`isPage` tells them by their key) that are
 * not page files now. `now` is every file the new output holds with whether it is a page, and `redirects`
 * the new URL path of each old address's file.
 */
export function removedRoutes(
  previous: Readonly<Record<string, { key: string }>>,
  isPage: (key: string) => boolean,
  pagesNow: ReadonlySet<string>,
  redirects: ReadonlyMap<string, string>,
): RemovedRoute[] {
  const removed: RemovedRoute[] = [];
  for (const [file, written] of Object.entries(previous)) {
    if (!isPage(written.key) || pagesNow.has(file)) continue;
    const path = pagePathOf(file);
    if (path === undefined) continue;
    const movedTo = redirects.get(file);
    removed.push({ path, file, ...(movedTo === undefined ? {} : { movedTo }) });
  }
  return removed.sort((a, b) => byPath(a.path, b.path));
}

/** A PAGE_REMOVED warning for each removed route that no alias or redirect keeps; `shown` gives the output file's display path. */
export function removedWarnings(removed: readonly RemovedRoute[], shown: (file: string) => string): Problem[] {
  return removed
    .filter((r) => r.movedTo === undefined)
    .map((r) =>
      problem(
        'PAGE_REMOVED',
        `${r.path} was published by the previous build of this folder and is gone now, with no alias or redirect to keep its address.`,
        { file: shown(r.file) },
      ),
    );
}
