/**
 * The filing numbers of a site served from mainland China (docs/copy-and-filing.md): site.yaml `icpFiling` and
 * `publicSecurityFiling` show in the footer of every page of every locale, linked to the registers, and
 * nowhere when unset; stand-in values are listed in `placeholders`, so a --strict build refuses them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { selectAll } from 'hast-util-select';
import { toString } from 'hast-util-to-string';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT, makeContent, readHtml, runCli, tempDir } from '../../helpers/cli.ts';
import { sharedSite } from '../../helpers/shared-site.ts';

const SITE = 'baseUrl: https://example.test\ncompany:\n  zh: 测试公司\n  en: Test Co\nphone: "+86 000"\nemail: test@example.test\n';
const ICP = 'icpFiling: 京ICP备12345678号-2\n';
const SECURITY = 'publicSecurityFiling:\n  number: 京公网安备11010502000001号\n  icon: /images/filing/public-security-standin.svg\n';

/** Every HTML file under a folder, as paths relative to it. */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .sort();
}

/** The footer's filing links of a page: text, href and the icon's src. */
function filingsOf(file: string): Array<{ text: string; href: string; icon?: string }> {
  return selectAll('footer .footer-filing a', readHtml(file)).map((a) => {
    const img = selectAll('img', a)[0];
    return {
      text: toString(a).trim(),
      href: String(a.properties.href),
      ...(img ? { icon: String(img.properties.src) } : {}),
    };
  });
}

async function build(site: string): Promise<string> {
  const out = join(tempDir(), 'dist');
  const result = await runCli(['build', '--content', makeContent({ 'site.yaml': site }), '--out', out, '--quiet']);
  expect(result.code, result.stderr).toBe(0);
  return out;
}

describe('the filing numbers of the real site', () => {
  let out: string;
  const settings = parse(readFileSync(join(CONTENT, 'site.yaml'), 'utf8')) as {
    icpFiling: string;
    publicSecurityFiling: { number: string; icon: string };
    placeholders: string[];
  };
  beforeAll(async () => {
    out = await sharedSite();
  });

  it('shows both, linked to the registers, in the footer of every page of both locales', () => {
    const files = htmlFiles(out);
    expect(files).toContain('en/DROC.html');
    expect(files).toContain('en/404.html');
    const code = settings.publicSecurityFiling.number.replace(/\D/g, '');
    for (const file of files) {
      expect(filingsOf(join(out, file)), file).toEqual([
        { text: settings.icpFiling, href: 'https://beian.miit.gov.cn/' },
        {
          text: settings.publicSecurityFiling.number,
          href: `https://beian.mps.gov.cn/#/query/webSearch?code=${code}`,
          icon: settings.publicSecurityFiling.icon,
        },
      ]);
    }
    expect(existsSync(join(out, settings.publicSecurityFiling.icon))).toBe(true);
  });

  it('lists both as stand-ins, so a --strict build refuses to publish them', async () => {
    expect(settings.placeholders).toEqual(expect.arrayContaining(['icpFiling', 'publicSecurityFiling']));
    const result = await runCli(['build', '--strict', '--out', join(tempDir(), 'dist')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/PLACEHOLDER_DATA.*icpFiling, publicSecurityFiling/);
  });
});

describe('the filing numbers of any site', () => {
  it('are nowhere when site.yaml sets none', async () => {
    const out = await build(SITE);
    for (const file of htmlFiles(out)) {
      const html = readFileSync(join(out, file), 'utf8');
      expect(html, file).not.toMatch(/footer-filing|beian|ICP备|公网安备/);
    }
  });

  it('show the ICP filing alone when only it is set, on every page', async () => {
    const out = await build(SITE + ICP);
    const files = htmlFiles(out);
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const file of files) {
      expect(filingsOf(join(out, file)), relative(out, join(out, file))).toEqual([
        { text: '京ICP备12345678号-2', href: 'https://beian.miit.gov.cn/' },
      ]);
    }
  });

  it('show the public-security filing with its icon, after the ICP filing', async () => {
    const out = await build(SITE + ICP + SECURITY);
    expect(filingsOf(join(out, 'en.html'))).toEqual([
      { text: '京ICP备12345678号-2', href: 'https://beian.miit.gov.cn/' },
      {
        text: '京公网安备11010502000001号',
        href: 'https://beian.mps.gov.cn/#/query/webSearch?code=11010502000001',
        icon: '/images/filing/public-security-standin.svg',
      },
    ]);
  });

  it('refuse a number that is not a filing number, and an icon that is no file of public/, naming the line', async () => {
    const wrong = await runCli([
      'build',
      '--content',
      makeContent({ 'site.yaml': `${SITE}icpFiling: "12345678"\n` }),
      '--out',
      join(tempDir(), 'dist'),
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/site\.yaml:7\S*\s+CONFIG_INVALID.*ICP/);
    const icon = SECURITY.replace('public-security-standin.svg', 'missing.png');
    const missing = await runCli(['build', '--content', makeContent({ 'site.yaml': SITE + icon }), '--out', join(tempDir(), 'dist')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/site\.yaml:9\s+CONFIG_INVALID.*\/images\/filing\/missing\.png/);
  });
});
