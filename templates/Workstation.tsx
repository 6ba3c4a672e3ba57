import type { ReactElement, ReactNode } from 'react';
import { Layout } from './parts/Layout.tsx';
import { CardGrid, ContactCta, PageHero, Sections } from './parts/blocks.tsx';
import type { WorkstationData } from './fields.ts';
import type { TemplateProps } from './types.ts';

/**
 * A product page: about, highlights, `extra` (the platform's modules), then the feature sections as
 * cards. Shared by the workstation and platform templates.
 */
export function ProductPage({ extra, ...props }: TemplateProps<WorkstationData> & { extra?: ReactNode }): ReactElement {
  const { page, site, t } = props;
  const [about, ...features] = page.sections;
  return (
    <Layout {...props}>
      <PageHero page={page} site={site} product={page.data.product} />
      {about ? <Sections sections={[about]} ids={['about']} className="about-band" /> : null}
      <CardGrid items={page.data.highlights ?? []} heading={t('section.highlights')} id="highlights" site={site} numbered muted />
      {extra}
      <div className={`feature-groups${features.length % 2 ? ' feature-groups-odd' : ''}`}>
        <Sections sections={features} className="feature-group" />
      </div>
      <ContactCta site={site} t={t} kind={page.data.cta ?? 'device'} />
    </Layout>
  );
}

/** An image workstation, the PACS or the cloud viewer: about, highlights, feature sections as cards. */
export function Workstation(props: TemplateProps<WorkstationData>): ReactElement {
  return <ProductPage {...props} />;
}
