/**
 * The pure half of the image pipeline (cli/core/images/images.ts; docs/writing.md, "Images"): the width set, the formats,
 * the content-hashed names and the `<picture>` model, the decorative-alt syntax, and the cover checks.
 */
import { describe, expect, it } from 'vitest';
import {
  altOf,
  coverProblems,
  formatsFor,
  IMAGE_WIDTHS,
  imageProblem,
  MAX_IMAGE_WIDTH,
  pictureOf,
  variantsOf,
  widthsFor,
  type ImageSource,
} from '../../../../cli/core/images/images.ts';

const photo: ImageSource = { width: 4000, height: 3000, alpha: false, hash: 'abc' };

describe('widthsFor', () => {
  it('uses the documented set up to 2560 px, never wider', () => {
    expect(IMAGE_WIDTHS).toEqual([320, 640, 960, 1280, 1920, 2560]);
    expect(widthsFor(4000)).toEqual([320, 640, 960, 1280, 1920, 2560]);
    expect(Math.max(...widthsFor(10_000))).toBe(MAX_IMAGE_WIDTH);
  });
  it('never upscales, and adds the source width when it is narrower than the largest', () => {
    expect(widthsFor(1000)).toEqual([320, 640, 960, 1000]);
    expect(widthsFor(1280)).toEqual([320, 640, 960, 1280]);
    expect(widthsFor(200)).toEqual([200]);
  });
});

describe('widthsFor, given the height', () => {
  it('publishes every file at the exact aspect ratio of the source, up to 5 % under a width of the set', () => {
    // The home page's hero: 320 px would be 320 × 228.57, published as 320 × 229 (a ratio of 1.397, not 1.4).
    const hero: ImageSource = { width: 2240, height: 1600, alpha: true, hash: 'h' };
    const widths = widthsFor(hero.width, hero.height);
    expect(widths).toEqual([315, 637, 959, 1274, 1918, 2240]);
    for (const v of variantsOf('/images/home-hero.png', hero))
      expect(v.height * hero.width, `${v.width} × ${v.height}`).toBe(v.width * hero.height);
    expect(pictureOf('/images/home-hero.png', hero).srcSet).toContain(' 315w');
  });

  it('keeps the width set where it is exact already, and where no exact width is near', () => {
    expect(widthsFor(4000, 3000)).toEqual([320, 640, 960, 1280, 1920, 2560]);
    expect(widthsFor(1600, 900)).toEqual([320, 640, 960, 1280, 1600]);
    // 2239 × 1600 is exact only at 2239 px: the other files keep their width and the nearest height.
    expect(widthsFor(2239, 1600)).toEqual([320, 640, 960, 1280, 1920, 2239]);
    // A source wider than the largest file: that file too is moved to a whole height (4001 × 3000 has none near).
    expect(widthsFor(5000, 3750)).toEqual([320, 640, 960, 1280, 1920, 2560]);
    expect(widthsFor(3500, 2500)).toEqual([315, 637, 959, 1274, 1918, 2555]);
  });
});

describe('variantsOf and pictureOf', () => {
  it('publishes AVIF, WebP and JPEG; PNG instead of JPEG for a source with transparency', () => {
    expect(formatsFor(photo)).toEqual(['avif', 'webp', 'jpeg']);
    expect(formatsFor({ ...photo, alpha: true })).toEqual(['avif', 'webp', 'png']);
  });
  it('names files under assets/img/ by stem, width and a hash of the source and the encoding', () => {
    const variants = variantsOf('/images/Team photo 2024.jpg', photo);
    expect(variants).toHaveLength(18);
    for (const v of variants) expect(v.file).toMatch(/^assets\/img\/Team-photo-2024-\d+\.[0-9a-f]{10}\.(avif|webp|jpg)$/);
    const other = variantsOf('/images/Team photo 2024.jpg', { ...photo, hash: 'abd' });
    expect(other.map((v) => v.file)).not.toContain(variants[0]?.file);
    expect(variants.find((v) => v.width === 2560)?.height).toBe(1920);
  });
  it('describes a picture with both modern sources, a fallback srcset and the size of the widest file', () => {
    const picture = pictureOf('/images/a.jpg', photo, 'https://img.example');
    expect(picture.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(picture.sources[0]?.srcSet.split(', ')).toHaveLength(6);
    expect(picture.src).toMatch(/^https:\/\/img\.example\/assets\/img\/a-1280\.[0-9a-f]{10}\.jpg$/);
    expect(picture.srcSet).toContain(' 2560w');
    expect([picture.width, picture.height]).toEqual([2560, 1920]);
  });
});

describe('altOf', () => {
  it('reads two quotes as a decorative image, and nothing as a missing alt', () => {
    expect(altOf('""')).toBe('');
    expect(altOf('')).toBeUndefined();
    expect(altOf(undefined)).toBeUndefined();
    expect(altOf(' A console ')).toBe('A console');
  });
});

describe('imageProblem and coverProblems', () => {
  const table = { '/images/a.jpg': photo, '/images/bad.jpg': { error: 'it is not an image.' } };
  it('names unreadable, HEIC and non-image files; passes photos and SVG', () => {
    expect(imageProblem('/images/a.jpg', table)).toBeUndefined();
    expect(imageProblem('/images/logo.svg', table)).toBeUndefined();
    expect(imageProblem('/images/bad.jpg', table)).toMatch(/bad\.jpg cannot be read/);
    expect(imageProblem('/images/x.heic', table)).toMatch(/HEIC/);
    expect(imageProblem('/files/a.pdf', table)).toMatch(/not an image/);
  });
  it('requires a readable photo and an alt (empty for decorative) at the field lines', () => {
    const files = new Set(['/images/logo.svg']);
    const lineOf = (path: Array<string | number>): number => (path[1] === 'alt' ? 4 : 3);
    const codes = (cover: unknown) => coverProblems({ cover }, table, files, 'p.md', lineOf).map((p) => `${p.code}:${p.line}`);
    expect(codes({ src: '/images/a.jpg', alt: '' })).toEqual([]);
    expect(codes({ src: '/images/a.jpg' })).toEqual(['IMAGE_ALT_REQUIRED:3']);
    expect(codes({ src: '/images/bad.jpg', alt: 'x' })).toEqual(['IMAGE_INVALID:3']);
    expect(codes({ src: '/images/logo.svg', alt: 'x' })).toEqual(['IMAGE_INVALID:3']);
    expect(codes({ src: '/images/none.jpg', alt: 'x' })).toEqual(['LINK_BROKEN:3']);
  });
});
