/**
 * cli/core/common/md5-file.ts gives back every file descriptor it opens, on every path: a file of one chunk
 * or less, a larger one read in chunks, with and without its text kept, and a read that fails after the
 * open (a folder: it opens, then reading it fails). A deploy or build hashes thousands of files; one
 * descriptor kept per file would end it with EMFILE. The descriptors are counted in /proc/self/fd, each by
 * what it points at, so that whatever else the process opens meanwhile does not count.
 */
import { mkdirSync, readdirSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHUNK, md5CopySync, md5File, md5SmallFileSync } from '../../../../cli/core/common/md5-file.ts';
import { tempDir } from '../../../helpers/temp.ts';

/** How many of this process's descriptors are open on `path`. */
function openOn(path: string): number {
  let count = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) === path) count++;
    } catch {
      // Closed between the listing and the look (the listing's own descriptor among them).
    }
  }
  return count;
}

function files(): { small: string; large: string; folder: string; link: string } {
  const dir = tempDir();
  const small = join(dir, 'small.html');
  const large = join(dir, 'large.bin');
  const folder = join(dir, 'folder');
  const link = join(dir, 'link.html');
  writeFileSync(small, '<p>page</p>');
  writeFileSync(large, Buffer.alloc(CHUNK * 2 + 3, 1));
  mkdirSync(folder);
  symlinkSync(small, link);
  return { small, large, folder, link };
}

const rejection = (run: Promise<unknown>): Promise<unknown> =>
  run.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('md5File, md5SmallFileSync and md5CopySync close what they open', () => {
  it('counts a descriptor held open (the check itself can fail)', async () => {
    const { small } = files();
    const { open } = await import('node:fs/promises');
    const held = await open(small);
    expect(openOn(small)).toBe(1);
    await held.close();
    expect(openOn(small)).toBe(0);
  });

  it('after hashing a small file, a large one and either with its text kept', async () => {
    const { small, large } = files();
    for (const keep of [false, true]) {
      expect((await md5File(small, keep)).size).toBe(11);
      expect((await md5File(large, keep)).size).toBe(CHUNK * 2 + 3);
    }
    expect(md5SmallFileSync(small)).toMatch(/^[0-9a-f]{32}$/);
    expect(md5SmallFileSync(large)).toBeUndefined();
    expect([openOn(small), openOn(large)]).toEqual([0, 0]);
  });

  it('after copying a small file and a large one, and after a copy that fails once both are open', () => {
    const { small, large, folder } = files();
    const copies = [`${small}.copy`, `${large}.copy`, `${folder}.copy`];
    md5CopySync(small, copies[0] as string);
    md5CopySync(large, copies[1] as string);
    expect(() => md5CopySync(folder, copies[2] as string)).toThrow(/EISDIR/);
    expect([small, large, folder, ...copies].map(openOn)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('after a read that fails once the file is open', async () => {
    const { folder } = files();
    expect((await rejection(md5File(folder))) as { code?: string }).toMatchObject({ code: 'EISDIR' });
    expect((await rejection(md5File(folder, true))) as { code?: string }).toMatchObject({ code: 'EISDIR' });
    expect(() => md5SmallFileSync(folder)).toThrow(/EISDIR/);
    expect(openOn(folder)).toBe(0);
  });

  it('after refusing a symbolic link, which it never opens', async () => {
    const { small, link } = files();
    expect((await rejection(md5File(link))) as { code?: string }).toMatchObject({ code: 'ELOOP' });
    expect(() => md5SmallFileSync(link)).toThrow(/ELOOP/);
    expect([openOn(small), openOn(link)]).toEqual([0, 0]);
  });
});
