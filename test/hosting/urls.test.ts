/**
 * Where the output points: the base URL (site.yaml, overridden by --base-url) in every absolute
 * URL; site.yaml's `cdn` before images and hashed assets; `cdn` and `apiBase` validated.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { select, selectAll } from 'hast-util-select';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyContent, makeContent, readHtml, runCli, tempDir } from '../helpers/cli.ts';

const BASE = 'https://staging.example.test';
const CDN = 'https://img.example.test';

const attr = (tree: ReturnType<typeof readHtml>, selector: string, name: string): string =>
  String(select(selector, tree)?.properties[name] ?? '');
const jsonLd = (html: string): Array<Record<string, unknown>> =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );

describe('--base-url and an absolute cdn on the real site', () => {
  let out: string;

  beforeAll(async () => {
    const content = copyContent();
    const site = join(content, 'site.yaml');
    writeFileSync(site, readFileSync(site, 'utf8').replace(/^cdn:.*$/m, `cdn: "${CDN}/"`));
    out = join(tempDir(), 'dist');
    const result = await runCli(['build', '--content', content, '--out', out, '--base-url', `${BASE}/`, '--quiet']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('uses the --base-url for canonical, alternates and Open Graph URLs instead of site.yaml', () => {
    const tree = readHtml(join(out, 'en', 'DROC.html'));
    expect(attr(tree, 'link[rel=canonical]', 'href')).toBe(`${BASE}/en/DROC`);
    expect(
      selectAll('link[rel=alternate][hreflang]', tree).map((l) => [l.properties.hrefLang ?? l.properties.hreflang, l.properties.href]),
    ).toEqual([
      ['zh-CN', `${BASE}/DROC`],
      ['en', `${BASE}/en/DROC`],
      ['x-default', `${BASE}/DROC`],
    ]);
    expect(attr(tree, 'meta[property="og:url"]', 'content')).toBe(`${BASE}/en/DROC`);
    expect(readFileSync(join(out, 'en', 'DROC.html'), 'utf8')).not.toContain('e-com.example');
  });

  it('uses the --base-url in the sitemap, robots.txt, the feeds and the JSON-LD', () => {
    const sitemap = readFileSync(join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain(`<loc>${BASE}/en/DROC</loc>`);
    expect(sitemap).not.toContain('e-com.example');
    expect(readFileSync(join(out, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    const feed = readFileSync(join(out, 'en', 'news', 'feed.xml'), 'utf8');
    expect(feed).toContain(`<id>${BASE}/en/news/radiology-trade-show-2024</id>`);
    expect(feed).not.toContain('e-com.example');
    const [organization] = jsonLd(readFileSync(join(out, 'en.html'), 'utf8'));
    expect(organization).toMatchObject({ '@type': 'Organization', url: `${BASE}/en`, logo: `${CDN}/images/logo.svg` });
  });

  it('serves hashed assets and images from the cdn, and keeps page links on the site', () => {
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const tree = readHtml(join(out, 'index.html'));
    expect(attr(tree, 'link[rel=stylesheet]', 'href')).toMatch(new RegExp(`^${CDN}/assets/site\\.[0-9a-f]+\\.css$`));
    expect(selectAll('script[src]', tree).map((s) => String(s.properties.src))).toEqual([
      expect.stringMatching(new RegExp(`^${CDN}/assets/detect\\.[0-9a-f]+\\.js$`)),
      expect.stringMatching(new RegExp(`^${CDN}/assets/app\\.[0-9a-f]+\\.js$`)),
    ]);
    // The home hero is a photo of the image pipeline (docs/writing.md, "Images"), under assets/img/.
    expect(selectAll('img', tree).map((i) => String(i.properties.src))).toEqual(
      expect.arrayContaining([
        `${CDN}/images/logo.svg`,
        expect.stringMatching(new RegExp(`^${CDN}/assets/img/home-hero-\\d+\\.[0-9a-f]{10}\\.png$`)),
      ]),
    );
    expect(selectAll('img', tree).every((i) => String(i.properties.src).startsWith(`${CDN}/`))).toBe(true);
    expect(attr(tree, 'meta[property="og:image"]', 'content')).toMatch(new RegExp(`^${CDN}/assets/cards/index___zh\\.[0-9a-f]{10}\\.png$`));
    expect(attr(tree, 'link[rel=icon]', 'href')).toBe(`${CDN}/favicon.svg`);
    expect(html).toContain('href="/en"');
    expect(html).not.toMatch(new RegExp(`<a [^>]*href="${CDN}`));
  });
});

describe('a cdn path and images in Markdown', () => {
  it('puts the cdn before Markdown images from public/ but not before links to public files', async () => {
    const content = makeContent({
      'site.yaml':
        'baseUrl: https://example.test\ncompany:\n  zh: 测试公司\n  en: Test Co\nphone: "+86 000"\nemail: test@example.test\ncdn: /static\n',
      'zh/index.md': '---\ntitle: 首页\ndescription: 测试首页\n---\n\n![标志](/images/logo.svg)\n\n[下载标志](/images/logo.svg)\n',
    });
    const out = join(tempDir(), 'dist');
    const result = await runCli(['build', '--content', content, '--out', out, '--quiet']);
    expect(result.code).toBe(0);
    const tree = readHtml(join(out, 'index.html'));
    expect(attr(tree, 'main img', 'src')).toBe('/static/images/logo.svg');
    expect(attr(tree, 'main a[href*="logo"]', 'href')).toBe('/images/logo.svg');
    expect(attr(tree, 'meta[property="og:image"]', 'content')).toMatch(
      /^https:\/\/example\.test\/static\/assets\/cards\/index___zh\.[0-9a-f]{10}\.png$/,
    );
  });
});

describe('validation of cdn and apiBase', () => {
  it.each([
    ['cdn', 'ftp://files.example.test'],
    ['cdn', 'cdn.example.test'],
    ['apiBase', 'api'],
    ['apiBase', 'javascript:alert(1)'],
  ])('rejects %s: %s, naming the field and what it must be', async (field, value) => {
    const content = makeContent({
      'site.yaml': `baseUrl: https://example.test\ncompany:\n  zh: 测试公司\n  en: Test Co\nphone: "+86 000"\nemail: test@example.test\n${field}: "${value}"\n`,
    });
    const result = await runCli(['build', '--content', content, '--out', join(tempDir(), 'dist')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('CONFIG_INVALID');
    expect(result.stderr).toContain(`\`${field}\``);
    expect(result.stderr).toContain('an absolute http(s) URL or a path starting with "/"');
  });

  it('accepts an absolute apiBase and a path apiBase', async () => {
    for (const value of ['https://api.example.test/v1', '/api']) {
      const content = makeContent({
        'site.yaml': `baseUrl: https://example.test\ncompany:\n  zh: 测试公司\n  en: Test Co\nphone: "+86 000"\nemail: test@example.test\napiBase: "${value}"\n`,
      });
      const result = await runCli(['build', '--content', content, '--out', join(tempDir(), 'dist'), '--quiet']);
      expect([value, result.code, result.stderr]).toEqual([value, 0, expect.not.stringContaining('CONFIG_INVALID')]);
    }
  });
});
