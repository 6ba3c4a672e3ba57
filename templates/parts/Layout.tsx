import type { ReactElement, ReactNode } from 'react';
import type { TemplateProps } from '../types.ts';
import { Footer } from './Footer.tsx';
import { Head } from './Head.tsx';
import { Header } from './Header.tsx';

/**
 * The one layout of every page, with the hooks of docs/hosting.md, "Output": `lang` and `data-route` on
 * `<html>`, the progress bar, the offline status and the back-to-top button. The page's content sits in
 * `<main>`, marked with its own language when a fallback page stands in for a missing translation (its
 * texts, UI labels included, come from the template's `t` in that language, while the chrome here reads
 * the tree's, `site.ui`) and carrying the localised texts the client script needs to show the error state
 * (docs/architecture.md, "Error state"). An outdated translation opens its content with a notice, in
 * the page's language, linking to its source page (docs/l10n.md, "What the reader sees").
 */
export function Layout({ page, site, children }: TemplateProps & { children: ReactNode }): ReactElement {
  const t = site.ui;
  return (
    <html lang={page.lang} data-route={page.routeName} data-api-base={site.apiBase || undefined} data-base-path={site.basePath}>
      <Head page={page} site={site} />
      <body>
        <a className="skip-link" href="#main">
          {t('a11y.skip')}
        </a>
        <div
          className="progress"
          role="progressbar"
          aria-label={t('a11y.loading')}
          aria-valuemin={0}
          aria-valuemax={100}
          data-state="idle"
          hidden
        />
        {/* The search page has its own search form: the header's would be a second one. */}
        <Header site={site} t={t} searchBox={site.search.enabled && page.template !== 'search'} />
        <main
          id="main"
          tabIndex={-1}
          lang={page.contentLang === page.lang ? undefined : page.contentLang}
          data-template={page.template}
          data-error-not-found={t('error.notFound')}
          data-error-back-home={t('error.backHome')}
          data-error-generic={t('error.generic')}
          data-error-show-failed={t('error.showFailed')}
          data-error-go-home={t('error.goHome')}
        >
          {page.outdated ? (
            <p className="l10n-notice" role="note" data-pagefind-ignore="all">
              {t('l10n.outdated')}{' '}
              <a href={page.outdated.href} {...{ hreflang: page.outdated.hreflang }}>
                {t('l10n.readSource')}
              </a>
            </p>
          ) : null}
          {children}
        </main>
        <Footer site={site} t={t} />
        <div className="net-status" role="status" data-offline-text={t('ui.offline')} data-loaded-text={t('a11y.pageLoaded')} />
        <button type="button" className="back-to-top" data-visible="false">
          {t('ui.backToTop')}
        </button>
      </body>
    </html>
  );
}
