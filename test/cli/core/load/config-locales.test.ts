/** site.yaml `locales` (cli/core/load/config-locales.ts): defaults, and every mistake named with its path and line. */
import { describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../../../../cli/core/load/config.ts';
import { SiteError, type Problem } from '../../../../cli/core/common/errors.ts';
import { makeContent } from '../../../helpers/cli.ts';

const SITE = 'baseUrl: https://example.test\nphone: "+86 000"\nemail: test@example.test\n';

async function problemsOf(site: string): Promise<Problem[]> {
  try {
    await loadSiteConfig(makeContent({ 'site.yaml': site }));
  } catch (error) {
    if (error instanceof SiteError) return error.problems;
    throw error;
  }
  return [];
}

const messages = async (site: string): Promise<string[]> => (await problemsOf(site)).map((p) => `${p.line}: ${p.message}`);

describe('site.yaml locales', () => {
  it('is zh (zh-CN, default) and en without the list', async () => {
    const config = await loadSiteConfig(makeContent());
    expect(config.locales).toEqual([
      { code: 'zh', lang: 'zh-CN', label: '中文', ogLocale: 'zh_CN' },
      { code: 'en', lang: 'en', label: 'English', ogLocale: 'en_US' },
    ]);
  });

  it('takes the list in order, the first the default, filling og:locale from the language tag', async () => {
    const site = `locales:\n  - { code: en, lang: en-GB, label: English }\n  - { code: ja, lang: ja, label: 日本語, fallback: en }\n${SITE}company:\n  en: Co\n  ja: 会社\n`;
    const config = await loadSiteConfig(makeContent({ 'site.yaml': site }));
    expect(config.locales).toEqual([
      { code: 'en', lang: 'en-GB', label: 'English', ogLocale: 'en_GB' },
      { code: 'ja', lang: 'ja', label: '日本語', fallback: 'en', ogLocale: 'ja_JP' },
    ]);
  });

  it('names a per-locale value for a locale that is not configured', async () => {
    const site = `locales:\n  - { code: zh, lang: zh-CN, label: 中文 }\n  - { code: ja, lang: ja, label: 日本語 }\n${SITE}company:\n  zh: 公司\n  en: Co\n`;
    expect(await messages(site)).toEqual(['9: Unknown field `company.en`.']);
  });

  it('names unknown keys, duplicate codes and tags, reserved codes and bad tags at their line', async () => {
    const site = [
      'locales:',
      '  - { code: zh, lang: zh-CN, label: 中文 }',
      '  - { code: en, lang: en, label: English, flag: gb }',
      '  - { code: en, lang: EN, label: English }',
      '  - { code: assets, lang: de, label: Deutsch }',
      '  - { code: ja, lang: japanese!, label: 日本語 }',
      '  - { code: Fr, lang: fr, label: Français }',
    ].join('\n');
    expect(await messages(`${site}\n${SITE}`)).toEqual([
      '6: `locales[4].lang` must be a BCP 47 language tag, e.g. ja or zh-CN, found "japanese!".',
      '7: `locales[5].code` must be lowercase letters and digits, e.g. ja or pt-br, found "Fr".',
      '3: Unknown field `locales[1].flag`.',
    ]);
    // Once each entry is well formed, the list as a whole is checked.
    const whole = [
      'locales:',
      '  - { code: zh, lang: zh-CN, label: 中文 }',
      '  - { code: en, lang: en, label: English }',
      '  - { code: en, lang: EN, label: English }',
      '  - { code: assets, lang: de, label: Deutsch }',
    ].join('\n');
    expect(await messages(`${whole}\n${SITE}`)).toEqual([
      '4: `locales[2].code` repeats the code "en" of locales[1].',
      '4: `locales[2].lang` repeats the language tag "EN" of locales[1].',
      '5: `locales[3].code` is "assets", a path the build writes itself (assets, 404, home, sitemap.xml, robots.txt, search, pagefind, preview).',
    ]);
  });

  it('refuses an unknown fallback, a locale falling back on itself and a fallback cycle', async () => {
    const unknown = 'locales:\n  - { code: zh, lang: zh-CN, label: 中文 }\n  - { code: ja, lang: ja, label: 日本語, fallback: ko }\n';
    expect(await messages(`${unknown}${SITE}`)).toEqual(['3: `locales[1].fallback` must be one of the codes: zh, ja, found "ko".']);
    const self = 'locales:\n  - { code: zh, lang: zh-CN, label: 中文 }\n  - { code: ja, lang: ja, label: 日本語, fallback: ja }\n';
    expect(await messages(`${self}${SITE}`)).toEqual(['3: `locales[1].fallback` names the locale itself.']);
    const cycle = [
      'locales:',
      '  - { code: zh, lang: zh-CN, label: 中文 }',
      '  - { code: en, lang: en, label: English, fallback: ja }',
      '  - { code: ja, lang: ja, label: 日本語, fallback: en }',
    ].join('\n');
    expect(await messages(`${cycle}\n${SITE}`)).toEqual(['3: `locales[1].fallback` makes a fallback cycle: en -> ja -> en.']);
  });

  it('needs at least one locale', async () => {
    expect(await messages(`locales: []\n${SITE}`)).toEqual(['1: `locales` needs at least 1 item(s), found 0.']);
  });
});
