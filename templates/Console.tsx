import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { CardGrid, ContactCta, PageHero, Sections } from './parts/blocks.tsx';
import { GROUP_ICONS } from './parts/icons.ts';
import type { ConsoleData } from './fields.ts';
import type { TemplateProps } from './types.ts';

/** The five `##` sections of a console page, in order (docs/templates.md). */
export const CONSOLE_GROUPS = ['about', 'patient-management', 'image-acquisition', 'image-processing', 'image-output'] as const;

/** An X-ray operating console: about, highlights, the four feature groups as a grid of cards, and a call to action. */
export function Console(props: TemplateProps<ConsoleData>): ReactElement {
  const { page, site, t } = props;
  const [about, ...groups] = page.sections;
  return (
    <Layout {...props}>
      <PageHero page={page} site={site} product={page.data.product} />
      {about ? <Sections sections={[about]} ids={CONSOLE_GROUPS.slice(0, 1)} className="about-band" /> : null}
      <CardGrid items={page.data.highlights} heading={t('section.highlights')} id="highlights" site={site} numbered muted />
      <div className="feature-groups">
        <Sections sections={groups} ids={CONSOLE_GROUPS.slice(1)} className="feature-group" icons={GROUP_ICONS} site={site} />
      </div>
      <ContactCta site={site} t={t} kind={page.data.cta ?? 'device'} />
    </Layout>
  );
}
