/**
 * The footer's copyright years (docs/writing.md, "site.yaml"): from site.yaml's `founded` to
 * the build's year, which is SOURCE_DATE_EPOCH's when set (reproducible builds), and part of every page's
 * cache key so that a page kept from an earlier build never shows last year.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { select } from 'hast-util-select';
import { toString } from 'hast-util-to-string';
import { describe, expect, it } from 'vitest';
import { makeContent, readHtml, runCli, tempDir } from '../../helpers/cli.ts';
import { treeDigest } from '../../helpers/site.ts';

const JUNE_2030 = '1906502400';
const JUNE_2031 = '1938038400';
const SITE = 'baseUrl: https://example.test\ncompany:\n  zh: 测试公司\n  en: Test Co\nphone: "+86 000"\nemail: test@example.test\n';

const copyright = (file: string): string => toString(select('.footer-bottom p', readHtml(file))!).trim();

async function build(content: string, epoch: string, out = join(tempDir(), 'dist')): Promise<string> {
  const result = await runCli(['build', '--content', content, '--out', out, '--quiet'], undefined, { SOURCE_DATE_EPOCH: epoch });
  expect(result.code, result.stderr).toBe(0);
  return out;
}

describe('the copyright line', () => {
  it('runs from site.yaml founded to the year of SOURCE_DATE_EPOCH, on pages and 404 pages alike', async () => {
    const out = await build(makeContent({ 'site.yaml': `${SITE}founded: 1997\n` }), JUNE_2031);
    for (const file of ['index.html', 'home.html', 'en.html', '404.html', 'en/404.html']) {
      expect(copyright(join(out, file)), file).toMatch(/^© 1997–2031 /);
    }
  });

  it('shows the build year alone without founded', async () => {
    const out = await build(makeContent(), JUNE_2031);
    expect(copyright(join(out, 'index.html'))).toMatch(/^© 2031 测试公司 · /);
  });

  it('gives byte-identical output for two builds with the same SOURCE_DATE_EPOCH', async () => {
    const content = makeContent({ 'site.yaml': `${SITE}founded: 1997\n` });
    const first = await build(content, JUNE_2031);
    const second = await build(content, JUNE_2031);
    expect(treeDigest(second)).toEqual(treeDigest(first));
  });

  it('renders cached pages again when the year changes', async () => {
    const content = makeContent({ 'site.yaml': `${SITE}founded: 1997\n` });
    const out = await build(content, JUNE_2030);
    expect(copyright(join(out, 'en.html'))).toMatch(/^© 1997–2030 /);
    await build(content, JUNE_2031, out);
    for (const file of ['index.html', 'home.html', 'en.html', '404.html']) {
      expect(copyright(join(out, file)), file).toMatch(/^© 1997–2031 /);
    }
  });

  it('refuses a malformed SOURCE_DATE_EPOCH with ENV_INVALID, writing nothing', async () => {
    const out = join(tempDir(), 'dist');
    const result = await runCli(['build', '--content', makeContent(), '--out', out], undefined, { SOURCE_DATE_EPOCH: 'yesterday' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('ENV_INVALID');
    expect(result.stderr).toContain('SOURCE_DATE_EPOCH');
    expect(existsSync(out)).toBe(false);
  });
});
