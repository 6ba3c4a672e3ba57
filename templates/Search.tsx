import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import type { TemplateProps } from './types.ts';

/**
 * The search page (docs/search.md, "The search page"): a GET form whose `?q=` the search script runs, a
 * live region that announces the count (or that nothing matched), the list of results and, when this
 * language has none, links to the languages that have. Everything the script shows comes from the texts
 * carried here as `data-text-*`, in the page's language; without the script the page says what to do instead.
 * The output area keeps at least a screen's height, so results arriving move nothing the reader sees.
 */
export function Search(props: TemplateProps): ReactElement {
  const { site, t } = props;
  const { search } = site;
  return (
    <Layout {...props}>
      <div className="band search-page">
        <div className="container">
          <div
            className="search"
            data-search={search.script}
            data-search-index={search.index}
            data-search-others={JSON.stringify(search.others)}
            data-text-loading={t('search.loading')}
            data-text-count-one={t('search.countOne')}
            data-text-count-other={t('search.countOther')}
            data-text-count-lang={search.countLang}
            data-text-none={t('search.none')}
            data-text-elsewhere={t('search.elsewhere')}
            data-text-failed={t('search.failed')}
          >
            <h1>{t('search.title')}</h1>
            {/* biome-ignore lint/a11y/noRedundantRoles: browsers the client targets (Chrome < 118, Safari < 17) map <search> to no landmark */}
            <search role="search">
              <form className="search-form" action={search.href} method="get">
                <label htmlFor="search-q">{t('search.label')}</label>
                <div className="search-row">
                  <input type="search" id="search-q" name="q" autoComplete="off" enterKeyHint="search" spellCheck={false} />
                  <button type="submit" className="button">
                    {t('search.submit')}
                  </button>
                </div>
              </form>
            </search>
            <noscript>
              <p className="search-noscript">{t('search.noScript')}</p>
            </noscript>
            {/* Named as a region: a list itself is not meant to carry a name (html-validate `aria-label-misuse`). */}
            <section className="search-output" aria-label={t('search.results')}>
              <p className="search-status" role="status" />
              <div className="search-elsewhere" hidden />
              <ol className="search-results" />
              <button type="button" className="button search-more" hidden>
                {t('search.more')}
              </button>
            </section>
          </div>
        </div>
      </div>
    </Layout>
  );
}
