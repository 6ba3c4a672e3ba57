/**
 * Social cards (docs/hosting.md, "Search engines and feeds"): every page of the real site points
 * its og:image and twitter:image at a 1200×630 PNG of its own in the output; Chinese titles are set with
 * real glyphs; a card is made once and reused while what it shows is unchanged; front matter `card`.
 */
import { lstatSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import sharp from 'sharp';
import type { Root } from 'hast';
import { select } from 'hast-util-select';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONTENT, makeContent, readHtml, ROOT, runCli, runProjectCli, tempDir } from '../../helpers/cli.ts';
import { copyProject } from '../../helpers/project.ts';
import { pathOf, SPEC_ROUTES } from '../../helpers/site.ts';

const BASE = String((parse(readFileSync(join(CONTENT, 'site.yaml'), 'utf8')) as { baseUrl: string }).baseUrl).replace(/\/+$/, '');
const ARTICLES = readdirSync(join(CONTENT, 'zh', 'news')).map((f) => `/news/${f.replace(/\.md$/, '')}`);
const ROUTES = [...SPEC_ROUTES, ...ARTICLES];
const CARD_CACHE = join(ROOT, 'node_modules', '.cache', 'ecom-site', 'cards');

const meta = (tree: Root, key: string): string =>
  String(select(`meta[property="${key}"], meta[name="${key}"]`, tree)?.properties.content ?? '');
const htmlOf = (out: string, path: string): string => join(out, path === '/' ? 'index.html' : `${path.slice(1)}.html`);
/** The output file an absolute card URL of the site names. */
const fileOfUrl = (out: string, url: string, base = BASE): string => join(out, decodeURIComponent(url.slice(base.length)));
/** Width and height from a PNG's header (the IHDR chunk always comes first). */
function pngSize(bytes: Buffer): { png: boolean; width: number; height: number } {
  const png =
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) &&
    bytes.toString('latin1', 12, 16) === 'IHDR';
  return { png, width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
/** The card file of a built page, by its og:image. */
const cardOf = (out: string, path: string, base = BASE): string => fileOfUrl(out, meta(readHtml(htmlOf(out, path)), 'og:image'), base);

describe('the real site', () => {
  let out: string;
  beforeAll(async () => {
    out = join(tempDir('ecom-cards-'), 'dist');
    const result = await runCli(['build', '--out', out, '--quiet']);
    if (result.code !== 0) throw new Error(result.stderr);
  });

  const pages = (['zh', 'en'] as const).flatMap((locale) => ROUTES.map((route) => ({ locale, route, path: pathOf(route, locale) })));
  it.each(pages)('$path has og:image and twitter:image, an absolute URL of a 1200×630 PNG in the output', ({ path }) => {
    const tree = readHtml(htmlOf(out, path));
    const image = meta(tree, 'og:image');
    expect(image).toMatch(new RegExp(`^${BASE.replace(/\./g, '\\.')}/assets/cards/[^/]+\\.[0-9a-f]{10}\\.png$`));
    expect(meta(tree, 'twitter:image')).toBe(image);
    expect(meta(tree, 'twitter:card')).toBe('summary_large_image');
    expect(pngSize(readFileSync(fileOfUrl(out, image)))).toEqual({ png: true, width: 1200, height: 630 });
  });

  it('gives each locale its own card, and the 404 pages one too', async () => {
    for (const route of ROUTES) {
      const [zh, en] = [cardOf(out, pathOf(route, 'zh')), cardOf(out, pathOf(route, 'en'))];
      expect(zh, route).not.toBe(en);
      expect(readFileSync(zh).equals(readFileSync(en)), route).toBe(false);
    }
    for (const file of ['404.html', 'en/404.html']) {
      const image = meta(readHtml(join(out, file)), 'og:image');
      expect(pngSize(readFileSync(fileOfUrl(out, image)))).toEqual({ png: true, width: 1200, height: 630 });
    }
    // /home is the home page: one card for both addresses.
    expect(cardOf(out, '/home')).toBe(cardOf(out, '/'));
    const { width, height, format } = await sharp(cardOf(out, '/DROC')).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
  });
});

/** The box around the white pixels (the title's ink) of a card's lower half, and how many columns hold ink. */
async function titleInk(file: string): Promise<{ width: number; height: number; columns: number }> {
  const { data, info } = await sharp(file)
    .extract({ left: 0, top: 200, width: 1200, height: 410 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let [left, right, top, bottom] = [Infinity, -1, Infinity, -1];
  const inked = new Set<number>();
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      if ((data[i] as number) > 235 && (data[i + 1] as number) > 235 && (data[i + 2] as number) > 235) {
        [left, right, top, bottom] = [Math.min(left, x), Math.max(right, x), Math.min(top, y), Math.max(bottom, y)];
        inked.add(x);
      }
    }
  }
  return { width: right - left + 1, height: bottom - top + 1, columns: inked.size };
}

describe('Chinese on the cards', () => {
  it('is set with real glyphs, not boxes: 一 is a flat stroke and 丨 a thin upright one', async () => {
    // A missing glyph is drawn as a box (or a box of hex digits) as tall as the line and inked across its
    // width; the real 一 is a single horizontal stroke, 丨 a single vertical one.
    const content = makeContent({
      'zh/index.md': '---\ntitle: 一一一一一一\ndescription: 测试首页\nkeywords: 测试\n---\n\n你好。\n',
      'zh/bar.md': '---\ntitle: 丨丨丨丨\ndescription: 竖线\nkeywords: 测试\n---\n\n你好。\n',
      'en/bar.md': '---\ntitle: Bars\ndescription: Bars\nkeywords: test\n---\n\nHello.\n',
    });
    const out = join(tempDir(), 'dist');
    const result = await runCli(['build', '--content', content, '--out', out, '--quiet']);
    expect(result.stderr).toBe('');
    const flat = await titleInk(cardOf(out, '/', 'https://example.test'));
    expect(flat.width).toBeGreaterThan(300);
    expect(flat.height).toBeLessThan(16);
    const upright = await titleInk(cardOf(out, '/bar', 'https://example.test'));
    expect(upright.height).toBeGreaterThan(40);
    expect(upright.columns / upright.width).toBeLessThan(0.3);
  });
});

describe('cards are made once', () => {
  const base = 'https://example.test';
  const files = {
    'zh/a.md': '---\ntitle: 甲页面\ndescription: 甲\nkeywords: 甲\n---\n\n甲。\n',
    'en/a.md': '---\ntitle: Page A\ndescription: A\nkeywords: a\n---\n\nA.\n',
    'zh/b.md': '---\ntitle: 乙页面\ndescription: 乙\nkeywords: 乙\n---\n\n乙。\n',
    'en/b.md': `---\ntitle: Page B ${Date.now()}\ndescription: B\nkeywords: b\n---\n\nB.\n`,
  };

  it('makes no card on a rebuild, and only the card of an edited title after an edit', async () => {
    const content = makeContent(files);
    const out = join(tempDir(), 'dist');
    const build = async (): Promise<void> =>
      expect((await runCli(['build', '--content', content, '--out', out, '--quiet'])).stderr).toBe('');
    await build();
    const paths = ['/', '/en', '/a', '/en/a', '/b', '/en/b', '404'];
    const cardFile = (path: string): string =>
      path === '404' ? fileOfUrl(out, meta(readHtml(join(out, '404.html')), 'og:image'), base) : cardOf(out, path, base);
    const before = new Map(paths.map((p) => [p, { file: cardFile(p), ino: statSync(cardFile(p)).ino }]));
    const cached = join(CARD_CACHE, `${/\.([0-9a-f]{10})\.png$/.exec(cardFile('/en/b'))?.[1]}.png`);
    const cachedFile = statSync(cached).ino;

    // Nothing changed: every card is the file the last build wrote (made anew, it would be a new file).
    await build();
    for (const p of paths) expect(statSync(cardFile(p)).ino, p).toBe(before.get(p)?.ino);

    // The output is gone: cards come from the card cache, which is not written again (a card drawn anew
    // replaces its file, a new inode; a cache hit only touches it).
    rmSync(out, { recursive: true });
    await build();
    expect(statSync(cached).ino).toBe(cachedFile);
    expect(readFileSync(cardFile('/en/b')).equals(readFileSync(cached))).toBe(true);
    const kept = new Map(paths.map((p) => [p, statSync(cardFile(p)).ino]));

    // One title edited: that page's card is new, every other card is the one the last build wrote.
    writeFileSync(join(content, 'en', 'a.md'), '---\ntitle: Page A, renamed\ndescription: A\nkeywords: a\n---\n\nA.\n');
    await build();
    expect(cardFile('/en/a')).not.toBe(before.get('/en/a')?.file);
    for (const p of paths.filter((p) => p !== '/en/a')) {
      expect(cardFile(p), p).toBe(before.get(p)?.file);
      expect(statSync(cardFile(p)).ino, p).toBe(kept.get(p));
    }
  });
});

describe('the card cache', () => {
  it('never follows a link put in place of a card: the card is drawn anew over it, and what it points at is left alone', async () => {
    const title = `Page B linked ${Date.now()}`;
    const content = makeContent({
      'zh/b.md': '---\ntitle: 乙页面\ndescription: 乙\nkeywords: 乙\n---\n\n乙。\n',
      'en/b.md': `---\ntitle: ${title}\ndescription: B\nkeywords: b\n---\n\nB.\n`,
    });
    const out = join(tempDir(), 'dist');
    const build = async (): Promise<void> =>
      expect((await runCli(['build', '--content', content, '--out', out, '--quiet'])).stderr).toBe('');
    await build();
    const card = (): string => cardOf(out, '/en/b', 'https://example.test');
    const good = readFileSync(card());
    const cached = join(CARD_CACHE, `${/\.([0-9a-f]{10})\.png$/.exec(card())?.[1]}.png`);
    // A file outside the project, dated to the epoch, in the cache's place.
    const outside = join(tempDir(), 'outside.png');
    writeFileSync(outside, 'not a card');
    utimesSync(outside, new Date(0), new Date(0));
    rmSync(cached);
    symlinkSync(outside, cached);
    rmSync(out, { recursive: true });
    await build();
    expect(readFileSync(card()).equals(good)).toBe(true);
    expect(lstatSync(cached).isFile()).toBe(true);
    expect(readFileSync(outside, 'utf8')).toBe('not a card');
    expect(statSync(outside).mtimeMs).toBe(0);
  });
});

describe('front matter `card`', () => {
  it('makes the page card from the image named, cropped to 1200×630', async () => {
    // The image must be in public/: a copy of the project, so the real one is left alone.
    const root = copyProject();
    // Its photos would all be encoded by a cold cache of its own; this test needs none of them.
    for (const photo of fg.sync('**/*.{jpg,jpeg,png,webp,avif,tif,tiff}', { cwd: join(root, 'public'), caseSensitiveMatch: false }))
      rmSync(join(root, 'public', photo));
    // An orange 1600×1000 photo: the card is it, scaled and cropped, as PNG.
    writeFileSync(
      join(root, 'public', 'images', 'share.jpg'),
      await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#ff8800' } })
        .jpeg()
        .toBuffer(),
    );
    const content = makeContent({
      'zh/a.md': '---\ntitle: 甲\ndescription: 甲\nkeywords: 甲\ncard: /images/share.jpg\n---\n\n甲。\n',
      'en/a.md': '---\ntitle: A\ndescription: A\nkeywords: a\n---\n\nA.\n',
    });
    const out = join(tempDir(), 'dist');
    const { stderr } = await runProjectCli(root, ['build', '--content', content, '--out', out, '--quiet']);
    expect(stderr).toBe('');
    const card = cardOf(out, '/a', 'https://example.test');
    expect(card).toMatch(/assets\/cards\/a___zh\.[0-9a-f]{10}\.png$/);
    expect(pngSize(readFileSync(card))).toEqual({ png: true, width: 1200, height: 630 });
    const { dominant } = await sharp(card).stats();
    expect(dominant.r).toBeGreaterThan(230);
    expect(dominant.b).toBeLessThan(40);
    // The English page names no card: it gets the drawn one.
    expect((await sharp(cardOf(out, '/en/a', 'https://example.test')).stats()).dominant.r).toBeLessThan(100);
  });

  it.each([
    ['/images/logo.svg', 'must name a PNG or JPEG image'],
    ['/images/nothing-here.png', 'not a file of public/'],
  ])('refuses card: %s with CARD_INVALID naming the file and line', async (card, message) => {
    const content = makeContent({
      'en/index.md': `---\ntitle: Home\ndescription: Test home\nkeywords: test\ncard: ${card}\n---\n\nHello.\n`,
    });
    const result = await runCli(['build', '--content', content, '--out', join(tempDir(), 'dist'), '--quiet']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('en/index.md:5');
    expect(result.stderr).toContain('CARD_INVALID');
    expect(result.stderr).toContain(message);
  });
});
