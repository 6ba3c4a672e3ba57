import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { ArticleList } from './parts/ArticleList.tsx';
import { BandHeading, CardGrid, ContactCta, Sections } from './parts/blocks.tsx';
import { coverOf, Picture } from './parts/Picture.tsx';
import { Stats } from './parts/Stats.tsx';
import type { HomeData } from './fields.ts';
import type { TemplateProps } from './types.ts';

/**
 * The hero art's width (templates/site.css `.hero-grid`): about a third of the window from 1200 px, at most
 * 520 px below; hidden up to 860 px, where the smallest file is enough.
 */
const HOME_COVER_SIZES = '(max-width: 860px) 160px, (min-width: 1200px) 35vw, 520px';

/** The home page: hero, company facts, product lines, sections, the latest news and a call to action. */
export function Home(props: TemplateProps<HomeData>): ReactElement {
  const { page, site, t } = props;
  const { hero } = page.data;
  const cover = coverOf(page.data.cover, site);
  return (
    <Layout {...props}>
      <div className="home-hero">
        <div className="container hero-grid">
          <div className="hero-copy">
            {page.summary ? <p className="eyebrow">{page.summary}</p> : null}
            <h1>{hero.heading}</h1>
            {hero.lead ? <p className="lead">{hero.lead}</p> : null}
            <p className="hero-actions">
              <a className="button" href="#lines">
                {t('home.explore')}
              </a>
              <a className="button button-ghost" href={site.href('/contactUs')}>
                {t('cta.button')}
              </a>
            </p>
          </div>
          {cover ? (
            <Picture className="hero-art" picture={cover.picture} alt={cover.alt} sizes={HOME_COVER_SIZES} priority />
          ) : (
            <img className="hero-art" src={site.asset('/images/hero.svg')} alt="" width="560" height="400" fetchPriority="high" />
          )}
        </div>
      </div>
      <Stats stats={page.data.stats ?? []} label={t('section.facts')} />
      <CardGrid items={page.data.lines ?? []} heading={t('section.products')} id="lines" site={site} />
      <div className="split-sections">
        <Sections sections={page.sections} />
      </div>
      {site.articles.length ? (
        <section className="band muted-band" aria-labelledby="latest-news-title">
          <div className="container">
            <BandHeading id="latest-news-title" title={t('section.latestNews')} />
            <ArticleList articles={site.articles.slice(0, 3)} t={t} lang={page.contentLang} level={3} layout="grid" />
            <p className="more">
              <a className="more-link" href={site.href('/news')}>
                {t('news.all')}
              </a>
            </p>
          </div>
        </section>
      ) : null}
      <ContactCta site={site} t={t} />
    </Layout>
  );
}
