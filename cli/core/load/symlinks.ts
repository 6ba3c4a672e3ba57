/**
 * Nothing from outside the site is read (docs/writing.md, "Symbolic links"): a symbolic link in public/ or
 * the content folder must lead to a file or folder inside that same folder. One leading anywhere else
 * (`ln -s /etc/passwd public/leak.txt`, `public/docs -> ../..`), or nowhere, is refused before anything is
 * read, naming the link and where it points; a pull request cannot make the build publish the machine's files.
 */
import { readlink, realpath } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fg from 'fast-glob';
import { problem, type Problem } from '../common/errors.ts';
import { displayPath } from '../common/paths.ts';

/** True when `path` is `dir` or inside it. */
function inside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep));
}

/**
 * SYMLINK_OUTSIDE for every link in `dir` that leads outside it; none when `dir` does not exist. With
 * `within`, `dir` itself may be a link only to a folder inside `within` (public/ inside the project).
 */
export async function linksLeaving(dir: string, within?: string): Promise<Problem[]> {
  let real: string;
  try {
    real = await realpath(dir);
  } catch {
    return [];
  }
  if (within && !inside(real, await realpath(within))) {
    const shown = displayPath(dir);
    const to = await readlink(dir).catch(() => real);
    return [
      problem('SYMLINK_OUTSIDE', `${shown} is a symbolic link to ${to}, outside the project; the build reads nothing from outside it.`, {
        file: shown,
      }),
    ];
  }
  const entries = await fg('**/*', { cwd: dir, dot: true, onlyFiles: false, followSymbolicLinks: false, objectMode: true });
  const problems: Problem[] = [];
  for (const entry of entries.sort((a, b) => (a.path < b.path ? -1 : 1))) {
    if (!entry.dirent.isSymbolicLink()) continue;
    const link = join(dir, entry.path);
    const to = await readlink(link).catch(() => '?');
    const resolved = await realpath(link).catch(() => undefined);
    if (resolved && inside(resolved, real)) continue;
    const shown = displayPath(link);
    problems.push(
      problem(
        'SYMLINK_OUTSIDE',
        resolved
          ? `${shown} is a symbolic link to ${to}, outside ${displayPath(dir) || '.'}/; the build reads nothing from outside it.`
          : `${shown} is a symbolic link to ${to}, which does not exist.`,
        { file: shown },
      ),
    );
  }
  return problems;
}
