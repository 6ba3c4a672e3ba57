/**
 * The persistent build cache (issue 7): a manifest per output folder, recording the page files as parsed,
 * for each render job's key the files it wrote, and the size and mtime of every file written. A rebuild
 * parses only changed files, re-renders only jobs whose key changed and hard-links the others' files from
 * the previous output into the new one; when nothing changed at all it writes nothing. The manifest lives
 * in node_modules/.cache/ecom-site/builds/ and is safe to delete (the next build renders everything).
 */
import { link, copyFile, mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { contentHash, writeFileAtomic } from './files.ts';
import type { ParsedPage } from './content.ts';
import type { Problem } from './errors.ts';

/** What one job wrote last time. */
export interface CachedJob {
  files: string[];
  warnings: Problem[];
}

/** The manifest of one output folder. */
export interface Manifest {
  version: 2;
  /** The tool version and templates hash the manifest was written with (cli/core/build.ts). */
  tool: string;
  templates: string;
  /** Page files as parsed, by display path: unchanged files are not parsed again. */
  pages: Record<string, ParsedPage>;
  jobs: Record<string, CachedJob>;
  /** Size and mtime of every file the build wrote, to notice a file changed by hand since. */
  files: Record<string, { size: number; mtimeMs: number }>;
  /** Content hash of each site-wide file (404 pages, assets, sitemap, feeds). */
  site: Record<string, string>;
  /** Size and mtime of each file of public/ as copied. */
  public: Record<string, string>;
}

function manifestPath(cacheDir: string, outDir: string): string {
  return join(cacheDir, 'builds', `${contentHash(outDir)}.json`);
}

/** An empty manifest for a tool version. */
export function emptyManifest(tool: string): Manifest {
  return { version: 2, tool, templates: '', pages: {}, jobs: {}, files: {}, site: {}, public: {} };
}

/** Reads the manifest of `outDir` written by this version of the tool, or an empty one. */
export async function readManifest(cacheDir: string, outDir: string, tool: string): Promise<Manifest> {
  try {
    const data = JSON.parse(await readFile(manifestPath(cacheDir, outDir), 'utf8')) as Manifest;
    if (data.version === 2 && data.tool === tool) return data;
  } catch {
    // missing or unreadable: start afresh
  }
  return emptyManifest(tool);
}

/** Writes the manifest (through a temp file, so a killed build never leaves half of it). */
export async function writeManifest(cacheDir: string, outDir: string, manifest: Manifest): Promise<void> {
  await writeFileAtomic(manifestPath(cacheDir, outDir), JSON.stringify(manifest));
}

/** True when each of `files` is still in `outDir` exactly as the manifest recorded it. */
export async function stillThere(outDir: string, manifest: Manifest, files: readonly string[]): Promise<boolean> {
  for (const file of files) {
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

/** Size and mtime of files, as `size:mtime` strings by path, to notice any change. */
export async function stamps(dir: string, files: readonly string[]): Promise<Record<string, string>> {
  const entries = await Promise.all(files.map(async (file): Promise<[string, string]> => {
    const info = await stat(join(dir, file));
    return [file, `${info.size}:${info.mtimeMs}`];
  }));
  return Object.fromEntries(entries);
}

/** True when two records hold the same keys and values. */
export function sameRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
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
