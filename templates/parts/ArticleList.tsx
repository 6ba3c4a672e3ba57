import type { ReactElement } from 'react';
import type { ArticleSummary, TemplateProps } from '../types.ts';
import { columnsFor } from './blocks.tsx';
import { formatDate } from './date.ts';

/**
 * A list of news articles with date and summary, newest first (the generator sorts them). `level` is the
 * heading level of each title, one below the heading the list sits under; `grid` lays them out as cards.
 * `lang` is the language of the text around the list (the page's content): an article written in another
 * (a stand-in, or a list on a stand-in page) is marked with its own, so that it is read out in it.
 */
export function ArticleList({
  articles,
  t,
  lang,
  level,
  layout = 'list',
}: {
  articles: ArticleSummary[];
  t: TemplateProps['t'];
  lang: string;
  level: 2 | 3;
  layout?: 'list' | 'grid';
}): ReactElement {
  if (articles.length === 0) return <p>{t('news.empty')}</p>;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <ul className={layout === 'grid' ? `article-list article-grid ${columnsFor(articles.length)}` : 'article-list'}>
      {articles.map((article) => (
        <li key={article.slug} className="article-item" lang={article.lang === lang ? undefined : article.lang}>
          <time dateTime={article.date}>{formatDate(article.date, article.lang)}</time>
          <Heading className="article-item-title">
            <a href={article.href}>{article.title}</a>
          </Heading>
          {article.summary ? <p>{article.summary}</p> : null}
        </li>
      ))}
    </ul>
  );
}
