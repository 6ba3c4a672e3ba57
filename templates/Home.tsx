import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { CardGrid, listOf, Sections, type Item } from './parts/blocks.tsx';
import { ArticleList } from './parts/ArticleList.tsx';
import type { TemplateProps } from './types.ts';

interface Stat {
  value: string | number;
  label: string;
}

/** The home page: hero, company facts, product lines, sections and the latest news. */
export function Home(props: TemplateProps): ReactElement {
  const { page, site, t } = props;
  const hero = (page.data.hero ?? {}) as { heading?: string; lead?: string };
  const stats = listOf<Stat>(page.data, 'stats');
  const lines = listOf<Item & { route: string }>(page.data, 'lines');
  return (
    <Layout {...props}>
      <div className="home-hero">
        <div className="container hero-grid">
          <div>
            <h1>{hero.heading ?? page.title}</h1>
            {hero.lead ? <p className="lead">{hero.lead}</p> : null}
            {page.summary ? <p className="hero-summary">{page.summary}</p> : null}
          </div>
          <img className="hero-art" src={site.asset('/images/hero.svg')} alt="" width="560" height="400" />
        </div>
      </div>
      {stats.length ? (
        <section className="band stats-band" aria-label={t('section.facts')}>
          <ul className="container stats">
            {stats.map((stat) => (
              <li key={stat.label}><strong>{stat.value}</strong><span>{stat.label}</span></li>
            ))}
          </ul>
        </section>
      ) : null}
      <CardGrid items={lines} heading={t('section.products')} id="lines" href={(item) => site.href((item as Item & { route: string }).route)} />
      <Sections sections={page.sections} />
      {site.articles.length ? (
        <section className="band" aria-labelledby="latest-news-title">
          <div className="container">
            <h2 id="latest-news-title">{t('section.latestNews')}</h2>
            <ArticleList articles={site.articles.slice(0, 3)} t={t} />
            <p><a className="more-link" href={site.href('/news')}>{t('news.all')}</a></p>
          </div>
        </section>
      ) : null}
    </Layout>
  );
}
