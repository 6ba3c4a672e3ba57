/**
 * Encoding the files of a photo (cli/core/images/image-files.ts): they are named and cached by the hash of
 * the bytes the probe read, so a photo replaced between its probe and its encoding must not be encoded from
 * the new bytes under the old key (the cache would then show the new photo wherever the old one comes back).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../../cli/core/common/errors.ts';
import { contentHash } from '../../../../cli/core/common/files.ts';
import { probePublicImages, produceVariant } from '../../../../cli/core/images/image-files.ts';
import { variantsOf } from '../../../../cli/core/images/images.ts';
import { tempDir } from '../../../helpers/cli.ts';

/** A plain-colour JPEG of `width` × 300 px. */
function photo(width: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height: 300, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

async function setUp(): Promise<{ file: string; cacheDir: string; variant: ReturnType<typeof variantsOf>[number]; hash: string }> {
  const root = tempDir();
  const publicDir = join(root, 'public');
  const cacheDir = join(root, 'cache');
  mkdirSync(join(publicDir, 'images'), { recursive: true });
  const file = join(publicDir, 'images', 'photo.jpg');
  writeFileSync(file, await photo(800, '#336699'));
  const info = (await probePublicImages(publicDir, cacheDir))['/images/photo.jpg'];
  if (!info || 'error' in info) throw new Error('the photo was not probed');
  const variant = variantsOf('/images/photo.jpg', info).find((v) => v.format === 'jpeg' && v.width === 320);
  if (!variant) throw new Error('no 320 px JPEG variant');
  return { file, cacheDir, variant, hash: info.hash };
}

describe('produceVariant', () => {
  it('encodes the probed photo and caches it under its key', async () => {
    const { file, cacheDir, variant, hash } = await setUp();
    const cached = await produceVariant(file, 'public/images/photo.jpg', variant, { widest: 800, hash }, cacheDir);
    expect(cached).toContain(variant.key);
    expect((await sharp(cached).metadata()).width).toBe(320);
  });

  it('encodes each file at exactly the size its variant declares, so the aspect ratio is the source one', async () => {
    const root = tempDir();
    const file = join(root, 'hero.png');
    writeFileSync(
      file,
      await sharp({ create: { width: 700, height: 500, channels: 4, background: '#336699' } })
        .png()
        .toBuffer(),
    );
    const source = { width: 700, height: 500, alpha: true, hash: contentHash(readFileSync(file)) };
    const variants = variantsOf('/images/hero.png', source).filter((v) => v.format === 'png');
    expect(variants.map((v) => [v.width, v.height])).toEqual([
      [315, 225],
      [637, 455],
      [700, 500],
    ]);
    for (const variant of variants) {
      const cached = await produceVariant(file, 'public/images/hero.png', variant, { widest: 700, hash: source.hash }, join(root, 'cache'));
      const { width, height } = await sharp(cached).metadata();
      expect([width, height]).toEqual([variant.width, variant.height]);
    }
  });

  it('refuses a photo replaced after its probe, and caches nothing under the old key', async () => {
    const { file, cacheDir, variant, hash } = await setUp();
    writeFileSync(file, await photo(1000, '#993333'));
    const made = produceVariant(file, 'public/images/photo.jpg', variant, { widest: 800, hash }, cacheDir);
    await expect(made).rejects.toBeInstanceOf(SiteError);
    await expect(made).rejects.toThrow(/public\/images\/photo\.jpg could not be encoded: it changed while the build was reading it/);
    expect(existsSync(join(cacheDir, 'images', `${variant.key}.jpg`))).toBe(false);
  });
});
