/**
 * Deploy publishes only the complete output of a successful build (docs/deploy.md, "What is deployed").
 * The build is atomic (a temp folder renamed into place) and then records every file it wrote, with size
 * and modification time, in its cache (cli/core/write/cache.ts). A folder is deployable when it holds
 * exactly those files, unchanged, and the output marker: a failed or killed build never replaces the
 * folder, so this holds only after a build that succeeded; a file added, removed or edited since (by
 * hand, or by a running `watch`) breaks it. Nothing is added to the output for this.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { problem, SiteError } from '../common/errors.ts';
import { displayPath } from '../common/paths.ts';
import { recordedFiles } from '../write/cache.ts';
import { listOutput, MARKER } from '../write/output.ts';
import type { LocalFile } from './diff.ts';

/** How many differing files a refusal names before "and N more". */
const SHOWN = 5;

/** The files of a built output folder with their MD5s; throws DEPLOY_NOT_BUILT for anything else. */
export async function builtFiles(outDir: string, cacheDir: string): Promise<LocalFile[]> {
  const shown = `${displayPath(outDir) || '.'}/`;
  const refuse = (why: string): never => {
    throw new SiteError(problem('DEPLOY_NOT_BUILT', `${shown} is not the complete output of a successful build: ${why}`));
  };
  const found = await listOutput(outDir);
  if (found.length === 0) refuse('it is empty or missing.');
  if (!found.includes(MARKER)) refuse(`it has no ${MARKER} marker, which every build leaves.`);
  const recorded = await recordedFiles(cacheDir, outDir);
  if (!recorded) refuse(`this checkout has no record of building it (${displayPath(cacheDir)}/builds/).`);
  const record = recorded as NonNullable<typeof recorded>;
  const files = found.filter((file) => file !== MARKER);
  const extra = files.filter((file) => !record[file]);
  const present = new Set(files);
  const missing = Object.keys(record).filter((file) => !present.has(file));
  const changed: string[] = [];
  const local = await Promise.all(
    files
      .filter((file) => record[file])
      .map(async (file): Promise<LocalFile> => {
        const path = join(outDir, file);
        const [info, bytes] = await Promise.all([stat(path), readFile(path)]);
        const known = record[file];
        if (!known || known.size !== info.size || known.mtimeMs !== info.mtimeMs) changed.push(file);
        return { file, md5: createHash('md5').update(bytes).digest('hex'), size: info.size };
      }),
  );
  const list = (what: string, names: string[]): string =>
    names.length
      ? `${what} ${names.sort().slice(0, SHOWN).join(', ')}${names.length > SHOWN ? ` and ${names.length - SHOWN} more` : ''}`
      : '';
  const faults = [list('not written by the build:', extra), list('missing:', missing), list('changed since the build:', changed)].filter(
    Boolean,
  );
  if (faults.length) refuse(`${faults.join('; ')}.`);
  return local.sort((a, b) => (a.file < b.file ? -1 : 1));
}
