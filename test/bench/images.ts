/**
 * The bench's image row: N photos of 12 MP (4000 × 3000 JPEG, gradients and seeded noise,
 * the same bytes on every run) published by ecom-site and by @11ty/eleventy-img with the same widths,
 * formats and encoder settings (cli/core/images/images.ts), each cold (no cache, no output) and warm (run again).
 *
 * ecom-site builds a throw-away copy of the project (bin/, cli/, client/, templates/, public/ without its
 * photos) whose public/images/photos/ holds the photos, with a content folder of N pages each showing one;
 * its node_modules is a folder of links to the project's packages with a .cache of its own (as
 * test/helpers/project.ts does). Eleventy Image runs test/bench/peers/eleventy-img.mjs on the same files.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import sharp from 'sharp';
import { ENCODINGS, widthsFor } from '../../cli/core/images/images.ts';
import { measure, ROOT, type Sample } from './measure.ts';

export const PHOTO_WIDTH = 4000;
export const PHOTO_HEIGHT = 3000;

/** What one run of the image row measured. */
export interface ImageRun {
  tool: string;
  state: 'cold' | 'warm';
  sample: Sample;
  /** Encoded files in the output, their bytes, and their bytes by format. */
  files: number;
  bytes: number;
  byFormat: { avif: number; webp: number; jpeg: number };
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** Files and bytes under `dir` whose extension is that of an encoded image. */
function encodedFiles(dir: string): Pick<ImageRun, 'files' | 'bytes' | 'byFormat'> {
  let files = 0;
  let bytes = 0;
  const byFormat = { avif: 0, webp: 0, jpeg: 0 };
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      const format = ({ '.avif': 'avif', '.webp': 'webp', '.jpg': 'jpeg', '.jpeg': 'jpeg' } as const)[extname(entry.name).toLowerCase()];
      if (entry.isDirectory()) walk(path);
      else if (format) {
        const size = statSync(path).size;
        files += 1;
        bytes += size;
        byFormat[format] += size;
      }
    }
  };
  walk(dir);
  return { files, bytes, byFormat };
}

/**
 * Photo `i`: a gradient between four seeded corner colours, with seeded noise on every pixel (so it
 * compresses like a photograph, not like a flat drawing: ~3 MB at JPEG quality 90). Deterministic.
 */
async function writePhoto(path: string, i: number, width = PHOTO_WIDTH, height = PHOTO_HEIGHT): Promise<void> {
  let seed = (0x9e3779b9 ^ Math.imul(i + 1, 0x85ebca6b)) >>> 0 || 1;
  const next = (): number => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return seed >>> 0;
  };
  const corners = Array.from({ length: 4 }, () => [next() & 255, next() & 255, next() & 255]) as number[][];
  const [tl, tr, bl, br] = corners as [number[], number[], number[], number[]];
  const data = Buffer.allocUnsafe(width * height * 3);
  let o = 0;
  for (let y = 0; y < height; y++) {
    const fy = y / (height - 1);
    // Left and right edge colours of this row, then a linear step across it.
    const left = [0, 1, 2].map((c) => (tl[c] as number) * (1 - fy) + (bl[c] as number) * fy);
    const right = [0, 1, 2].map((c) => (tr[c] as number) * (1 - fy) + (br[c] as number) * fy);
    let r = left[0] as number;
    let g = left[1] as number;
    let b = left[2] as number;
    const dr = ((right[0] as number) - r) / width;
    const dg = ((right[1] as number) - g) / width;
    const db = ((right[2] as number) - b) / width;
    for (let x = 0; x < width; x++) {
      const n = next();
      // Noise of ±16 per channel, from one 32-bit draw.
      data[o++] = Math.min(255, Math.max(0, r + (n & 31) - 16));
      data[o++] = Math.min(255, Math.max(0, g + ((n >>> 8) & 31) - 16));
      data[o++] = Math.min(255, Math.max(0, b + ((n >>> 16) & 31) - 16));
      r += dr;
      g += dg;
      b += db;
    }
  }
  await sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toFile(path);
}

/** Writes photos p0.jpg … p{count-1}.jpg into `dir` (of `width` × `height`), two at a time. */
async function writePhotos(dir: string, count: number, width?: number, height?: number): Promise<void> {
  mkdirSync(dir, { recursive: true });
  let nextIndex = 0;
  const worker = async (): Promise<void> => {
    for (let i = nextIndex++; i < count; i = nextIndex++) await writePhoto(join(dir, `p${i}.jpg`), i, width, height);
  };
  await Promise.all([worker(), worker()]);
}

/** The content folder of the ecom-site run: one page per photo (English), and the two home pages. */
function writeContent(dir: string, count: number): void {
  write(
    join(dir, 'site.yaml'),
    'baseUrl: https://bench.example\ncompany:\n  zh: 基准公司\n  en: Bench Co\nphone: "+86 000"\nemail: bench@example.test\n',
  );
  write(join(dir, 'menu.yaml'), 'groups:\n  - label: menu.main\n    items:\n      - { route: /, label: nav.home }\nlinks: []\n');
  write(join(dir, 'zh', '_strings.yaml'), 'menu.main: 主菜单\nnav.home: 首页\n');
  write(join(dir, 'en', '_strings.yaml'), 'menu.main: Main\nnav.home: Home\n');
  write(join(dir, 'zh', 'index.md'), '---\ntitle: 首页\ndescription: 基准首页\nkeywords: 基准\n---\n\n你好。\n');
  write(join(dir, 'en', 'index.md'), '---\ntitle: Home\ndescription: Bench home\nkeywords: bench\n---\n\nHello.\n');
  for (let i = 0; i < count; i++) {
    write(
      join(dir, 'en', `p${i}.md`),
      `---\ntitle: Photo ${i}\ndescription: Photo page ${i}\nkeywords: photo\n---\n\nPhoto ${i} of the bench.\n\n![Bench photo ${i}](/images/photos/p${i}.jpg)\n`,
    );
  }
}

/** The throw-away project the ecom-site run builds; returns its root. */
function copyProject(root: string): string {
  for (const part of ['bin', 'cli', 'client', 'shared', 'templates', 'package.json', 'tsconfig.json'])
    cpSync(join(ROOT, part), join(root, part), { recursive: true });
  // public/ without the site's own photos: only the bench's are encoded.
  cpSync(join(ROOT, 'public'), join(root, 'public'), { recursive: true, filter: (src) => !/\.(jpe?g|png|webp|avif|tiff?)$/i.test(src) });
  const modules = join(root, 'node_modules');
  mkdirSync(join(modules, '.cache'), { recursive: true });
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name !== '.cache') symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
  }
  return root;
}

/**
 * Runs the image row in `work`: prepares the photos (not measured), then ecom-site cold and warm, then
 * Eleventy Image cold and warm. `peers` is test/bench/peers with its packages installed, or undefined.
 */
export async function imageBench(work: string, count: number, peers: string | undefined): Promise<ImageRun[]> {
  const root = copyProject(join(work, 'img-site'));
  const photos = join(root, 'public', 'images', 'photos');
  const content = join(work, 'img-content');
  const out = join(work, 'out-img-ecom');
  writeContent(content, count);
  const cache = join(root, 'node_modules', '.cache', 'ecom-site');
  const build = (): Sample =>
    measure(process.execPath, [join(root, 'bin', 'ecom-site.js'), 'build', '--content', content, '--out', out, '--quiet'], root);

  // Warm-up with tiny photos of the same names: the copy's CLI bundle, templates and social cards are
  // made and cached now, so the cold run below costs the photos and the pages, not the first start.
  await writePhotos(photos, count, 40, 30);
  build();
  process.stderr.write(`  writing ${count} photos of ${PHOTO_WIDTH} × ${PHOTO_HEIGHT}…\n`);
  const started = performance.now();
  await writePhotos(photos, count);
  const sources = readdirSync(photos).reduce((n, name) => n + statSync(join(photos, name)).size, 0);
  process.stderr.write(
    `  wrote them in ${((performance.now() - started) / 1000).toFixed(1)} s (${(sources / 1e6).toFixed(1)} MB, not measured)\n`,
  );

  const runs: ImageRun[] = [];
  // Cold: no encoded photo, no build record, no output. Warm: the same build again.
  rmSync(join(cache, 'images'), { recursive: true, force: true });
  rmSync(join(cache, 'builds'), { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
  for (const state of ['cold', 'warm'] as const) {
    const sample = build();
    runs.push({ tool: 'ecom-site', state, sample, ...encodedFiles(join(out, 'assets', 'img')) });
    process.stderr.write(`  images: ecom-site ${state} done\n`);
  }

  if (peers) {
    const version = (
      JSON.parse(readFileSync(join(peers, 'node_modules', '@11ty', 'eleventy-img', 'package.json'), 'utf8')) as { version: string }
    ).version;
    const theirs = join(work, 'out-img-11ty');
    const theirCache = join(work, 'cache-img-11ty');
    const config = join(work, 'eleventy-img.json');
    writeFileSync(
      config,
      JSON.stringify({
        src: photos,
        out: theirs,
        cache: theirCache,
        widths: widthsFor(PHOTO_WIDTH),
        formats: ['avif', 'webp', 'jpeg'],
        encodings: { avif: ENCODINGS.avif, webp: ENCODINGS.webp, jpeg: ENCODINGS.jpeg },
      }),
    );
    rmSync(theirs, { recursive: true, force: true });
    rmSync(theirCache, { recursive: true, force: true });
    for (const state of ['cold', 'warm'] as const) {
      const sample = measure(process.execPath, [join(peers, 'eleventy-img.mjs'), config], peers);
      runs.push({ tool: `Eleventy Image ${version}`, state, sample, ...encodedFiles(theirs) });
      process.stderr.write(`  images: Eleventy Image ${state} done\n`);
    }
  }
  return runs;
}
