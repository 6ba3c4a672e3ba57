import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { Intro, PageHero, Sections } from './parts/blocks.tsx';
import { formatDate } from './parts/date.ts';
import type { LegalData } from './fields.ts';
import type { TemplateProps } from './types.ts';

/** A legal document (legal statement, privacy policy): its date, a table of contents and the numbered sections. */
export function Legal(props: TemplateProps<LegalData>): ReactElement {
  const { page, site, t } = props;
  const { updated } = page.data;
  return (
    <Layout {...props}>
      <PageHero page={page} site={site}>
        <p className="hero-meta">
          {t('legal.updated')} <time dateTime={updated}>{formatDate(updated, page.contentLang)}</time>
        </p>
      </PageHero>
      <div className="container legal-layout">
        {page.sections.length > 1 ? (
          <nav className="toc" aria-labelledby="toc-title">
            <p className="toc-title" id="toc-title">
              {t('legal.contents')}
            </p>
            <ol>
              {page.sections.map((section, i) => (
                <li key={section.title}>
                  <a href={`#section-${i + 1}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <div className="legal-body">
          <Intro page={page} />
          <Sections sections={page.sections} className="legal-section" />
        </div>
      </div>
    </Layout>
  );
}
