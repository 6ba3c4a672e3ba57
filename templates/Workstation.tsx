import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { CardGrid, listOf, PageHero, Sections, type Item } from './parts/blocks.tsx';
import type { TemplateProps } from './types.ts';

/** An image workstation, the PACS or the cloud viewer: about, highlights, feature sections. */
export function Workstation(props: TemplateProps): ReactElement {
  const { page, t } = props;
  const [about, ...features] = page.sections;
  return (
    <Layout {...props}>
      <PageHero page={page} />
      {about ? <Sections sections={[about]} ids={['about']} /> : null}
      <CardGrid items={listOf<Item>(page.data, 'highlights')} heading={t('section.highlights')} id="highlights" />
      <div className="feature-groups">
        <Sections sections={features} className="feature-group" />
      </div>
    </Layout>
  );
}
