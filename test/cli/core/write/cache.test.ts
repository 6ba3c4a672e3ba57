import { createHash } from 'node:crypto';
/** The persistent build cache (cli/core/write/cache.ts; docs/performance.md, "Caches"): manifests and what the output still holds. */
import { mkdirSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyManifest, heldFiles, readManifest, recordFiles, writeManifest, type Manifest } from '../../../../cli/core/write/cache.ts';
import { CHUNK } from '../../../../cli/core/common/md5-file.ts';
import { tempDir } from '../../../helpers/cli.ts';

/** An output folder holding `files` (path -> text). */
function outputWith(files: Record<string, string>): string {
  const dir = tempDir('ecom-cache-out-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

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
    const dir = outputWith({ 'index.html': '<p>hi</p>', 'en/DROC.html': 'droc' });
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
    const dir = outputWith({ 'a.html': 'new bytes' });
    const mtimeMs = statSync(join(dir, 'a.html')).mtimeMs;
    const previous = { 'a.html': { key: 'ka', size: 9, mtimeMs, md5: 'recorded' } };
    expect((await recordFiles(dir, new Map([['a.html', 'ka']]), previous))['a.html']?.md5).toBe('recorded');
    expect((await recordFiles(dir, new Map([['a.html', 'kb']]), previous))['a.html']?.md5).toBe(md5('new bytes'));
  });

  it('hashes a file larger than one read chunk whole, as a small one', async () => {
    const big = 'x'.repeat(CHUNK + 3);
    const dir = outputWith({ 'big.bin': big, 'small.html': 'small' });
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
    const dir = outputWith({ 'a.html': 'a' });
    const outside = outputWith({ 'secret.txt': 'secret' });
    rmSync(join(dir, 'a.html'));
    symlinkSync(join(outside, 'secret.txt'), join(dir, 'a.html'));
    await expect(recordFiles(dir, new Map([['a.html', 'ka']]))).rejects.toMatchObject({ code: 'ELOOP' });
  });
});

describe('heldFiles', () => {
  it('holds every file left exactly as written, with its key', async () => {
    const dir = outputWith({ 'a.html': 'a', 'b/c.html': 'c' });
    const manifest = await manifestOf(dir, { 'a.html': 'ka', 'b/c.html': 'kc' });
    expect(await heldFiles(dir, manifest)).toEqual(
      new Map([
        ['a.html', 'ka'],
        ['b/c.html', 'kc'],
      ]),
    );
  });

  it('leaves out a file whose size changed', async () => {
    const dir = outputWith({ 'a.html': 'a', 'b.html': 'b' });
    const manifest = await manifestOf(dir, { 'a.html': 'ka', 'b.html': 'kb' });
    const { mtime } = statSync(join(dir, 'a.html'));
    writeFileSync(join(dir, 'a.html'), 'a, edited by hand');
    utimesSync(join(dir, 'a.html'), mtime, mtime);
    expect(await heldFiles(dir, manifest)).toEqual(new Map([['b.html', 'kb']]));
  });

  it('leaves out a file of the same size whose mtime changed', async () => {
    const dir = outputWith({ 'a.html': 'a', 'b.html': 'b' });
    const manifest = await manifestOf(dir, { 'a.html': 'ka', 'b.html': 'kb' });
    writeFileSync(join(dir, 'a.html'), 'A');
    const later = new Date(statSync(join(dir, 'a.html')).mtimeMs + 5000);
    utimesSync(join(dir, 'a.html'), later, later);
    expect(await heldFiles(dir, manifest)).toEqual(new Map([['b.html', 'kb']]));
  });

  it('leaves out a file that is gone, and ignores files the manifest does not know', async () => {
    const dir = outputWith({ 'a.html': 'a', 'b.html': 'b' });
    const manifest = await manifestOf(dir, { 'a.html': 'ka', 'b.html': 'kb' });
    rmSync(join(dir, 'a.html'));
    writeFileSync(join(dir, 'added-by-hand.html'), 'x');
    expect(await heldFiles(dir, manifest)).toEqual(new Map([['b.html', 'kb']]));
  });

  it('holds nothing for an empty manifest', async () => {
    const dir = outputWith({ 'a.html': 'a' });
    expect(await heldFiles(dir, emptyManifest('tool-1'))).toEqual(new Map());
  });
});
