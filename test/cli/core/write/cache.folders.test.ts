/**
 * A build carries thousands of unchanged files over from its previous output into a few folders
 * (cli/core/write/cache.ts `carryOver`): with one `folderMaker`, each folder is made once, counted by
 * wrapping `mkdir`.
 */
import { describe, expect, it, vi } from 'vitest';

const made = vi.hoisted(() => ({ calls: [] as string[] }));

vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  return {
    ...fs,
    mkdir: ((path: string, options: unknown) => {
      made.calls.push(path);
      return fs.mkdir(path, options as never);
    }) as typeof fs.mkdir,
  };
});

const { mkdirSync, statSync, writeFileSync } = await import('node:fs');
const { join } = await import('node:path');
const { carryOver, folderMaker } = await import('../../../../cli/core/write/cache.ts');
const { tempDir } = await import('../../../helpers/cli.ts');

describe('carryOver with one folderMaker', () => {
  it('makes each folder once, however many files go into it, and links each file', async () => {
    const from = tempDir();
    const to = join(tempDir(), 'dist');
    mkdirSync(join(from, 'en'));
    const files = Array.from({ length: 40 }, (_, i) => (i % 2 ? `en/p${i}.html` : `p${i}.html`));
    for (const file of files) writeFileSync(join(from, file), file);
    made.calls = [];
    const folderOf = folderMaker();
    await Promise.all(files.map((file) => carryOver(join(from, file), join(to, file), folderOf)));
    // Two folders, one call each, though the 40 carries all started before the first folder was made.
    expect(made.calls.sort()).toEqual([to, join(to, 'en')].sort());
    made.calls = [];
    await carryOver(join(from, 'p0.html'), join(to, 'again.html'), folderOf);
    expect(made.calls).toEqual([]);
    for (const file of files) expect(statSync(join(to, file)).ino).toBe(statSync(join(from, file)).ino);
  });
});
