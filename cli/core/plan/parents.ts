/**
 * Where each page sits: its parent family or list page, for breadcrumbs and their structured data
 * (cli/core/render/structured-data.ts). Pure functions over plain data.
 */

/** A page as the parent rules see it. */
export interface PageFacts {
  route: string;
  /** Front matter; a page that lists `products[].route` is a family page and its routes are its members. */
  data: Record<string, unknown>;
  article: boolean;
}

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
