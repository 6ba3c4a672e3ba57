/**
 * Social cards, the edge that touches pixels (docs/hosting.md, "Search engines and feeds"): the shared art (logo,
 * font) and making each card's PNG with sharp (the images front matter names as cards are probed by the
 * image pipeline, cli/core/images/image-files.ts). Made
 * cards are cached in node_modules/.cache/ecom-site/cards/ under their key, so no unchanged card is ever
 * made twice, across builds and `watch` sessions.
 *
 * Text is set by Pango (sharp's `text` input) with Noto Sans SC from the `@expo-google-fonts/noto-sans-sc`
 * package (SIL Open Font License): a font file loaded by path, so Chinese renders with real glyphs on a
 * machine without any CJK system font (CI has none), and cards look the same on every machine. Pango
 * wraps the lines (words for Latin, characters for Chinese); the background and the logo are SVG drawn
 * by librsvg, without text, so they need no font at all. What cards of one locale and company share (the
 * chrome: background, logo, company line) is drawn by libvips once and kept as PNG scanlines compressed
 * block by block (cli/core/images/png.ts); each card blends its section and title into the blocks they touch and compresses only
 * those (drawCard), which is far cheaper than libvips compositing and encoding the whole canvas.
 */
import { availableParallelism } from 'node:os';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { OverlayOptions } from 'sharp';
import { loadSharp } from './sharp.ts';
import { CARD_HEIGHT, CARD_WIDTH, type CardSpec, type CardText } from './card-spec.ts';
import { contentHash, takeCached, writeFileAtomic } from '../common/files.ts';
import { semaphore } from '../common/semaphore.ts';
import { ADLER_BASE, adler32, deflateBlock, encodeRgbPng, joinAdler, type Adler, type Deflated } from './png.ts';

const require = createRequire(import.meta.url);

/** The font package and the two weights drawn with (regular for the section and company, bold for the title). */
const FONT_PACKAGE = '@expo-google-fonts/noto-sans-sc';
const FONT_FAMILY = 'Noto Sans SC';
const FONT_FILES = { regular: '400Regular/NotoSansSC_400Regular.ttf', bold: '700Bold/NotoSansSC_700Bold.ttf' } as const;

/** The site path of the logo drawn on every card. */
export const CARD_LOGO = '/images/logo.svg';

/**
 * The version of how cards are drawn and encoded, part of the art's hash: a card cached by another
 * drawing is made anew (2: text blended in JS over cached chrome, RGB PNG written here).
 */
const DRAWING = 2;

/** What every drawn card shares: the logo's bytes and the font files, and a hash of them for the keys. */
export interface CardArt {
  logo?: Uint8Array;
  fonts: { regular: string; bold: string };
  hash: string;
}

/** The folder of an installed package (its package.json may not be exported, so it is found from its main file). */
function packageDir(name: string): string {
  let dir = dirname(require.resolve(name));
  while (!dir.endsWith(join('node_modules', ...name.split('/')))) dir = dirname(dir);
  return dir;
}

/**
 * Reads the shared art. The hash names the font files by package version and size (hashing 20 MB of font
 * on every build would cost more than it protects), sharp's version, since libvips, Pango and librsvg
 * decide the pixels too, and the drawing's version.
 */
export async function cardArt(publicDir: string): Promise<CardArt> {
  const fontDir = packageDir(FONT_PACKAGE);
  const fonts = { regular: join(fontDir, FONT_FILES.regular), bold: join(fontDir, FONT_FILES.bold) };
  const [logo, fontVersion, sharpVersion, sizes] = await Promise.all([
    readFile(join(publicDir, CARD_LOGO)).catch(() => undefined),
    readFile(join(fontDir, 'package.json'), 'utf8').then((text) => (JSON.parse(text) as { version: string }).version),
    readFile(join(packageDir('sharp'), 'package.json'), 'utf8').then((text) => (JSON.parse(text) as { version: string }).version),
    Promise.all(Object.values(fonts).map(async (file) => (await stat(file)).size)),
  ]);
  const hash = contentHash(JSON.stringify([DRAWING, logo ? contentHash(logo) : null, FONT_PACKAGE, fontVersion, sizes, sharpVersion]));
  return { ...(logo ? { logo } : {}), fonts, hash };
}

/**
 * At most this many cards are made at once: the rest of the build's file work shares libuv's threads. A
 * throttle for the whole process, like the photos' (image-files.ts): the one module-level state here.
 */
const cardThrottle = semaphore(Math.max(1, Math.min(2, availableParallelism())), ['card']);

// The layout, in pixels of the 1200×630 card.
const MARGIN = 80;
const TEXT_WIDTH = CARD_WIDTH - 2 * MARGIN;
const LOGO_SIZE = 88;
const LOGO_TOP = 64;
const TITLE_SIZE = 64;
const TITLE_LINES = 3;
const SECTION_SIZE = 34;
const COMPANY_SIZE = 34;
/** The foot of the section and title block: short titles sit low, long ones grow upwards. */
const BLOCK_BOTTOM = CARD_HEIGHT - 78;
const SECTION_GAP = 24;
const COLOURS = { background: '#0b2545', accent: '#3ea0ff', title: '#ffffff', section: '#8cc8ff', company: '#dbe7f3' } as const;

/** The background: the brand's navy, the logo's ring large and faint at the right, an accent bar at the foot. */
const BACKGROUND = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">
<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${COLOURS.background}"/>
<circle cx="1080" cy="120" r="300" fill="none" stroke="${COLOURS.accent}" stroke-opacity="0.16" stroke-width="56"/>
<circle cx="1080" cy="120" r="170" fill="none" stroke="${COLOURS.accent}" stroke-opacity="0.10" stroke-width="28"/>
<rect y="${CARD_HEIGHT - 14}" width="${CARD_WIDTH}" height="14" fill="${COLOURS.accent}"/>
</svg>`;

/**
 * Text as Pango markup: markup characters escaped; control characters (which Pango refuses) and lone
 * surrogates dropped, line breaks kept.
 */
function markup(text: string): string {
  return text
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\ufffe\uffff]/g, '')
    .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface TextStyle {
  size: number;
  bold: boolean;
  colour: string;
  lang: string;
}

/** Text set as raw RGBA pixels, as tall as its ink. */
interface SetText {
  data: Buffer;
  width: number;
  height: number;
}

/** Sets `text` in one block `TEXT_WIDTH` wide (raw pixels: blended at once, never encoded). */
async function setText(text: string, style: TextStyle, art: CardArt): Promise<SetText> {
  // Pango sets nothing for blank text, and libvips refuses to make an empty image.
  if (!markup(text).trim()) return { data: Buffer.alloc(4), width: 1, height: 1 };
  const span = `<span foreground="${style.colour}" lang="${style.lang}">${markup(text)}</span>`;
  const sharp = await loadSharp();
  const { data, info } = await sharp({
    text: {
      text: span,
      font: `${FONT_FAMILY}${style.bold ? ' Bold' : ''} ${style.size}`,
      fontfile: style.bold ? art.fonts.bold : art.fonts.regular,
      width: TEXT_WIDTH,
      dpi: 72,
      rgba: true,
      wrap: 'word-char',
    },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, height: info.height, width: info.width };
}

/** The ink height of `lines` lines of a style, measured once (the tallest glyphs of both scripts, a descender). */
const heightCache = new Map<string, Promise<number>>();
function heightOf(lines: number, style: TextStyle, art: CardArt): Promise<number> {
  const id = `${lines}:${style.size}:${style.bold}`;
  let height = heightCache.get(id);
  if (!height) {
    height = setText(Array.from({ length: lines }, () => '国Ág|').join('\n'), style, art).then((set) => set.height);
    heightCache.set(id, height);
  }
  return height;
}

/**
 * More characters than `lines` lines of a style can show: no visible glyph is narrower than a fifth of
 * the size. A longer text is cut to this many before it is set: Pango cannot make an image of the whole
 * of a very long one (a 40,000-character title failed the build with an internal error).
 */
function mostChars(lines: number, style: TextStyle): number {
  return lines * Math.ceil(TEXT_WIDTH / (style.size / 5));
}

/**
 * Sets `text` in at most `lines` lines: when it needs more, it is cut where the most of it still fits
 * with an ellipsis (at a space for Latin text, when one is near), found by bisection.
 */
async function setFitted(text: string, lines: number, style: TextStyle, art: CardArt): Promise<SetText> {
  const most = await heightOf(lines, style, art);
  const chars = Array.from(text);
  const limit = mostChars(lines, style);
  if (chars.length <= limit) {
    const whole = await setText(text, style, art);
    if (whole.height <= most) return whole;
  }
  const cut = (n: number): string => {
    let head = chars.slice(0, n).join('');
    const space = head.lastIndexOf(' ');
    // Mid-word in Latin text: back to the last space, if that drops no more than a long word.
    if (/\w/.test(chars[n] ?? '') && /\w$/.test(head) && space > 0 && n - space < 16) head = head.slice(0, space);
    return `${head.replace(/[\s,.;:，。；：、·-]+$/u, '')}…`;
  };
  let low = 1;
  let high = Math.min(chars.length - 1, limit);
  let best = await setText(cut(1), style, art);
  while (low <= high) {
    const middle = (low + high) >> 1;
    const set = await setText(cut(middle), style, art);
    if (set.height <= most) {
      best = set;
      low = middle + 1;
    } else high = middle - 1;
  }
  return best;
}

/**
 * A card is held as PNG scanlines, each row a filter byte and its RGB pixels (the navy background is
 * opaque, so no alpha). Every row is left unfiltered: the flat background repeats the row above, which
 * deflate finds by itself, and the Sub and Up filters made the files larger.
 */
const ROW = 1 + CARD_WIDTH * 3;
/** Rows per block: the chrome is compressed once per block, and a card compresses only the blocks its text touches. */
const BLOCK_ROWS = 18;
const BLOCKS = Math.ceil(CARD_HEIGHT / BLOCK_ROWS);
/**
 * zlib levels: the shared chrome once at the best, the blocks under the text at 3, which costs a card a
 * third of level 6's time for slightly larger files (level 1 was no faster and larger again).
 */
const CHROME_LEVEL = 9;
const TEXT_LEVEL = 3;

/**
 * Draws `set` onto scanlines that begin at card row `firstRow`, its top left at (`left`, `top`), clipped,
 * and returns the change to their checksum's sums (summing only what changed costs far less than summing
 * the scanlines again). Pango's pixels are unpremultiplied, so each channel is bg·(255−a) + fg·a, rounded.
 */
function blend(scanlines: Buffer, firstRow: number, set: SetText, left: number, top: number): { a: number; b: number } {
  const { data, width } = set;
  const from = Math.max(top, firstRow);
  const to = Math.min(top + set.height, firstRow + scanlines.length / ROW);
  const columns = Math.min(width, CARD_WIDTH - left);
  let a = 0;
  let b = 0;
  for (let y = from; y < to; y++) {
    let source = (y - top) * width * 4;
    let target = (y - firstRow) * ROW + 1 + left * 3;
    for (let x = 0; x < columns; x++, source += 4, target += 3) {
      const alpha = data[source + 3] ?? 0;
      if (alpha === 0) continue;
      for (let channel = 0; channel < 3; channel++) {
        const under = scanlines[target + channel] ?? 0;
        const over = (((data[source + channel] ?? 0) * alpha + under * (255 - alpha) + 127) / 255) | 0;
        scanlines[target + channel] = over;
        a += over - under;
        b += (scanlines.length - target - channel) * (over - under);
      }
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return { a, b };
}

/** What the cards of one locale and company share: background, logo and company line, as scanlines and compressed blocks. */
interface Chrome {
  scanlines: Buffer;
  blocks: Deflated[];
}

/** Draws the chrome with libvips, once per process, art, language and company. */
const chromeCache = new Map<string, Promise<Chrome>>();
function chromeOf(company: string, lang: string, art: CardArt): Promise<Chrome> {
  const id = JSON.stringify([art.hash, company, lang]);
  let chrome = chromeCache.get(id);
  if (!chrome) {
    chrome = (async () => {
      const set = await setLine(company, { size: COMPANY_SIZE, bold: false, colour: COLOURS.company, lang }, art);
      const sharp = await loadSharp();
      const layers: OverlayOptions[] = [];
      if (art.logo) {
        const logo = await sharp(Buffer.from(art.logo), { density: 72 * 4 })
          .resize(LOGO_SIZE, LOGO_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
          .png()
          .toBuffer();
        layers.push({ input: logo, left: MARGIN, top: LOGO_TOP });
      }
      layers.push({
        input: set.data,
        raw: { width: set.width, height: set.height, channels: 4 },
        left: art.logo ? MARGIN + LOGO_SIZE + 24 : MARGIN,
        top: Math.max(0, Math.round(LOGO_TOP + (LOGO_SIZE - set.height) / 2)),
      });
      const drawn = await sharp(Buffer.from(BACKGROUND)).composite(layers).raw().toBuffer({ resolveWithObject: true });
      const rgb = await sharp(drawn.data, { raw: drawn.info }).removeAlpha().raw().toBuffer();
      const scanlines = Buffer.alloc(CARD_HEIGHT * ROW);
      for (let y = 0; y < CARD_HEIGHT; y++) rgb.copy(scanlines, y * ROW + 1, y * (ROW - 1), (y + 1) * (ROW - 1));
      const blocks = Array.from({ length: BLOCKS }, (_, block) => {
        const rows = scanlines.subarray(block * BLOCK_ROWS * ROW, (block + 1) * BLOCK_ROWS * ROW);
        return deflateBlock(rows, CHROME_LEVEL, adler32(rows));
      });
      return { scanlines, blocks };
    })();
    chromeCache.set(id, chrome);
  }
  return chrome;
}

/**
 * Draws a card: logo and company name at the top (the chrome), the section and the title at the foot.
 * libvips' composite of the whole canvas costs a full encode per card, so the text is blended here into a copy of
 * the chrome's blocks it touches, and only those are compressed again.
 */
async function drawCard(text: CardText, lang: string, art: CardArt): Promise<Buffer> {
  const [chrome, section, title] = await Promise.all([
    chromeOf(text.company, lang, art),
    text.section ? setLine(text.section, { size: SECTION_SIZE, bold: false, colour: COLOURS.section, lang }, art) : undefined,
    setFitted(text.title, TITLE_LINES, { size: TITLE_SIZE, bold: true, colour: COLOURS.title, lang }, art),
  ]);
  // Text is cut to fit (setFitted), so these stay on the card; the clamps guard against glyphs taller than any measured.
  const titleTop = Math.max(0, BLOCK_BOTTOM - title.height);
  const sectionTop = section ? Math.max(0, titleTop - SECTION_GAP - section.height) : titleTop;
  const first = Math.floor(sectionTop / BLOCK_ROWS);
  const end = Math.min(BLOCKS, Math.ceil((titleTop + title.height) / BLOCK_ROWS));
  const scanlines = Buffer.from(chrome.scanlines.subarray(first * BLOCK_ROWS * ROW, end * BLOCK_ROWS * ROW));
  const changes = [section ? blend(scanlines, first * BLOCK_ROWS, section, MARGIN, sectionTop) : { a: 0, b: 0 }];
  changes.push(blend(scanlines, first * BLOCK_ROWS, title, MARGIN, titleTop));
  const before = chrome.blocks
    .slice(first, end)
    .map((block) => block.adler)
    .reduce(joinAdler);
  const adler = changes.reduce<Adler>(
    (sums, change) => ({
      a: (sums.a + change.a + ADLER_BASE) % ADLER_BASE,
      b: (sums.b + change.b + ADLER_BASE) % ADLER_BASE,
      length: sums.length,
    }),
    before,
  );
  return encodeRgbPng(CARD_WIDTH, CARD_HEIGHT, [
    ...chrome.blocks.slice(0, first),
    deflateBlock(scanlines, TEXT_LEVEL, adler),
    ...chrome.blocks.slice(end),
  ]);
}

/** Company names and sections, set once per process: many cards share them. */
const setTextCache = new Map<string, Promise<SetText>>();
function setLine(text: string, style: TextStyle, art: CardArt): Promise<SetText> {
  const id = JSON.stringify([art.hash, text, style]);
  let set = setTextCache.get(id);
  if (!set) {
    set = setFitted(text, 1, style, art);
    setTextCache.set(id, set);
  }
  return set;
}

/**
 * How cards made from images are encoded: zlib level 6 without adaptive filtering, several times faster
 * than level 9 for files somewhat larger (measured on the real site's cards).
 */
const PNG = { compressionLevel: 6, adaptiveFiltering: false } as const;

/** Makes a card from an image of public/: scaled to cover 1200×630 and cropped to the middle, as PNG. */
async function coverCard(file: string): Promise<Buffer> {
  return (await loadSharp())(file).rotate().resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover' }).toColourspace('srgb').png(PNG).toBuffer();
}

/** The cache folder of made cards, inside the build's cache folder. */
export function cardCacheDir(cacheDir: string): string {
  return join(cacheDir, 'cards');
}

/** The cache file of a card, relative to the build's cache folder (what the cache's pruning keeps). */
export function cardCacheName(card: Pick<CardSpec, 'key'>): string {
  return `cards/${card.key}.png`;
}

/**
 * The cache file of a card, made now (in the bounded pool) unless a card of this key was made before; the
 * build copies it into the output. `onMade` is told when the card was made rather than taken from the cache.
 */
export async function produceCard(card: CardSpec, art: CardArt, cacheDir: string, onMade?: () => void): Promise<string> {
  const cached = join(cacheDir, cardCacheName(card));
  if (await takeCached(cached)) return cached;
  const bytes = await cardThrottle('card', () =>
    card.source.kind === 'drawn' ? drawCard(card.source.text, card.source.lang, art) : coverCard(card.source.file),
  );
  onMade?.();
  await writeFileAtomic(cached, bytes);
  return cached;
}
