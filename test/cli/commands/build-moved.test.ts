/**
 * Moved pages end to end through the CLI (docs/writing.md, "Moving or removing a page"): front matter
 * aliases and site.yaml redirects become a page at each old address and the redirect map; the sitemap,
 * hreflang and the locale switch know only the new URLs; the built-in server answers the 301s; a link to an
 * old address is rewritten with a warning; mistakes are errors naming file and line; and a page dropped
 * since the previous build is reported.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../cli/core/serve/serve.ts';
import { makeContent, runCli, tempDir } from '../../helpers/cli.ts';

const SITE_YAML = 'baseUrl: https://example.test\ncompany:\n  zh: 测试公司\n  en: Test Co\nphone: "+86 000"\nemail: test@example.test\n';
const REDIRECTS = 'redirects:\n  - { from: /old-brochure, to: /DR }\n  - from: /en/old-brochure\n    to: /en/DR\n    status: 302\n';
const page = (title: string, body = 'Text.', extra = ''): string =>
  `---\ntitle: ${title}\ndescription: d\nkeywords: k\n${extra}---\n\n${body}\n`;

let content: string;
let out: string;
let stderr: string;
let server: RunningServer;
const read = (file: string): string => readFileSync(join(out, file), 'utf8');

beforeAll(async () => {
  content = makeContent({
    'site.yaml': SITE_YAML + REDIRECTS,
    'zh/Mobile.md': page('移动', '移动DR。', 'aliases: [/DMOC, /products/dmoc]\n'),
    'en/Mobile.md': page('Mobile', 'Mobile DR.'),
    'zh/DR.md': page('DR', '见[旧地址](/DMOC)。'),
    'en/DR.md': page('DR', 'See [the old address](/DMOC#top).'),
    'zh/Gone.md': page('将删除'),
    'en/Gone.md': page('Going'),
  });
  out = join(tempDir(), 'dist');
  const result = await runCli(['build', '--content', content, '--out', out]);
  expect(result.code, result.stderr).toBe(0);
  stderr = result.stderr;
  server = await startServer({ dir: out });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('the output of old addresses', () => {
  it('holds a page at each old address, in its locale, canonical to the new URL, noindex, refreshing to it', () => {
    const zh = read('DMOC.html');
    expect(zh).toContain('<html lang="zh-CN">');
    expect(zh).toContain('<title>页面已移动</title>');
    expect(zh).toContain('<link rel="canonical" href="https://example.test/Mobile">');
    expect(zh).toContain('<meta name="robots" content="noindex">');
    expect(zh).toContain('<meta http-equiv="refresh" content="0; url=/Mobile">');
    expect(zh).toContain('<a href="/Mobile">/Mobile</a>');
    const en = read('en/products/dmoc.html');
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('<link rel="canonical" href="https://example.test/en/Mobile">');
    expect(en).toContain('This page is now at <a href="/en/Mobile">');
    expect(read('old-brochure.html')).toContain('url=/DR"');
  });

  it('writes the redirect map nginx includes', () => {
    expect(read('.redirects.nginx').split('\n').slice(1)).toEqual([
      'location = "/DMOC" { return 301 "/Mobile"; }',
      'location = "/en/DMOC" { return 301 "/en/Mobile"; }',
      'location = "/en/old-brochure" { return 302 "/en/DR"; }',
      'location = "/en/products/dmoc" { return 301 "/en/Mobile"; }',
      'location = "/old-brochure" { return 301 "/DR"; }',
      'location = "/products/dmoc" { return 301 "/Mobile"; }',
      '',
    ]);
  });

  it('lists only the new URLs in the sitemap, and hreflang and the locale switch never name an old one', () => {
    const sitemap = read('sitemap.xml');
    expect(sitemap).toContain('<loc>https://example.test/Mobile</loc>');
    expect(sitemap).not.toMatch(/DMOC|dmoc|old-brochure/);
    for (const file of ['Mobile.html', 'en/Mobile.html', 'DR.html', 'en/DR.html', 'index.html', 'en.html']) {
      const html = read(file);
      expect(html, file).not.toMatch(/DMOC|dmoc|old-brochure/);
      expect(html, file).not.toContain('noindex');
    }
    expect(read('en/Mobile.html')).toMatch(/<a[^>]*hreflang="zh-CN"[^>]*href="\/Mobile"|<a[^>]*href="\/Mobile"[^>]*hreflang="zh-CN"/);
  });

  it("writes a link to an old address to the page's route, and warns with file, line and the route", () => {
    expect(read('DR.html')).toContain('href="/Mobile"');
    expect(read('en/DR.html')).toContain('href="/en/Mobile#top"');
    expect(stderr).toMatch(
      /zh\/DR\.md:7:\d+\s+LINK_TO_ALIAS\s+The link "\/DMOC" points to \/DMOC, an old address of the page now at \/Mobile: write \/Mobile/,
    );
    expect(stderr).toMatch(/en\/DR\.md:7:\d+\s+LINK_TO_ALIAS/);
  });
});

describe('the built-in server (watch, check)', () => {
  it.each([
    ['/DMOC', 301, '/Mobile'],
    ['/en/products/dmoc', 301, '/en/Mobile'],
    ['/en/old-brochure', 302, '/en/DR'],
    ['/%E6%97%A7', 404, null],
    ['/DMOC/', 404, null],
    ['/.redirects.nginx', 404, null],
  ])('answers %s with %i and Location %s, as nginx does', async (path, status, location) => {
    const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
    expect(response.status).toBe(status);
    expect(response.headers.get('location')).toBe(location);
  });
});

describe('mistakes', () => {
  const fails = async (files: Record<string, string>): Promise<string> => {
    const result = await runCli(['build', '--content', makeContent(files), '--out', join(tempDir(), 'dist'), '--quiet']);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    return result.stderr;
  };

  it('refuses an alias that is live or claimed twice, naming the files and lines', async () => {
    const stderr = await fails({
      'zh/A.md': page('A', 'a', 'aliases:\n  - /B\n  - /old\n'),
      'zh/B.md': page('B', 'b', 'aliases: [/old]\n'),
    });
    expect(stderr).toMatch(/zh\/A\.md:6\s+ALIAS_CONFLICT\s+The alias \/B is \/B, which is live: .*zh\/B\.md/);
    expect(stderr).toMatch(
      /zh\/B\.md:5\s+ALIAS_CONFLICT\s+The alias \/old is claimed by two pages: .*zh\/A\.md:7 \(\/A\) and this one \(\/B\)/,
    );
  });

  it('refuses a redirect to nothing and a chain, at their lines in site.yaml', async () => {
    const stderr = await fails({
      'site.yaml': `${SITE_YAML}redirects:\n  - { from: /a, to: /nothing }\n  - { from: /b, to: /c }\n  - { from: /c, to: / }\n`,
    });
    expect(stderr).toMatch(/site\.yaml:8\s+REDIRECT_INVALID\s+redirects\[0\]: to \/nothing leads to nothing/);
    expect(stderr).toMatch(/site\.yaml:9\s+REDIRECT_INVALID\s+redirects\[1\]: the redirects \/b → \/c → \/ make a chain/);
  });

  it('refuses aliases that are not a list of strings', async () => {
    const stderr = await fails({ 'zh/A.md': page('A', 'a', 'aliases: /old\n') });
    expect(stderr).toMatch(/zh\/A\.md:5\s+FRONTMATTER_INVALID/);
  });
});

describe('a page dropped since the previous build', () => {
  it('is listed by --report and, with no alias or redirect, named by a warning', async () => {
    rmSync(join(content, 'zh', 'Gone.md'));
    rmSync(join(content, 'en', 'Gone.md'));
    rmSync(join(content, 'zh', 'DR.md'));
    writeFileSync(join(content, 'zh', 'Radiography.md'), page('DR', '见[移动](/Mobile)。', 'aliases: [/DR]\n'));
    writeFileSync(join(content, 'en', 'Radiography.md'), page('DR', 'See [Mobile](/Mobile).'));
    rmSync(join(content, 'en', 'DR.md'));
    writeFileSync(join(content, 'site.yaml'), `${SITE_YAML}redirects:\n  - { from: /old-brochure, to: /Radiography }\n`);
    const result = await runCli(['build', '--content', content, '--out', out, '--report']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /pages removed since the previous build of this folder:\n {2}\/DR +moved to \/Radiography\n {2}\/Gone +removed, no alias or redirect\n {2}\/en\/DR +moved to \/en\/Radiography\n {2}\/en\/Gone +removed, no alias or redirect\nBuilt /,
    );
    expect(result.stderr).toMatch(/Gone\.html\s+PAGE_REMOVED\s+\/Gone was published by the previous build of this folder and is gone now/);
    expect(result.stderr).toMatch(/en\/Gone\.html\s+PAGE_REMOVED\s+\/en\/Gone was published/);
    expect(result.stderr).not.toMatch(/PAGE_REMOVED\s+\/(en\/)?DR /);
    expect(read('DR.html')).toContain('url=/Radiography"');
    const again = await runCli(['build', '--content', content, '--out', out, '--report', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect((JSON.parse(again.stdout) as { removed: unknown[] }).removed).toEqual([]);
  });
});
