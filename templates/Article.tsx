import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { ArticleBody } from './parts/ArticleBody.tsx';
import { coverOf, Picture } from './parts/Picture.tsx';
import type { ArticleData } from './fields.ts';
import type { TemplateProps } from './types.ts';

/** The article's column (templates/site.css `.article-page .prose`): 860/1920 of the window from 1200 px, 46em below. */
const ARTICLE_IMAGE_SIZES = '(min-width: 1200px) 45vw, min(100vw, 736px)';

/** A news article with its date, and links to the other articles. */
export function Article(props: TemplateProps<ArticleData>): ReactElement {
  const { page, site } = props;
  const others = site.articles.filter((a) => a.href !== page.path);
  const cover = coverOf(page.data.cover, site);
  return (
    <Layout {...props}>
      <ArticleBody
        {...props}
        article={{
          title: page.title,
          // Always set by the time a page renders: from its front matter or site.yaml `newsDates`.
          date: page.data.date ?? '',
          summary: page.summary,
          body: page.body,
          cover: cover ? (
            <Picture className="cover" picture={cover.picture} alt={cover.alt} sizes={ARTICLE_IMAGE_SIZES} priority />
          ) : undefined,
        }}
        others={others}
        headingLevel={1}
      />
    </Layout>
  );
}
