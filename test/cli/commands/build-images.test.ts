/**
 * Photos end to end (docs/writing.md, "Images"), in a copy of the project with photos of its own in public/: a
 * Markdown image of a JPEG becomes a `<picture>` of AVIF, WebP and JPEG files under /assets/img/, upright
 * (EXIF orientation applied) and without metadata (no GPS); a PNG keeps its transparency; alt text is
 * required (`![""](…)` for a decorative photo); a corrupt file is IMAGE_INVALID at the page's line; a
 * rebuild encodes nothing again, and `watch` re-encodes only the photo that was edited.
 */
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { selectAll } from 'hast-util-select';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeContent, readHtml, ROOT, runProjectCli, spawnWatch, tempDir, waitFor } from '../../helpers/cli.ts';
import { copyProject } from '../../helpers/project.ts';

let root = '';

/** A 900 × 600 photo stored sideways (EXIF orientation 6: shown 600 × 900) with a GPS position. */
async function sidewaysPhoto(shade: number): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: { r: shade, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1' } })
    .toBuffer();
}

const page = (title: string, body: string, front = ''): string =>
  `---\ntitle: ${title}\ndescription: ${title}.\nkeywords: ${title}\n${front}---\n\n${body}\n`;

beforeAll(async () => {
  root = copyProject({ sharedCaches: false });
  // The real site's photos are encoded already: the copy starts from the same encoder cache.
  const cache = join(ROOT, 'node_modules', '.cache', 'ecom-site', 'images');
  if (existsSync(cache)) cpSync(cache, join(root, 'node_modules', '.cache', 'ecom-site', 'images'), { recursive: true });
  const images = join(root, 'public', 'images');
  writeFileSync(join(images, 'side.jpg'), await sidewaysPhoto(40));
  const source = await sharp(join(images, 'side.jpg')).metadata();
  expect([
    source.orientation,
    source.exif?.toString('latin1').includes('GPS') || source.exif?.toString('latin1').includes('TestCam'),
  ]).toEqual([6, true]);
  writeFileSync(join(images, 'other.jpg'), await sidewaysPhoto(90));
  await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toFile(join(images, 'clear.png'));
  writeFileSync(join(images, 'broken.jpg'), 'this is not a JPEG');
  writeFileSync(join(images, 'z.heic'), 'a HEIC photo');
}, 120_000);

afterAll(() => undefined);

describe('photos in a page body', () => {
  const content = (): string =>
    makeContent({
      'zh/index.md': page('首页', '![侧放的照片](/images/side.jpg)\n\n![""](/images/clear.png)\n\n![another](/images/other.jpg)'),
      'en/index.md': page('Home', '![A sideways photo](/images/side.jpg)\n\n![""](/images/clear.png)\n\n![another](/images/other.jpg)'),
    });

  it('become pictures of upright, metadata-free AVIF, WebP and JPEG files; a rebuild encodes nothing again', async () => {
    const out = join(tempDir(), 'dist');
    const dir = content();
    const first = await runProjectCli(root, ['build', '--content', dir, '--out', out]);
    expect(first.code, first.stderr).toBe(0);
    const tree = readHtml(join(out, 'en.html'));
    const pictures = selectAll('main picture', tree);
    expect(pictures).toHaveLength(3);
    const [side, clear] = pictures.map((p) => selectAll('source, img', p));
    expect(side?.map((n) => n.properties.type ?? n.tagName)).toEqual(['image/avif', 'image/webp', 'img']);
    const img = side?.[2]?.properties ?? {};
    // Upright: the sideways 900 × 600 photo is 600 × 900.
    expect([img.width, img.height]).toEqual([600, 900]);
    expect(img.alt).toBe('A sideways photo');
    expect(img.loading).toBe('lazy');
    expect(String(img.src)).toMatch(/^\/assets\/img\/side-600\.[0-9a-f]{10}\.jpg$/);
    expect(clear?.[2]?.properties.alt).toBe('');
    expect(String(clear?.[2]?.properties.src)).toMatch(/\.png$/);
    // No original is published, and no published file carries EXIF (orientation, camera, GPS).
    expect(existsSync(join(out, 'images', 'side.jpg'))).toBe(false);
    const files = readdirSync(join(out, 'assets', 'img')).filter((f) => f.startsWith('side-') || f.startsWith('clear-'));
    expect(
      files
        .filter((f) => f.startsWith('side-'))
        .map((f) => f.replace(/\.[0-9a-f]{10}\./, '.'))
        .sort(),
    ).toEqual(['side-320.avif', 'side-320.jpg', 'side-320.webp', 'side-600.avif', 'side-600.jpg', 'side-600.webp']);
    for (const file of files) {
      const meta = await sharp(join(out, 'assets', 'img', file)).metadata();
      expect(meta.exif, file).toBeUndefined();
      expect(meta.orientation ?? 1, file).toBe(1);
      if (file.startsWith('side-600')) expect([meta.width, meta.height], file).toEqual([600, 900]);
      if (file.startsWith('clear-') && !file.endsWith('.jpg')) expect(meta.hasAlpha, file).toBe(true);
    }
    // A rebuild into a new folder takes every file from the encoder's cache: none is written again (an
    // encode replaces its file, a new inode; a cache hit only touches it, which the cache's pruning reads).
    const cacheDir = join(root, 'node_modules', '.cache', 'ecom-site', 'images');
    const before = Object.fromEntries(readdirSync(cacheDir).map((f) => [f, statSync(join(cacheDir, f)).ino]));
    const second = await runProjectCli(root, ['build', '--content', dir, '--out', join(tempDir(), 'dist')]);
    expect(second.code, second.stderr).toBe(0);
    expect(Object.fromEntries(readdirSync(cacheDir).map((f) => [f, statSync(join(cacheDir, f)).ino]))).toEqual(before);
  }, 240_000);

  it('needs alt text, and names the page, line and file of a photo that cannot be read', async () => {
    const dir = makeContent({
      'zh/index.md': page('首页', 'Text.\n\n![](/images/side.jpg)\n\n![x](/images/broken.jpg)\n\n![y](/images/z.heic)'),
    });
    const result = await runProjectCli(root, ['build', '--content', dir, '--out', join(tempDir(), 'dist')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/zh\/index\.md:9:1 {2}IMAGE_ALT_REQUIRED {2}The photo \/images\/side\.jpg has no alt text/);
    expect(result.stderr).toMatch(/zh\/index\.md:11:1 {2}IMAGE_INVALID {2}The image \/images\/broken\.jpg cannot be read/);
    expect(result.stderr).toMatch(/zh\/index\.md:13:1 {2}IMAGE_INVALID {2}The image \/images\/z\.heic is HEIC/);
  }, 120_000);
});

describe('watch', () => {
  it('re-encodes only the photo that was edited: the others keep their files', async () => {
    const dir = makeContent({
      'zh/index.md': page('首页', '![a](/images/side.jpg)\n\n![b](/images/other.jpg)'),
      'en/index.md': page('Home', '![a](/images/side.jpg)\n\n![b](/images/other.jpg)'),
    });
    const out = join(tempDir(), 'dist');
    const watch = spawnWatch(dir, out, { root });
    try {
      await waitFor(
        () => watch.output.all.includes('Serving') || undefined,
        () => watch.output.all,
        120_000,
      );
      const imgDir = join(out, 'assets', 'img');
      // The same inode is the same file: a file written anew is a new one (a cache hit only touches it).
      const stamp = (f: string): number => statSync(join(imgDir, f)).ino;
      const others = readdirSync(imgDir).filter((f) => !f.startsWith('side-'));
      const before = Object.fromEntries(others.map((f) => [f, stamp(f)]));
      const oldSide = readdirSync(imgDir).filter((f) => f.startsWith('side-'));
      const printed = watch.output.all.length;
      writeFileSync(join(root, 'public', 'images', 'side.jpg'), await sidewaysPhoto(200));
      // Until a rebuild is reported (its files are all written by then: a watch flush removes old files
      // before it writes the new ones, so the images alone can show the change before the pages do).
      await waitFor(
        () =>
          (watch.output.all.includes('Rebuilt', printed) &&
            readdirSync(imgDir)
              .filter((f) => f.startsWith('side-'))
              .some((f) => !oldSide.includes(f)) &&
            !existsSync(join(imgDir, oldSide[0] as string))) ||
          undefined,
        () => watch.output.all,
        120_000,
      );
      expect(Object.fromEntries(others.map((f) => [f, stamp(f)]))).toEqual(before);
      expect(readFileSync(join(out, 'en.html'), 'utf8')).not.toContain(oldSide[0]);
    } finally {
      watch.child.kill('SIGINT');
    }
  }, 300_000);
});
