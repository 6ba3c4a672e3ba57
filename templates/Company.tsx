import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { BandHeading, CardGrid, ContactCta, Intro, PageHero, Sections } from './parts/blocks.tsx';
import { coverOf, Picture } from './parts/Picture.tsx';
import { Stats } from './parts/Stats.tsx';
import type { CompanyData } from './fields.ts';
import type { TemplateProps } from './types.ts';

/** A cover across the container (templates/site.css `.container`): 1400/1920 of the window from 1200 px. */
const WIDE_COVER_SIZES = '(min-width: 1200px) 73vw, min(100vw, 1120px)';

/** The company profile: facts, sections, the history timeline and the partner regions. */
export function Company(props: TemplateProps<CompanyData>): ReactElement {
  const { page, site, t } = props;
  const milestones = page.data.milestones ?? [];
  const cover = coverOf(page.data.cover, site);
  return (
    <Layout {...props}>
      <PageHero page={page} site={site} />
      {cover ? (
        <div className="cover-band">
          <div className="container">
            <Picture className="cover" picture={cover.picture} alt={cover.alt} sizes={WIDE_COVER_SIZES} priority />
          </div>
        </div>
      ) : null}
      <Stats stats={page.data.stats ?? []} label={t('section.facts')} />
      <Intro page={page} />
      <div className="split-sections">
        <Sections sections={page.sections} />
      </div>
      {milestones.length ? (
        <section className="band muted-band" id="milestones" aria-labelledby="milestones-title">
          <div className="container">
            <BandHeading id="milestones-title" title={t('section.milestones')} />
            <ol className="timeline">
              {milestones.map((m) => (
                <li key={`${m.year}-${m.text}`}>
                  <span className="timeline-year">{m.year}</span>
                  <p>{m.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>
      ) : null}
      <CardGrid items={page.data.regions ?? []} heading={t('section.regions')} id="regions" site={site} icon="globe" />
      <ContactCta site={site} t={t} />
    </Layout>
  );
}
