import type { ReactElement } from 'react';
import type { TemplateProps } from '../types.ts';

// `hreflang` is spread in lower case: React would otherwise print `hrefLang`,
// which browsers accept but plain-text tools and crawlers matching `hreflang=` may not.

/** The `<head>` of every page (CONTRACT.md section 4): title, meta, canonical, alternates, assets. */
export function Head({ page, site }: Pick<TemplateProps, 'page' | 'site'>): ReactElement {
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{page.title}</title>
      <meta name="description" content={page.description} />
      <meta name="keywords" content={page.keywords} />
      <link rel="canonical" href={site.canonical} />
      {site.alternates.map((alt) => (
        <link key={alt.hreflang} rel="alternate" {...{ hreflang: alt.hreflang }} href={alt.href} />
      ))}
      <link rel="icon" href={site.asset('/favicon.svg')} type="image/svg+xml" />
      <link rel="stylesheet" href={site.css} />
      <script src={site.js} defer />
    </head>
  );
}
