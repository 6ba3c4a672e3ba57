/**
 * The redirects of a built folder as `watch` and the test servers answer them: read from the redirect map
 * the build wrote (cli/core/render/redirects.ts), so they answer exactly what the shipped nginx
 * configuration answers. The map is read again whenever its size or modification time changes (a rebuild).
 */
import { stat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Answer, parseRedirectMap, REDIRECT_MAP } from '../render/redirects.ts';

/** The last map read, per folder, with the stamp it was read at. */
const redirectMapCache = new Map<string, { stamp: string; answers: Map<string, Answer> }>();

/** The redirect answering the decoded path `path` in the built folder `root`, or undefined. */
export async function redirectAt(root: string, path: string): Promise<Answer | undefined> {
  const file = join(root, REDIRECT_MAP);
  let stamp: string;
  try {
    const info = await stat(file);
    stamp = `${info.size}:${info.mtimeMs}:${info.ino}`;
  } catch {
    redirectMapCache.delete(root);
    return undefined;
  }
  let known = redirectMapCache.get(root);
  if (known?.stamp !== stamp) {
    const answers = parseRedirectMap(await readFile(file, 'utf8').catch(() => ''));
    known = { stamp, answers: new Map(answers.map((a) => [a.from, a])) };
    redirectMapCache.set(root, known);
  }
  return known.answers.get(path.normalize('NFC'));
}
