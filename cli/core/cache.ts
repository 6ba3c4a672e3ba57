/**
 * The persistent build cache (issue 7): a manifest per output folder, recording for each render job's key
 * the files it wrote and their size and mtime. A rebuild re-renders only jobs whose key changed and
 * hard-links the others' files from the previous output into the new one. The manifest lives in
 * node_modules/.cache/ecom-site/builds/ and is safe to delete (the next build renders everything).
 */
import { link, copyFile, mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { contentHash, writeFileAtomic } from './files.ts';
import type { Problem } from './errors.ts';

/** What one job wrote last time. */
export interface CachedJob {
  files: string[];
  warnings: Problem[];
}

/** The manifest of one output folder. */
export interface Manifest {
  version: 1;
  jobs: Record<string, CachedJob>;
  /** Size and mtime of each file the jobs wrote, to notice a file changed by hand since. */
  files: Record<string, { size: number; mtimeMs: number }>;
}

function manifestPath(cacheDir: string, outDir: string): string {
  return join(cacheDir, 'builds', `${contentHash(outDir)}.json`);
}

/** Reads the manifest of `outDir`, or an empty one. */
export async function readManifest(cacheDir: string, outDir: string): Promise<Manifest> {
  try {
    const data = JSON.parse(await readFile(manifestPath(cacheDir, outDir), 'utf8')) as Manifest;
    if (data.version === 1) return data;
  } catch {
    // missing or unreadable: start afresh
  }
  return { version: 1, jobs: {}, files: {} };
}

/** Writes the manifest (through a temp file, so a killed build never leaves half of it). */
export async function writeManifest(cacheDir: string, outDir: string, manifest: Manifest): Promise<void> {
  await writeFileAtomic(manifestPath(cacheDir, outDir), JSON.stringify(manifest));
}

/** True when every file of a cached job is still in `outDir` exactly as it was written. */
export async function stillThere(outDir: string, manifest: Manifest, job: CachedJob): Promise<boolean> {
  for (const file of job.files) {
    const known = manifest.files[file];
    if (!known) return false;
    try {
      const info = await stat(join(outDir, file));
      if (info.size !== known.size || info.mtimeMs !== known.mtimeMs) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** Places a previous output file into the new one: a hard link where possible, else a copy. */
export async function carryOver(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

/** Records the size and mtime of files just written. */
export async function recordFiles(dir: string, files: readonly string[], into: Manifest['files']): Promise<void> {
  await Promise.all(
    files.map(async (file) => {
      const info = await stat(join(dir, file));
      into[file] = { size: info.size, mtimeMs: info.mtimeMs };
    }),
  );
}
