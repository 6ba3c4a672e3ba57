/**
 * Structured data: the schema.org JSON-LD objects of a page: `Organization` on the home pages, `NewsArticle`
 * on articles, `BreadcrumbList` under a parent (where each page sits is planned: cli/core/plan/parents.ts).
 * Pure functions over plain data; templates/parts/JsonLd.tsx only serialises the result.
 */

/** A JSON-LD object. */
export type JsonLd = Record<string, unknown>;

/** One step of a breadcrumb trail. */
export interface Crumb {
  name: string;
  url: string;
}

/** `BreadcrumbList` for a trail from the home page to the page itself. */
export function breadcrumbList(trail: readonly Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: crumb.url })),
  };
}

/** What the `Organization` of the home pages says. */
export interface OrganizationFacts {
  name: string;
  /** Other names of the company (its name in the other locales). */
  alternateNames: string[];
  url: string;
  logo: string;
  /** Year of founding, when site.yaml gives one. */
  founded?: string;
  telephone: string;
  email: string;
}

/** `Organization` with its contact point. */
export function organization(facts: OrganizationFacts): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: facts.name,
    ...(facts.alternateNames.length ? { alternateName: facts.alternateNames } : {}),
    url: facts.url,
    logo: facts.logo,
    ...(facts.founded ? { foundingDate: facts.founded } : {}),
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', telephone: facts.telephone, email: facts.email },
  };
}

/** What the `NewsArticle` of an article page says. */
export interface ArticleFacts {
  headline: string;
  description: string;
  /** YYYY-MM-DD, or YYYY-MM (ISO 8601 at the month's precision, which schema.org's Date accepts). */
  date: string;
  url: string;
  image: string;
  inLanguage: string;
  publisher: { name: string; url: string; logo: string };
}

/** `NewsArticle`, published by the company. */
export function newsArticle(facts: ArticleFacts): JsonLd {
  const publisher = {
    '@type': 'Organization',
    name: facts.publisher.name,
    url: facts.publisher.url,
    logo: { '@type': 'ImageObject', url: facts.publisher.logo },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: facts.headline,
    description: facts.description,
    datePublished: facts.date,
    dateModified: facts.date,
    inLanguage: facts.inLanguage,
    mainEntityOfPage: facts.url,
    url: facts.url,
    image: [facts.image],
    author: publisher,
    publisher,
  };
}
