import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import { blocksOf, versionOf } from '../../../../cli/core/l10n/blocks.ts';
import { outdatedWarnings, translationStatuses, type L10nPage } from '../../../../cli/core/l10n/status.ts';

const zh = (body: string): L10nPage => ({
  file: 'content/zh/DROC.md',
  locale: 'zh',
  route: '/DROC',
  data: { title: 'DROC' },
  body,
  bodyLine: 4,
});
const en = (source?: Record<string, unknown>): L10nPage => ({
  file: 'content/en/DROC.md',
  locale: 'en',
  route: '/DROC',
  data: { title: 'DROC', ...(source ? { source } : {}) },
  body: 'One.\n',
  bodyLine: 5,
  lineOf: () => 4,
});
const stampOf = (page: L10nPage): Record<string, unknown> => {
  const blocks = blocksOf(page);
  return { version: versionOf(blocks), blocks: blocks.map((b) => b.hash).join(' ') };
};

describe('translationStatuses', () => {
  it('is current when the record names the source as it is, and never lists the source itself', () => {
    const source = zh('第一段。\n\n第二段。\n');
    const { statuses, problems } = translationStatuses([source, en(stampOf(source))], DEFAULTS.locales);
    expect(problems).toEqual([]);
    expect(statuses.map((s) => [s.file, s.state, s.source.file])).toEqual([['content/en/DROC.md', 'current', 'content/zh/DROC.md']]);
  });

  it('is outdated after a source paragraph changes, naming it by line and current text, with a warning at the record', () => {
    const record = stampOf(zh('第一段。\n\n第二段。\n'));
    const { statuses } = translationStatuses([zh('第一段。\n\n第二段改了。\n'), en(record)], DEFAULTS.locales);
    expect(statuses[0]?.state).toBe('outdated');
    expect(statuses[0]?.changes).toMatchObject([{ kind: 'changed', block: { line: 6, text: '第二段改了。' } }]);
    expect(outdatedWarnings(statuses)).toEqual([
      {
        code: 'TRANSLATION_OUTDATED',
        message: 'content/en/DROC.md is outdated: its source content/zh/DROC.md changed since the translation was stamped.',
        file: 'content/en/DROC.md',
        line: 4,
      },
    ]);
  });

  it('is unknown without a record, and unknown is never a warning', () => {
    const { statuses } = translationStatuses([zh('第一段。\n'), en({ notice: false })], DEFAULTS.locales);
    expect(statuses.map((s) => [s.state, s.notice])).toEqual([['unknown', false]]);
    expect(outdatedWarnings(statuses)).toEqual([]);
  });

  it('takes the source from the locale the record names, and refuses a locale that is not configured', () => {
    const enSource = { ...en(), body: 'Original.\n' };
    const zhTranslation = { ...zh('译文。\n'), data: { title: 'DROC', source: { locale: 'en', ...stampOf(enSource) } } };
    const { statuses } = translationStatuses([zhTranslation, enSource], DEFAULTS.locales);
    expect(statuses.map((s) => [s.file, s.state, s.source.file])).toEqual([['content/zh/DROC.md', 'current', 'content/en/DROC.md']]);
    const bad = translationStatuses([zh('x\n'), en({ locale: 'fr' })], DEFAULTS.locales);
    expect(bad.problems.map((p) => [p.code, p.file])).toEqual([['FRONTMATTER_INVALID', 'content/en/DROC.md']]);
  });

  it('leaves out a page whose source page does not exist: it is an original', () => {
    expect(translationStatuses([en({ version: 'abcdef12' })], DEFAULTS.locales).statuses).toEqual([]);
  });

  it('reads no source text for a current translation whose source version is known, nor for an unknown one', () => {
    let reads = 0;
    const text = '第一段。\n';
    const source: L10nPage = {
      ...zh(text),
      hash: 'h1',
      get body() {
        reads += 1;
        return text;
      },
    };
    const version = versionOf(blocksOf(zh(text)));
    const cache = new Map([[source.file, { hash: 'h1', version }]]);
    expect(translationStatuses([source, en({ version, blocks: '' })], DEFAULTS.locales, cache).statuses[0]?.state).toBe('current');
    expect(translationStatuses([source, en()], DEFAULTS.locales, cache).statuses[0]?.state).toBe('unknown');
    expect(reads).toBe(0);
    expect(translationStatuses([source, en({ version: '00000000' })], DEFAULTS.locales, cache).statuses[0]?.state).toBe('outdated');
    expect(reads).toBe(1);
  });
});
