/**
 * Edges of cli/core/common/locales.ts the other tests leave out, found by a mutation run (docs/testing.md,
 * "Mutation testing"): locales and fallback chains at their boundaries.
 */
import { describe, expect, it } from 'vitest';
import {
  detectionList,
  fallbackChain,
  fallbackCycle,
  langOf,
  type Locales,
  localeOf,
  ogLocaleOf,
} from '../../../../cli/core/common/locales.ts';

const LOCALES: Locales = [
  { code: 'zh', lang: 'zh-CN', label: '中文', ogLocale: 'zh_CN' },
  { code: 'en', lang: 'en', label: 'English', ogLocale: 'en_US' },
  { code: 'ja', lang: 'ja-JP', label: '日本語', ogLocale: 'ja_JP', fallback: 'en' },
];

describe('locales', () => {
  it('finds a locale and its tag, and refuses a code not configured', () => {
    expect(localeOf(LOCALES, 'en').label).toBe('English');
    expect(langOf(LOCALES, 'ja')).toBe('ja-JP');
    expect(() => localeOf(LOCALES, 'fr')).toThrow('"fr" is not a configured locale (zh, en, ja).');
  });

  it('implies an Open Graph locale, and keeps a tag Intl cannot read with "_" for "-"', () => {
    expect(ogLocaleOf('ja')).toBe('ja_JP');
    expect(ogLocaleOf('pt-BR')).toBe('pt_BR');
    expect(ogLocaleOf('x-not-a-tag-at-all-')).toBe('x_not-a-tag-at-all-');
  });

  it('lists the locales for the detection script, the default first', () => {
    expect(detectionList(LOCALES)).toBe('zh:zh-CN en:en ja:ja-JP');
  });

  it('ends every fallback chain at the default, even of a code not configured', () => {
    expect(fallbackChain(LOCALES, 'ja')).toEqual(['ja', 'en', 'zh']);
    expect(fallbackChain(LOCALES, 'fr')).toEqual(['fr', 'zh']);
  });

  it('gives a fallback cycle from where it closes, and none through a code not configured', () => {
    const cyclic: Locales = [
      { code: 'zh', lang: 'zh', label: 'zh', ogLocale: 'zh' },
      { code: 'a', lang: 'a', label: 'a', ogLocale: 'a', fallback: 'b' },
      { code: 'b', lang: 'b', label: 'b', ogLocale: 'b', fallback: 'c' },
      { code: 'c', lang: 'c', label: 'c', ogLocale: 'c', fallback: 'b' },
      { code: 'd', lang: 'd', label: 'd', ogLocale: 'd', fallback: 'gone' },
    ];
    expect(fallbackCycle(cyclic, 'a')).toEqual(['b', 'c', 'b']);
    expect(fallbackCycle(cyclic, 'd')).toBeUndefined();
    expect(fallbackCycle(cyclic, 'gone')).toBeUndefined();
  });
});
