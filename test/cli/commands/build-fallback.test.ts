/**
 * A page written in one locale only (docs/writing.md, "Add a page in both locales"): the other
 * locale's tree gets a stand-in so no link breaks, but the stand-in says what it is. Its chrome is in the
 * tree's language, its content (and title, description) in the source's; its canonical is the source's
 * page; it is no hreflang alternate and not in the sitemap.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Element, Root } from 'hast';
import { select, selectAll } from 'hast-util-select';
import { toString } from 'hast-util-to-string';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeContent, readHtml, runCli, tempDir } from '../../helpers/cli.ts';

const BASE = 'https://example.test';
const attr = (node: Element | undefined, name: string): string | undefined => {
  const value = node?.properties[name];
  return value === undefined || value === null ? undefined : String(value);
};
const alternates = (tree: Root): Record<string, string | undefined> =>
  Object.fromEntries(selectAll('link[rel="alternate"][hreflang]', tree).map((l) => [attr(l, 'hrefLang') ?? '', attr(l, 'href')]));

let out: string;
let sitemap: string;
const page = (file: string): Root => readHtml(join(out, file));

beforeAll(async () => {
  out = join(tempDir(), 'dist');
  const content = makeContent({
    'zh/_strings.yaml': 'menu.main: 主菜单\nnav.home: 首页\na11y.skip: 跳到正文\n',
    'en/_strings.yaml': 'menu.main: Main\nnav.home: Home\na11y.skip: Skip to content\n',
    'zh/only.md': '---\ntitle: 仅中文\ndescription: 只有中文版\n---\n\n中文内容，{company}。\n',
    'en/solo.md': '---\ntitle: English only\ndescription: Only in English\n---\n\nEnglish text.\n',
  });
  const result = await runCli(['build', '--content', content, '--out', out, '--quiet']);
  expect(result.code, result.stderr).toBe(0);
  sitemap = readFileSync(join(out, 'sitemap.xml'), 'utf8');
}, 60_000);

describe('a stand-in for a missing translation', () => {
  it("keeps the tree's language for the page and marks its content, title and description with the source's", () => {
    const en = page('en/only.html');
    expect(attr(select('html', en), 'lang')).toBe('en');
    expect(attr(select('html', en), 'dataRoute')).toBe('only___en');
    expect(attr(select('main', en), 'lang')).toBe('zh-CN');
    expect(attr(select('title', en), 'lang')).toBe('zh-CN');
    expect(attr(select('meta[name="description"]', en), 'lang')).toBe('zh-CN');
    // The chrome stays English; the content's {company} is the Chinese name, as the text around it.
    expect(toString(select('.skip-link', en)!)).toBe('Skip to content');
    expect(toString(select('main', en)!)).toContain('测试公司');

    const zh = page('solo.html');
    expect(attr(select('html', zh), 'lang')).toBe('zh-CN');
    expect(attr(select('html', zh), 'dataRoute')).toBe('solo___zh');
    expect(attr(select('main', zh), 'lang')).toBe('en');
    expect(attr(select('title', zh), 'lang')).toBe('en');
  });

  it('leaves the language marks off pages in their own language', () => {
    for (const file of ['only.html', 'en/solo.html', 'index.html', 'en.html']) {
      expect(attr(select('main', page(file)), 'lang'), file).toBeUndefined();
      expect(attr(select('title', page(file)), 'lang'), file).toBeUndefined();
    }
  });

  it('declares the page it stands in for canonical', () => {
    expect(attr(select('link[rel="canonical"]', page('en/only.html')), 'href')).toBe(`${BASE}/only`);
    expect(attr(select('link[rel="canonical"]', page('solo.html')), 'href')).toBe(`${BASE}/en/solo`);
    expect(attr(select('meta[property="og:url"]', page('en/only.html')), 'content')).toBe(`${BASE}/only`);
    expect(attr(select('meta[property="og:locale"]', page('en/only.html')), 'content')).toBe('zh_CN');
    expect(attr(select('link[rel="canonical"]', page('only.html')), 'href')).toBe(`${BASE}/only`);
    expect(attr(select('link[rel="canonical"]', page('en/solo.html')), 'href')).toBe(`${BASE}/en/solo`);
  });

  it('is no hreflang alternate, on the real page or on itself; x-default names a real page', () => {
    const zhOnly = { 'zh-CN': `${BASE}/only`, 'x-default': `${BASE}/only` };
    expect(alternates(page('only.html'))).toEqual(zhOnly);
    expect(alternates(page('en/only.html'))).toEqual(zhOnly);
    const enOnly = { en: `${BASE}/en/solo`, 'x-default': `${BASE}/en/solo` };
    expect(alternates(page('en/solo.html'))).toEqual(enOnly);
    expect(alternates(page('solo.html'))).toEqual(enOnly);
    expect(selectAll('meta[property="og:locale:alternate"]', page('only.html'))).toEqual([]);
    // A page in both locales keeps all three.
    expect(alternates(page('index.html'))).toEqual({ 'zh-CN': `${BASE}/`, en: `${BASE}/en`, 'x-default': `${BASE}/` });
  });

  it("still switches locale to the other tree's URL, so no link breaks", () => {
    expect(attr(select('header a[hreflang="en"]', page('only.html')), 'href')).toBe('/en/only');
    expect(attr(select('header a[hreflang="zh-CN"]', page('en/only.html')), 'href')).toBe('/only');
    expect(attr(select('header a[hreflang="en"]', page('solo.html')), 'href')).toBe('/en/solo');
  });

  it('is left out of the sitemap, its alternates included', () => {
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([`${BASE}/`, `${BASE}/en`, `${BASE}/only`, `${BASE}/en/solo`]);
    expect(sitemap).not.toContain(`${BASE}/en/only`);
    expect(sitemap).not.toMatch(new RegExp(`${BASE}/solo"`));
    const entry = (loc: string): string => sitemap.split('<url>').find((u) => u.includes(`<loc>${loc}</loc>`)) ?? '';
    expect(entry(`${BASE}/only`).match(/hreflang="[^"]+"/g)).toEqual(['hreflang="zh-CN"', 'hreflang="x-default"']);
    expect(entry(`${BASE}/en/solo`).match(/hreflang="[^"]+"/g)).toEqual(['hreflang="en"', 'hreflang="x-default"']);
  });
});

describe('news in the other language', () => {
  /** Each article of a list by its link, with the `lang` its item carries (undefined: none). */
  const items = (tree: Root, list: string): Record<string, string | undefined> =>
    Object.fromEntries(selectAll(`${list} .article-item`, tree).map((li) => [attr(select('a', li), 'href') ?? '', attr(li, 'lang')]));
  const article = (title: string, date: string): string =>
    `---\ntitle: ${title}\ndescription: ${title}\ntemplate: article\ndate: ${date}\nsummary: ${title}\n---\n\n${title}.\n`;
  let news: string;

  beforeAll(async () => {
    news = join(tempDir(), 'dist');
    const content = makeContent({
      // The list exists in Chinese only; one article in both languages, one in Chinese only.
      'zh/news.md': '---\ntitle: 新闻\ndescription: 新闻列表\ntemplate: news-list\n---\n\n最新消息。\n',
      'zh/news/both.md': article('两种语言的文章', '2024-02-01'),
      'en/news/both.md': article('An article in both languages', '2024-02-01'),
      'zh/news/zh-only.md': article('只有中文的文章', '2024-01-01'),
      'zh/newsDetail.md': '---\ntitle: 新闻详情\ndescription: 最新文章\ntemplate: news-detail\n---\n\n最新的文章。\n',
    });
    const result = await runCli(['build', '--content', content, '--out', news, '--quiet']);
    expect(result.code, result.stderr).toBe(0);
  }, 60_000);

  it('marks each listed article written in another language than the text around it with its own', () => {
    // The English list stands in: its content is Chinese, so the English article is marked English.
    const enList = readHtml(join(news, 'en/news.html'));
    expect(attr(select('main', enList), 'lang')).toBe('zh-CN');
    expect(items(enList, 'main')).toEqual({ '/en/news/both': 'en', '/en/news/zh-only': undefined });
    // On the English article, the Chinese stand-in among the others is marked Chinese.
    const enArticle = readHtml(join(news, 'en/news/both.html'));
    expect(attr(select('main', enArticle), 'lang')).toBeUndefined();
    expect(items(enArticle, 'main')).toEqual({ '/en/news/zh-only': 'zh-CN' });
    // In the Chinese tree everything is Chinese: no marks.
    expect(items(readHtml(join(news, 'news.html')), 'main')).toEqual({ '/news/both': undefined, '/news/zh-only': undefined });
  });

  it('marks the newest article shown in full on a stand-in /newsDetail with its own language', () => {
    const en = readHtml(join(news, 'en/newsDetail.html'));
    expect(attr(select('main', en), 'lang')).toBe('zh-CN');
    expect(attr(select('article.article-featured', en), 'lang')).toBe('en');
    expect(toString(select('article.article-featured', en)!)).toContain('An article in both languages');
    expect(attr(select('article.article-featured', readHtml(join(news, 'newsDetail.html'))), 'lang')).toBeUndefined();
  });
});
