/**
 * The search stage of a build: after the planned files are written, the index of every locale is made
 * from the pages' main content and written beside them. It cannot be planned with the other files, as its
 * bytes depend on the rendered HTML; the files it owns are kept out of the plan instead, and made anew
 * whenever the output is written, so the index always matches the pages it lists.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { contentHash } from '../common/files.ts';
import { localeCodes, type Locales } from '../common/locales.ts';
import { buildSearchIndex, type IndexJob, indexedPages, indexFolder, isIndexFile } from './search-index.ts';

/** What is held, less the search index's files (which the planner leaves to this stage). */
export function withoutIndex<V>(held: ReadonlyMap<string, V>, locales: Locales): Map<string, V> {
  return new Map([...held].filter(([path]) => !isIndexFile(path, locales)));
}

/** Writes the index of the pages of `jobs` found in `dir` into `dir`; returns each file's content key. */
export async function writeSearchIndex(
  dir: string,
  jobs: readonly IndexJob[],
  locales: Locales,
  basePath?: string,
): Promise<Map<string, string>> {
  const files = await buildSearchIndex(dir, indexedPages(jobs, locales, basePath), locales);
  const keys = new Map<string, string>();
  for (const [path, data] of files) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), data);
    keys.set(path, contentHash(data));
  }
  return keys;
}

/** Every file under the index folders of `dir`, relative to it. */
async function indexFilesIn(dir: string, locales: Locales): Promise<string[]> {
  const found: string[] = [];
  for (const locale of localeCodes(locales)) {
    const folder = join(dir, indexFolder(locale, locales));
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.isFile()) found.push(relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
    }
  }
  return found;
}

/**
 * Makes the index of a served folder anew (`watch`, after a rebuild that changed pages): writes the new
 * files and removes the ones no longer part of it, so the folder ends as a fresh build leaves it.
 */
export async function replaceSearchIndex(dir: string, jobs: readonly IndexJob[], locales: Locales, basePath?: string): Promise<void> {
  const keys = await writeSearchIndex(dir, jobs, locales, basePath);
  for (const path of await indexFilesIn(dir, locales)) if (!keys.has(path)) await rm(join(dir, path), { force: true });
}
