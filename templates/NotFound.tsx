import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import type { TemplateProps } from './types.ts';

/** The 404 page (SPEC.md section 8): 'This page could not be found' and a link back to the home page. */
export function NotFound(props: TemplateProps): ReactElement {
  const { site, t } = props;
  return (
    <Layout {...props}>
      <div className="band error-page" data-error="404">
        <div className="container prose">
          <p className="error-code">404</p>
          <h1>{t('error.notFound')}</h1>
          <p>{t('error.notFoundLead')}</p>
          <p><a className="button" href={site.href('/')}>{t('error.backHome')}</a></p>
        </div>
      </div>
    </Layout>
  );
}
