import { describe, expect, it } from 'vitest';
import type { SourcePage } from '../../../cli/core/content.ts';
import { missingStrings, planPages, translator } from '../../../cli/core/i18n.ts';

function source(locale: 'zh' | 'en', route: string, file = `content/${locale}${route === '/' ? '/index' : route}.md`, draft = false): SourcePage {
  return { file, locale, route, data: { title: route }, title: route, template: 'page', draft, body: '', bodyLine: 4, hash: file, bodyStart: 0, warnings: [], lineOf: () => 1 };
}

describe('planPages', () => {
  it('writes both locales from their own files', () => {
    const { pages, warnings } = planPages([source('zh', '/DROC'), source('en', '/DROC')], false);
    expect(pages.map((p) => [p.locale, p.fallback])).toEqual([['zh', false], ['en', false]]);
    expect(warnings).toEqual([]);
  });

  it('stands the other locale in for a missing translation and names the missing file', () => {
    const { pages, warnings } = planPages([source('zh', '/DROC')], false);
    const en = pages.find((p) => p.locale === 'en');
    expect(en?.fallback).toBe(true);
    expect(pages.map((p) => p.ownLocales)).toEqual([['zh'], ['zh']]);
    expect(en?.source.locale).toBe('zh');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.code).toBe('TRANSLATION_MISSING');
    expect(warnings[0]?.file).toBe('content/en/DROC.md');
  });

  it('reports two files claiming one route, naming both', () => {
    const { errors } = planPages([source('zh', '/a', 'content/zh/a.md'), source('zh', '/a', 'content/zh/a/index.md')], false);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.code).toBe('ROUTE_DUPLICATE');
    expect(errors[0]?.message).toContain('content/zh/a.md');
    expect(errors[0]?.message).toContain('content/zh/a/index.md');
  });

  it('leaves drafts out unless asked', () => {
    const drafts = [source('zh', '/x', undefined, true), source('en', '/x', undefined, true)];
    expect(planPages(drafts, false).pages).toEqual([]);
    expect(planPages(drafts, true).pages).toHaveLength(2);
  });
});

describe('strings', () => {
  it('lists the text ids each locale lacks', () => {
    expect(missingStrings({ zh: { a: '甲', b: '乙' }, en: { a: 'A' } }, ['c'])).toEqual({ zh: ['c'], en: ['b', 'c'] });
  });

  it('falls back to the other locale, then to the id', () => {
    const t = translator({ zh: { a: '甲', b: '乙' }, en: { a: 'A' } }, 'en');
    expect(t('a')).toBe('A');
    expect(t('b')).toBe('乙');
    expect(t('zzz')).toBe('zzz');
  });
});
