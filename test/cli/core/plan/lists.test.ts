/**
 * What each page shows of the others (cli/core/plan/lists.ts): each locale's articles newest first, the
 * breadcrumb parents and titles, the featured article, the icons pages name, and each locale's feed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../../shared/constants.ts';
import type { TemplateModule } from '../../../../cli/core/load/bundle.ts';
import { loadSiteConfig, type Menu, type SiteConfig } from '../../../../cli/core/load/config.ts';
import type { PlannedPage } from '../../../../cli/core/load/i18n.ts';
import { feedHeads, pageLists } from '../../../../cli/core/plan/lists.ts';
import * as registry from '../../../../templates/index.ts';
import { makeContent } from '../../../helpers/cli.ts';
import { random } from '../../../helpers/random.ts';
import { sourcePage } from '../../../helpers/source-page.ts';

const templates: TemplateModule = registry;

/** A page of `locale` at `route`, written from a file of `from` (another locale for a stand-in). */
function page(locale: Locale, route: string, data: Record<string, unknown>, template = 'page', from: Locale = locale): PlannedPage {
  const source = sourcePage(from, route, { data, template, lineOf: () => 7 });
  return { route, locale, source, fallback: from !== locale, ownLocales: [from] };
}
const article = (locale: Locale, route: string, data: Record<string, unknown>, from: Locale = locale): PlannedPage =>
  page(locale, route, data, 'article', from);

const menu = (groups: string[][] = []): Menu => ({
  file: 'content/menu.yaml',
  groups: groups.map((routes, g) => ({
    label: `menu.${g}`,
    line: g,
    items: routes.map((route) => ({ route, label: `x${route}`, line: g, labelLine: g })),
  })),
  links: [],
});

let config: SiteConfig;
beforeAll(async () => {
  config = await loadSiteConfig(
    makeContent({
      'site.yaml':
        'baseUrl: https://example.test\ncompany:\n  zh: 测试公司\n  en: Test Co\nphone: "+86 000"\nemail: test@example.test\ncustomers: 300\n',
    }),
  );
});

describe('pageLists: articles', () => {
  it("lists each locale's articles only, newest first, with the same date in address order", () => {
    const pages = [
      article('zh', '/news/b', { title: '乙', date: '2024-03-01' }),
      article('zh', '/news/c', { title: '丙', date: '2023-12-31' }),
      page('zh', '/news', { title: '新闻' }),
      article('zh', '/news/a', { title: '甲', date: '2024-03-01' }),
      article('en', '/news/d', { title: 'D', date: '2025-01-01' }),
    ];
    const { articles } = pageLists(pages, templates, menu(), config);
    expect(articles.zh?.map((a) => [a.slug, a.date])).toEqual([
      ['a', '2024-03-01'],
      ['b', '2024-03-01'],
      ['c', '2023-12-31'],
    ]);
    expect(articles.en?.map((a) => a.href)).toEqual(['/en/news/d']);
  });

  it('is sorted newest first for any dates and input order (seeded)', () => {
    for (const seed of [1, 2, 3, 4]) {
      const next = random(seed);
      const pages = Array.from({ length: 12 }, (_, i) =>
        article('zh', `/news/p${Math.floor(next() * 100)}-${i}`, { title: 'x', date: `2024-0${1 + Math.floor(next() * 3)}-1${i % 2}` }),
      );
      const listed = pageLists(pages, templates, menu(), config).articles.zh ?? [];
      expect(listed).toHaveLength(pages.length);
      for (const [i, a] of listed.entries()) {
        const b = listed[i + 1];
        if (!b) continue;
        expect(a.date >= b.date, `seed ${seed}: ${a.date} before ${b.date}`).toBe(true);
        if (a.date === b.date) expect(a.href < b.href, `seed ${seed}: ${a.href} before ${b.href}`).toBe(true);
      }
    }
  });

  it('gives each its address in its locale, encoded, its slug, and title and summary with placeholders filled', () => {
    const pages = [
      article('en', '/news/新品', { title: '{company} launches', summary: 'For {customers} customers', date: '2024-05' }),
      article('zh', '/news/新品', { title: '{company}发布', description: '说明 {phone}', date: '2024-05' }),
    ];
    const { articles } = pageLists(pages, templates, menu(), config);
    expect(articles.en).toEqual([
      {
        href: '/en/news/%E6%96%B0%E5%93%81',
        slug: '新品',
        title: 'Test Co launches',
        date: '2024-05',
        summary: 'For 300 customers',
        lang: 'en',
      },
    ]);
    // Without a summary the description is shown.
    expect(articles.zh?.[0]).toMatchObject({
      href: '/news/%E6%96%B0%E5%93%81',
      title: '测试公司发布',
      summary: '说明 +86 000',
      lang: 'zh-CN',
    });
  });

  it('shows an article without date or summary with empty ones, and a stand-in in the language it is written in', () => {
    const pages = [article('en', '/news/x', { title: '只有中文' }, 'zh')];
    expect(pageLists(pages, templates, menu(), config).articles.en).toEqual([
      { href: '/en/news/x', slug: 'x', title: '只有中文', date: '', summary: '', lang: 'zh-CN' },
    ]);
  });
});

describe('pageLists: parents, titles, featured article and icons', () => {
  it("puts articles under their folder's page and products under the family the menu places them after, per locale", () => {
    const family = { title: 'DR', products: [{ route: '/DROC' }] };
    const pages = [
      page('zh', '/DR', family),
      page('zh', '/DROC', { title: 'DROC' }),
      page('zh', '/news', { title: '新闻' }),
      article('zh', '/news/a', { title: '甲', date: '2024' }),
      page('en', '/DR', family),
      page('en', '/DROC', { title: 'DROC' }),
    ];
    const { parents } = pageLists(pages, templates, menu([['/DR', '/DROC']]), config);
    expect(Object.fromEntries(parents.zh ?? [])).toEqual({ '/DROC': '/DR', '/news/a': '/news' });
    expect(Object.fromEntries(parents.en ?? [])).toEqual({ '/DROC': '/DR' });
    // Without the menu placing it, a product has no family.
    expect(Object.fromEntries(pageLists(pages, templates, menu([['/DROC', '/DR']]), config).parents.en ?? [])).toEqual({});
  });

  it('titles each page with placeholders filled in the language of its file', () => {
    const pages = [page('zh', '/about', { title: '关于{company}' }), page('en', '/about', { title: '关于{company}' }, 'page', 'zh')];
    const { titles } = pageLists(pages, templates, menu(), config);
    expect(titles.zh?.get('/about')).toBe('关于测试公司');
    expect(titles.en?.get('/about')).toBe('关于测试公司');
    expect(titles.en?.size).toBe(1);
  });

  it("features each locale's newest article, and none where a locale has none", () => {
    const pages = [
      article('zh', '/news/old', { title: '旧', date: '2023-01-01' }),
      article('zh', '/news/new', { title: '新', date: '2024-01-01' }),
      page('en', '/news', { title: 'News' }),
    ];
    const { featured } = pageLists(pages, templates, menu(), config);
    expect(featured.zh?.file).toBe('content/zh/news/new.md');
    expect(featured).not.toHaveProperty('en');
  });

  it('keeps the icon a page names in its locale, and no icon that is not a name', () => {
    const pages = [
      page('zh', '/DR', { title: 'DR', icon: 'x-ray' }),
      page('zh', '/CT', { title: 'CT', icon: 3 }),
      page('en', '/DR', { title: 'DR', icon: 'scanner' }),
      page('en', '/CT', { title: 'CT' }),
    ];
    const { icons } = pageLists(pages, templates, menu(), config);
    expect(Object.fromEntries(icons.zh ?? [])).toEqual({ '/DR': 'x-ray' });
    expect(Object.fromEntries(icons.en ?? [])).toEqual({ '/DR': 'scanner' });
  });
});

describe('feedHeads', () => {
  it('gives each locale with articles a feed under its prefix, titled after the company and its news page', () => {
    const pages = [
      page('zh', '/news', { title: '新闻动态' }),
      article('zh', '/news/a', { title: '甲', date: '2024' }),
      article('en', '/news/a', { title: 'A', date: '2024' }),
    ];
    expect(feedHeads(config, pageLists(pages, templates, menu(), config))).toEqual({
      zh: { href: '/news/feed.xml', title: '测试公司 – 新闻动态' },
      en: { href: '/en/news/feed.xml', title: 'Test Co' },
    });
  });

  it('gives no feed to a locale without articles', () => {
    const pages = [page('zh', '/news', { title: '新闻动态' }), article('en', '/news/a', { title: 'A', date: '2024' })];
    expect(Object.keys(feedHeads(config, pageLists(pages, templates, menu(), config)))).toEqual(['en']);
  });
});
