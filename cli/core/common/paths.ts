/** Path helpers shared by the modules that name files in messages. */
import { isAbsolute, join, relative, sep } from 'node:path';

/** A path as shown to the user: relative to the working folder when inside it, with forward slashes. */
export function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  const shown = rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
  return shown.split(sep).join('/');
}

/** True when `child` is `parent` or lies inside it. */
export function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Files no command reads or publishes: dotfiles, and editors' leftovers (`x~`, `.x.swp`, `x.tmp`). `build`
 * leaves them out of public/ and `watch` does not watch them, so the two always agree.
 */
export function isIgnoredName(name: string): boolean {
  return name.startsWith('.') || name.endsWith('~') || name.endsWith('.swp') || name.endsWith('.tmp');
}

/** The same rule as glob patterns, for fast-glob's `ignore`. */
export const IGNORED_GLOBS = ['**/.*', '**/.*/**', '**/*~', '**/*.swp', '**/*.tmp'];

/** Where compiled templates, bundles and build manifests are cached (safe to delete). */
export function cacheDirOf(root: string): string {
  return join(root, 'node_modules', '.cache', 'ecom-site');
}

/** Paths (files, routes, URLs) in code-unit order (`<`, not the locale's collation): every list the tool sorts by path. */
export function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
