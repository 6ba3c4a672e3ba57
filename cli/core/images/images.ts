/**
 * Responsive images, the pure part (docs/writing.md, "Images"): which widths and formats a raster image of
 * public/ is published in, the names of those files, and the `<picture>` that shows them. The pixels are
 * read and written by cli/core/images/image-files.ts, the only module that loads sharp; this one runs in the
 * render threads too, so it holds plain data only.
 */
import type { PictureModel } from '../../../templates/types.ts';
import { problem, type Place, type Problem } from '../common/errors.ts';
import { contentHash } from '../common/files.ts';

/**
 * The widths an image is published at (CSS pixels × density, from a phone's 320 to a 1280 px column on a
 * 2× screen). Never wider than the source (no upscaling) nor than the last; a source narrower than the
 * last is also published at its own width, so the sharpest file is the source's full detail.
 */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920, 2560] as const;

/** The widest file published, whatever the source. */
export const MAX_IMAGE_WIDTH = 2560;

/** Extensions of the raster sources the pipeline reads (sharp's prebuilt libvips: no HEIC, a patented codec). */
export const RASTER_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.avif', '.tif', '.tiff'] as const;

/** Extensions that are images but not read by the pipeline: SVG and GIF are published as they are. */
const PLAIN_IMAGE_EXTENSIONS = ['.svg', '.gif', '.ico'];

/** Photo formats sharp's prebuilt binaries cannot read; named in the error so the writer knows what to do. */
const UNREADABLE_EXTENSIONS = ['.heic', '.heif'];

/**
 * The encoder settings of each output format. Part of every file's key: changing one re-encodes
 * everything. Qualities follow squoosh's and Eleventy Image's defaults, which look alike at these sizes.
 * AVIF at effort 2, not sharp's default 4: several times faster for slightly larger files (measured on the
 * company photo's six widths), which keeps a cold build of the site (and of every fresh clone) short.
 */
export const ENCODINGS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 80, effort: 4 },
  jpeg: { quality: 80, mozjpeg: true },
  png: { compressionLevel: 9, effort: 7 },
} as const;

/** An output format. `jpeg` and `png` are the fallback of the `<img>`: PNG for a source with transparency. */
export type ImageFormat = keyof typeof ENCODINGS;

/** MIME types of the `<source type>` of each format. */
const MIME: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };

/** File extensions of the formats. */
const EXTENSION: Record<ImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };

/** What probing a source found (cli/core/images/image-files.ts): its size once EXIF orientation is applied. */
export interface ImageSource {
  /** Width and height in pixels, as shown (a portrait photo stored sideways is reported upright). */
  width: number;
  height: number;
  /** The source has an alpha channel: its fallback is PNG, so transparency is kept. */
  alpha: boolean;
  /** Hash of the source's bytes. */
  hash: string;
}

/** A probed source, or why it cannot be read (reported where a page uses it). */
export type ImageInfo = ImageSource | { error: string };

/** The images of public/ the pipeline reads, by site path (`/images/photo.jpg`). Plain data. */
export type ImageTable = Readonly<Record<string, ImageInfo>>;

/** One file an image is published as. */
export interface ImageVariant {
  /** Path in the output folder: `assets/img/<name>-<width>.<hash>.<ext>`. */
  file: string;
  width: number;
  height: number;
  format: ImageFormat;
  /** Hash of the source's bytes and the encoding: the file's key, and its name in the encoder's cache. */
  key: string;
}

function extensionOf(path: string): string {
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') ? path.slice(dot).toLowerCase() : '';
}

/** True for a path the raster pipeline reads (by extension). */
export function isRasterPath(path: string): boolean {
  return (RASTER_EXTENSIONS as readonly string[]).includes(extensionOf(path));
}

/**
 * Why a file in public/ cannot be shown as an image, or undefined when it can (a raster the pipeline
 * read, an SVG, a GIF): a HEIC photo, a PDF, a raster file that is not an image at all.
 */
export function imageProblem(path: string, table: ImageTable): string | undefined {
  const info = table[path];
  if (info && 'error' in info) return `The image ${path} cannot be read: ${info.error}`;
  if (info) return undefined;
  const ext = extensionOf(path);
  if (UNREADABLE_EXTENSIONS.includes(ext))
    return `The image ${path} is HEIC, which the build cannot read; export it as JPEG (or AVIF) and link that.`;
  if (!PLAIN_IMAGE_EXTENSIONS.includes(ext) && !isRasterPath(path))
    return `The file ${path} is not an image (JPEG, PNG, WebP, AVIF, TIFF, SVG or GIF).`;
  return undefined;
}

/** How far below a width of the set a file may be made, so that it scales the source to whole pixels both ways. */
const MAX_SNAP = 0.05;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The widths `source` is published at, ascending (docs/writing.md, "Images": the width set). Given the source's
 * height, each width is moved down (by at most 5 %) to one at which the height is a whole number too, so
 * every file keeps the exact aspect ratio of the `<img>`'s declared size: a 2240 × 1600 image is published
 * at 315 × 225, not 320 × 229, which Lighthouse's image-aspect-ratio audit flags. A ratio with no such
 * width nearby (2239 × 1600) keeps the width of the set and the nearest height.
 */
export function widthsFor(sourceWidth: number, sourceHeight?: number): number[] {
  const step = sourceHeight ? sourceWidth / gcd(sourceWidth, sourceHeight) : 1;
  const exact = (width: number): number => {
    const snapped = Math.floor(width / step) * step;
    return snapped > 0 && width - snapped <= width * MAX_SNAP ? snapped : width;
  };
  const largest = exact(Math.min(sourceWidth, MAX_IMAGE_WIDTH));
  const widths = IMAGE_WIDTHS.filter((w) => w < largest).map(exact);
  widths.push(largest);
  return [...new Set(widths)];
}

/** The formats a source is published in: AVIF, WebP, and JPEG, or PNG for a source with transparency. */
export function formatsFor(source: ImageSource): ImageFormat[] {
  return ['avif', 'webp', source.alpha ? 'png' : 'jpeg'];
}

/** A file-name stem from a source path: its base name, ASCII letters, digits, `-` and `_` only. */
function stemOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  return (
    base
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'image'
  );
}

/** Every file `source` (at site path `path`) is published as, by format then width. */
export function variantsOf(path: string, source: ImageSource): ImageVariant[] {
  const stem = stemOf(path);
  return formatsFor(source).flatMap((format) =>
    widthsFor(source.width, source.height).map((width) => {
      const key = contentHash(JSON.stringify([source.hash, format, width, ENCODINGS[format]]));
      const height = Math.max(1, Math.round((source.height * width) / source.width));
      return { file: `assets/img/${stem}-${width}.${key}.${EXTENSION[format]}`, width, height, format, key };
    }),
  );
}

/** The fallback `<img src>`: the widest file up to 1280 px, for browsers that ignore `srcset`. */
const FALLBACK_SRC_WIDTH = 1280;

/** The `<picture>` of an image, its URLs under `cdn` (site.yaml; empty for none). */
export function pictureOf(path: string, source: ImageSource, cdn = ''): PictureModel {
  const variants = variantsOf(path, source);
  const srcSetOf = (format: ImageFormat): string =>
    variants
      .filter((v) => v.format === format)
      .map((v) => `${cdn}/${v.file} ${v.width}w`)
      .join(', ');
  const [, , fallback] = formatsFor(source) as [ImageFormat, ImageFormat, ImageFormat];
  const fallbacks = variants.filter((v) => v.format === fallback);
  const src = [...fallbacks].reverse().find((v) => v.width <= FALLBACK_SRC_WIDTH) ?? (fallbacks[0] as ImageVariant);
  const widest = fallbacks[fallbacks.length - 1] as ImageVariant;
  return {
    sources: (['avif', 'webp'] as const).map((format) => ({ type: MIME[format], srcSet: srcSetOf(format) })),
    src: `${cdn}/${src.file}`,
    srcSet: srcSetOf(fallback),
    width: widest.width,
    height: widest.height,
  };
}

/**
 * The alt text a writer gave, or undefined when there is none. Markdown cannot tell `![](x.jpg)` from an
 * alt left out, so a decorative image is marked with an alt of two quotes, `![""](x.jpg)` (docs/writing.md,
 * "Images"), which becomes `alt=""`.
 */
export function altOf(written: string | null | undefined): string | undefined {
  const alt = (written ?? '').trim();
  if (alt === '""' || alt === '“”') return '';
  return alt === '' ? undefined : alt;
}

/** Front matter fields that hold a photo (`cover: { src, alt }`), by the templates that show one. */
export const COVER_FIELD = 'cover';

/**
 * The problems of a page's `cover` (docs/writing.md, "Images"): its `src` must be a readable raster image of
 * public/ (`files` are public/'s site paths) and its `alt` must be given, `""` for a decorative one.
 * `lineOf` finds a field's line in the page's file.
 */
export function coverProblems(
  data: Readonly<Record<string, unknown>>,
  table: ImageTable,
  files: ReadonlySet<string>,
  file: string,
  lineOf: (path: Array<string | number>) => number | undefined,
): Problem[] {
  const cover = data[COVER_FIELD];
  if (typeof cover !== 'object' || cover === null || typeof (cover as { src?: unknown }).src !== 'string') return [];
  const { src, alt } = cover as { src: string; alt?: unknown };
  const at = (field: string): Partial<Place> => ({ file, line: lineOf([COVER_FIELD, field]) });
  const path = src.split(/[?#]/)[0] as string;
  const problems: Problem[] = [];
  const info = table[path];
  if (!info && !files.has(path))
    problems.push(problem('LINK_BROKEN', `The cover "${src}" points to ${path}, which is not a file in public/.`, at('src')));
  else if (!info || 'error' in info)
    problems.push(
      problem(
        'IMAGE_INVALID',
        imageProblem(path, table) ?? `The cover ${path} is not a photo: a cover must be a JPEG, PNG, WebP, AVIF or TIFF image.`,
        at('src'),
      ),
    );
  if (typeof alt !== 'string')
    problems.push(
      problem(
        'IMAGE_ALT_REQUIRED',
        `The cover ${path} has no alt text: add \`alt\` to \`cover\` (\`alt: ""\` for a decorative photo).`,
        at(typeof alt === 'undefined' ? 'src' : 'alt'),
      ),
    );
  return problems;
}
