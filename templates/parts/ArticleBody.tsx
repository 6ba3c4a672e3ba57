import type { ReactElement } from 'react';
import type { ArticleSummary, TemplateProps } from '../types.ts';
import { ArticleList } from './ArticleList.tsx';
import { BandHeading } from './blocks.tsx';
import { formatDate } from './date.ts';

/**
 * An article's text with its date, then the other articles; shared by /news/<slug> (the title is the
 * page's h1) and /newsDetail (an h2 under the page's own h1).
 */
export function ArticleBody({
  page,
  t,
  site,
  article,
  others,
  headingLevel,
}: TemplateProps & {
  /** `lang`: the language it is written in, when it may differ from the page's content (/newsDetail shows the newest article). */
  article: { title: string; date: string; summary: string; body: ReactElement; cover?: ReactElement; lang?: string };
  others: ArticleSummary[];
  headingLevel: 1 | 2;
}): ReactElement {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <>
      <article
        className={`article${headingLevel === 1 ? ' article-page' : ' article-featured'}`}
        lang={article.lang && article.lang !== page.contentLang ? article.lang : undefined}
      >
        <header className="article-header">
          <div className="container">
            <div className="prose">
              <p className="eyebrow">
                <a href={site.href('/news')}>{t('news.all')}</a>
              </p>
              <Heading className="article-title">{article.title}</Heading>
              <p className="article-meta">
                {t('news.published')} <time dateTime={article.date}>{formatDate(article.date, article.lang ?? page.contentLang)}</time>
              </p>
              {article.summary ? <p className="lead">{article.summary}</p> : null}
            </div>
          </div>
        </header>
        <div className="band article-text">
          <div className="container">
            <div className="prose">
              {article.cover}
              {article.body}
            </div>
          </div>
        </div>
      </article>
      {others.length ? (
        // Other articles, found at their own pages: the search index leaves the list out (docs/search.md).
        <section className="band muted-band" aria-labelledby="other-news-title" data-pagefind-ignore="all">
          <div className="container">
            <BandHeading id="other-news-title" title={t('news.others')} />
            <ArticleList articles={others} t={t} lang={page.contentLang} level={3} layout="grid" />
          </div>
        </section>
      ) : null}
    </>
  );
}
