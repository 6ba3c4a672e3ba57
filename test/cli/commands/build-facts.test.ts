/** Facts from one place: site.yaml's facts fill placeholders in both locales; stand-in values never go live. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyContent, makeContent, runCli, tempDir } from '../../helpers/cli.ts';
import { treeDigest } from '../../helpers/site.ts';

const FACTS =
  'founded: 1997\ncustomers: 200\ncountries: 100\nplatformYear: 2018\nlegalEntity: { zh: 测试有限公司, en: Test Ltd }\naddress: { zh: 测试路1号, en: 1 Test Road }\n';

describe('facts and stand-in values in site.yaml', () => {
  it('fills the facts in both locales from site.yaml', async () => {
    const base = readFileSync(join(makeContent(), 'site.yaml'), 'utf8');
    const content = makeContent({
      'site.yaml': `${base}${FACTS}`,
      'zh/index.md':
        '---\ntitle: 首页\ndescription: 测试首页\nkeywords: 测试\n---\n\n{company}成立于{founded}年，服务{customers}多家客户，覆盖{countries}多个国家；{platformYear}年推出平台。{legalEntity}，{address}。\n',
      'en/index.md':
        '---\ntitle: Home\ndescription: Test home\nkeywords: test\n---\n\n{company}, founded in {founded}, serves more than {customers} customers in {countries} countries; platform since {platformYear}. {legalEntity}, {address}.\n',
    });
    const out = join(tempDir(), 'dist');
    const result = await runCli(['build', '--content', content, '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain(
      '测试公司成立于1997年，服务200多家客户，覆盖100多个国家；2018年推出平台。测试有限公司，测试路1号。',
    );
    expect(readFileSync(join(out, 'en.html'), 'utf8')).toContain(
      'Test Co, founded in 1997, serves more than 200 customers in 100 countries; platform since 2018. Test Ltd, 1 Test Road.',
    );
  });

  it('warns when a page uses a fact site.yaml does not give', async () => {
    const content = makeContent({
      'en/index.md': '---\ntitle: Home\ndescription: Test home\nkeywords: test\n---\n\nMore than {customers} customers.\n',
    });
    const result = await runCli(['build', '--content', content, '--out', join(tempDir(), 'dist')]);
    expect(result.stderr).toMatch(/en\/index\.md:\d+:\d+\s+PLACEHOLDER_UNKNOWN\s+\{customers\} has no value in site\.yaml/);
    // The hint says what the message says: set it in site.yaml, not "write one of" the placeholders.
    expect(result.stderr).toContain('hint: Set `customers` in site.yaml');
  });

  it('refuses a strict build while site.yaml marks stand-in values, naming them, and writes nothing', async () => {
    const content = copyContent();
    const out = join(tempDir(), 'dist');
    expect((await runCli(['build', '--content', content, '--out', out, '--quiet'])).code).toBe(0);
    const before = treeDigest(out);
    const strict = await runCli(['build', '--content', content, '--out', out, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/content\/site\.yaml:\d+\s+PLACEHOLDER_DATA\s+site\.yaml still holds stand-in values for [^\n]*phone/);
    expect(treeDigest(out)).toEqual(before);

    // A preview may go through; a site whose values are all real needs no escape.
    expect((await runCli(['build', '--content', content, '--out', out, '--strict', '--allow-placeholders'])).code).toBe(0);
    const site = join(content, 'site.yaml');
    writeFileSync(site, readFileSync(site, 'utf8').replace(/^placeholders: .*$/m, 'placeholders: []'));
    expect((await runCli(['build', '--content', content, '--out', out, '--strict'])).code).toBe(0);
  });

  it('says which stand-in values a normal build publishes', async () => {
    const result = await runCli(['build', '--content', copyContent(), '--out', join(tempDir(), 'dist')]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Built \d+ pages .* stand-in values in site\.yaml: [^\n]*phone/);
  });

  it('accepts only site.yaml fields in placeholders', async () => {
    const base = readFileSync(join(makeContent(), 'site.yaml'), 'utf8');
    const content = makeContent({ 'site.yaml': `${base}placeholders: [phone, fax]\n` });
    const result = await runCli(['build', '--content', content, '--out', join(tempDir(), 'dist')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/site\.yaml:\d+.*CONFIG_INVALID[^\n]*fax/);
  });
});
