import { describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../../../../cli/core/load/config.ts';
import { checkPageSize } from '../../../../cli/core/load/content.ts';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import { SiteError } from '../../../../cli/core/common/errors.ts';
import { formatSize, parseSize } from '../../../../cli/core/load/size.ts';
import { makeContent } from '../../../helpers/cli.ts';

const SITE = 'baseUrl: https://example.test\ncompany: { zh: 甲, en: A }\nphone: "1"\nemail: a@b.c\n';

describe('sizes in site.yaml and in messages', () => {
  it('reads bytes and binary units, and nothing else', () => {
    expect(parseSize(5000)).toBe(5000);
    expect(parseSize('800 KB')).toBe(800 * 1024);
    expect(parseSize('5MB')).toBe(5 * 1024 * 1024);
    expect(parseSize('1.5 mb')).toBe(1.5 * 1024 * 1024);
    expect(parseSize('1 GB')).toBe(1024 ** 3);
    for (const bad of [0, -1, 1.5, '', 'big', '5 TB', '5 MB extra', null, {}]) expect(parseSize(bad)).toBeUndefined();
  });

  it('shows a size rounded, with the exact bytes', () => {
    expect(formatSize(512)).toBe('512 bytes');
    expect(formatSize(3000)).toBe('2.9 KB (3,000 bytes)');
    expect(formatSize(5 * 1024 * 1024)).toBe('5 MB (5,242,880 bytes)');
  });
});

describe('maxPageSize', () => {
  it('defaults to the value in cli/core/common/defaults.ts, at least 5 MB', async () => {
    const config = await loadSiteConfig(makeContent({ 'site.yaml': SITE }));
    expect(config.maxPageSize).toBe(DEFAULTS.maxPageSize);
    expect(DEFAULTS.maxPageSize).toBeGreaterThanOrEqual(5 * 1024 * 1024);
  });

  it('is read from site.yaml, and an invalid value is CONFIG_INVALID with its line', async () => {
    expect((await loadSiteConfig(makeContent({ 'site.yaml': `${SITE}maxPageSize: 8 MB\n` }))).maxPageSize).toBe(8 * 1024 * 1024);
    const error = await loadSiteConfig(makeContent({ 'site.yaml': `${SITE}maxPageSize: huge\n` })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).problems[0]).toMatchObject({
      code: 'CONFIG_INVALID',
      line: 5,
      message: expect.stringMatching(/`maxPageSize` must be a size/),
    });
  });

  it('refuses a page over the limit in UTF-8 bytes, not characters', () => {
    expect(() => checkPageSize('汉'.repeat(1000), 'content/zh/a.md', 3000)).not.toThrow();
    const error = (() => {
      try {
        checkPageSize('汉'.repeat(1001), 'content/zh/a.md', 3000);
      } catch (e) {
        return e;
      }
    })();
    expect((error as SiteError).problems[0]).toMatchObject({
      code: 'PAGE_TOO_LARGE',
      file: 'content/zh/a.md',
      message: expect.stringContaining('3,003 bytes'),
    });
  });
});
