import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import { missingStrings, resolveStrings } from '../../../../cli/core/plan/resolved-strings.ts';

/** The default locales, zh and en. */
const L = DEFAULTS.locales;

describe('strings', () => {
  it('lists the text ids each locale lacks', () => {
    expect(missingStrings({ zh: { a: '甲', b: '乙' }, en: { a: 'A' } }, L, ['c'])).toEqual({ zh: ['c'], en: ['b', 'c'] });
  });

  it('reports a menu label no locale has at its menu.yaml line; an id only another locale has stands in with a warning', () => {
    const fileOf = (locale: string): string => `content/${locale}/_strings.yaml`;
    const strings = { zh: { 'nav.home': '首页', 'x.only': '仅' }, en: { 'nav.home': 'Home', 'y.en': 'Only English' } };
    const menu = {
      file: 'content/menu.yaml',
      uses: [
        { id: 'nav.home', line: 4 },
        { id: 'nav.partners', line: 6 },
      ],
    };
    const resolved = resolveStrings(strings, L, menu, fileOf);
    expect(resolved.errors).toEqual([
      {
        code: 'STRING_MISSING',
        file: 'content/menu.yaml',
        line: 6,
        message:
          'The menu label "nav.partners" is not defined in content/zh/_strings.yaml and content/en/_strings.yaml; the menu would show the id itself.',
      },
      // zh is the default locale: its chain is itself alone.
      {
        code: 'STRING_MISSING',
        file: 'content/zh/_strings.yaml',
        message: 'The text id "y.en" is defined in content/en/_strings.yaml but not here.',
      },
    ]);
    expect(resolved.warnings).toEqual([
      {
        code: 'STRING_FALLBACK',
        file: 'content/en/_strings.yaml',
        message: 'The text id "x.only" is missing in "en"; the "zh" text stands in (content/zh/_strings.yaml).',
      },
    ]);
    expect(resolved.strings.en?.['x.only']).toBe('仅');
  });

  it('takes a text a third locale lacks from its fallback chain, nearest first', () => {
    const locales = [...L, { code: 'ja', lang: 'ja', label: '日本語', fallback: 'en', ogLocale: 'ja_JP' }];
    const strings = { zh: { a: '甲', b: '乙' }, en: { a: 'A' }, ja: {} };
    const resolved = resolveStrings(strings, locales, { file: 'content/menu.yaml', uses: [] }, (l) => `content/${l}/_strings.yaml`);
    expect(resolved.errors).toEqual([]);
    // ja -> en -> zh: `a` from en, `b` (which en lacks too) from zh.
    expect(resolved.strings.ja).toEqual({ a: 'A', b: '乙' });
    // Which locale each stand-in text comes from: the language whose plural rules apply to it.
    expect(resolved.from).toEqual({ zh: {}, en: { b: 'zh' }, ja: { a: 'en', b: 'zh' } });
    expect(resolved.warnings.map((w) => [w.file, w.message])).toEqual([
      ['content/en/_strings.yaml', 'The text id "b" is missing in "en"; the "zh" text stands in (content/zh/_strings.yaml).'],
      ['content/ja/_strings.yaml', 'The text id "a" is missing in "ja"; the "en" text stands in (content/en/_strings.yaml).'],
      ['content/ja/_strings.yaml', 'The text id "b" is missing in "ja"; the "zh" text stands in (content/zh/_strings.yaml).'],
    ]);
  });
});
