import { describe, expect, it } from 'vitest';
import type { SourcePage } from '../../../../cli/core/load/content.ts';
import { planPages, withDefaults } from '../../../../cli/core/load/i18n.ts';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import { sourcePage } from '../../../helpers/source-page.ts';

/** The default locales, zh and en. */
const L = DEFAULTS.locales;

/** A zh or en page of `route`, from `file`, a draft or not. */
function source(locale: 'zh' | 'en', route: string, file?: string, draft = false): SourcePage {
  return sourcePage(locale, route, { ...(file ? { file, hash: file } : {}), draft });
}

describe('planPages', () => {
  it('writes both locales from their own files', () => {
    const { pages, warnings } = planPages([source('zh', '/DROC'), source('en', '/DROC')], false, L);
    expect(pages.map((p) => [p.locale, p.fallback])).toEqual([
      ['zh', false],
      ['en', false],
    ]);
    expect(warnings).toEqual([]);
  });

  it('stands the other locale in for a missing translation and names the missing file', () => {
    const { pages, warnings } = planPages([source('zh', '/DROC')], false, L);
    const en = pages.find((p) => p.locale === 'en');
    expect(en?.fallback).toBe(true);
    expect(pages.map((p) => p.ownLocales)).toEqual([['zh'], ['zh']]);
    expect(en?.source.locale).toBe('zh');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.code).toBe('TRANSLATION_MISSING');
    expect(warnings[0]?.file).toBe('content/en/DROC.md');
  });

  it('reports two files claiming one route, naming both', () => {
    const { errors } = planPages([source('zh', '/a', 'content/zh/a.md'), source('zh', '/a', 'content/zh/a/index.md')], false, L);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.code).toBe('ROUTE_DUPLICATE');
    expect(errors[0]?.message).toContain('content/zh/a.md');
    expect(errors[0]?.message).toContain('content/zh/a/index.md');
  });

  it('leaves drafts out unless asked', () => {
    const drafts = [source('zh', '/x', undefined, true), source('en', '/x', undefined, true)];
    expect(planPages(drafts, false, L).pages).toEqual([]);
    expect(planPages(drafts, true, L).pages).toHaveLength(2);
  });
});

describe('built-in text', () => {
  it("puts each locale's strings over the built-in text, id by id", () => {
    const merged = withDefaults({ zh: { a: '自己的' }, en: {} }, { a: { zh: '甲', en: 'A' }, b: { zh: '乙', en: 'B' } }, L);
    expect(merged).toEqual({ zh: { a: '自己的', b: '乙' }, en: { a: 'A', b: 'B' } });
  });

  it('gives a locale the built-in text of its language, and none when its language has none', () => {
    const locales = [...L, { code: 'ja', lang: 'ja', label: '日本語', ogLocale: 'ja_JP' }];
    const merged = withDefaults({ zh: {}, en: {}, ja: { b: 'ビ' } }, { a: { zh: '甲', en: 'A' }, b: { zh: '乙', en: 'B' } }, locales);
    expect(merged.ja).toEqual({ b: 'ビ' });
  });
});

describe('planPages: drafts and case', () => {
  it('names a draft translation as a draft, at its `draft` line, not as missing', () => {
    const zh = { ...source('zh', '/x', undefined, true), lineOf: () => 4 };
    const { pages, warnings, drafts } = planPages([zh, source('en', '/x')], false, L);
    expect(pages.map((p) => [p.locale, p.fallback])).toEqual([
      ['zh', true],
      ['en', false],
    ]);
    expect(warnings).toEqual([
      expect.objectContaining({
        code: 'TRANSLATION_DRAFT',
        file: 'content/zh/x.md',
        line: 4,
        message: expect.stringContaining('is a draft'),
      }),
    ]);
    expect(drafts.size).toBe(0);
  });

  it('lists routes left out as drafts, with the draft file', () => {
    const { drafts } = planPages([source('zh', '/x', undefined, true), source('en', '/x', undefined, true)], false, L);
    expect([...drafts]).toEqual([['/x', 'content/zh/x.md']]);
    expect(planPages([source('zh', '/x', undefined, true)], true, L).drafts.size).toBe(0);
  });

  it('refuses routes that differ only in case, in one locale or across locales', () => {
    const one = planPages([source('zh', '/Partners'), source('zh', '/partners')], false, L);
    expect(one.errors).toEqual([
      expect.objectContaining({
        code: 'ROUTE_CASE',
        message: expect.stringContaining('content/zh/Partners.md and content/zh/partners.md'),
      }),
    ]);
    expect(planPages([source('zh', '/Partners'), source('en', '/partners')], false, L).errors).toHaveLength(1);
    expect(planPages([source('zh', '/Partners'), source('en', '/Partners')], false, L).errors).toEqual([]);
    // A draft is not built, so it collides with nothing until --drafts.
    expect(planPages([source('zh', '/Partners'), source('zh', '/partners', undefined, true)], false, L).errors).toEqual([]);
  });
});
