/** File helpers shared by the build, its caches and `watch`. */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** A short content hash, the same for the same bytes on every machine. */
export function contentHash(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 10);
}

/**
 * Writes a file through a unique temp name beside it and a rename, creating its folder: a concurrent
 * reader (another build, the dev server) never sees half of it, and a killed process never leaves one.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, data);
  await rename(temp, path);
}
