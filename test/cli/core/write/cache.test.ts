import { createHash } from 'node:crypto';
/** The persistent build cache (cli/core/write/cache.ts; docs/performance.md, "Caches"): manifests and what the output still holds. */
import {
  copyFileSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  carryOver,
  emptyManifest,
  heldFiles,
  manifestName,
  readManifest,
  recordedFiles,
  recordFiles,
  stamps,
  writeManifest,
  type Manifest,
} from '../../../../cli/core/write/cache.ts';
import { CHUNK } from '../../../../cli/core/common/md5-file.ts';
import { folderWith, tempDir } from '../../../helpers/temp.ts';

/** A manifest as a build that wrote `files` of `dir` with these keys would record it. */
async function manifestOf(dir: string, keys: Record<string, string>): Promise<Manifest> {
  return { ...emptyManifest('tool-1'), files: await recordFiles(dir, new Map(Object.entries(keys))) };
}

function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

describe('readManifest and writeManifest', () => {
  it('read back what was written, for the same output folder and tool', async () => {
    const cache = tempDir('ecom-cache-');
    const manifest: Manifest = {
      ...emptyManifest('tool-1'),
      templates: 't1',
      files: { 'index.html': { key: 'k1', size: 10, mtimeMs: 1234.5 } },
      warnings: { k1: [] },
    };
    await writeManifest(cache, '/out/a', manifest);
    expect(await readManifest(cache, '/out/a', 'tool-1')).toEqual(manifest);
  });

  it('keep one manifest per output folder', async () => {
    const cache = tempDir('ecom-cache-');
    await writeManifest(cache, '/out/a', { ...emptyManifest('tool-1'), templates: 'a' });
    await writeManifest(cache, '/out/b', { ...emptyManifest('tool-1'), templates: 'b' });
    expect((await readManifest(cache, '/out/a', 'tool-1')).templates).toBe('a');
    expect((await readManifest(cache, '/out/b', 'tool-1')).templates).toBe('b');
  });

  it('give an empty manifest when written by another version of the tool', async () => {
    const cache = tempDir('ecom-cache-');
    await writeManifest(cache, '/out/a', {
      ...emptyManifest('tool-1'),
      templates: 't1',
      files: { 'a.html': { key: 'k', size: 1, mtimeMs: 1 } },
    });
    expect(await readManifest(cache, '/out/a', 'tool-2')).toEqual(emptyManifest('tool-2'));
  });

  it('give an empty manifest for another manifest format, a missing one or an unreadable one', async () => {
    const cache = tempDir('ecom-cache-');
    await writeManifest(cache, '/out/old', { ...emptyManifest('tool-1'), version: 2 } as unknown as Manifest);
    expect(await readManifest(cache, '/out/old', 'tool-1')).toEqual(emptyManifest('tool-1'));
    expect(await readManifest(cache, '/out/never-built', 'tool-1')).toEqual(emptyManifest('tool-1'));

    await writeManifest(cache, '/out/broken', emptyManifest('tool-1'));
    const builds = join(cache, 'builds');
    for (const name of readdirSync(builds)) writeFileSync(join(builds, name), '{ not json');
    expect(await readManifest(cache, '/out/broken', 'tool-1')).toEqual(emptyManifest('tool-1'));
  });
});

describe('recordFiles', () => {
  it('records the key, size, mtime and MD5 of each file written', async () => {
    const dir = folderWith({ 'index.html': '<p>hi</p>', 'en/DROC.html': 'droc' });
    const files = await recordFiles(
      dir,
      new Map([
        ['index.html', 'k1'],
        ['en/DROC.html', 'k2'],
      ]),
    );
    expect(files).toEqual({
      'index.html': { key: 'k1', size: 9, mtimeMs: statSync(join(dir, 'index.html')).mtimeMs, md5: md5('<p>hi</p>') },
      'en/DROC.html': { key: 'k2', size: 4, mtimeMs: statSync(join(dir, 'en/DROC.html')).mtimeMs, md5: md5('droc') },
    });
  });

  it('keeps the MD5 of a file carried over unchanged, and hashes a file whose key changed', async () => {
    const dir = folderWith({ 'a.html': 'new bytes' });
    const mtimeMs = statSync(join(dir, 'a.html')).mtimeMs;
    const previous = { 'a.html': { key: 'ka', size: 9, mtimeMs, md5: 'recorded' } };
    expect((await recordFiles(dir, new Map([['a.html', 'ka']]), previous))['a.html']?.md5).toBe('recorded');
    expect((await recordFiles(dir, new Map([['a.html', 'kb']]), previous))['a.html']?.md5).toBe(md5('new bytes'));
  });

  it('keeps the MD5 of the very file the last output recorded, hard-linked under a new key, and hashes a copy', async () => {
    const from = folderWith({ 'pagefind/index/a.pf_index': 'index bytes' });
    const dir = tempDir();
    mkdirSync(join(dir, 'pagefind/index'), { recursive: true });
    linkSync(join(from, 'pagefind/index/a.pf_index'), join(dir, 'pagefind/index/a.pf_index'));
    const { mtimeMs } = statSync(join(from, 'pagefind/index/a.pf_index'));
    const previous = { 'pagefind/index/a.pf_index': { key: 'old', size: 11, mtimeMs, md5: 'recorded' } };
    const keys = new Map([['pagefind/index/a.pf_index', 'new']]);
    expect((await recordFiles(dir, keys, previous, { from }))['pagefind/index/a.pf_index']?.md5).toBe('recorded');
    // Without the last output, or with a copy of its file (same size and mtime, another inode): read again.
    expect((await recordFiles(dir, keys, previous))['pagefind/index/a.pf_index']?.md5).toBe(md5('index bytes'));
    rmSync(join(dir, 'pagefind/index/a.pf_index'));
    copyFileSync(join(from, 'pagefind/index/a.pf_index'), join(dir, 'pagefind/index/a.pf_index'));
    // The same size and mtime as recorded: only the inode tells it from the last output's file.
    const copied = statSync(join(dir, 'pagefind/index/a.pf_index')).mtimeMs;
    const asCopied = { 'pagefind/index/a.pf_index': { ...previous['pagefind/index/a.pf_index'], mtimeMs: copied } };
    expect((await recordFiles(dir, keys, asCopied, { from }))['pagefind/index/a.pf_index']?.md5).toBe(md5('index bytes'));
  });

  it('keeps the record of a file linked from the last output under the same key without looking at it', async () => {
    const dir = folderWith({ 'b.html': 'bytes' });
    const known = { key: 'kb', size: 5, mtimeMs: 1, md5: 'recorded' };
    // Its size and mtime were found as recorded before it was linked (heldFiles): no stat now.
    expect((await recordFiles(dir, new Map([['b.html', 'kb']]), { 'b.html': known }, { linked: new Set(['b.html']) }))['b.html']).toEqual(
      known,
    );
    // Not linked, or under another key: looked at.
    const info = statSync(join(dir, 'b.html'));
    expect((await recordFiles(dir, new Map([['b.html', 'kb']]), { 'b.html': known }))['b.html']).toEqual({
      key: 'kb',
      size: 5,
      mtimeMs: info.mtimeMs,
      md5: md5('bytes'),
    });
    expect((await recordFiles(dir, new Map([['b.html', 'kc']]), { 'b.html': known }, { linked: new Set(['b.html']) }))['b.html']?.md5).toBe(
      md5('bytes'),
    );
  });

  it('hashes a file larger than one read chunk whole, as a small one', async () => {
    const big = 'x'.repeat(CHUNK + 3);
    const dir = folderWith({ 'big.bin': big, 'small.html': 'small' });
    const files = await recordFiles(
      dir,
      new Map([
        ['big.bin', 'kb'],
        ['small.html', 'ks'],
      ]),
    );
    expect([files['big.bin']?.size, files['big.bin']?.md5]).toEqual([CHUNK + 3, md5(big)]);
    expect(files['small.html']?.md5).toBe(md5('small'));
  });

  it('refuses to hash through a symbolic link put in place of a written file', async () => {
    const dir = folderWith({ 'a.html': 'a' });
    const outside = folderWith({ 'secret.txt': 'secret' });
    rmSync(join(dir, 'a.html'));
    symlinkSync(join(outside, 'secret.txt'), join(dir, 'a.html'));
    await expect(recordFiles(dir, new Map([['a.html', 'ka']]))).rejects.toMatchObject({ code: 'ELOOP' });
  });
});

describe('heldFiles', () => {
  it('holds every file left exactly as written, with its key', async () => {
    const dir = folderWith({ 'a.html': 'a', 'b/c.html': 'c' });
    const manifest = await manifestOf(dir, { 'a.html': 'ka', 'b/c.html': 'kc' });
    expect(heldFiles(dir, manifest)).toEqual(
      new Map([
        ['a.html', 'ka'],
        ['b/c.html', 'kc'],
      ]),
    );
  });

  it('leaves out a file whose size changed', async () => {
    const dir = folderWith({ 'a.html': 'a', 'b.html': 'b' });
    const manifest = await manifestOf(dir, { 'a.html': 'ka', 'b.html': 'kb' });
    const { mtime } = statSync(join(dir, 'a.html'));
    writeFileSync(join(dir, 'a.html'), 'a, edited by hand');
    utimesSync(join(dir, 'a.html'), mtime, mtime);
    expect(heldFiles(dir, manifest)).toEqual(new Map([['b.html', 'kb']]));
  });

  it('leaves out a file whose size changed, its mtime set back to the very one recorded', async () => {
    const dir = folderWith({ 'a.html': 'a', 'b.html': 'b' });
    // A whole second, which the file system keeps exactly.
    utimesSync(join(dir, 'a.html'), 1_700_000_000, 1_700_000_000);
    const manifest = await manifestOf(dir, { 'a.html': 'ka', 'b.html': 'kb' });
    writeFileSync(join(dir, 'a.html'), 'a, edited by hand');
    utimesSync(join(dir, 'a.html'), 1_700_000_000, 1_700_000_000);
    expect(statSync(join(dir, 'a.html')).mtimeMs).toBe(manifest.files['a.html']?.mtimeMs);
    expect(heldFiles(dir, manifest)).toEqual(new Map([['b.html', 'kb']]));
  });

  it('leaves out a file of the same size whose mtime changed', async () => {
    const dir = folderWith({ 'a.html': 'a', 'b.html': 'b' });
    const manifest = await manifestOf(dir, { 'a.html': 'ka', 'b.html': 'kb' });
    writeFileSync(join(dir, 'a.html'), 'A');
    const later = new Date(statSync(join(dir, 'a.html')).mtimeMs + 5000);
    utimesSync(join(dir, 'a.html'), later, later);
    expect(heldFiles(dir, manifest)).toEqual(new Map([['b.html', 'kb']]));
  });

  it('leaves out a file that is gone, and ignores files the manifest does not know', async () => {
    const dir = folderWith({ 'a.html': 'a', 'b.html': 'b' });
    const manifest = await manifestOf(dir, { 'a.html': 'ka', 'b.html': 'kb' });
    rmSync(join(dir, 'a.html'));
    writeFileSync(join(dir, 'added-by-hand.html'), 'x');
    expect(heldFiles(dir, manifest)).toEqual(new Map([['b.html', 'kb']]));
  });

  it('holds nothing for an empty manifest', async () => {
    const dir = folderWith({ 'a.html': 'a' });
    expect(heldFiles(dir, emptyManifest('tool-1'))).toEqual(new Map());
  });
});

describe('recordedFiles', () => {
  it('gives the files of the last build of a folder, whatever version of the tool wrote them', async () => {
    const cache = tempDir('ecom-cache-');
    const files = { 'a.html': { key: 'k', size: 1, mtimeMs: 1, md5: 'm' } };
    await writeManifest(cache, '/out/a', { ...emptyManifest('tool-1'), files });
    expect(await recordedFiles(cache, '/out/a')).toEqual(files);
    expect(await readManifest(cache, '/out/a', 'tool-2')).toEqual(emptyManifest('tool-2'));
  });

  it('gives nothing for a folder never built, another manifest format, one without files, or an unreadable one', async () => {
    const cache = tempDir('ecom-cache-');
    expect(await recordedFiles(cache, '/out/never')).toBeUndefined();
    await writeManifest(cache, '/out/old', { ...emptyManifest('tool-1'), version: 2, files: {} } as unknown as Manifest);
    expect(await recordedFiles(cache, '/out/old')).toBeUndefined();
    await writeManifest(cache, '/out/none', { ...emptyManifest('tool-1'), files: undefined } as unknown as Manifest);
    expect(await recordedFiles(cache, '/out/none')).toBeUndefined();
    writeFileSync(join(cache, manifestName('/out/broken')), '{ not json');
    expect(await recordedFiles(cache, '/out/broken')).toBeUndefined();
  });

  it('keeps each output folder’s manifest under builds/, named by the folder', () => {
    expect(manifestName('/out/a')).toMatch(/^builds\/[0-9a-f]{10}\.json$/);
    expect(manifestName('/out/a')).not.toBe(manifestName('/out/b'));
  });
});

describe('stamps', () => {
  it('gives each file’s size and mtime, which change when the file does', async () => {
    const dir = folderWith({ 'a.txt': 'abc', 'b/c.txt': 'hello' });
    const at = statSync(join(dir, 'a.txt')).mtimeMs;
    expect(await stamps(dir, ['a.txt', 'b/c.txt'])).toEqual({
      'a.txt': `3:${at}`,
      'b/c.txt': `5:${statSync(join(dir, 'b/c.txt')).mtimeMs}`,
    });
    const later = new Date(at + 5000);
    utimesSync(join(dir, 'a.txt'), later, later);
    const stamp = (await stamps(dir, ['a.txt']))['a.txt'];
    expect(stamp).toBe(`3:${statSync(join(dir, 'a.txt')).mtimeMs}`);
    expect(stamp).not.toBe(`3:${at}`);
    await expect(stamps(dir, ['gone.txt'])).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('carryOver', () => {
  it('hard-links a previous file into a new folder it makes, and copies over a file already there', async () => {
    const previous = folderWith({ 'en/a.html': 'a' });
    const next = tempDir('ecom-cache-out-');
    await carryOver(join(previous, 'en/a.html'), join(next, 'deep/en/a.html'));
    expect(statSync(join(next, 'deep/en/a.html')).ino).toBe(statSync(join(previous, 'en/a.html')).ino);
    // A link cannot replace a file: the bytes are copied instead.
    writeFileSync(join(next, 'b.html'), 'stale');
    await carryOver(join(previous, 'en/a.html'), join(next, 'b.html'));
    expect(readFileSync(join(next, 'b.html'), 'utf8')).toBe('a');
    expect(statSync(join(next, 'b.html')).ino).not.toBe(statSync(join(previous, 'en/a.html')).ino);
  });
});

describe('recordFiles, again', () => {
  it('hashes again a file whose size or mtime changed, or whose MD5 was never recorded', async () => {
    const dir = folderWith({ 'a.html': 'new bytes' });
    const { size, mtimeMs } = statSync(join(dir, 'a.html'));
    const keys = new Map([['a.html', 'ka']]);
    const md5Of = async (known: Manifest['files'][string]): Promise<string | undefined> =>
      (await recordFiles(dir, keys, { 'a.html': known }))['a.html']?.md5;
    expect(await md5Of({ key: 'ka', size, mtimeMs, md5: 'recorded' })).toBe('recorded');
    expect(await md5Of({ key: 'ka', size: size + 1, mtimeMs, md5: 'recorded' })).toBe(md5('new bytes'));
    expect(await md5Of({ key: 'ka', size, mtimeMs: mtimeMs + 1, md5: 'recorded' })).toBe(md5('new bytes'));
    expect(await md5Of({ key: 'ka', size, mtimeMs })).toBe(md5('new bytes'));
  });

  it('hashes every large file, more of them than are hashed at once', async () => {
    const files = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`big${i}.bin`, `${i}`.repeat(CHUNK + i)]));
    const dir = folderWith(files);
    const recorded = await recordFiles(dir, new Map(Object.keys(files).map((file) => [file, 'k'])));
    expect(Object.fromEntries(Object.entries(recorded).map(([file, r]) => [file, r.md5]))).toEqual(
      Object.fromEntries(Object.entries(files).map(([file, text]) => [file, md5(text)])),
    );
  });
});
