/**
 * cli/core/common/md5-file.ts: `md5CopySync` copies a file as `copyFile` does (the same bytes and mode) and
 * gives the MD5 of what it copied, for a file of one chunk or less and for a larger one read in chunks.
 */
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHUNK, md5CopySync, md5Of } from '../../../../cli/core/common/md5-file.ts';
import { tempDir } from '../../../helpers/temp.ts';

const md5 = (bytes: string | Buffer): string => createHash('md5').update(bytes).digest('hex');

describe('md5Of', () => {
  it('hashes a string as the UTF-8 bytes it is written as', () => {
    expect(md5Of('影像 page')).toBe(md5(Buffer.from('影像 page', 'utf8')));
    expect(md5Of(Buffer.from([0, 255, 7]))).toBe(md5(Buffer.from([0, 255, 7])));
  });
});

describe('md5CopySync', () => {
  it('copies a small file and a file of several chunks byte for byte, and gives the MD5 of the bytes', () => {
    const dir = tempDir();
    // A large file whose chunks differ, so that a chunk written twice or out of order shows.
    const large = Buffer.alloc(CHUNK * 2 + 3);
    for (let i = 0; i < large.length; i += 4096) large[i] = (i / 4096) % 251;
    const files = { 'small.png': Buffer.from('png bytes'), 'large.bin': large, 'empty.txt': Buffer.alloc(0) };
    for (const [name, bytes] of Object.entries(files)) {
      writeFileSync(join(dir, name), bytes);
      expect(md5CopySync(join(dir, name), join(dir, `copy-${name}`)), name).toBe(md5(bytes));
      expect(readFileSync(join(dir, `copy-${name}`)).equals(bytes), name).toBe(true);
    }
  });

  it('gives the copy the mode of its source, as copyFile does', () => {
    const dir = tempDir();
    for (const mode of [0o600, 0o755, 0o666]) {
      const source = join(dir, `source-${mode}`);
      writeFileSync(source, 'x');
      chmodSync(source, mode);
      md5CopySync(source, join(dir, `copy-${mode}`));
      expect(statSync(join(dir, `copy-${mode}`)).mode & 0o7777).toBe(mode);
    }
  });

  it('replaces what the target held', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'source'), 'new');
    writeFileSync(join(dir, 'target'), 'a longer old text');
    md5CopySync(join(dir, 'source'), join(dir, 'target'));
    expect(readFileSync(join(dir, 'target'), 'utf8')).toBe('new');
  });
});
