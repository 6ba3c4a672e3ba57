/**
 * The search stage on its own (cli/core/write/search-stage.ts), on folders of a page or two: a build carries
 * a locale's index over by hard links when its key and every file are as before, and indexes it anew
 * otherwise; `watch` swaps a changed locale's new index in whole, removes the index of a locale left
 * without pages, and leaves the served index as it was when indexing fails. The whole builds are in
 * search-stage.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import type { IndexJob } from '../../../../cli/core/write/search-index.ts';
import { emptySearchRecord, searchKeys, type SearchRecord } from '../../../../cli/core/write/search-keys.ts';
import { refreshSearchIndex, withoutIndex, writeSearchIndex } from '../../../../cli/core/write/search-stage.ts';
import { folderWith } from '../../../helpers/temp.ts';

const LOCALES = DEFAULTS.locales;
const PAGE = '<html><head><title>DROC</title></head><body><main><p>Zebraword console</p></main></body></html>';
const JOBS: IndexJob[] = [{ page: { route: '/DROC', locale: 'zh', fallback: false }, route: '/DROC', files: ['DROC.html'] }];
const FILE_KEYS = new Map([['DROC.html', 'k1']]);

/** The key the zh index of `JOBS` has in `dir`. */
async function zhKey(dir: string): Promise<string> {
  const { keys } = await searchKeys(dir, [{ url: '/DROC', locale: 'zh', file: 'DROC.html' }], FILE_KEYS, {}, LOCALES);
  return keys.get('zh') as string;
}

/** A previous output holding a zh index of two files, its record naming them with `key`. */
function previousIndex(key: string, held = ['pagefind/pagefind.js', 'pagefind/x.pf_meta']) {
  const dir = folderWith({ 'pagefind/pagefind.js': 'old js', 'pagefind/x.pf_meta': 'old meta' });
  const record: SearchRecord = { locales: { zh: { key, files: ['pagefind/pagefind.js', 'pagefind/x.pf_meta'] } }, docs: {} };
  return { dir, held: new Map(held.map((file) => [file, `held:${file}`])), record };
}

describe('withoutIndex', () => {
  it('leaves out every locale’s index files, and nothing else', () => {
    const held = new Map([
      ['pagefind/pagefind.js', 'a'],
      ['en/pagefind/x', 'b'],
      ['pagefind.html', 'c'],
      ['en/DROC.html', 'd'],
    ]);
    expect(withoutIndex(held, LOCALES)).toEqual(
      new Map([
        ['pagefind.html', 'c'],
        ['en/DROC.html', 'd'],
      ]),
    );
  });
});

describe('writeSearchIndex', () => {
  it('carries a locale’s index over by hard links when its key and every file are as before', async () => {
    const dir = folderWith({ 'DROC.html': PAGE });
    const previous = previousIndex(await zhKey(dir));
    const stage = await writeSearchIndex(dir, JOBS, FILE_KEYS, previous, LOCALES);
    expect(stage.indexed).toEqual([]);
    // The same key and files, with the language and pages the next build may send Pagefind ahead.
    expect(stage.record.locales).toEqual({
      zh: { ...previous.record.locales.zh, language: 'zh', pages: [['/DROC', 'DROC.html']] },
    });
    expect(stage.keys).toEqual(
      new Map([
        ['pagefind/pagefind.js', 'held:pagefind/pagefind.js'],
        ['pagefind/x.pf_meta', 'held:pagefind/x.pf_meta'],
      ]),
    );
    for (const file of ['pagefind/pagefind.js', 'pagefind/x.pf_meta'])
      expect(statSync(join(dir, file)).ino).toBe(statSync(join(previous.dir, file)).ino);
    // No page in English: no English index, and no record of one.
    expect(existsSync(join(dir, 'en'))).toBe(false);
  });

  it('indexes a locale anew when its key changed, a file of its index is gone, or it had none', async () => {
    const dir = folderWith({ 'DROC.html': PAGE });
    const key = await zhKey(dir);
    const cases = {
      'key changed': previousIndex('another key'),
      'a file gone': previousIndex(key, ['pagefind/pagefind.js']),
      'no files': { ...previousIndex(key), record: { locales: { zh: { key, files: [] } }, docs: {} } },
      'no record': { ...previousIndex(key), record: emptySearchRecord() },
    };
    const made: Array<[string, string]> = [];
    for (const [name, previous] of Object.entries(cases)) {
      const out = folderWith({ 'DROC.html': PAGE });
      const stage = await writeSearchIndex(out, JOBS, FILE_KEYS, previous, LOCALES);
      expect(stage.indexed, name).toEqual(['zh']);
      const files = stage.record.locales.zh?.files ?? [];
      expect(files, name).toContain('pagefind/pagefind.js');
      expect(
        files.every((file) => file.startsWith('pagefind/')),
        name,
      ).toBe(true);
      expect([...stage.keys.keys()].sort(), name).toEqual([...files].sort());
      expect(readFileSync(join(out, 'pagefind/pagefind.js'), 'utf8'), name).not.toBe('old js');
      made.push([JSON.stringify(stage.record), JSON.stringify([...stage.keys])]);
    }
    // The same pages give the same record and keys, whatever the previous output held.
    expect(new Set(made.map((m) => m.join())).size).toBe(1);
    // A key names the locale's key and the file: another file, another key.
    const keys = JSON.parse(made[0]?.[1] ?? '[]') as Array<[string, string]>;
    expect(new Set(keys.map(([, k]) => k)).size).toBe(keys.length);
  });
});

describe('writeSearchIndex, when a kept file cannot be carried over', () => {
  it('fails only once every link under way has ended, and starts none after the failure', async () => {
    const dir = folderWith({ 'DROC.html': PAGE });
    const key = await zhKey(dir);
    // 200 index files held; the fifth is gone from the previous output (deleted by hand since it was checked).
    const files = Array.from({ length: 200 }, (_, i) => `pagefind/fragment/f${String(i).padStart(3, '0')}.pf_fragment`);
    const previousDir = folderWith(Object.fromEntries(files.filter((_, i) => i !== 4).map((file) => [file, file])));
    const previous = {
      dir: previousDir,
      held: new Map(files.map((file) => [file, `held:${file}`])),
      record: { locales: { zh: { key, files } }, docs: {} } satisfies SearchRecord,
    };
    await expect(writeSearchIndex(dir, JOBS, FILE_KEYS, previous, LOCALES)).rejects.toThrow(/ENOENT/);
    const linked = (): number => readdirSync(join(dir, 'pagefind', 'fragment')).length;
    const atFailure = linked();
    // Nothing still running adds a file afterwards (the folder may now be removed safely).
    for (let turn = 0; turn < 50; turn++) await new Promise((go) => setImmediate(go));
    expect(linked()).toBe(atFailure);
    expect(atFailure).toBeLessThan(files.length - 1);
  });
});

describe('refreshSearchIndex', () => {
  it('swaps a changed locale’s new index in whole, leaving nothing beside it', async () => {
    const dir = folderWith({ 'DROC.html': PAGE, 'pagefind/stale.txt': 'old index' });
    const swapped: string[] = [];
    const record = await refreshSearchIndex(dir, JOBS, FILE_KEYS, emptySearchRecord(), LOCALES, (l) => swapped.push(l));
    expect(swapped).toEqual(['zh']);
    const files = readdirSync(join(dir, 'pagefind'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
      .sort();
    expect(record.locales).toEqual({ zh: { key: await zhKey(dir), files } });
    expect(files).toContain('pagefind/pagefind.js');
    expect(files).not.toContain('pagefind/stale.txt');
    expect(readdirSync(dir).sort()).toEqual(['DROC.html', 'pagefind']);
  });

  it('indexes a locale whose key is unchanged when its folder is gone', async () => {
    const dir = folderWith({ 'DROC.html': PAGE });
    const served: SearchRecord = { locales: { zh: { key: await zhKey(dir), files: ['pagefind/pagefind.js'] } }, docs: {} };
    const swapped: string[] = [];
    await refreshSearchIndex(dir, JOBS, FILE_KEYS, served, LOCALES, (l) => swapped.push(l));
    expect(swapped).toEqual(['zh']);
    expect(existsSync(join(dir, 'pagefind', 'pagefind.js'))).toBe(true);
  });

  it('leaves the served index as it was when indexing fails, with no temporary folder left', async () => {
    const dir = folderWith({ 'pagefind/pagefind.js': 'served' });
    // The page is known by its file key, so it is read only by the indexer, which finds it gone.
    const served: SearchRecord = { locales: {}, docs: { 'DROC.html': ['k1', 'abc'] } };
    const swapped: string[] = [];
    await expect(refreshSearchIndex(dir, JOBS, FILE_KEYS, served, LOCALES, (l) => swapped.push(l))).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(swapped).toEqual([]);
    expect(readFileSync(join(dir, 'pagefind', 'pagefind.js'), 'utf8')).toBe('served');
    expect(readdirSync(dir)).toEqual(['pagefind']);
  });
});
