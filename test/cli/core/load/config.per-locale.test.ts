/**
 * Per-locale settings of site.yaml (cli/core/load/config.ts `resolvePerLocale`; docs/locales.md): a locale
 * without its own value takes its fallback chain's, with SETTING_FALLBACK naming the field and the locale;
 * a locale of public/'s top-level names is CONFIG_INVALID at the code's line.
 */
import { describe, expect, it } from 'vitest';
import { loadSiteSettings, PER_LOCALE_FIELDS } from '../../../../cli/core/load/config.ts';
import { SiteError, type Problem } from '../../../../cli/core/common/errors.ts';
import { makeContent } from '../../../helpers/cli.ts';

const SITE = 'baseUrl: https://example.test\nphone: "+86 000"\nemail: test@example.test\n';
const THREE =
  'locales:\n  - { code: zh, lang: zh-CN, label: 中文 }\n  - { code: en, lang: en, label: English }\n  - { code: ja, lang: ja, label: 日本語, fallback: en }\n';

async function problemsOf(site: string, publicNames: string[] = []): Promise<Problem[]> {
  try {
    await loadSiteSettings(makeContent({ 'site.yaml': site }), publicNames);
  } catch (error) {
    if (error instanceof SiteError) return error.problems;
    throw error;
  }
  return [];
}

describe('per-locale settings follow the fallback chain', () => {
  it('fill every per-locale field a new locale lacks from its chain, one warning per field and locale', async () => {
    const fields = PER_LOCALE_FIELDS.map((field) => `${field}:\n  zh: ${field}-zh\n  en: ${field}-en\n`).join('');
    const { config, warnings } = await loadSiteSettings(makeContent({ 'site.yaml': `${THREE}${SITE}${fields}` }));
    for (const field of PER_LOCALE_FIELDS) expect(config[field]).toEqual({ zh: `${field}-zh`, en: `${field}-en`, ja: `${field}-en` });
    expect(warnings.map((w) => `${w.code} ${w.line} ${w.message}`)).toEqual(
      PER_LOCALE_FIELDS.map((field, i) => `SETTING_FALLBACK ${8 + i * 3} \`${field}.ja\` is not set: the en value stands in for ja.`),
    );
  });

  it('take the locale’s own value without a warning, and go on down the chain to the default locale', async () => {
    const site = `${THREE}${SITE}company:\n  zh: 公司\n  ja: 会社\naddress:\n  zh: 地址\n`;
    const { config, warnings } = await loadSiteSettings(makeContent({ 'site.yaml': site }));
    expect(config.company).toEqual({ zh: '公司', en: '公司', ja: '会社' });
    expect(config.address).toEqual({ zh: '地址', en: '地址', ja: '地址' });
    expect(warnings.map((w) => w.message)).toEqual([
      '`company.en` is not set: the zh value stands in for en.',
      '`address.en` is not set: the zh value stands in for en.',
      '`address.ja` is not set: the zh value stands in for ja.',
    ]);
  });

  it('is CONFIG_INVALID when no locale of a chain has the value', async () => {
    const site = `${THREE}${SITE}company:\n  en: Co\n`;
    expect((await problemsOf(site)).map((p) => `${p.code} ${p.line} ${p.message}`)).toEqual([
      'CONFIG_INVALID 8 `company.zh` is required: no locale of its fallback chain (zh) has a value.',
    ]);
  });
});

describe('a locale code that names a file or folder of public/', () => {
  it('is CONFIG_INVALID at the line of the code, whatever the case', async () => {
    const site = `locales:\n  - { code: zh, lang: zh-CN, label: 中文 }\n  - { code: images, lang: en, label: English }\n${SITE}company:\n  zh: 公司\n`;
    expect((await problemsOf(site, ['Images', 'favicon.svg'])).map((p) => `${p.code} ${p.line} ${p.message}`)).toEqual([
      'CONFIG_INVALID 3 `locales[1].code` is "images", the name of public/Images: the locale\'s pages and that file or folder would be written to one place.',
    ]);
    expect(await problemsOf(site, ['images.html'])).toHaveLength(1);
    expect(await problemsOf(site, ['imagery', 'favicon.svg'])).toEqual([]);
  });

  it('names a default locale the list does not spell out, without a line', async () => {
    const problems = await problemsOf(`${SITE}company:\n  zh: 公司\n  en: Co\n`, ['en']);
    expect(problems.map((p) => [p.code, p.line, p.message])).toEqual([
      [
        'CONFIG_INVALID',
        undefined,
        'The locale "en", the name of public/en: the locale\'s pages and that file or folder would be written to one place.',
      ],
    ]);
  });
});
