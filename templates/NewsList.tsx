import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { ArticleList } from './parts/ArticleList.tsx';
import { Intro, PageHero } from './parts/blocks.tsx';
import type { TemplateProps } from './types.ts';

/** The news list: every article of the locale, newest first, each title an h2 under the page's h1. */
export function NewsList(props: TemplateProps): ReactElement {
  const { page, site, t } = props;
  return (
    <Layout {...props}>
      <PageHero page={page} site={site} />
      <Intro page={page} />
      <div className="band news-band">
        <div className="container">
          <ArticleList articles={site.articles} t={t} lang={page.contentLang} level={2} />
        </div>
      </div>
    </Layout>
  );
}
