/**
 * Pagefind's content-named files, reused when a locale is indexed again (docs/performance.md, "Search
 * index"). Pagefind names its fragments and its word and filter indexes by the SHA-1 of their content and
 * skips writing (and compressing) any that is already in its output folder. A locale indexed again is
 * therefore given its previous index's files first (hard links): after one edited page Pagefind writes a
 * handful of files instead of thousands. What it did not need is removed after.
 *
 * A name is the shortest prefix of the hash (7 digits at least) that no other file of the same build has.
 * Reuse is safe when a name holds one content only, so the seed leaves out the metadata (always rewritten)
 * and any file whose name shares its first 7 digits with another (Pagefind lengthened one of them, in an
 * order the next build may not keep); a build that lengthens a name whose 7 digits a seeded file has is
 * written again without the seed, and each seeded file kept is checked against its name (a file changed
 * after it was written). What no check can see is a changed file whose new name is, by chance, that of a
 * file it no longer needs: the seed makes it no likelier than Pagefind's own reuse of its folder, about one
 * in 2^28 for each such pair, and a page's next change rewrites it.
 */
import { createHash } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gunzipSync } from 'node:zlib';

const gunzipAsync = promisify(gunzip);

/** The folders of Pagefind's content-named files, by the extension of their files ('' is the index's own folder). */
const NAMED: ReadonlyArray<readonly [folder: string, extension: string]> = [
  ['', 'pf_meta'],
  ['fragment', 'pf_fragment'],
  ['index', 'pf_index'],
  ['filter', 'pf_filter'],
];

/** A content-named file's name: its hash (language, `_`, hex digits) and extension; the metadata's starts with `pagefind.`. */
const NAME = /^(?:pagefind\.)?([a-z0-9-]+_[0-9a-f]+)\.(pf_meta|pf_fragment|pf_index|pf_filter)$/;

/** The digits of Pagefind's shortest names, after the language and `_`. */
const SHORTEST = 7;

/** The hex digits of a content-named file's hash (`fragment/zh_1a2b3c4.pf_fragment`: `1a2b3c4`). */
function digitsOf(file: string): string {
  const hash = NAME.exec(basename(file))?.[1] ?? '';
  return hash.slice(hash.lastIndexOf('_') + 1);
}

/**
 * The files of `files` a seed may lend: fragments and word and filter indexes whose name is the shortest
 * and shares its first digits with no other file of its folder.
 */
export function seedable(files: readonly string[]): string[] {
  const count = new Map<string, number>();
  const group = (file: string): string => `${dirname(file)}/${digitsOf(file).slice(0, SHORTEST)}`;
  for (const file of files) count.set(group(file), (count.get(group(file)) ?? 0) + 1);
  return files.filter((file) => !file.endsWith('.pf_meta') && digitsOf(file).length === SHORTEST && count.get(group(file)) === 1);
}

/** What every one of these files starts with once decompressed. */
const SIGNATURE = 'pagefind_dcd';

/** The content-named files of the index folder `folder`, relative to it (plain files only). */
export async function namedFiles(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const [sub, extension] of NAMED) {
    const entries = await readdir(join(folder, sub), { withFileTypes: true }).catch(() => []);
    for (const entry of entries)
      if (entry.isFile() && NAME.exec(entry.name)?.[2] === extension) found.push(sub ? `${sub}/${entry.name}` : entry.name);
  }
  return found.sort();
}

/** Files linked or checked between two turns of the event loop: `watch` serves while its index is made. */
const BATCH = 128;

/** Runs `task` on each of `items` synchronously, `BATCH` at a time, letting the event loop turn between batches. */
async function inBatches<T>(items: readonly T[], task: (item: T) => void): Promise<void> {
  for (let from = 0; from < items.length; from += BATCH) {
    if (from > 0) await new Promise((go) => setImmediate(go));
    for (const item of items.slice(from, from + BATCH)) task(item);
  }
}

/**
 * Gives the new index folder `into` the content-named files of `seed` (the same locale's index as it was
 * last written), hard-linked, and returns those linked, relative to `into`. Synchronous calls in batches:
 * for thousands of small files the thread pool's promises cost several times the calls themselves. Where
 * links cannot be made (another file system) it stops: a seed only saves work.
 */
export async function seedIndex(seed: string, into: string): Promise<string[]> {
  const files = seedable(await namedFiles(seed));
  const linked: string[] = [];
  const made = new Set<string>();
  let linking = true;
  await inBatches(files, (file) => {
    if (!linking) return;
    const folder = dirname(join(into, file));
    try {
      if (!made.has(folder)) mkdirSync(folder, { recursive: true });
      made.add(folder);
      linkSync(join(seed, file), join(into, file));
      linked.push(file);
    } catch {
      linking = false;
    }
  });
  return linked;
}

/**
 * Settles a seeded index folder once Pagefind has written into it: a seeded file the new index does not
 * refer to is removed, and each one it does is checked against its name. False when the folder cannot be
 * trusted: the index's metadata cannot be read, Pagefind lengthened a name whose first digits a seeded file
 * has (which of the two contents that file holds is then unknown), or a kept file's bytes are not those its
 * name says. The index is then to be written again without a seed.
 */
export async function settleSeeded(into: string, seeded: readonly string[]): Promise<boolean> {
  let used: Set<string>;
  try {
    used = await referencedFiles(into);
  } catch {
    return false;
  }
  const lent = new Set(seeded.map((file) => `${dirname(file)}/${digitsOf(file)}`));
  for (const file of used) {
    const digits = digitsOf(file);
    if (!file.endsWith('.pf_meta') && digits.length > SHORTEST && lent.has(`${dirname(file)}/${digits.slice(0, SHORTEST)}`)) return false;
  }
  let trusted = true;
  await inBatches(seeded, (file) => {
    if (!used.has(file)) rmSync(join(into, file), { force: true });
    else if (trusted) trusted = namedAfterContent(join(into, file));
  });
  return trusted;
}

/** True when a content-named file's bytes, decompressed, hash to the SHA-1 its name begins (as Pagefind writes it). */
function namedAfterContent(path: string): boolean {
  const digits = digitsOf(path);
  if (digits === '') return false;
  let bytes: Buffer;
  try {
    bytes = gunzipSync(readFileSync(path));
  } catch {
    return false;
  }
  if (bytes.subarray(0, SIGNATURE.length).toString('latin1') !== SIGNATURE) return false;
  const digest = createHash('sha1').update(bytes.subarray(SIGNATURE.length)).digest();
  return pagefindHex(digest).startsWith(digits);
}

/** A digest as Pagefind spells it: each byte in lower-case hex without a leading zero (`{:x?}`). */
export function pagefindHex(digest: Uint8Array): string {
  let hex = '';
  for (const byte of digest) hex += byte.toString(16);
  return hex;
}

/**
 * The content-named files the index in `folder` refers to, relative to it: from `pagefind-entry.json`, each
 * language's metadata, and from that, its pages' fragments and its word and filter indexes.
 */
export async function referencedFiles(folder: string): Promise<Set<string>> {
  const entry = JSON.parse(await readFile(join(folder, 'pagefind-entry.json'), 'utf8')) as {
    languages: Record<string, { hash: string }>;
  };
  const used = new Set<string>();
  for (const { hash } of Object.values(entry.languages)) {
    const name = `pagefind.${hash}.pf_meta`;
    used.add(name);
    const bytes = await gunzipAsync(await readFile(join(folder, name)));
    if (bytes.subarray(0, SIGNATURE.length).toString('latin1') !== SIGNATURE) throw new Error(`${name}: not Pagefind's`);
    // MetaIndex: [version, pages [[hash, word count]], index chunks [[from, to, hash]], filters [[filter, hash]], ...].
    const meta = decodeCbor(bytes.subarray(SIGNATURE.length));
    const [, pages, chunks, filters] = arrayOf(meta);
    for (const page of arrayOf(pages)) used.add(`fragment/${textOf(arrayOf(page)[0])}.pf_fragment`);
    for (const chunk of arrayOf(chunks)) used.add(`index/${textOf(arrayOf(chunk)[2])}.pf_index`);
    for (const filter of arrayOf(filters)) used.add(`filter/${textOf(arrayOf(filter)[1])}.pf_filter`);
  }
  return used;
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
    if (!Number.isSafeInteger(value)) throw new Error('CBOR: length out of range');
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
        return major === 2 ? Uint8Array.from(slice) : new TextDecoder('utf-8', { fatal: true }).decode(slice);
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
