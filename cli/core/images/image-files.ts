/**
 * Responsive images, the edge that touches pixels (docs/writing.md, "Images"): probing the raster images of
 * public/ before rendering (size after EXIF orientation, transparency, a hash of the bytes) and encoding
 * each file of cli/core/images/images.ts with sharp, in a pool bounded by the cores. Encoded bytes are cached in
 * node_modules/.cache/ecom-site/images/ under their key (source hash + encoding), so no unchanged image is
 * ever encoded twice, across builds and `watch` sessions.
 */
import { availableParallelism } from 'node:os';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import type { OutputInfo } from 'sharp';
import { loadSharp } from './sharp.ts';
import { problem, SiteError } from '../common/errors.ts';
import { contentHash, takeCached, writeFileAtomic } from '../common/files.ts';
import { semaphore } from '../common/semaphore.ts';
import { ENCODINGS, RASTER_EXTENSIONS, type ImageInfo, type ImageVariant } from './images.ts';

/** The cache folder of probes and encoded files, inside the build's cache folder. */
function imageCacheDir(cacheDir: string): string {
  return join(cacheDir, 'images');
}

/** The cache file of an encoded image, relative to the build's cache folder (what the cache's pruning keeps). */
export function variantCacheName(variant: Pick<ImageVariant, 'key' | 'file'>): string {
  return `images/${variant.key}.${variant.file.slice(variant.file.lastIndexOf('.') + 1)}`;
}

/** Probes by source path and `size:mtime`, kept between the rebuilds of one process (watch). */
const probeCache = new Map<string, { stamp: string; info: ImageInfo }>();

type ProbeCache = Record<string, { stamp: string; info: ImageInfo }>;

/** Reads what a source shows: its upright size, transparency and the hash of its bytes. */
async function probe(file: string): Promise<ImageInfo> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    return { error: (error as Error).message };
  }
  try {
    const sharp = await loadSharp();
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height) return { error: 'it has no width or height.' };
    // EXIF orientations 5-8 turn the picture a quarter: `.rotate()` stands it upright, so its width is the stored height.
    const sideways = (meta.orientation ?? 1) >= 5;
    return {
      width: sideways ? meta.height : meta.width,
      height: sideways ? meta.width : meta.height,
      alpha: meta.hasAlpha,
      hash: contentHash(bytes),
    };
  } catch (error) {
    return { error: `it is not an image sharp can decode (${(error as Error).message.replace(/\s+/g, ' ').trim()}).` };
  }
}

/**
 * Probes every raster image under `publicDir` (by site path, `/images/photo.jpg`). A file whose size and
 * mtime are those of its last probe is not read again. A file that cannot be read is returned with its
 * error, reported where a page shows it.
 */
export async function probePublicImages(publicDir: string, cacheDir: string): Promise<Record<string, ImageInfo>> {
  const pattern = `**/*{${RASTER_EXTENSIONS.join(',')},${RASTER_EXTENSIONS.map((e) => e.toUpperCase()).join(',')}}`;
  const files = (await fg(pattern, { cwd: publicDir, onlyFiles: true, dot: false })).sort();
  const cacheFile = join(imageCacheDir(cacheDir), 'probes.json');
  let stored: ProbeCache = {};
  try {
    stored = JSON.parse(await readFile(cacheFile, 'utf8')) as ProbeCache;
  } catch {
    // No cache yet, or a damaged one: probe everything.
  }
  let changed = false;
  const table: Record<string, ImageInfo> = {};
  const next: ProbeCache = {};
  await Promise.all(
    files.map(async (rel) => {
      const file = join(publicDir, rel);
      const info = await stat(file).catch(() => undefined);
      const stamp = info ? `${info.size}:${info.mtimeMs}` : '';
      const known = probeCache.get(file) ?? stored[rel];
      const entry = known && known.stamp === stamp ? known : { stamp, info: await probe(file) };
      if (entry !== stored[rel]) changed = true;
      probeCache.set(file, entry);
      next[rel] = entry;
      table[`/${rel}`] = entry.info;
    }),
  );
  if (changed || Object.keys(stored).length !== files.length) await writeFileAtomic(cacheFile, JSON.stringify(next)).catch(() => undefined);
  return Object.fromEntries(Object.entries(table).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * At most this many decodes and encodes run at once: one per core (libvips threads within each). Waiting
 * encodes go before decodes. With one queue, every photo of a site was decoded before most of their files
 * were encoded (the encodes queue up behind the decodes), so the raw pixels of all photos were held at
 * once: ~15 MB each at 2560 px, 1.1 GB for 40 photos. Encodes first keeps about one decoded photo per core
 * in memory.
 */
const codecThrottle = semaphore(Math.max(1, availableParallelism()), ['encode', 'decode']);

/**
 * A source decoded once, upright, at the widest width asked of it, as raw pixels: each of its files is
 * resized from that, not from the 12 MP original (a photo's 18 files cost one decode). Dropped when its
 * last file is done.
 */
interface Decoded {
  users: number;
  pixels?: Promise<{ data: Buffer; info: OutputInfo }>;
}
const decodeCache = new Map<string, Decoded>();

/** A photo whose bytes are no longer those its probe hashed: replaced while the build was reading it. */
class PhotoChanged extends Error {}

/**
 * Decodes `file`, whose probe found the bytes hashed `hash`. The files are named and cached by that hash,
 * so bytes that differ (the photo was replaced after it was probed) are refused: encoded, they would be
 * cached under the old photo's key and shown wherever it comes back.
 */
function decode(file: string, width: number, hash: string): Promise<{ data: Buffer; info: OutputInfo }> {
  return codecThrottle('decode', async () => {
    const bytes = await readFile(file);
    if (contentHash(bytes) !== hash) throw new PhotoChanged('it changed while the build was reading it; build again.');
    // Orientation applied, then converted to sRGB (the ICC profile of a wide-gamut or CMYK photo is applied, not dropped).
    return (await loadSharp())(bytes)
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  });
}

async function encode(pixels: { data: Buffer; info: OutputInfo }, variant: ImageVariant): Promise<Buffer> {
  const { width, height, channels } = pixels.info;
  return codecThrottle('encode', async () => {
    const sharp = await loadSharp();
    let image = sharp(pixels.data, { raw: { width, height, channels } });
    // Both sides given: the file is exactly the size its variant (and so the page's markup) declares.
    if (variant.width !== width || variant.height !== height)
      image = image.resize({ width: variant.width, height: variant.height, fit: 'fill' });
    // No withMetadata(): sharp writes no EXIF, XMP or ICC chunk, so no GPS position or camera serial ships.
    const out =
      variant.format === 'avif'
        ? image.avif(ENCODINGS.avif)
        : variant.format === 'webp'
          ? image.webp(ENCODINGS.webp)
          : variant.format === 'png'
            ? image.png(ENCODINGS.png)
            : image.jpeg(ENCODINGS.jpeg);
    return out.toBuffer();
  });
}

/**
 * The cache file holding one published file of `source` (absolute path), encoded now unless it is there
 * already; the build copies it into the output. `widest` is the widest variant of the source, decoded once
 * for all of them; `hash` is the hash of the bytes its probe read. A source that fails to decode, or no
 * longer has those bytes, is a SiteError naming it (IMAGE_INVALID).
 */
export async function produceVariant(
  source: string,
  display: string,
  variant: ImageVariant,
  { widest, hash }: { widest: number; hash: string },
  cacheDir: string,
): Promise<string> {
  // Counted before the first await: every file of a plan is asked for at once, so the decode is shared.
  const shared = decodeCache.get(source) ?? { users: 0 };
  decodeCache.set(source, shared);
  shared.users += 1;
  const cached = join(cacheDir, variantCacheName(variant));
  try {
    if (await takeCached(cached)) return cached;
    // Not cached yet: encode it.
    try {
      shared.pixels ??= decode(source, widest, hash);
      await writeFileAtomic(cached, await encode(await shared.pixels, variant));
      return cached;
    } catch (error) {
      throw new SiteError(
        problem(
          'IMAGE_INVALID',
          `The image ${display} could not be encoded: ${(error as Error).message.replace(/\s+/g, ' ').trim()}`,
          { file: display },
          { changed: error instanceof PhotoChanged },
        ),
      );
    }
  } finally {
    shared.users -= 1;
    if (shared.users === 0 && decodeCache.get(source) === shared) decodeCache.delete(source);
  }
}
