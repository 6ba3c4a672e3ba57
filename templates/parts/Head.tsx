import type { ReactElement } from 'react';
import type { TemplateProps } from '../types.ts';
import { JsonLd } from './JsonLd.tsx';

// `hreflang` is spread in lower case: React would otherwise print `hrefLang`,
// which browsers accept but plain-text tools and crawlers matching `hreflang=` may not.

/**
 * The `<head>` of every page (docs/hosting.md, "Output" and "Search engines and feeds"): title, meta, canonical, alternates, Open
 * Graph and Twitter card, the news feed, JSON-LD and the assets. The 404 pages ask not to be indexed.
 */
export function Head({ page, site }: Pick<TemplateProps, 'page' | 'site'>): ReactElement {
  const { social } = page;
  // A stand-in's title, description and keywords are its source's, in that language (Layout's `<main>`).
  const lang = page.contentLang === page.lang ? undefined : page.contentLang;
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title lang={lang}>{page.title}</title>
      <meta name="description" lang={lang} content={page.description} />
      <meta name="keywords" lang={lang} content={page.keywords} />
      {/* The 404 page, a page of search results and every page of a preview are nothing to list in a search engine. */}
      {site.preview || page.template === '404' || page.template === 'search' ? <meta name="robots" content="noindex" /> : null}
      <link rel="canonical" href={site.canonical} />
      {site.alternates.map((alt) => (
        <link key={alt.hreflang} rel="alternate" {...{ hreflang: alt.hreflang }} href={alt.href} />
      ))}
      {site.feed ? <link rel="alternate" type="application/atom+xml" title={site.feed.title} href={site.feed.href} /> : null}
      <meta property="og:type" content={social.type} />
      <meta property="og:site_name" content={site.company} />
      <meta property="og:title" content={page.title} />
      <meta property="og:description" content={page.description} />
      <meta property="og:url" content={site.canonical} />
      <meta property="og:image" content={social.image} />
      <meta property="og:locale" content={social.locale} />
      {social.alternateLocales.map((locale) => (
        <meta key={locale} property="og:locale:alternate" content={locale} />
      ))}
      {social.published ? <meta property="article:published_time" content={social.published} /> : null}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={page.title} />
      <meta name="twitter:description" content={page.description} />
      <meta name="twitter:image" content={social.image} />
      <link rel="icon" href={site.asset('/favicon.svg')} type="image/svg+xml" />
      {site.detectJs ? <script src={site.detectJs} data-locales={site.detectLocales} /> : null}
      <link rel="stylesheet" href={site.css} />
      <script src={site.js} defer />
      <JsonLd data={page.structuredData} />
    </head>
  );
}
