import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { CardGrid, ContactCta, Intro, PageHero, Sections } from './parts/blocks.tsx';
import type { FamilyData } from './fields.ts';
import type { TemplateProps } from './types.ts';

/** A product-family overview: intro, the products as linked cards with their icons, then the sections. */
export function Family(props: TemplateProps<FamilyData>): ReactElement {
  const { page, site, t } = props;
  return (
    <Layout {...props}>
      <PageHero page={page} site={site} />
      <Intro page={page} />
      <CardGrid items={page.data.products} heading={t('section.products')} id="products" site={site} muted />
      <div className="split-sections">
        <Sections sections={page.sections} />
      </div>
      <ContactCta site={site} t={t} kind={page.data.cta} />
    </Layout>
  );
}
