/**
 * Structured data: where each page sits (its parent family or list page), and the schema.org
 * JSON-LD objects of a page: `Organization` on the home pages, `NewsArticle` on articles, `BreadcrumbList`
 * under a parent. Pure functions over
 * plain data; templates/parts/JsonLd.tsx only serialises the result.
 */

/** A page as the parent rules see it. */
export interface PageFacts {
  route: string;
  /** Front matter; a page that lists `products[].route` is a family page and its routes are its members. */
  data: Record<string, unknown>;
  article: boolean;
}

/** A JSON-LD object. */
export type JsonLd = Record<string, unknown>;

/** The member routes a family page lists in `products[].route`, in order. */
export function familyMembers(data: Record<string, unknown>): string[] {
  const products = data.products;
  if (!Array.isArray(products)) return [];
  return products.flatMap((item: unknown) => {
    const route = typeof item === 'object' && item !== null ? (item as { route?: unknown }).route : undefined;
    return typeof route === 'string' ? [route] : [];
  });
}

/**
 * The parent route of each page that sits under another one. Articles sit under the page of their folder
 * (`/news/radiology-trade-show-2024` under `/news`). A product sits under a family page (one whose front matter lists
 * `products[].route`), and the menu says which: the nearest family page above the product in the same
 * menu group that lists it. Several pages list a product (DMOC is on DR and Mobile; DIOS on the Industry
 * and Instrument overviews), but menu.yaml places DMOC after Mobile and DIOS in a group with no family.
 * Family pages themselves have no parent.
 */
export function collectParents(pages: readonly PageFacts[], menuGroups: ReadonlyArray<readonly string[]>): Map<string, string> {
  const routes = new Set(pages.map((p) => p.route));
  const families = new Map(pages.map((p) => [p.route, familyMembers(p.data)] as const).filter(([, members]) => members.length > 0));
  const parents = new Map<string, string>();

  for (const page of pages) {
    if (!page.article) continue;
    const folder = page.route.slice(0, page.route.lastIndexOf('/'));
    if (folder && routes.has(folder)) parents.set(page.route, folder);
  }

  const lists = (family: string, route: string): boolean => families.get(family)?.includes(route) ?? false;
  for (const group of menuGroups) {
    group.forEach((route, i) => {
      if (families.has(route) || parents.has(route) || !routes.has(route)) return;
      const above = group
        .slice(0, i)
        .reverse()
        .find((candidate) => families.has(candidate) && lists(candidate, route));
      if (above) parents.set(route, above);
    });
  }
  return parents;
}

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
