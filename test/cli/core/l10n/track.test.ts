import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import { blocksOf, versionOf } from '../../../../cli/core/l10n/blocks.ts';
import { sameNotice, trackTranslations } from '../../../../cli/core/l10n/track.ts';
import type { SourcePage } from '../../../../cli/core/load/content.ts';
import type { PlannedPage } from '../../../../cli/core/load/i18n.ts';

function source(locale: string, body: string, data: Record<string, unknown> = {}): SourcePage {
  return {
    file: `content/${locale}/DR.md`,
    locale,
    route: '/DR',
    data: { title: 'DR', ...data },
    title: 'DR',
    template: 'page',
    draft: false,
    body,
    bodyLine: 4,
    hash: `${locale}${body}`,
    bodyStart: 0,
    warnings: [],
    lineOf: () => 3,
  };
}
const planned = (s: SourcePage, locale: string = s.locale, fallback = false): PlannedPage => ({
  route: '/DR',
  locale,
  source: s,
  fallback,
  ownLocales: ['zh', 'en'],
});
const recordOf = (s: SourcePage): Record<string, unknown> => {
  const blocks = blocksOf(s);
  return { version: versionOf(blocks), blocks: blocks.map((b) => b.hash).join(' ') };
};

describe('trackTranslations', () => {
  const stamped = recordOf(source('zh', '旧的一段。\n'));

  it('puts a notice linking to the source page on an outdated translation only', () => {
    const zh = source('zh', '新的一段。\n');
    const en = source('en', 'One.\n', { source: stamped });
    const tracked = trackTranslations([zh, en], [planned(zh), planned(en)], DEFAULTS.locales);
    expect(tracked.pages.map((p) => p.outdated)).toEqual([undefined, { href: '/DR', hreflang: 'zh-CN' }]);
    expect(tracked.warnings.map((w) => w.code)).toEqual(['TRANSLATION_OUTDATED']);
  });

  it('shows no notice when the page turns it off, on a current page, or on a stand-in', () => {
    const zh = source('zh', '新的一段。\n');
    const off = source('en', 'One.\n', { source: { ...stamped, notice: false } });
    expect(trackTranslations([zh, off], [planned(zh), planned(off)], DEFAULTS.locales).pages.map((p) => p.outdated)).toEqual([
      undefined,
      undefined,
    ]);
    const current = source('en', 'One.\n', { source: recordOf(zh) });
    expect(trackTranslations([zh, current], [planned(zh), planned(current)], DEFAULTS.locales).pages.map((p) => p.outdated)).toEqual([
      undefined,
      undefined,
    ]);
    const en = source('en', 'One.\n', { source: stamped });
    const standIn = trackTranslations([zh, en], [planned(zh), planned(en, 'zh', true)], DEFAULTS.locales);
    expect(standIn.pages[1]?.outdated).toBeUndefined();
  });

  it('clears a notice once the translation is current again, and keeps unchanged pages as they were', () => {
    const zh = source('zh', '旧的一段。\n');
    const en = source('en', 'One.\n', { source: stamped });
    const stale = { ...planned(en), outdated: { href: '/DR', hreflang: 'zh-CN' } };
    const tracked = trackTranslations([zh, en], [planned(zh), stale], DEFAULTS.locales);
    expect(tracked.pages[1]?.outdated).toBeUndefined();
    const same = planned(zh);
    expect(trackTranslations([zh, en], [same], DEFAULTS.locales).pages[0]).toBe(same);
  });
});

describe('sameNotice', () => {
  it('is true for two pages without a notice or with the same link, false when the link or its language differs', () => {
    const page = planned(source('en', 'One.\n'));
    const notice = (href: string, hreflang: string): PlannedPage => ({ ...page, outdated: { href, hreflang } });
    expect(sameNotice(page, { ...page })).toBe(true);
    expect(sameNotice(notice('/DR', 'zh-CN'), notice('/DR', 'zh-CN'))).toBe(true);
    expect(sameNotice(page, notice('/DR', 'zh-CN'))).toBe(false);
    expect(sameNotice(notice('/DR', 'zh-CN'), notice('/en/DR', 'zh-CN'))).toBe(false);
    expect(sameNotice(notice('/DR', 'zh-CN'), notice('/DR', 'en'))).toBe(false);
  });
});
