/**
 * `/newsDetail?id=<slug>` (docs/hosting.md, "Output": the old site selected the article by a query parameter).
 * The page lists its articles as `slug=/news/slug` pairs in `data-articles`; a known slug sends the
 * reader to that article's own page, and an unknown one leaves the newest article shown.
 */

/** Sends `/newsDetail?id=<slug>` to the article page of that slug, replacing the history entry. */
export function redirectNewsDetail(doc: Document): void {
  const list = doc.querySelector<HTMLElement>('[data-news-detail]')?.dataset.articles;
  const id = new URLSearchParams(location.search).get('id');
  if (!list || !id) return;
  for (const pair of list.split(' ')) {
    const [slug, href] = pair.split('=');
    // Only site-relative paths from the build's own list are followed, never a value from the URL.
    if (slug === id && href?.startsWith('/') && !href.startsWith('//')) {
      location.replace(href);
      return;
    }
  }
}
