/** Drawing social cards (cli/core/render/card-image.ts): any title gives a 1200×630 PNG, cached by key. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardArt, cardCacheDir, cardStats, produceCard, type CardArt } from '../../../../cli/core/render/card-image.ts';
import type { CardText } from '../../../../cli/core/render/cards.ts';
import { ROOT, tempDir } from '../../../helpers/cli.ts';

let art: CardArt;
beforeAll(async () => {
  art = await cardArt(join(ROOT, 'public'));
});

let n = 0;
const draw = async (text: Partial<CardText>, cacheDir = tempDir()): Promise<Uint8Array> =>
  readFileSync(
    await produceCard(
      { path: 'x.png', key: `test${n++}`, source: { kind: 'drawn', text: { title: 'T', company: 'Co', locale: 'en', ...text } } },
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
  ])('draws %s as a 1200×630 PNG', async (_name, text) => {
    const bytes = await draw(text);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('makes a card once: the second time it comes from the cache, byte for byte', async () => {
    const cacheDir = tempDir();
    const card = {
      path: 'x.png',
      key: 'cached1',
      source: { kind: 'drawn', text: { title: '缓存', company: '公司', locale: 'zh' } },
    } as const;
    const made = cardStats.made;
    const file = join(cardCacheDir(cacheDir), 'cached1.png');
    expect(await produceCard(card, art, cacheDir)).toBe(file);
    expect(existsSync(file)).toBe(true);
    const first = readFileSync(file);
    const written = statSync(file).mtimeMs;
    expect(await produceCard(card, art, cacheDir)).toBe(file);
    expect(readFileSync(file).equals(first)).toBe(true);
    expect(cardStats.made).toBe(made + 1);
    expect(statSync(file).mtimeMs).toBe(written);
  });

  it('draws the same card with the same bytes every time', async () => {
    const text = { title: '同样的卡片 Same card', section: '新闻', company: '易康科技', locale: 'zh' as const };
    expect(Buffer.from(await draw(text)).equals(Buffer.from(await draw(text)))).toBe(true);
  });
});
