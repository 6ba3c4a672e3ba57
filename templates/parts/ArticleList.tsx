import type { ReactElement } from 'react';
import type { ArticleSummary, TemplateProps } from '../types.ts';

/** A list of news articles with date and summary, newest first (the generator sorts them). */
export function ArticleList({ articles, t }: { articles: ArticleSummary[]; t: TemplateProps['t'] }): ReactElement {
  if (articles.length === 0) return <p>{t('news.empty')}</p>;
  return (
    <ul className="article-list">
      {articles.map((article) => (
        <li key={article.slug} className="article-item">
          <time dateTime={article.date}>{article.date}</time>
          <h3><a href={article.href}>{article.title}</a></h3>
          {article.summary ? <p>{article.summary}</p> : null}
        </li>
      ))}
    </ul>
  );
}
