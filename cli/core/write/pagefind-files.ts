/**
 * The content-named files of a locale's last index, lent to its next (docs/search.md, "How it fits the
 * build"). Pagefind names each page's fragment and each word index (the words of one alphabetical range,
 * with the pages holding them) by the SHA-1 of its content, and skips writing (and compressing) any file of
 * that name already in its output folder. A locale indexed again is therefore first given, as hard links,
 * its last index's fragments of unchanged pages and its word indexes: after one edited page Pagefind writes
 * that page's fragment, the word indexes it changed and the metadata, not thousands of files.
 *
 * The folder must end byte for byte as an index written from nothing, so what is lent must be what the new
 * index would write under that name:
 * - a file whose bytes are not those its name says (changed after it was written) is not lent;
 * - a fragment is lent only for a page of the same URL and document, whose fragment the new index makes
 *   again;
 * - a name Pagefind lengthened (two files of a build sharing their first 7 digits) is not lent, and an index
 *   that lengthens a name a lent file has is written again without the loan: which of the two contents the
 *   shorter name holds depends on the order they came in;
 * - a word index kept by the new index must cover the same range of words as it did: a changed range
 *   whose new name were by chance a dropped one's would otherwise keep the dropped one's bytes.
 * What is left is a word index whose range stayed and whose content changed taking, by chance, its old
 * name: about one chance in 2^28 for each word index an edit changes.
 */
import { createHash } from 'node:crypto';
import { lstatSync, rmdirSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gunzipSync } from 'node:zlib';
import { folderLinker } from '../common/files.ts';
import { openNoFollow, readNoFollowSync } from '../common/md5-file.ts';

const gunzipAsync = promisify(gunzip);

/** The folders of the files lent, inside an index folder: fragments and word indexes. */
const LENT: ReadonlyArray<readonly [folder: string, extension: string]> = [
  ['fragment', 'pf_fragment'],
  ['index', 'pf_index'],
];

/** A content-named file's name: its hash (language, `_`, hex digits) and extension; the metadata's starts with `pagefind.`. */
const NAME = /^(?:pagefind\.)?([a-z0-9-]+_[0-9a-f]+)\.(pf_[a-z]+)$/;

/** The digits of Pagefind's shortest names, after the language and `_`. */
const SHORTEST = 7;

/** What every one of Pagefind's content-named files starts with once decompressed. */
const SIGNATURE = 'pagefind_dcd';

/** The hex digits of a content-named file's hash (`fragment/zh_1a2b3c4.pf_fragment`: `1a2b3c4`). */
function digitsOf(file: string): string {
  const hash = NAME.exec(basename(file))?.[1] ?? '';
  return hash.slice(hash.lastIndexOf('_') + 1);
}

/** A file's folder and the first 7 digits of its name: two files of one group could swap names. */
const groupOf = (file: string): string => `${dirname(file)}/${digitsOf(file).slice(0, SHORTEST)}`;

/**
 * The fragments and word indexes of the index folder `folder` that may be lent, relative to it: those whose
 * names are the shortest and share their first digits with no other file of their folder.
 */
export async function lendableFiles(folder: string): Promise<string[]> {
  // The folders themselves, not where a link leads: nothing outside the output is lent.
  if (!lstatSync(folder, { throwIfNoEntry: false })?.isDirectory()) return [];
  const files: string[] = [];
  for (const [sub, extension] of LENT) {
    if (!lstatSync(join(folder, sub), { throwIfNoEntry: false })?.isDirectory()) continue;
    for (const entry of await readdir(join(folder, sub), { withFileTypes: true }))
      if (entry.isFile() && !entry.name.startsWith('pagefind.') && NAME.exec(entry.name)?.[2] === extension)
        files.push(`${sub}/${entry.name}`);
  }
  const count = new Map<string, number>();
  for (const file of files) count.set(groupOf(file), (count.get(groupOf(file)) ?? 0) + 1);
  return files.filter((file) => digitsOf(file).length === SHORTEST && count.get(groupOf(file)) === 1).sort();
}

/** Files read or linked between two turns of the event loop: `watch` serves while its index is made. */
const BATCH = 128;

/** Runs `task` on each of `items` synchronously, `BATCH` at a time, letting the event loop turn between batches. */
async function inBatches<T>(items: readonly T[], task: (item: T) => void, signal?: AbortSignal): Promise<void> {
  for (let from = 0; from < items.length; from += BATCH) {
    if (from > 0) await new Promise((go) => setImmediate(go));
    signal?.throwIfAborted();
    for (const item of items.slice(from, from + BATCH)) task(item);
  }
}

/** The last index of a locale, and the URLs of its pages whose document (title and main content) is unchanged. */
export interface Seed {
  folder: string;
  unchanged: ReadonlySet<string>;
}

/**
 * Gives the new index folder `into` the files of `seed` that may be lent, hard-linked, and returns them,
 * relative to `into`. Each is read first: one whose bytes are not those its name says, or a fragment of a
 * page that changed, is left out. Synchronous calls in batches: for thousands of small files the thread
 * pool's promises cost several times the calls themselves. Where links cannot be made (another file
 * system) it stops: a seed only saves work.
 */
export async function seedIndex(seed: Seed, into: string, signal?: AbortSignal): Promise<string[]> {
  const files = await lendableFiles(seed.folder);
  const linked: string[] = [];
  const link = folderLinker();
  let linking = true;
  await inBatches(
    files,
    (file) => {
      if (!linking) return;
      const body = bodyOf(join(seed.folder, file));
      if (body === undefined) return;
      if (file.startsWith('fragment/') && !seed.unchanged.has(fragmentUrl(body) as string)) return;
      if (link(join(seed.folder, file), join(into, file))) linked.push(file);
      else linking = false;
    },
    signal,
  );
  return linked;
}

/**
 * A content-named file's content, when its bytes are those its name says: decompressed, Pagefind's
 * signature, then the content whose SHA-1 (as Pagefind spells it) begins with the name's digits.
 */
function bodyOf(path: string): Buffer | undefined {
  try {
    const bytes = gunzipSync(readNoFollowSync(path));
    if (bytes.subarray(0, SIGNATURE.length).toString('latin1') !== SIGNATURE) return undefined;
    const body = bytes.subarray(SIGNATURE.length);
    return pagefindHex(createHash('sha1').update(body).digest()).startsWith(digitsOf(path)) ? body : undefined;
  } catch {
    return undefined;
  }
}

/** As `readNoFollowSync`, through the thread pool. */
async function readNoFollow(path: string): Promise<Buffer> {
  const file = await openNoFollow(path);
  try {
    return await file.readFile();
  } finally {
    await file.close();
  }
}

/** The URL a fragment's content (JSON) is of. */
function fragmentUrl(body: Buffer): string | undefined {
  try {
    const { url } = JSON.parse(body.toString('utf8')) as { url?: unknown };
    return typeof url === 'string' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Settles a seeded index folder once Pagefind has written into it: a lent file the new index does not refer
 * to is removed, and a folder that leaves empty too. False when the folder cannot be trusted (it is then to
 * be written again without a seed): the metadata of either index cannot be read, Pagefind lengthened a name
 * whose first digits a lent file has, or a lent word index the new index keeps covers other words than it
 * did in `seed`'s.
 */
export async function settleSeeded(into: string, seed: string, seeded: readonly string[], signal?: AbortSignal): Promise<boolean> {
  let now: IndexMeta;
  let before: IndexMeta;
  try {
    [now, before] = [await readMeta(into), await readMeta(seed)];
  } catch {
    return false;
  }
  const lent = new Set(seeded.map(groupOf));
  for (const file of now.files.keys()) if (digitsOf(file).length > SHORTEST && lent.has(groupOf(file))) return false;
  for (const file of seeded) if (now.files.has(file) && now.files.get(file) !== before.files.get(file)) return false;
  await inBatches(seeded, (file) => now.files.has(file) || rmSync(join(into, file), { force: true }), signal);
  for (const [sub] of LENT) {
    try {
      rmdirSync(join(into, sub));
    } catch {
      // Not empty (the usual case), or not there.
    }
  }
  return true;
}

/** A digest as Pagefind spells it: each byte in lower-case hex without a leading zero (`{:x?}`). */
export function pagefindHex(digest: Uint8Array): string {
  let hex = '';
  for (const byte of digest) hex += byte.toString(16);
  return hex;
}

/** What an index's metadata says of its content-named files: each file it refers to, with what it stands for. */
interface IndexMeta {
  /** By path in the index folder: a word index's range of words (`from`, NUL, `to`); '' for the others. */
  files: Map<string, string>;
}

/**
 * Reads the metadata of the index in `folder`: from `pagefind-entry.json`, each language's metadata file,
 * and from that, its pages' fragments, its word indexes and their ranges, and its filter indexes.
 */
async function readMeta(folder: string): Promise<IndexMeta> {
  const entry = JSON.parse((await readNoFollow(join(folder, 'pagefind-entry.json'))).toString('utf8')) as {
    languages: Record<string, { hash: string }>;
  };
  const files = new Map<string, string>();
  for (const { hash } of Object.values(entry.languages)) {
    const name = `pagefind.${hash}.pf_meta`;
    files.set(name, '');
    const bytes = await gunzipAsync(await readNoFollow(join(folder, name)));
    if (bytes.subarray(0, SIGNATURE.length).toString('latin1') !== SIGNATURE) throw new Error(`${name}: not Pagefind's`);
    // MetaIndex: [version, pages [[hash, word count]], index chunks [[from, to, hash]], filters [[filter, hash]], ...].
    const [, pages, chunks, filters] = arrayOf(decodeCbor(bytes.subarray(SIGNATURE.length)));
    for (const page of arrayOf(pages)) files.set(`fragment/${textOf(arrayOf(page)[0])}.pf_fragment`, '');
    for (const chunk of arrayOf(chunks)) {
      const [from, to, chunkHash] = arrayOf(chunk);
      files.set(`index/${textOf(chunkHash)}.pf_index`, `${textOf(from)}\u0000${textOf(to)}`);
    }
    for (const filter of arrayOf(filters)) files.set(`filter/${textOf(arrayOf(filter)[1])}.pf_filter`, '');
  }
  return { files };
}

/** The content-named files the index in `folder` refers to, relative to it. */
export async function referencedFiles(folder: string): Promise<Set<string>> {
  return new Set((await readMeta(folder)).files.keys());
}

function arrayOf(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new Error('Pagefind metadata: an array was expected');
  return value;
}

function textOf(value: unknown): string {
  if (typeof value !== 'string') throw new Error('Pagefind metadata: a text was expected');
  return value;
}

/**
 * Decodes one CBOR item (RFC 8949) of the kinds Pagefind's metadata holds: unsigned and negative integers,
 * byte and text strings, arrays and maps of definite length, and simple values. Anything else (indefinite
 * lengths, tags, floats) throws, as does a truncated or over-long input.
 */
export function decodeCbor(bytes: Uint8Array): unknown {
  const text = new TextDecoder('utf-8', { fatal: true });
  let at = 0;
  const byte = (): number => {
    if (at >= bytes.length) throw new Error('CBOR: truncated');
    return bytes[at++] as number;
  };
  const argument = (info: number): number => {
    if (info < 24) return info;
    const size = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : info === 27 ? 8 : 0;
    if (size === 0) throw new Error('CBOR: indefinite or reserved length');
    let value = 0;
    for (let i = 0; i < size; i++) value = value * 256 + byte();
    if (!Number.isSafeInteger(value)) throw new Error('CBOR: a value beyond the safe integers');
    return value;
  };
  const item = (): unknown => {
    const head = byte();
    const major = head >> 5;
    const info = head & 31;
    if (major === 7) {
      if (info === 20) return false;
      if (info === 21) return true;
      if (info === 22 || info === 23) return null;
      throw new Error('CBOR: floats and other simple values are not expected');
    }
    const value = argument(info);
    switch (major) {
      case 0:
        return value;
      case 1:
        return -1 - value;
      case 2:
      case 3: {
        if (at + value > bytes.length) throw new Error('CBOR: truncated');
        const slice = bytes.subarray(at, at + value);
        at += value;
        return major === 2 ? Uint8Array.from(slice) : text.decode(slice);
      }
      case 4:
        // Each item takes a byte at least: a length the input cannot hold is refused before anything is made.
        if (value > bytes.length - at) throw new Error('CBOR: truncated');
        return Array.from({ length: value }, item);
      case 5: {
        if (2 * value > bytes.length - at) throw new Error('CBOR: truncated');
        const map = new Map<unknown, unknown>();
        for (let i = 0; i < value; i++) map.set(item(), item());
        return map;
      }
      default:
        throw new Error('CBOR: tags are not expected');
    }
  };
  const decoded = item();
  if (at !== bytes.length) throw new Error('CBOR: bytes after the item');
  return decoded;
}
