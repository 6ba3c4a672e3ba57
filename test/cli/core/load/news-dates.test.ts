import { describe, expect, it } from 'vitest';
import type { SourcePage } from '../../../../cli/core/load/content.ts';
import { dateArticles } from '../../../../cli/core/load/news-dates.ts';

/** A page of `template` at `route`, with `data` as its front matter. */
function page(route: string, template: string, data: Record<string, unknown> = {}): SourcePage {
  return {
    file: `content/en${route}.md`,
    locale: 'en',
    route,
    data: { title: 't', template, ...data },
    title: 't',
    template,
    draft: false,
    body: '',
    bodyLine: 4,
    hash: 'h',
    bodyStart: 0,
    warnings: [],
    lineOf: () => 1,
  };
}
const isArticle = (template: string): boolean => template === 'article';

describe('dateArticles', () => {
  it('gives an undated article the date site.yaml gives its slug, and keeps a front matter date', () => {
    const pages = [page('/news/show', 'article'), page('/news/pilot', 'article', { date: '2024-09' }), page('/DROC', 'console')];
    const { pages: dated, errors } = dateArticles(pages, { show: '2024-12', pilot: '2023-01' }, isArticle);
    expect(errors).toEqual([]);
    expect(dated.map((p) => p.data.date)).toEqual(['2024-12', '2024-09', undefined]);
    // The pages read from disk are left as they were (a later build may reuse them with other site.yaml dates).
    expect(pages[0]?.data.date).toBeUndefined();
    expect(dated[1]).toBe(pages[1]);
  });

  it('refuses an article dated neither in its front matter nor in site.yaml, naming the field to set', () => {
    const { errors } = dateArticles([page('/news/show', 'article'), page('/about', 'page')], { other: '2024-12' }, isArticle);
    expect(errors.map((e) => [e.code, e.file])).toEqual([['FRONTMATTER_INVALID', 'content/en/news/show.md']]);
    expect(errors[0]?.message).toContain('site.yaml `newsDates` (`show: YYYY-MM`)');
  });
});
