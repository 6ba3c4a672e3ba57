/**
 * Translation staleness with the source cache warm and cold (cli/core/l10n/status.ts `SourceCache`): the
 * cache only saves parsing, so whatever it holds, a translation's state is the one a cold read gives, and an
 * edited source is never answered from what the cache kept of its earlier text. Seeded edits, fixed seeds.
 */
import { describe, expect, it } from 'vitest';
import { contentHash } from '../../../../cli/core/common/files.ts';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import { blocksOf, versionOf } from '../../../../cli/core/l10n/blocks.ts';
import { type L10nPage, type SourceCache, translationStatuses } from '../../../../cli/core/l10n/status.ts';
import { random } from '../../../helpers/random.ts';

/** The Chinese source of /DROC with `paragraphs`, its hash that of its text, as the loader gives it. */
function source(paragraphs: readonly string[]): L10nPage {
  const body = `${paragraphs.join('\n\n')}\n`;
  return { file: 'content/zh/DROC.md', locale: 'zh', route: '/DROC', data: { title: 'DROC' }, body, bodyLine: 4, hash: contentHash(body) };
}

/** The English translation, stamped against `stamped`. */
function translation(stamped: L10nPage): L10nPage {
  const blocks = blocksOf(stamped);
  const record = { version: versionOf(blocks), blocks: blocks.map((b) => b.hash).join(' ') };
  return { file: 'content/en/DROC.md', locale: 'en', route: '/DROC', data: { title: 'DROC', source: record }, body: 'One.\n', bodyLine: 5 };
}

const stateOf = (pages: L10nPage[], cache?: SourceCache): string | undefined =>
  translationStatuses(pages, DEFAULTS.locales, cache).statuses[0]?.state;

describe('translation staleness', () => {
  it('is outdated after the source changes, with the cache warm from the earlier text', () => {
    const before = source(['第一段。', '第二段。']);
    const after = source(['第一段。', '第二段改了。']);
    const en = translation(before);
    const cache: SourceCache = new Map();
    expect(stateOf([before, en], cache)).toBe('current');
    expect(cache.get(before.file)?.hash).toBe(before.hash);
    expect(stateOf([after, en], cache)).toBe('outdated');
    expect(stateOf([after, en])).toBe('outdated');
    // And back: the source as it was stamped is current again.
    expect(stateOf([before, en], cache)).toBe('current');
  });

  it('is outdated after the source changes, with the cache warm from the last build (versions only, no blocks)', () => {
    const before = source(['第一段。']);
    const after = source(['第一段改了。']);
    const en = translation(before);
    const kept: SourceCache = new Map([[before.file, { hash: before.hash as string, version: versionOf(blocksOf(before)) }]]);
    expect(stateOf([before, en], new Map(kept))).toBe('current');
    expect(stateOf([after, en], new Map(kept))).toBe('outdated');
  });

  it('gives the cold state whatever the cache holds, over seeded edits', () => {
    const words = ['影像', '系统', '医疗', '兽医', '工业', '软件', 'DROC', '。'];
    for (let seed = 1; seed <= 12; seed++) {
      const next = random(seed);
      const paragraph = (): string =>
        Array.from({ length: 1 + Math.floor(next() * 4) }, () => words[Math.floor(next() * words.length)]).join('');
      let text = Array.from({ length: 1 + Math.floor(next() * 3) }, paragraph);
      const stamped = source(text);
      const en = translation(stamped);
      const cache: SourceCache = new Map();
      for (let step = 0; step < 6; step++) {
        const edit = Math.floor(next() * 3);
        const at = Math.floor(next() * text.length);
        if (edit === 0) text = text.map((p, i) => (i === at ? paragraph() : p));
        else if (edit === 1) text = [...text.slice(0, at), paragraph(), ...text.slice(at)];
        else if (text.length > 1) text = text.filter((_, i) => i !== at);
        const pages = [source(text), en];
        const cold = stateOf(pages);
        expect(cold, `seed ${seed} step ${step}`).toBe(text.join() === stampedText(stamped) ? 'current' : 'outdated');
        expect(stateOf(pages, cache), `seed ${seed} step ${step}`).toBe(cold);
      }
    }
  });
});

/** The paragraphs a source was made from, joined as the test joins them. */
function stampedText(page: L10nPage): string {
  return page.body.trimEnd().split('\n\n').join();
}
