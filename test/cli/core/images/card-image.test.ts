/** Drawing social cards (cli/core/images/card-image.ts): any title gives a 1200×630 PNG, cached by key. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardArt, cardCacheDir, produceCard, type CardArt } from '../../../../cli/core/images/card-image.ts';
import type { CardText } from '../../../../cli/core/images/card-spec.ts';
import { ROOT, tempDir } from '../../../helpers/cli.ts';

let art: CardArt;
beforeAll(async () => {
  art = await cardArt(join(ROOT, 'public'));
});

let n = 0;
const draw = async (text: Partial<CardText>, cacheDir = tempDir()): Promise<Uint8Array> =>
  readFileSync(
    await produceCard(
      {
        path: 'x.png',
        key: `test${n++}`,
        source: { kind: 'drawn', text: { title: 'T', company: 'Co', locale: 'en', ...text }, lang: text.locale === 'zh' ? 'zh-CN' : 'en' },
      },
      art,
      cacheDir,
    ),
  );

describe('produceCard', () => {
  it.each([
    ['a plain title', { title: 'DROC' }],
    ['a Chinese title', { title: '医用X射线操作台', locale: 'zh' as const, section: '医疗影像' }],
    ['a title longer than three lines', { title: 'word '.repeat(80) }],
    ['a long word without spaces', { title: 'x'.repeat(300) }],
    ['a long Chinese title', { title: '影像'.repeat(80), locale: 'zh' as const }],
    ['markup characters', { title: '<b>R&D</b> "quoted" \'single\'' }],
    ['control characters and a lone surrogate', { title: 'bell\u0007 nul\u0000 tab\t \ud800 end' }],
    ['a blank title and company', { title: '  ', company: '' }],
    ['stacked combining marks', { title: `Z${'\u0301\u0300\u0302'.repeat(40)}algo` }],
    ['emoji and right-to-left text', { title: 'Launch 🚀 مرحبا' }],
    // Pango could not make an image of the whole text: the build failed with an internal error.
    ['a title of 40,000 characters', { title: '标题'.repeat(20_000), locale: 'zh' as const }],
    ['a company name and a section of 40,000 characters', { company: 'Co '.repeat(13_000), section: 'S'.repeat(40_000) }],
  ])('draws %s as a 1200×630 PNG', async (_name, text) => {
    const bytes = await draw(text);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('cuts a very long title where a shorter one that overflows is cut: the same card', async () => {
    // Only the first characters can show: the text is cut to what three lines could ever hold first.
    const card = async (title: string): Promise<Buffer> =>
      sharp(await draw({ title, locale: 'zh' }))
        .raw()
        .toBuffer();
    expect((await card('标题'.repeat(20_000))).equals(await card('标题'.repeat(100)))).toBe(true);
  });

  it('makes a card once: the second time it comes from the cache, byte for byte', async () => {
    const cacheDir = tempDir();
    const card = {
      path: 'x.png',
      key: 'cached1',
      source: { kind: 'drawn', text: { title: '缓存', company: '公司', locale: 'zh' }, lang: 'zh-CN' },
    } as const;
    let made = 0;
    const onMade = (): void => {
      made += 1;
    };
    const file = join(cardCacheDir(cacheDir), 'cached1.png');
    expect(await produceCard(card, art, cacheDir, onMade)).toBe(file);
    expect(existsSync(file)).toBe(true);
    const first = readFileSync(file);
    const written = statSync(file);
    expect(await produceCard(card, art, cacheDir, onMade)).toBe(file);
    expect(readFileSync(file).equals(first)).toBe(true);
    expect(made).toBe(1);
    // The same file, not written again (an atomic write is a new file); only touched, for the cache's pruning.
    expect(statSync(file).ino).toBe(written.ino);
    expect(statSync(file).mtimeMs).toBeGreaterThanOrEqual(written.mtimeMs);
  });

  it('draws the same card with the same bytes every time', async () => {
    const text = { title: '同样的卡片 Same card', section: '新闻', company: '易康科技', locale: 'zh' as const };
    expect(Buffer.from(await draw(text)).equals(Buffer.from(await draw(text)))).toBe(true);
  });

  it('blends the title over the navy background into an opaque RGB card whose zlib checksum holds', async () => {
    const bytes = Buffer.from(await draw({ title: 'IIII HHHH' }));
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 1200, height: 630, channels: 3, hasAlpha: false });
    const pixels = await sharp(bytes).raw().toBuffer();
    const at = (x: number, y: number): number[] => [...pixels.subarray((y * 1200 + x) * 3, (y * 1200 + x) * 3 + 3)];
    const navy = [0x0b, 0x25, 0x45];
    // Far from any text: the left margin, and below the title above the accent bar.
    expect(at(40, 300)).toEqual(navy);
    expect(at(600, 580)).toEqual(navy);
    // The title's band: its solid stems are exactly the title colour, and every pixel lies between navy and white.
    let white = 0;
    let outside = 0;
    for (let y = 440; y < 552; y++)
      for (let x = 80; x < 700; x++) {
        const [r, g, b] = at(x, y);
        if (r === 255 && g === 255 && b === 255) white += 1;
        if (r! < navy[0]! || g! < navy[1]! || b! < navy[2]!) outside += 1;
      }
    expect(white).toBeGreaterThan(2000);
    expect(outside).toBe(0);
    // zlib verifies the Adler-32 of the joined blocks while inflating.
    const idat: Buffer[] = [];
    for (let at = 8; at < bytes.length; at += 12 + bytes.readUInt32BE(at))
      if (bytes.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + bytes.readUInt32BE(at)));
    expect(inflateSync(Buffer.concat(idat)).length).toBe(630 * (1 + 1200 * 3));
  });
});
