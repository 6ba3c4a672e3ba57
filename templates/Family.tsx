import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { CardGrid, Intro, listOf, PageHero, Sections, type Item } from './parts/blocks.tsx';
import type { TemplateProps } from './types.ts';

/** A product-family overview: intro, the products as linked cards, then the sections. */
export function Family(props: TemplateProps): ReactElement {
  const { page, site, t } = props;
  const products = listOf<Item & { route: string }>(page.data, 'products');
  return (
    <Layout {...props}>
      <PageHero page={page} />
      <Intro page={page} />
      <CardGrid items={products} heading={t('section.products')} id="products" href={(item) => site.href((item as Item & { route: string }).route)} />
      <Sections sections={page.sections} />
    </Layout>
  );
}
