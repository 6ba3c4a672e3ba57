/** Fallback chains and the other pure locale functions (cli/core/common/locales.ts), on their own. */
import { describe, expect, it } from 'vitest';
import {
  defaultLocale,
  fallbackChain,
  fallbackCycle,
  localePrefix,
  ogLocaleOf,
  rankIn,
  resolveFallback,
  type Locales,
} from '../../../../cli/core/common/locales.ts';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';

const spec = (code: string, fallback?: string): Locales[number] => ({
  code,
  lang: code,
  label: code,
  ogLocale: code,
  ...(fallback ? { fallback } : {}),
});

describe('fallbackChain', () => {
  it('ends every chain at the default locale, which has none of its own', () => {
    expect(fallbackChain(DEFAULTS.locales, 'en')).toEqual(['en', 'zh']);
    expect(fallbackChain(DEFAULTS.locales, 'zh')).toEqual(['zh']);
  });

  it('follows configured fallbacks in order, nearest first', () => {
    const locales = [spec('zh'), spec('en'), spec('ja', 'en'), spec('ko', 'ja')];
    expect(fallbackChain(locales, 'ja')).toEqual(['ja', 'en', 'zh']);
    expect(fallbackChain(locales, 'ko')).toEqual(['ko', 'ja', 'en', 'zh']);
  });

  it('never repeats a locale, even on a cycle validation would refuse', () => {
    expect(fallbackChain([spec('zh'), spec('en', 'ja'), spec('ja', 'en')], 'ja')).toEqual(['ja', 'en', 'zh']);
  });
});

describe('resolveFallback', () => {
  const locales = [spec('zh'), spec('en'), spec('ja', 'en')];
  it('picks the first locale of the chain that has the thing', () => {
    expect(resolveFallback(locales, 'ja', (l) => l !== 'ja')).toBe('en');
    expect(resolveFallback(locales, 'ja', (l) => l === 'zh')).toBe('zh');
    expect(resolveFallback(locales, 'ja', (l) => l === 'ja')).toBe('ja');
    expect(resolveFallback(locales, 'en', (l) => l === 'ja')).toBeUndefined();
  });
});

describe('fallbackCycle', () => {
  it('finds the locales of a cycle, and nothing on a chain that ends', () => {
    expect(fallbackCycle([spec('zh'), spec('en', 'ja'), spec('ja', 'en')], 'en')).toEqual(['en', 'ja', 'en']);
    expect(fallbackCycle([spec('zh', 'en'), spec('en', 'zh')], 'zh')).toEqual(['zh', 'en', 'zh']);
    expect(fallbackCycle([spec('zh'), spec('ja', 'zh')], 'ja')).toBeUndefined();
  });
});

describe('the rest', () => {
  it('puts every locale but the default under its code', () => {
    expect(defaultLocale(DEFAULTS.locales)).toBe('zh');
    expect(localePrefix(DEFAULTS.locales, 'zh')).toBe('');
    expect(localePrefix(DEFAULTS.locales, 'en')).toBe('/en');
  });

  it('ranks a locale by where it is among those to go first, after them all when it is not there', () => {
    expect(rankIn(['en', 'zh'], 'en')).toBe(0);
    expect(rankIn(['en', 'zh'], 'zh')).toBe(1);
    expect(rankIn(['en', 'zh'], 'ja')).toBe(2);
    expect(rankIn([], 'zh')).toBe(0);
  });

  it('derives og:locale from the language tag when site.yaml gives none', () => {
    expect(ogLocaleOf('ja')).toBe('ja_JP');
    expect(ogLocaleOf('zh-CN')).toBe('zh_CN');
    expect(ogLocaleOf('pt-BR')).toBe('pt_BR');
  });
});
