/**
 * The persistent build cache: a manifest per output folder, recording the page files as parsed,
 * the key of every file written (cli/core/plan/plan.ts) with its size and mtime, and each job's warnings. A rebuild
 * parses only changed files, re-renders only jobs whose key changed and hard-links the others' files from
 * the previous output into the new one; when nothing changed at all it writes nothing. The manifest lives
 * in node_modules/.cache/ecom-site/builds/ and is safe to delete (the next build renders everything).
 */
import { lstatSync, type Stats, statSync } from 'node:fs';
import { link, copyFile, mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { contentHash, statIfAny, writeFileAtomic } from '../common/files.ts';
import { CHUNK, md5File, md5SmallFileSync } from '../common/md5-file.ts';
import type { ParsedPage } from '../load/content.ts';
import type { Problem } from '../common/errors.ts';
import type { SearchRecord } from './search-keys.ts';

/**
 * A file the last build wrote: the key of its bytes (cli/core/plan/plan.ts), its size and mtime as
 * written, and the MD5 of its bytes, which `deploy` checks the folder against.
 */
export interface WrittenFile {
  key: string;
  size: number;
  mtimeMs: number;
  md5?: string;
}

/** The manifest of one output folder. */
export interface Manifest {
  version: 3;
  /** The tool version and templates hash the manifest was written with (cli/core/build.ts). */
  tool: string;
  templates: string;
  /** Page files as parsed, by display path: unchanged files are not parsed again. */
  pages: Record<string, ParsedPage>;
  /** Every file the build wrote, by path in the output folder. */
  files: Record<string, WrittenFile>;
  /** The warnings of each rendered job, by job key, so that a reused page reports them again. */
  warnings: Record<string, Problem[]>;
  /** The translation-tracking version of source pages (cli/core/l10n/), by display path, with the hash it was read from. */
  versions?: Record<string, { hash: string; version: string }>;
  /** What each locale's search index was made of (cli/core/write/search-keys.ts). */
  search?: SearchRecord;
}

/** The manifest of `outDir`, relative to the cache folder (what the cache's pruning keeps). */
export function manifestName(outDir: string): string {
  return `builds/${contentHash(outDir)}.json`;
}

function manifestPath(cacheDir: string, outDir: string): string {
  return join(cacheDir, manifestName(outDir));
}

/** An empty manifest for a tool version. */
export function emptyManifest(tool: string): Manifest {
  return { version: 3, tool, templates: '', pages: {}, files: {}, warnings: {} };
}

/** Reads the manifest of `outDir` written by this version of the tool, or an empty one. */
export async function readManifest(cacheDir: string, outDir: string, tool: string): Promise<Manifest> {
  try {
    const data = JSON.parse(await readFile(manifestPath(cacheDir, outDir), 'utf8')) as Manifest;
    if (data.version === 3 && data.tool === tool) return data;
  } catch {
    // missing or unreadable: start afresh
  }
  return emptyManifest(tool);
}

/** When the manifest of `outDir` was last written (ms since the epoch); undefined when there is none. */
export function manifestWritten(cacheDir: string, outDir: string): number | undefined {
  return statIfAny(manifestPath(cacheDir, outDir))?.mtimeMs;
}

/**
 * The files the last successful build of `outDir` wrote, whatever version of the tool wrote them; undefined
 * when there is no record. `deploy` compares them with the folder to refuse anything but a build's output.
 */
export async function recordedFiles(cacheDir: string, outDir: string): Promise<Manifest['files'] | undefined> {
  try {
    const data = JSON.parse(await readFile(manifestPath(cacheDir, outDir), 'utf8')) as Partial<Manifest>;
    return data.version === 3 && data.files ? data.files : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the manifest (through a temp file, so a killed build never leaves half of it). */
export async function writeManifest(cacheDir: string, outDir: string, manifest: Manifest): Promise<void> {
  await writeFileAtomic(manifestPath(cacheDir, outDir), JSON.stringify(manifest));
}

/**
 * What `outDir` holds of what the manifest recorded: the key of each file still there exactly as written
 * (same size and mtime), by path. A file edited or removed by hand since is left out, so it is made again.
 * Synchronous stats (`statIfAny`).
 */
export function heldFiles(outDir: string, manifest: Manifest): Map<string, string> {
  const held = new Map<string, string>();
  for (const [file, known] of Object.entries(manifest.files)) {
    // Gone or not readable: made again.
    const info = statIfAny(join(outDir, file));
    if (info && info.size === known.size && info.mtimeMs === known.mtimeMs) held.set(file, known.key);
  }
  return held;
}

/** Size and mtime of files, as `size:mtime` strings by path, to notice any change. */
export async function stamps(dir: string, files: readonly string[]): Promise<Record<string, string>> {
  const entries = await Promise.all(
    files.map(async (file): Promise<[string, string]> => {
      const info = await stat(join(dir, file));
      return [file, `${info.size}:${info.mtimeMs}`];
    }),
  );
  return Object.fromEntries(entries);
}

/** Makes the folder of each path it is given, each folder once: a build puts thousands of files into a few folders. */
export function folderMaker(): (path: string) => Promise<void> {
  // The promise, not a flag: the files carried at the same moment wait for the one call that makes it.
  const made = new Map<string, Promise<unknown>>();
  return async (path) => {
    const folder = dirname(path);
    let making = made.get(folder);
    if (!making) {
      making = mkdir(folder, { recursive: true });
      made.set(folder, making);
      // A failed call is not kept: the next file tries again (and reports the error itself).
      making.catch(() => made.delete(folder));
    }
    await making;
  };
}

/** Places a previous output file into the new one: a hard link where possible, else a copy. */
export async function carryOver(from: string, to: string, folderOf: (path: string) => Promise<void> = folderMaker()): Promise<void> {
  await folderOf(to);
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

/** Files hashed at once while recording. */
const HASHING = 4;

/**
 * Records the key, size, mtime and MD5 of files just written into `dir`. A file whose MD5 was taken as it
 * was written (`digests`, by path) is not read again; a file carried over from the last build (same key,
 * size and mtime), or the very file that build recorded (a hard link to it in `from`, the last output, as
 * an index file lent to a locale indexed again is), keeps the MD5 recorded then; the others (what Pagefind
 * wrote) are hashed, the small ones read at once and the large ones in chunks, never held whole. A file
 * `linked` under the same key (hard-linked from the last output once its size and mtime were found as
 * recorded: `heldFiles`) keeps its record without a stat. Stats and small files are synchronous: for a
 * large build that is several times faster than promises.
 */
export async function recordFiles(
  dir: string,
  keys: ReadonlyMap<string, string>,
  previous: Manifest['files'] = {},
  {
    digests = new Map(),
    from,
    linked = new Set(),
  }: { digests?: ReadonlyMap<string, string>; from?: string; linked?: ReadonlySet<string> } = {},
): Promise<Manifest['files']> {
  const files: Manifest['files'] = {};
  const toHash: string[] = [];
  /** True when `file` of `dir` is the one of `from` (one inode) whose size and mtime are as recorded. */
  const isFrom = (file: string, info: Stats): boolean => {
    const there = from === undefined ? undefined : lstatSync(join(from, file), { throwIfNoEntry: false });
    return there !== undefined && there.ino === info.ino && there.dev === info.dev;
  };
  for (const [file, key] of keys) {
    const known = previous[file];
    if (known?.md5 && known.key === key && linked.has(file)) {
      files[file] = known;
      continue;
    }
    const info = statSync(join(dir, file));
    const same = known?.md5 && known.size === info.size && known.mtimeMs === info.mtimeMs && (known.key === key || isFrom(file, info));
    const md5 = digests.get(file) ?? (same ? known.md5 : info.size <= CHUNK ? md5SmallFileSync(join(dir, file)) : undefined);
    files[file] = { key, size: info.size, mtimeMs: info.mtimeMs, ...(md5 ? { md5 } : {}) };
    if (!md5) toHash.push(file);
  }
  const worker = async (): Promise<void> => {
    for (let file = toHash.pop(); file !== undefined; file = toHash.pop()) {
      (files[file] as WrittenFile).md5 = (await md5File(join(dir, file))).md5;
    }
  };
  await Promise.all(Array.from({ length: HASHING }, worker));
  return files;
}
