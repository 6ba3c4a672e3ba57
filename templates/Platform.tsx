import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { CardGrid, listOf, PageHero, Sections, type Item } from './parts/blocks.tsx';
import type { TemplateProps } from './types.ts';

/** A platform (DIOS, TOMS): about, highlights, its modules, feature sections. */
export function Platform(props: TemplateProps): ReactElement {
  const { page, t } = props;
  const [about, ...features] = page.sections;
  return (
    <Layout {...props}>
      <PageHero page={page} />
      {about ? <Sections sections={[about]} ids={['about']} /> : null}
      <CardGrid items={listOf<Item>(page.data, 'highlights')} heading={t('section.highlights')} id="highlights" />
      <CardGrid items={listOf<Item>(page.data, 'modules')} heading={t('section.modules')} id="modules" />
      <Sections sections={features} />
    </Layout>
  );
}
