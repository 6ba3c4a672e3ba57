/**
 * Deploy publishes only the complete output of a successful build (docs/deploy.md, "What is deployed").
 * The build is atomic (a temp folder renamed into place) and then records every file it wrote with its
 * MD5 in its cache (cli/core/write/cache.ts). A folder is deployable when it holds exactly those files,
 * byte for byte, and the output marker, and no symbolic link at all: a failed or killed build never
 * replaces the folder, so this holds only after a build that succeeded; a file added, removed or edited
 * since (by hand, or by a running `watch`), or a link placed in it, breaks it. Files are hashed in chunks,
 * never held whole; a page's text is kept only long enough to read its links (cli/core/deploy/links.ts).
 */
import { join } from 'node:path';
import fg from 'fast-glob';
import { problem, SiteError } from '../common/errors.ts';
import { md5File } from '../common/md5-file.ts';
import { displayPath } from '../common/paths.ts';
import { recordedFiles } from '../write/cache.ts';
import { MARKER } from '../write/output.ts';
import type { LocalFile } from './diff.ts';
import { linksOf } from './links.ts';

/** How many differing files a refusal names before "and N more". */
const SHOWN = 5;
/** Files hashed at once. */
const PARALLEL = 8;

/** Every entry of a folder that is a file or a symbolic link (to anything), relative to it. */
async function entries(dir: string): Promise<{ files: string[]; links: string[] }> {
  const found = await fg('**/*', { cwd: dir, dot: true, onlyFiles: false, followSymbolicLinks: false, objectMode: true }).catch(() => []);
  const files: string[] = [];
  const links: string[] = [];
  for (const entry of found) {
    if (entry.dirent.isSymbolicLink()) links.push(entry.path);
    else if (!entry.dirent.isDirectory()) files.push(entry.path);
  }
  return { files, links };
}

/** The files of a built output folder with their MD5s; throws DEPLOY_NOT_BUILT for anything else. */
export async function builtFiles(outDir: string, cacheDir: string, signal?: AbortSignal): Promise<LocalFile[]> {
  const shown = `${displayPath(outDir) || '.'}/`;
  const refuse = (why: string): never => {
    throw new SiteError(problem('DEPLOY_NOT_BUILT', `${shown} is not the complete output of a successful build: ${why}`));
  };
  const list = (what: string, names: string[]): string =>
    names.length
      ? `${what} ${names.sort().slice(0, SHOWN).join(', ')}${names.length > SHOWN ? ` and ${names.length - SHOWN} more` : ''}`
      : '';
  const found = await entries(outDir);
  // A link in the output could publish anything the machine holds; no build writes one.
  if (found.links.length) refuse(`${list('it holds symbolic links, which no build writes:', found.links)}.`);
  if (found.files.length === 0) refuse('it is empty or missing.');
  if (!found.files.includes(MARKER)) refuse(`it has no ${MARKER} marker, which every build leaves.`);
  const recorded = await recordedFiles(cacheDir, outDir);
  if (!recorded) refuse(`this checkout has no record of building it (${displayPath(cacheDir)}/builds/).`);
  const record = recorded as NonNullable<typeof recorded>;
  const files = found.files.filter((file) => file !== MARKER);
  const extra = files.filter((file) => !record[file]);
  const present = new Set(files);
  const missing = Object.keys(record).filter((file) => !present.has(file));
  const changed: string[] = [];
  const local: LocalFile[] = [];
  const queue = files.filter((file) => record[file]);
  const worker = async (): Promise<void> => {
    for (let file = queue.pop(); file !== undefined && !signal?.aborted; file = queue.pop()) {
      const page = file.endsWith('.html');
      const { md5, size, text } = await md5File(join(outDir, file), page);
      // Bytes, not size and time: an edit that keeps both is still an edit.
      if (record[file]?.md5 !== md5) changed.push(file);
      local.push({ file, md5, size, ...(text !== undefined ? { links: linksOf(text, file) } : {}) });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  signal?.throwIfAborted();
  const faults = [list('not written by the build:', extra), list('missing:', missing), list('changed since the build:', changed)].filter(
    Boolean,
  );
  if (faults.length) refuse(`${faults.join('; ')}.`);
  return local.sort((a, b) => (a.file < b.file ? -1 : 1));
}
