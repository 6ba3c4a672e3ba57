/** cli/core/common/files.ts, md5-file.ts and paths.ts: hashing, atomic writes, reading without links, shown paths. */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentHash, readText, takeCached, writeFileAtomic } from '../../../../cli/core/common/files.ts';
import { md5File, openNoFollow } from '../../../../cli/core/common/md5-file.ts';
import { displayPath, IGNORED_GLOBS, isIgnoredName, isInside } from '../../../../cli/core/common/paths.ts';
import { tempDir } from '../../../helpers/temp.ts';

const md5 = (data: Uint8Array | string): string => createHash('md5').update(data).digest('hex');

describe('contentHash', () => {
  it('is the first 10 hex digits of the SHA-256, the same for a string and its UTF-8 bytes', () => {
    expect(contentHash('abc')).toBe('ba7816bf8f');
    expect(contentHash(Buffer.from('中文', 'utf8'))).toBe(contentHash('中文'));
    expect(contentHash('abd')).not.toBe(contentHash('abc'));
  });
});

describe('readText and writeFileAtomic', () => {
  it('writes into folders it creates, replaces a file whole, and leaves no temp file beside it', async () => {
    const dir = tempDir();
    const path = join(dir, 'a', 'b', 'page.html');
    await writeFileAtomic(path, 'first');
    await writeFileAtomic(path, new Uint8Array(Buffer.from('second, 中文')));
    expect(await readText(path)).toBe('second, 中文');
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['page.html']);
  });

  it('rejects with the system error of a missing file', async () => {
    await expect(readText(join(tempDir(), 'missing.md'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('takeCached', () => {
  it('takes a regular file and touches it, and neither takes nor touches a link or a missing file', async () => {
    const dir = tempDir();
    const old = new Date(0);
    for (const name of ['card.png', 'outside.png']) {
      writeFileSync(join(dir, name), name);
      utimesSync(join(dir, name), old, old);
    }
    symlinkSync(join(dir, 'outside.png'), join(dir, 'link.png'));
    expect(await takeCached(join(dir, 'card.png'))).toBe(true);
    expect(statSync(join(dir, 'card.png')).mtimeMs).toBeGreaterThan(0);
    expect(await takeCached(join(dir, 'link.png'))).toBe(false);
    expect(await takeCached(join(dir, 'missing.png'))).toBe(false);
    expect(lstatSync(join(dir, 'link.png')).isSymbolicLink()).toBe(true);
    expect(statSync(join(dir, 'outside.png')).mtimeMs).toBe(0);
    expect(readFileSync(join(dir, 'outside.png'), 'utf8')).toBe('outside.png');
  });
});

describe('md5File', () => {
  it('gives the MD5 and size of a small file, and its text only when asked', async () => {
    const path = join(tempDir(), 'small.html');
    writeFileSync(path, 'héllo');
    expect(await md5File(path)).toEqual({ md5: md5('héllo'), size: 6 });
    expect(await md5File(path, true)).toEqual({ md5: md5('héllo'), size: 6, text: 'héllo' });
  });

  it('reads a file larger than one chunk piece by piece to the same MD5, size and text', async () => {
    // Three chunks and a bit, each byte depending on its offset so a chunk read twice or skipped shows.
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = 97 + ((i * 7 + (i >> 20)) % 26);
    const path = join(tempDir(), 'large.bin');
    writeFileSync(path, bytes);
    expect(await md5File(path)).toEqual({ md5: md5(bytes), size: bytes.length });
    const kept = await md5File(path, true);
    expect(kept.md5).toBe(md5(bytes));
    expect(kept.text === bytes.toString('utf8')).toBe(true);
  });

  it('gives exactly one chunk in one read', async () => {
    const bytes = Buffer.alloc(1024 * 1024, 'x');
    const path = join(tempDir(), 'chunk.bin');
    writeFileSync(path, bytes);
    expect(await md5File(path)).toEqual({ md5: md5(bytes), size: bytes.length });
  });

  it('refuses a symbolic link (ELOOP) instead of reading what it points at', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'secret'), 'secret');
    symlinkSync(join(dir, 'secret'), join(dir, 'link.html'));
    await expect(md5File(join(dir, 'link.html'))).rejects.toMatchObject({ code: 'ELOOP' });
    await expect(openNoFollow(join(dir, 'link.html'))).rejects.toMatchObject({ code: 'ELOOP' });
    const handle = await openNoFollow(join(dir, 'secret'));
    await handle.close();
  });
});

describe('paths', () => {
  it('shows a path inside the working folder relative to it, with forward slashes, and others as they are', () => {
    expect(displayPath(join(process.cwd(), 'content', 'zh', 'a.md'))).toBe('content/zh/a.md');
    expect(displayPath(process.cwd())).toBe(process.cwd().split(sep).join('/'));
    const outside = join(process.cwd(), '..', 'elsewhere.md');
    expect(displayPath(outside)).toBe(outside);
  });

  it('says whether a path is its parent or inside it', () => {
    expect(isInside('/site/dist', '/site/dist')).toBe(true);
    expect(isInside('/site/dist/en/a.html', '/site/dist')).toBe(true);
    expect(isInside('/site/dist-old/a.html', '/site/dist')).toBe(false);
    expect(isInside('/site', '/site/dist')).toBe(false);
    expect(isInside('/other', '/site/dist')).toBe(false);
  });

  it('ignores dotfiles and editors leftovers only, and the globs name the same', () => {
    for (const name of ['.DS_Store', '.page.md.swp', 'page.md~', 'page.md.swp', 'x.tmp']) expect(isIgnoredName(name), name).toBe(true);
    for (const name of ['page.md', 'tmp.md', 'swp', 'a~b.md', 'a.tmp.md']) expect(isIgnoredName(name), name).toBe(false);
    expect(IGNORED_GLOBS).toEqual(['**/.*', '**/.*/**', '**/*~', '**/*.swp', '**/*.tmp']);
  });
});
