/** File helpers shared by the build, its caches and `watch`. */
import { createHash, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFile, type Stats, statSync } from 'node:fs';
import { chmod, lstat, mkdir, rename, utimes, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** A short content hash, the same for the same bytes on every machine. */
export function contentHash(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 10);
}

/**
 * Reads a text file. The callback API behind it reads a small file in one request to the thread pool,
 * where fs/promises' `readFile` makes four (open, stat, read, close): twice as fast over 4,000 pages.
 */
export function readText(path: string): Promise<string> {
  return new Promise((done, fail) => readFile(path, 'utf8', (error, text) => (error ? fail(error) : done(text))));
}

/**
 * Writes a file through a unique temp name beside it and a rename, creating its folder: a concurrent
 * reader (another build, the dev server) never sees half of it, and a killed process never leaves one.
 * `ready` is given the temp file, written, before it takes its name.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, ready?: (temp: string) => Promise<void>): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, data);
  await ready?.(temp);
  await rename(temp, path);
}

/**
 * Writes a file of a cache (a social card, an encoded photo) as `writeFileAtomic` does, dated to the whole
 * second of its birth: a file written after it was made then has a modification time past its birth time
 * (`takeCached`). Where the file system keeps no birth time, the file keeps the time of its writing.
 */
export function writeCacheFile(path: string, data: string | Uint8Array): Promise<void> {
  return writeFileAtomic(path, data, async (temp) => {
    const { birthtimeMs } = await lstat(temp);
    if (birthtimeMs > 0) {
      const made = Math.floor(birthtimeMs / 1000);
      await utimes(temp, made, made);
    }
  });
}

/**
 * Whether a file of a cache written by `writeCacheFile` can be taken as it is, marking it used if so. A
 * build hard-links these files into its output, so the mark is the file's status change time (a `chmod` to
 * its own mode), never its modification time: that is the output file's too, and the build record tells an
 * output file changed by hand by it. For the same reason a file written after it was made (modified after
 * its birth) is not taken: it was changed in place, through an output folder, and the caller makes it anew
 * under a new inode. Anything but a regular file is not taken either.
 */
export async function takeCached(path: string): Promise<boolean> {
  try {
    const info = await lstat(path);
    // A file an earlier version marked used by its modification time is made again too, once.
    if (!info.isFile() || (info.birthtimeMs > 0 && info.mtimeMs > info.birthtimeMs)) return false;
    await chmod(path, info.mode & 0o7777);
    return true;
  } catch {
    // Not made yet, or removed meanwhile.
    return false;
  }
}

/**
 * Hard-links files, each one's folder made once, with synchronous calls: for the thousands of files a build
 * keeps or lends, each promise's turn in the thread pool costs several times the call. The function returns
 * false where a link cannot be made (another file system, a name in the way), for the caller to decide.
 */
export function folderLinker(): (from: string, to: string) => boolean {
  const made = new Set<string>();
  return (from, to) => {
    try {
      if (!made.has(dirname(to))) mkdirSync(dirname(to), { recursive: true });
      made.add(dirname(to));
      linkSync(from, to);
      return true;
    } catch {
      return false;
    }
  };
}

/**
 * A file's stats, or undefined where it cannot be statted (gone, unreadable). Synchronous, for the same
 * reason as `folderLinker`: callers stat every file of an output or a cache folder in a row.
 */
export function statIfAny(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
