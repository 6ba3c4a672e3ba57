/**
 * Keeps the build cache small (docs/performance.md, "Caches"), as Hugo's `--gc` does: each successful build
 * records which cached social cards, encoded photos and build record it used, and what no kept record uses
 * is removed. A record is kept for the last few builds of each content folder, while that folder exists
 * and for a limited time; above a size cap, files the build just made use of are the last to go. The rule
 * is pure (`planPrune`); reading and removing files is `pruneCache`.
 */
import { existsSync } from 'node:fs';
import { lstat, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { statIfAny, writeFileAtomic } from '../common/files.ts';

/** The cached files one build used, relative to the cache folder (`cards/<key>.png`, `builds/<hash>.json`). */
export interface CacheUse {
  /** The content folder built (absolute). */
  content: string;
  /** The output folder written (absolute): its build record is kept while it exists. */
  out: string;
  /** When the build ended (ms since the epoch). */
  at: number;
  files: string[];
}

/** The rule's settings (defaults: `CACHE_RULE`). */
export interface CacheRule {
  /** Builds of each content folder whose files are kept. */
  keepBuilds: number;
  /** A build older than this is forgotten (ms). */
  maxAgeMs: number;
  /** Above this many bytes of cards and photos, files the last build did not use go, oldest first. */
  maxBytes: number;
  /**
   * A file used (made or taken from the cache, which touches it) this recently is never removed: a build
   * running at the same time may be about to copy it.
   */
  graceMs: number;
}

/** The rule the build applies (docs/performance.md, "Caches"). */
export const CACHE_RULE: CacheRule = {
  keepBuilds: 3,
  maxAgeMs: 30 * 24 * 3600 * 1000,
  maxBytes: 1024 * 1024 * 1024,
  graceMs: 3600 * 1000,
};

/** The folders of the cache whose files are pruned: what builds produce per page and photo. */
export const PRUNED_FOLDERS = ['cards', 'images', 'builds'] as const;

/** Files of those folders that are not per-build products and always stay. */
const ALWAYS_KEPT: ReadonlySet<string> = new Set(['images/probes.json']);

/** A file found in the cache. */
export interface CachedFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/**
 * Which uses to keep and which files to remove. A use is kept when it is among the last `keepBuilds` of
 * its content folder, younger than `maxAgeMs` and its content folder still exists (`exists`); `current`,
 * the build just done, always is. A file no kept use lists is removed, except a build record whose output
 * folder exists and that is younger than `maxAgeMs` (one written before records were kept included), and a
 * file used within `graceMs`. Then, while what is left is above `maxBytes`, the oldest files the current
 * build did not use go too.
 */
export function planPrune(
  uses: readonly CacheUse[],
  current: CacheUse,
  files: readonly CachedFile[],
  now: number,
  exists: (folder: string) => boolean,
  rule: CacheRule = CACHE_RULE,
): { kept: CacheUse[]; remove: string[] } {
  const byContent = new Map<string, CacheUse[]>();
  for (const use of [...uses.filter((use) => use !== current), current]) {
    const list = byContent.get(use.content) ?? [];
    list.push(use);
    byContent.set(use.content, list);
  }
  const kept: CacheUse[] = [];
  for (const [content, list] of byContent) {
    const recent = list.sort((a, b) => a.at - b.at).slice(-rule.keepBuilds);
    for (const use of recent) {
      if (use === current || (now - use.at <= rule.maxAgeMs && exists(content))) kept.push(use);
    }
  }
  const used = new Set(kept.flatMap((use) => use.files));
  const liveOutputs = new Map<string, boolean>();
  for (const use of uses) for (const file of use.files) if (file.startsWith('builds/')) liveOutputs.set(file, exists(use.out));
  const remove = new Set<string>();
  const recent = (file: CachedFile): boolean => now - file.mtimeMs < rule.graceMs;
  for (const file of files) {
    if (used.has(file.path) || ALWAYS_KEPT.has(file.path) || recent(file)) continue;
    // A build record of an output folder that still exists stays for the time limit: deploy checks the folder against it.
    if (file.path.startsWith('builds/') && (liveOutputs.get(file.path) ?? true) && now - file.mtimeMs <= rule.maxAgeMs) continue;
    remove.add(file.path);
  }
  let total = files.filter((file) => !remove.has(file.path) && !file.path.startsWith('builds/')).reduce((sum, f) => sum + f.size, 0);
  if (total > rule.maxBytes) {
    const mine = new Set(current.files);
    const older = files
      .filter(
        (file) =>
          !remove.has(file.path) &&
          !mine.has(file.path) &&
          !file.path.startsWith('builds/') &&
          !ALWAYS_KEPT.has(file.path) &&
          !recent(file),
      )
      .sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const file of older) {
      if (total <= rule.maxBytes) break;
      remove.add(file.path);
      total -= file.size;
    }
  }
  return { kept, remove: [...remove].sort() };
}

/** The record of uses, in the cache folder. */
function usesFile(cacheDir: string): string {
  return join(cacheDir, 'uses.json');
}

/** The uses recorded in `cacheDir` (none when there is no readable record). */
async function readUses(cacheDir: string): Promise<CacheUse[]> {
  try {
    const data = JSON.parse(await readFile(usesFile(cacheDir), 'utf8')) as { version?: number; uses?: CacheUse[] };
    return data.version === 1 && Array.isArray(data.uses) ? data.uses : [];
  } catch {
    return [];
  }
}

/** Every file of the pruned folders of `cacheDir`, with its size and mtime. */
export async function cachedFiles(cacheDir: string): Promise<CachedFile[]> {
  const found: CachedFile[] = [];
  for (const folder of PRUNED_FOLDERS) {
    // A folder linked from another cache (a copy of the project sharing its photos) is that cache's to prune.
    const own = await lstat(join(cacheDir, folder)).catch(() => undefined);
    if (!own?.isDirectory()) continue;
    const names = await readdir(join(cacheDir, folder)).catch(() => [] as string[]);
    // Synchronous stats (`statIfAny`): every build that writes pays this walk over thousands of files.
    for (const name of names) {
      const info = statIfAny(join(cacheDir, folder, name));
      if (info?.isFile()) found.push({ path: `${folder}/${name}`, size: info.size, mtimeMs: info.mtimeMs });
    }
  }
  return found;
}

/**
 * Records `current` and removes what the rule says no build needs (`planPrune`); returns the files removed
 * and their bytes. A file another process removed first is no error.
 */
export async function pruneCache(
  cacheDir: string,
  current: CacheUse,
  rule: CacheRule = CACHE_RULE,
): Promise<{ removed: number; bytes: number }> {
  const uses = [...(await readUses(cacheDir)), current];
  const files = await cachedFiles(cacheDir);
  const { kept, remove } = planPrune(uses, current, files, current.at, existsSync, rule);
  const sizes = new Map(files.map((file) => [file.path, file.size]));
  let bytes = 0;
  for (const path of remove) {
    await rm(join(cacheDir, path), { force: true });
    bytes += sizes.get(path) ?? 0;
  }
  await writeFileAtomic(usesFile(cacheDir), JSON.stringify({ version: 1, uses: kept }));
  return { removed: remove.length, bytes };
}

/** The size of each part of the cache folder: bytes and files by top-level entry, largest first. */
export async function cacheSizes(cacheDir: string): Promise<Array<{ name: string; bytes: number; files: number }>> {
  const entries = await readdir(cacheDir, { withFileTypes: true }).catch(() => []);
  const sizes = await Promise.all(
    entries.map(async (entry) => {
      let bytes = 0;
      let files = 0;
      const walk = async (path: string): Promise<void> => {
        const info = await lstat(path).catch(() => undefined);
        if (info?.isDirectory()) {
          for (const name of await readdir(path).catch(() => [] as string[])) await walk(join(path, name));
        } else if (info?.isFile()) {
          bytes += info.size;
          files += 1;
        }
      };
      await walk(join(cacheDir, entry.name));
      return { name: entry.name, bytes, files };
    }),
  );
  return sizes.sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));
}
