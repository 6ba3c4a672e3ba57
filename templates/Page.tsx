import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { PageHero } from './parts/blocks.tsx';
import type { TemplateProps } from './types.ts';

/** The plain page: heading and the whole Markdown body. */
export function Page(props: TemplateProps): ReactElement {
  return (
    <Layout {...props}>
      <PageHero page={props.page} site={props.site} />
      <div className="band">
        <div className="container">
          <div className="prose">{props.page.body}</div>
        </div>
      </div>
    </Layout>
  );
}
