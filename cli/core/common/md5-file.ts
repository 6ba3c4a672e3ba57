/**
 * MD5s of files. Output files (build's record, deploy) are read without following a link: a file swapped for
 * a symbolic link after the folder was checked fails to open (ELOOP) instead of sending what the link points
 * at. A build copying a file into its output hashes the bytes as it copies them (`md5CopySync`).
 */
import { closeSync, constants, fchmodSync, fstatSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { createHash } from 'node:crypto';

/** Opens a file for reading; fails when the path is a symbolic link. */
export function openNoFollow(path: string): Promise<FileHandle> {
  return open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
}

/** As `openNoFollow`, synchronously: a file descriptor, to close. */
export function openNoFollowSync(path: string): number {
  return openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
}

/** A file's bytes; fails when the path is a symbolic link, so nothing outside the output is read. */
export function readNoFollowSync(path: string): Buffer {
  const fd = openNoFollowSync(path);
  try {
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Bytes read at a time while hashing: a file is never held whole. */
export const CHUNK = 1024 * 1024;

/**
 * The MD5 (hex) of a file of at most one chunk, read at once with synchronous calls (undefined for a larger
 * file: hash that with `md5File`). For thousands of small files in a row, each promise-based open, stat,
 * read and close waits its turn in the thread pool, which costs several times the hashing.
 */
export function md5SmallFileSync(path: string): string | undefined {
  const fd = openNoFollowSync(path);
  try {
    return fstatSync(fd).size <= CHUNK ? createHash('md5').update(readFileSync(fd)).digest('hex') : undefined;
  } finally {
    closeSync(fd);
  }
}

/** The MD5 (hex) of bytes about to be written: a string is written, and so hashed, as UTF-8. */
export function md5Of(data: string | Uint8Array): string {
  return createHash('md5').update(data).digest('hex');
}

/**
 * Copies `from` to `to` as `copyFile` does (the same bytes, the source's mode) and returns the MD5 of the
 * bytes copied: each is read once, where hashing the copy afterwards would read it all a second time.
 * Synchronous, as `md5SmallFileSync` is and for the same reason: a build copies thousands of small files.
 */
export function md5CopySync(from: string, to: string): string {
  const source = openSync(from, 'r');
  try {
    const { mode, size } = fstatSync(source);
    const target = openSync(to, 'w', mode);
    try {
      const hash = createHash('md5');
      if (size <= CHUNK) {
        const bytes = readFileSync(source);
        hash.update(bytes);
        writeFileSync(target, bytes);
      } else {
        const buffer = Buffer.allocUnsafe(CHUNK);
        for (let read = readSync(source, buffer); read > 0; read = readSync(source, buffer)) {
          const chunk = buffer.subarray(0, read);
          hash.update(chunk);
          // Written at the descriptor's position: the chunks follow each other.
          writeFileSync(target, chunk);
        }
      }
      // As copyFile: the mode is the source's, whatever the umask took from it at the open.
      fchmodSync(target, mode);
      return hash.digest('hex');
    } finally {
      closeSync(target);
    }
  } finally {
    closeSync(source);
  }
}

/** A file's MD5 (hex) and size, read in chunks; `keep` also returns the text (for pages, to read their links). */
export async function md5File(path: string, keep = false): Promise<{ md5: string; size: number; text?: string }> {
  const file = await openNoFollow(path);
  try {
    const hash = createHash('md5');
    // A file that fits in one chunk (most of a site) is read at once, without a chunk-sized buffer.
    if ((await file.stat()).size <= CHUNK) {
      const bytes = await file.readFile();
      return { md5: hash.update(bytes).digest('hex'), size: bytes.length, ...(keep ? { text: bytes.toString('utf8') } : {}) };
    }
    const kept: Buffer[] = [];
    const buffer = Buffer.allocUnsafe(CHUNK);
    let size = 0;
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, CHUNK, size);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      hash.update(chunk);
      if (keep) kept.push(Buffer.from(chunk));
      size += bytesRead;
    }
    return { md5: hash.digest('hex'), size, ...(keep ? { text: Buffer.concat(kept).toString('utf8') } : {}) };
  } finally {
    await file.close();
  }
}
