import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { ArticleList } from './parts/ArticleList.tsx';
import { BandHeading, CardGrid, ContactCta, listOf, Sections, type Item } from './parts/blocks.tsx';
import { Stats, type Stat } from './parts/Stats.tsx';
import type { TemplateProps } from './types.ts';

/** The home page: hero, company facts, product lines, sections, the latest news and a call to action. */
export function Home(props: TemplateProps): ReactElement {
  const { page, site, t } = props;
  const hero = (page.data.hero ?? {}) as { heading?: string; lead?: string };
  return (
    <Layout {...props}>
      <div className="home-hero">
        <div className="container hero-grid">
          <div className="hero-copy">
            {page.summary ? <p className="eyebrow">{page.summary}</p> : null}
            <h1>{hero.heading ?? page.title}</h1>
            {hero.lead ? <p className="lead">{hero.lead}</p> : null}
            <p className="hero-actions">
              <a className="button" href="#lines">{t('home.explore')}</a>
              <a className="button button-ghost" href={site.href('/contactUs')}>{t('cta.button')}</a>
            </p>
          </div>
          <img className="hero-art" src={site.asset('/images/hero.svg')} alt="" width="560" height="400" />
        </div>
      </div>
      <Stats stats={listOf<Stat>(page.data, 'stats')} label={t('section.facts')} />
      <CardGrid items={listOf<Item>(page.data, 'lines')} heading={t('section.products')} id="lines" site={site} />
      <div className="split-sections">
        <Sections sections={page.sections} />
      </div>
      {site.articles.length ? (
        <section className="band muted-band" aria-labelledby="latest-news-title">
          <div className="container">
            <BandHeading id="latest-news-title" title={t('section.latestNews')} />
            <ArticleList articles={site.articles.slice(0, 3)} t={t} level={3} layout="grid" />
            <p className="more"><a className="more-link" href={site.href('/news')}>{t('news.all')}</a></p>
          </div>
        </section>
      ) : null}
      <ContactCta site={site} t={t} />
    </Layout>
  );
}
