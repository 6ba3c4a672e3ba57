/** Path helpers shared by the modules that name files in messages. */
import { isAbsolute, relative, sep } from 'node:path';

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
