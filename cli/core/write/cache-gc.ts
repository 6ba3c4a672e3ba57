/**
 * Keeps the build cache small (docs/performance.md, "Caches"), as Hugo's `--gc` does: each successful build
 * records which cached social cards, encoded photos and build record it used, and what no kept record uses
 * is removed. A record is kept for the last few builds of each content folder, while that folder exists
 * and for a limited time; above a size cap, files the build just made use of are the last to go. The rule
 * is pure (`planPrune`); reading and removing files is `pruneCache`, which walks the whole cache at most
 * once per grace time and otherwise looks only at the files of the records it drops.
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
 * The uses kept: the last `keepBuilds` of each content folder that are younger than `maxAgeMs` and whose
 * content folder still exists (`exists`), and `current`, the build just done, always.
 */
export function keptUses(
  uses: readonly CacheUse[],
  current: CacheUse,
  now: number,
  exists: (folder: string) => boolean,
  rule: CacheRule = CACHE_RULE,
): CacheUse[] {
  const byContent = new Map<string, CacheUse[]>();
  for (const use of uses) {
    if (use === current) continue;
    const list = byContent.get(use.content) ?? [];
    list.push(use);
    byContent.set(use.content, list);
  }
  const kept: CacheUse[] = [];
  for (const [content, list] of byContent) {
    // The build just done takes one of its folder's places, even where others claim to be later (a clock
    // set back): its files are the output's.
    const places = content === current.content ? rule.keepBuilds - 1 : rule.keepBuilds;
    const recent = places > 0 ? list.sort((a, b) => a.at - b.at).slice(-places) : [];
    for (const use of recent) if (now - use.at <= rule.maxAgeMs && exists(content)) kept.push(use);
  }
  kept.push(current);
  return kept;
}

/**
 * Which uses to keep (`keptUses`) and which of `files` to remove. A file no kept use lists is removed,
 * except a build record whose output folder exists and that is younger than `maxAgeMs` (one written before
 * records were kept included), and a file used within `graceMs`. Then, while what is left is above
 * `maxBytes`, the oldest files the current build did not use go too.
 */
export function planPrune(
  uses: readonly CacheUse[],
  current: CacheUse,
  files: readonly CachedFile[],
  now: number,
  exists: (folder: string) => boolean,
  rule: CacheRule = CACHE_RULE,
): { kept: CacheUse[]; remove: string[] } {
  const kept = keptUses(uses, current, now, exists, rule);
  // Whether each of `files` is used: a set of those alone, not of every file the kept uses list.
  const listed = new Set(files.map((file) => file.path));
  const used = new Set<string>();
  for (const use of kept) for (const path of use.files) if (listed.has(path)) used.add(path);
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

/** What `uses.json` holds: the uses kept, and when the whole cache was last walked (ms since the epoch). */
interface UsesRecord {
  uses: CacheUse[];
  walked?: number;
}

/** Whether a recorded use has the shape of one: a record edited by hand must not stop every later prune. */
function wellFormed(use: unknown): use is CacheUse {
  const { content, out, at, files } = (use ?? {}) as Partial<CacheUse>;
  return (
    typeof content === 'string' &&
    typeof out === 'string' &&
    Number.isFinite(at) &&
    Array.isArray(files) &&
    files.every((file) => typeof file === 'string')
  );
}

/**
 * The record of `cacheDir`: no uses and never walked when there is none it can read; a malformed use is
 * forgotten.
 */
async function readUses(cacheDir: string): Promise<UsesRecord> {
  try {
    const data = JSON.parse(await readFile(usesFile(cacheDir), 'utf8')) as { version?: number; uses?: unknown[]; walked?: number };
    if (data.version !== 1 || !Array.isArray(data.uses)) return { uses: [] };
    const uses = data.uses.filter(wellFormed);
    return Number.isFinite(data.walked) ? { uses, walked: data.walked as number } : { uses };
  } catch {
    return { uses: [] };
  }
}

/** Whether `folder` of the cache is its own: not a link to another cache's folder, which that cache prunes. */
async function ownFolder(cacheDir: string, folder: string): Promise<boolean> {
  return (await lstat(join(cacheDir, folder)).catch(() => undefined))?.isDirectory() === true;
}

/** Every file of the pruned folders of `cacheDir`, with its size and mtime. */
export async function cachedFiles(cacheDir: string): Promise<CachedFile[]> {
  const found: CachedFile[] = [];
  for (const folder of PRUNED_FOLDERS) {
    // A folder linked from another cache (a copy of the project sharing its photos) is that cache's to prune.
    if (!(await ownFolder(cacheDir, folder))) continue;
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
 * The files that the `uses` not `kept` listed and no kept use does, as found in the cache now. A listed
 * path names a file right inside one of the pruned folders, or is ignored: the record is only a file, and
 * nothing outside those folders is ever removed.
 */
async function droppedFiles(cacheDir: string, uses: readonly CacheUse[], kept: readonly CacheUse[]): Promise<CachedFile[]> {
  const keptSet = new Set(kept);
  const paths = new Set(uses.filter((use) => !keptSet.has(use)).flatMap((use) => use.files));
  for (const use of kept) for (const path of use.files) paths.delete(path);
  const owned = new Map<string, boolean>();
  const found: CachedFile[] = [];
  for (const path of paths) {
    const [folder, name, ...deeper] = path.split('/');
    if (!folder || !name || deeper.length || name === '..' || name === '.' || name.includes('\\')) continue;
    if (!(PRUNED_FOLDERS as readonly string[]).includes(folder)) continue;
    if (!owned.has(folder)) owned.set(folder, await ownFolder(cacheDir, folder));
    if (!owned.get(folder)) continue;
    const info = statIfAny(join(cacheDir, path));
    if (info?.isFile()) found.push({ path, size: info.size, mtimeMs: info.mtimeMs });
  }
  return found;
}

/**
 * Records `current` and removes what the rule says no build needs (`planPrune`); returns the files removed
 * and their bytes. A file another process removed first is no error. Walking every file of the cache
 * (thousands of `stat`s at the end of every build) is needed only for files no record lists (left by a
 * build that failed) and for the size cap: it is done when the last walk is at least the grace time old.
 * Between walks only the files of the uses dropped now are looked at, which is all that a build can have
 * made unused, since a file used within the grace time stays anyway.
 */
export async function pruneCache(
  cacheDir: string,
  current: CacheUse,
  rule: CacheRule = CACHE_RULE,
): Promise<{ removed: number; bytes: number }> {
  const record = await readUses(cacheDir);
  const uses = [...record.uses, current];
  // A clock set back before the last walk walks again, rather than waiting for it to catch up.
  const walk = record.walked === undefined || current.at - record.walked >= rule.graceMs || current.at < record.walked;
  const files = walk
    ? await cachedFiles(cacheDir)
    : await droppedFiles(cacheDir, uses, keptUses(uses, current, current.at, existsSync, rule));
  // Between walks, the size cap waits for the next one: the files it weighs are not all known.
  const { kept, remove } = planPrune(
    uses,
    current,
    files,
    current.at,
    existsSync,
    walk ? rule : { ...rule, maxBytes: Number.POSITIVE_INFINITY },
  );
  const sizes = new Map(files.map((file) => [file.path, file.size]));
  let bytes = 0;
  let removed = 0;
  for (const path of remove) {
    // A file that cannot be removed (its permissions, say) is left for a later build: one such file must
    // not keep this build's use from being recorded, nor every later prune from getting past it.
    const gone = await rm(join(cacheDir, path), { force: true }).then(
      () => true,
      () => false,
    );
    if (!gone) continue;
    removed += 1;
    bytes += sizes.get(path) ?? 0;
  }
  const walked = walk ? current.at : record.walked;
  await writeFileAtomic(usesFile(cacheDir), JSON.stringify({ version: 1, uses: kept, walked }));
  return { removed, bytes };
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
