import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { CardGrid, Intro, listOf, PageHero, Sections, type Item } from './parts/blocks.tsx';
import type { TemplateProps } from './types.ts';

interface Milestone {
  year: string | number;
  text: string;
}

/** The company profile: facts, sections, the history timeline and the partner regions. */
export function Company(props: TemplateProps): ReactElement {
  const { page, t } = props;
  const stats = listOf<{ value: string | number; label: string }>(page.data, 'stats');
  const milestones = listOf<Milestone>(page.data, 'milestones');
  return (
    <Layout {...props}>
      <PageHero page={page} />
      {stats.length ? (
        <section className="band stats-band" aria-label={t('section.facts')}>
          <ul className="container stats">
            {stats.map((stat) => (
              <li key={stat.label}><strong>{stat.value}</strong><span>{stat.label}</span></li>
            ))}
          </ul>
        </section>
      ) : null}
      <Intro page={page} />
      <Sections sections={page.sections} />
      {milestones.length ? (
        <section className="band muted-band" aria-labelledby="milestones-title">
          <div className="container">
            <h2 id="milestones-title">{t('section.milestones')}</h2>
            <ol className="timeline">
              {milestones.map((m) => (
                <li key={`${m.year}-${m.text}`}><span className="timeline-year">{m.year}</span><p>{m.text}</p></li>
              ))}
            </ol>
          </div>
        </section>
      ) : null}
      <CardGrid items={listOf<Item>(page.data, 'regions')} heading={t('section.regions')} id="regions" />
    </Layout>
  );
}
