import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { ArticleBody } from './parts/ArticleBody.tsx';
import { Intro, PageHero } from './parts/blocks.tsx';
import type { TemplateProps } from './types.ts';

/**
 * /newsDetail: the newest article in full (`page.featured`), with links to the others. `/newsDetail?id=<slug>` is sent to
 * `/news/<slug>` by the client script; each article link here works without it.
 */
export function NewsDetail(props: TemplateProps): ReactElement {
  const { page, site, t } = props;
  const newest = site.articles[0];
  return (
    <Layout {...props}>
      <PageHero page={page} site={site} />
      <Intro page={page} />
      {newest ? (
        // The newest article is found at its own page: the search index leaves its copy here out.
        <div data-news-detail="" data-articles={site.articles.map((a) => `${a.slug}=${a.href}`).join(' ')} data-pagefind-ignore="all">
          <ArticleBody
            {...props}
            article={{
              title: newest.title,
              date: newest.date,
              summary: newest.summary,
              lang: newest.lang,
              body: (
                <>
                  {page.featured}
                  <p className="read-more">
                    <a className="button" href={newest.href}>
                      {t('news.readMore')}
                      <span className="visually-hidden">{`: ${newest.title}`}</span>
                    </a>
                  </p>
                </>
              ),
            }}
            others={site.articles.slice(1)}
            headingLevel={2}
          />
        </div>
      ) : null}
    </Layout>
  );
}
