import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { PageHero } from './parts/blocks.tsx';
import type { TemplateProps } from './types.ts';

/** A legal document (legal statement, privacy policy) with its date. */
export function Legal(props: TemplateProps): ReactElement {
  const { page, t } = props;
  const updated = String(page.data.updated ?? '');
  return (
    <Layout {...props}>
      <PageHero page={page} />
      <div className="band">
        <div className="container prose legal">
          <p className="article-meta">{t('legal.updated')} <time dateTime={updated}>{updated}</time></p>
          {page.body}
        </div>
      </div>
    </Layout>
  );
}
