import type { ReactElement } from 'react';
import type { ArticleSummary, TemplateProps } from '../types.ts';
import { ArticleList } from './ArticleList.tsx';

/** An article's text with date and the other articles; shared by /news/<slug> and /newsDetail. */
export function ArticleBody({ t, site, article, others, headingLevel }: TemplateProps & {
  article: { title: string; date: string; summary: string; body: ReactElement };
  others: ArticleSummary[];
  headingLevel: 1 | 2;
}): ReactElement {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <>
      <article className="band article">
        <div className="container prose">
          <p className="eyebrow"><a href={site.href('/news')}>{t('news.all')}</a></p>
          <Heading className="article-title">{article.title}</Heading>
          <p className="article-meta">{t('news.published')} <time dateTime={article.date}>{article.date}</time></p>
          {article.summary ? <p className="lead">{article.summary}</p> : null}
          {article.body}
        </div>
      </article>
      {others.length ? (
        <section className="band muted-band" aria-labelledby="other-news-title">
          <div className="container">
            <h2 id="other-news-title">{t('news.others')}</h2>
            <ArticleList articles={others} t={t} />
          </div>
        </section>
      ) : null}
    </>
  );
}
