/**
 * Temp folders of the tests: each one made is remembered, and removed once its test file has run
 * (test/helpers/temp-cleanup.ts, a setup file of both lanes), so that runs leave nothing in the system's
 * temp folder. A file's servers and processes are stopped by its own `afterAll`, which runs first.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const made = new Set<string>();

/** A fresh temp folder, removed after the test file that made it (by `removeTempDirs`). */
export function tempDir(prefix = 'ecom-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** A fresh temp folder (as `tempDir`) holding `files`: their text by path, folders made as needed. */
export function folderWith(files: Readonly<Record<string, string>>, prefix?: string): string {
  const dir = tempDir(prefix);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Removes every temp folder made so far; returns how many it removed. */
export function removeTempDirs(): number {
  const count = made.size;
  for (const dir of made) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  made.clear();
  return count;
}
