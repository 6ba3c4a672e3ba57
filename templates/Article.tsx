import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { ArticleBody } from './parts/ArticleBody.tsx';
import type { TemplateProps } from './types.ts';

/** A news article with its date, and links to the other articles. */
export function Article(props: TemplateProps): ReactElement {
  const { page, site } = props;
  const others = site.articles.filter((a) => a.href !== page.path);
  return (
    <Layout {...props}>
      <ArticleBody {...props} article={{ title: page.title, date: String(page.data.date ?? ''), summary: page.summary, body: page.body }} others={others} headingLevel={1} />
    </Layout>
  );
}
