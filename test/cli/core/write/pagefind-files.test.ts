/**
 * A locale indexed again from a seed (cli/core/write/pagefind-files.ts): the fragments of its unchanged
 * pages are lent, Pagefind writes only the changed page's, and the folder ends byte for byte as an index
 * written without a seed, even when a lent file's name lies about its bytes; nothing is lent through a
 * symbolic link. The metadata is read by a small CBOR decoder, checked here against an encoder over
 * seeded random values. The lengthened-name check is tested on a folder made by hand: a real 7-digit clash
 * between two pages cannot be made to order.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import {
  decodeCbor,
  lendableFiles,
  pagefindHex,
  referencedFiles,
  seedIndex,
  settleSeeded,
} from '../../../../cli/core/write/pagefind-files.ts';
import { type IndexedPage, indexLocale } from '../../../../cli/core/write/search-index.ts';
import { folderWith, tempDir } from '../../../helpers/temp.ts';
import { random as randomFrom } from '../../../helpers/random.ts';

const LOCALES = DEFAULTS.locales;

/** Every file under `folder`, relative to it, with its bytes (hex) and inode. */
function filesOf(folder: string): Map<string, { bytes: string; inode: number }> {
  const found = new Map<string, { bytes: string; inode: number }>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    found.set(relative(folder, path), { bytes: readFileSync(path).toString('hex'), inode: statSync(path).ino });
  }
  return found;
}

const bytesOf = (files: Map<string, { bytes: string }>): Map<string, string> =>
  new Map([...files].map(([path, { bytes }]) => [path, bytes]));

/** A site of `count` Chinese pages with distinct words, page `edited` changed when given. */
function site(count: number, edited?: number): { dir: string; pages: IndexedPage[] } {
  const files: Record<string, string> = {};
  const pages: IndexedPage[] = [];
  for (let i = 0; i < count; i++) {
    const text = `第${i}页 控制台${i} 影像工作站 word${i}${i === edited ? ' 新增的说明 addedword' : ''}`;
    files[`p${i}.html`] =
      `<html><head><title>页 ${i}</title></head><body><main><h2 id="h${i}">标题${i}</h2><p>${text}</p></main></body></html>`;
    pages.push({ url: `/p${i}`, locale: 'zh', file: `p${i}.html` });
  }
  return { dir: folderWith(files), pages: pages.sort((a, b) => (a.url < b.url ? -1 : 1)) };
}

/** The fragment files of an index folder, relative to it. */
const fragmentsOf = (folder: string): string[] =>
  readdirSync(join(folder, 'fragment'))
    .map((name) => `fragment/${name}`)
    .sort();

/** Every page's URL but `edited`'s: the pages whose document did not change. */
const unchangedBut = (pages: readonly IndexedPage[], edited: number): Set<string> =>
  new Set(pages.map((page) => page.url).filter((url) => url !== `/p${edited}`));

describe('a seeded index', () => {
  it('writes only the changed page’s fragment and ends as an index written without a seed', async () => {
    const before = site(60);
    const seed = join(before.dir, 'pagefind');
    await indexLocale(before.dir, 'zh', before.pages, LOCALES, seed);

    const after = site(60, 7);
    const fresh = join(after.dir, 'fresh');
    const seeded = join(after.dir, 'seeded');
    await indexLocale(after.dir, 'zh', after.pages, LOCALES, fresh);
    const seedFiles = filesOf(seed);
    await indexLocale(after.dir, 'zh', after.pages, LOCALES, seeded, { seed: { folder: seed, unchanged: unchangedBut(after.pages, 7) } });

    const seededFiles = filesOf(seeded);
    expect(bytesOf(seededFiles)).toEqual(bytesOf(filesOf(fresh)));
    // Every fragment but the edited page's is the seed's own file (the same inode): Pagefind wrote one.
    const written = fragmentsOf(seeded).filter((file) => seededFiles.get(file)?.inode !== seedFiles.get(file)?.inode);
    expect(fragmentsOf(seeded)).toHaveLength(60);
    expect(written).toHaveLength(1);
    // The seed is as it was: nothing was written through a link.
    expect(bytesOf(filesOf(seed))).toEqual(bytesOf(seedFiles));
  });

  it('lends the fragments of unchanged pages only, each holding what its name says', async () => {
    const before = site(30);
    const seed = join(before.dir, 'pagefind');
    await indexLocale(before.dir, 'zh', before.pages, LOCALES, seed);
    const unchanged = unchangedBut(before.pages, 3);
    const fragmentsLent = async (into: string): Promise<string[]> =>
      (await seedIndex({ folder: seed, unchanged }, join(before.dir, into))).filter((file) => file.startsWith('fragment/'));
    expect(await fragmentsLent('a')).toHaveLength(29);

    // A fragment given another's bytes under its own name, as an edit of the previous output (or a disk's
    // error) would leave it, is not lent.
    const [tampered, other] = fragmentsOf(seed) as [string, string];
    writeFileSync(join(seed, tampered), readFileSync(join(seed, other)));
    const lent = await fragmentsLent('b');
    expect(lent).not.toContain(tampered);
    expect(lent.length).toBeGreaterThanOrEqual(27);

    const after = site(30, 3);
    const fresh = join(after.dir, 'fresh');
    const seeded = join(after.dir, 'seeded');
    await indexLocale(after.dir, 'zh', after.pages, LOCALES, fresh);
    await indexLocale(after.dir, 'zh', after.pages, LOCALES, seeded, { seed: { folder: seed, unchanged } });
    expect(bytesOf(filesOf(seeded))).toEqual(bytesOf(filesOf(fresh)));
  });

  it('stops lending at the first link it cannot make, and hands on only the files it linked', async () => {
    const before = site(20);
    const seed = join(before.dir, 'pagefind');
    await indexLocale(before.dir, 'zh', before.pages, LOCALES, seed);
    // The first word index cannot be linked (a file has its name): the fragments, lent first, are linked.
    const into = join(before.dir, 'into');
    const [firstIndex] = readdirSync(join(seed, 'index')).sort();
    mkdirSync(join(into, 'index'), { recursive: true });
    writeFileSync(join(into, 'index', firstIndex as string), 'in the way');
    const lent = await seedIndex({ folder: seed, unchanged: new Set(before.pages.map((page) => page.url)) }, into);
    expect(lent).toEqual(fragmentsOf(seed));
    expect(fragmentsOf(into)).toEqual(lent);
  });

  it('lends nothing through a symbolic link to a folder', async () => {
    const before = site(5);
    const real = join(before.dir, 'pagefind');
    await indexLocale(before.dir, 'zh', before.pages, LOCALES, real);
    const unchanged = new Set(before.pages.map((page) => page.url));
    mkdirSync(join(before.dir, 'linked'));
    symlinkSync(join(real, 'fragment'), join(before.dir, 'linked', 'fragment'));
    symlinkSync(real, join(before.dir, 'whole'));
    expect(await seedIndex({ folder: join(before.dir, 'linked'), unchanged }, join(before.dir, 'a'))).toEqual([]);
    expect(await seedIndex({ folder: join(before.dir, 'whole'), unchanged }, join(before.dir, 'b'))).toEqual([]);
    expect(
      (await seedIndex({ folder: real, unchanged }, join(before.dir, 'c'))).filter((file) => file.startsWith('fragment/')),
    ).toHaveLength(5);
  });

  it('has its loan ended when it fails, so that the folder can be removed', async () => {
    // A seed of 3,000 fragments, lent a batch at a time, and a site whose first page cannot be read: Pagefind's
    // run fails as soon as its service has started, while the loan is still being made.
    const seed = tempDir();
    mkdirSync(join(seed, 'fragment'));
    const unchanged = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const { name, bytes } = fragment(JSON.stringify({ url: `/p${i}` }));
      writeFileSync(join(seed, 'fragment', `${name}.pf_fragment`), bytes);
      unchanged.add(`/p${i}`);
    }
    const { dir, pages } = site(3);
    const into = join(dir, 'again');
    const failing = [{ url: '/a-gone', locale: 'zh', file: 'gone.html' }, ...pages];
    await expect(indexLocale(dir, 'zh', failing, LOCALES, into, { seed: { folder: seed, unchanged } })).rejects.toMatchObject({
      code: 'ENOENT',
    });
    const lent = (): number => readdirSync(join(into, 'fragment')).length;
    const atFailure = lent();
    for (let turn = 0; turn < 50; turn++) await new Promise((go) => setImmediate(go));
    expect(lent()).toBe(atFailure);
    expect(atFailure).toBe(3000);
  });

  it('stops before Pagefind starts once told to', async () => {
    const { dir, pages } = site(5);
    const stop = new AbortController();
    stop.abort();
    await expect(
      indexLocale(dir, 'zh', pages, LOCALES, join(dir, 'pagefind'), {
        seed: { folder: join(dir, 'none'), unchanged: new Set() },
        signal: stop.signal,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(existsSync(join(dir, 'pagefind', 'pagefind-entry.json'))).toBe(false);
  });

  it('refers, through its metadata, to every content-named file it holds and no other', async () => {
    const { dir, pages } = site(25);
    const folder = join(dir, 'pagefind');
    await indexLocale(dir, 'zh', pages, LOCALES, folder);
    const named = readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.pf_(meta|fragment|index|filter)$/.test(entry.name))
      .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
      .sort();
    expect([...(await referencedFiles(folder))].sort()).toEqual(named);
  });
});

/** A fragment file's bytes as Pagefind writes them, and its name with `digits` digits of its hash. */
function fragment(text: string, digits = 7): { name: string; bytes: Buffer } {
  const body = Buffer.from(text);
  const name = `zh_${pagefindHex(createHash('sha1').update(body).digest()).slice(0, digits)}`;
  return { name, bytes: gzipSync(Buffer.concat([Buffer.from('pagefind_dcd'), body])) };
}

/** A word index of an index folder: its file and the range of words it covers. */
interface Chunk {
  name: string;
  bytes: Buffer;
  from: string;
  to: string;
}

/**
 * An index folder of Pagefind's shape: its entry, metadata referring to the fragments `used` and the word
 * indexes `chunks`, and the files of those and of `extra` (fragments it does not refer to).
 */
function indexFolderOf(
  used: ReadonlyArray<{ name: string; bytes: Buffer }>,
  extra: ReadonlyArray<{ name: string; bytes: Buffer }> = [],
  chunks: readonly Chunk[] = [],
): string {
  const meta = encodeCbor(['1.6.0', used.map(({ name }) => [name, 3]), chunks.map(({ from, to, name }) => [from, to, name]), [], [], []]);
  const dir = folderWith({
    'pagefind-entry.json': JSON.stringify({ version: '1.6.0', languages: { zh: { hash: 'zh_00000000aa', page_count: used.length } } }),
  });
  writeFileSync(join(dir, 'pagefind.zh_00000000aa.pf_meta'), gzipSync(Buffer.concat([Buffer.from('pagefind_dcd'), Uint8Array.from(meta)])));
  for (const [folder, files] of [
    ['fragment', [...used, ...extra]],
    ['index', chunks],
  ] as const) {
    for (const { name, bytes } of files) {
      mkdirSync(join(dir, folder), { recursive: true });
      writeFileSync(join(dir, folder, `${name}.${folder === 'index' ? 'pf_index' : 'pf_fragment'}`), bytes);
    }
  }
  return dir;
}

describe('what a seed lends, and what is left after', () => {
  it('leaves out every file whose first 7 digits another of its folder shares', async () => {
    const folder = folderWith({
      'fragment/zh_1111111.pf_fragment': '',
      'fragment/zh_2222222.pf_fragment': '',
      'fragment/zh_22222229.pf_fragment': '',
      'fragment/zh_3333333a.pf_fragment': '',
      'fragment/notes.txt': '',
      'index/zh_1111111.pf_index': '',
      'index/zh_4444444.pf_index': '',
      'index/zh_44444445.pf_index': '',
      'filter/zh_5555555.pf_filter': '',
      'pagefind.zh_6666666666.pf_meta': '',
    });
    expect(await lendableFiles(folder)).toEqual(['fragment/zh_1111111.pf_fragment', 'index/zh_1111111.pf_index']);
  });

  it('is dropped when the new index lengthened a name whose first digits a seeded file has', async () => {
    // The seeded file holds what its name says, but the new index also refers to a longer name of the same
    // first digits (as Pagefind names the second of two files sharing them): which of the two contents the
    // short name was meant for is unknown.
    const short = fragment('a page');
    const longer = { name: `${short.name}${fragment('a page', 8).name.slice(-1)}`, bytes: fragment('another page').bytes };
    const kept = fragment('a page kept');
    const gone = fragment('a page gone');
    const seed = indexFolderOf([short, kept, gone]);
    expect(await settleSeeded(indexFolderOf([short, longer, kept]), seed, [`fragment/${short.name}.pf_fragment`])).toBe(false);
    // The same index, its seeded files named apart: the seed stands, and what the index does not refer to goes.
    const apart = indexFolderOf([short, longer, kept], [gone]);
    expect(await settleSeeded(apart, seed, [`fragment/${kept.name}.pf_fragment`, `fragment/${gone.name}.pf_fragment`])).toBe(true);
    expect(existsSync(join(apart, 'fragment', `${gone.name}.pf_fragment`))).toBe(false);
    expect(existsSync(join(apart, 'fragment', `${kept.name}.pf_fragment`))).toBe(true);
    // A fragment folder the removal empties goes too, as an index with no fragment has none.
    const empty = indexFolderOf([], [gone]);
    expect(await settleSeeded(empty, seed, [`fragment/${gone.name}.pf_fragment`])).toBe(true);
    expect(existsSync(join(empty, 'fragment'))).toBe(false);
  });

  it('is dropped when a lent word index the new index keeps covers other words than it did', async () => {
    const page = fragment('a page');
    const chunk = { ...fragment('words'), from: '安装', to: '保存' };
    const seed = indexFolderOf([page], [], [chunk]);
    const lent = [`index/${chunk.name}.pf_index`];
    expect(await settleSeeded(indexFolderOf([page], [], [chunk]), seed, lent)).toBe(true);
    // The name a changed range took is a dropped one's: its file holds the dropped range's words.
    expect(await settleSeeded(indexFolderOf([page], [], [{ ...chunk, to: '数据' }]), seed, lent)).toBe(false);
  });

  it('reads no metadata through a symbolic link: the loan is dropped', async () => {
    const page = fragment('a page');
    const seed = indexFolderOf([page]);
    const outside = indexFolderOf([page]);
    rmSync(join(seed, 'pagefind-entry.json'));
    symlinkSync(join(outside, 'pagefind-entry.json'), join(seed, 'pagefind-entry.json'));
    expect(await settleSeeded(indexFolderOf([page]), seed, [`fragment/${page.name}.pf_fragment`])).toBe(false);
    expect(await settleSeeded(indexFolderOf([page]), outside, [`fragment/${page.name}.pf_fragment`])).toBe(true);
  });
});

describe('pagefindHex', () => {
  it('spells each byte without a leading zero, as Pagefind names its files', () => {
    const digest = createHash('sha1').update('').digest();
    expect(digest.toString('hex')).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(pagefindHex(digest)).toBe('da39a3ee5e6b4bd3255bfef95601890afd879');
  });
});

/** The shortest CBOR encoding of a value made of non-negative and negative integers, texts, byte strings, arrays, maps and booleans. */
function encodeCbor(value: unknown): number[] {
  const head = (major: number, n: number): number[] => {
    if (n < 24) return [(major << 5) | n];
    const size = n < 256 ? 1 : n < 65536 ? 2 : n < 2 ** 32 ? 4 : 8;
    const bytes: number[] = [];
    for (let i = size - 1; i >= 0; i--) bytes.push(Math.floor(n / 256 ** i) % 256);
    return [(major << 5) | { 1: 24, 2: 25, 4: 26, 8: 27 }[size]!, ...bytes];
  };
  if (typeof value === 'boolean') return [value ? 0xf5 : 0xf4];
  if (value === null) return [0xf6];
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = [...new TextEncoder().encode(value)];
    return [...head(3, bytes.length), ...bytes];
  }
  if (value instanceof Uint8Array) return [...head(2, value.length), ...value];
  if (Array.isArray(value)) return [...head(4, value.length), ...value.flatMap(encodeCbor)];
  const map = value as Map<unknown, unknown>;
  return [...head(5, map.size), ...[...map].flatMap(([k, v]) => [...encodeCbor(k), ...encodeCbor(v)])];
}

describe('decodeCbor', () => {
  it('decodes what an encoder wrote, for seeded random values', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const random = randomFrom(seed);
      const int = (max: number): number => Math.floor(random() * max);
      const value = (depth: number): unknown => {
        const kind = int(depth > 3 ? 5 : 8);
        if (kind === 0) return [0, 23, 24, 255, 256, 65535, 65536, 2 ** 32, 2 ** 40][int(9)];
        if (kind === 1) return -1 - int(100000);
        if (kind === 2) return ['', 'zh_a57c8e7', '影像工作站', 'x'.repeat(int(300)), '\u0000é😀'][int(5)];
        if (kind === 3) return Uint8Array.from({ length: int(40) }, () => int(256));
        if (kind === 4) return [true, false, null][int(3)];
        if (kind === 5 || kind === 6) return Array.from({ length: int(6) }, () => value(depth + 1));
        return new Map(Array.from({ length: int(4) }, (_, i) => [`k${i}`, value(depth + 1)]));
      };
      for (let round = 0; round < 50; round++) {
        const original = value(0);
        expect(decodeCbor(Uint8Array.from(encodeCbor(original)))).toEqual(original);
      }
    }
  });

  it('refuses a truncated item, bytes after it, indefinite lengths, tags and floats', () => {
    const whole = encodeCbor(['zh_a57c8e7', [1, 2, 3]]);
    for (let cut = 0; cut < whole.length; cut++) expect(() => decodeCbor(Uint8Array.from(whole.slice(0, cut)))).toThrow();
    expect(() => decodeCbor(Uint8Array.from([...whole, 0]))).toThrow(/after/);
    expect(() => decodeCbor(Uint8Array.from([0x9f, 0x01, 0xff]))).toThrow(/indefinite/);
    expect(() => decodeCbor(Uint8Array.from([0xc1, 0x01]))).toThrow(/tags/);
    expect(() => decodeCbor(Uint8Array.from([0xfb, 0, 0, 0, 0, 0, 0, 0, 0]))).toThrow(/floats/);
    // An array claiming more items than there are bytes is refused before anything is made.
    expect(() => decodeCbor(Uint8Array.from([0x9b, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]))).toThrow(/truncated/);
  });
});
