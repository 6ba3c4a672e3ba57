import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { CardGrid, ContactCta, listOf, PageHero, Sections, type Item } from './parts/blocks.tsx';
import type { TemplateProps } from './types.ts';

/** A platform (DIOS, TOMS): about, highlights, its modules, feature sections. */
export function Platform(props: TemplateProps): ReactElement {
  const { page, site, t } = props;
  const [about, ...features] = page.sections;
  return (
    <Layout {...props}>
      <PageHero page={page} site={site} />
      {about ? <Sections sections={[about]} ids={['about']} className="about-band" /> : null}
      <CardGrid items={listOf<Item>(page.data, 'highlights')} heading={t('section.highlights')} id="highlights" site={site} numbered muted />
      <CardGrid items={listOf<Item>(page.data, 'modules')} heading={t('section.modules')} id="modules" site={site} icon="module" />
      <div className={`feature-groups${features.length % 2 ? ' feature-groups-odd' : ''}`}>
        <Sections sections={features} className="feature-group" />
      </div>
      <ContactCta site={site} t={t} />
    </Layout>
  );
}
