/**
 * An output folder as a successful build leaves it, for the deploy tests: the files, the output marker and
 * the build's record of them in its cache (cli/core/write/cache.ts), which deploy checks the folder against.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { emptyManifest, writeManifest } from '../../cli/core/write/cache.ts';
import { MARKER } from '../../cli/core/write/output.ts';
import { tempDir } from './temp.ts';

/** The MD5 of `data`, in hex. */
export const md5Hex = (data: string | Buffer): string => createHash('md5').update(data).digest('hex');

/** An output folder with its marker and these files, and a cache recording them as the last build wrote them. */
export async function builtOutput(files: Record<string, string | Buffer>): Promise<{ out: string; cache: string }> {
  const root = tempDir();
  const out = join(root, 'dist');
  const cache = join(root, 'cache');
  mkdirSync(out);
  writeFileSync(join(out, MARKER), '');
  const manifest = emptyManifest('test');
  for (const [file, data] of Object.entries(files)) {
    mkdirSync(join(out, file, '..'), { recursive: true });
    writeFileSync(join(out, file), data);
    manifest.files[file] = { key: 'k', size: data.length, mtimeMs: 0, md5: md5Hex(data) };
  }
  await writeManifest(cache, out, manifest);
  return { out, cache };
}
