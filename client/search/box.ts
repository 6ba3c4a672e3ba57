/**
 * The part of search in the client script that every page loads (docs/search.md, "In the browser"): it only
 * decides when to load the search script, which is a separate file, so the base script stays small.
 * The search page (`[data-search]`, whose value is the script's URL) runs it at once; a header search box
 * (`[data-search-box]`) loads it when focused, ahead of the search page the box's form opens.
 */

import { once } from './once.ts';

/** The search script's exports (a type only: its code is not part of this script). */
type SearchModule = typeof import('./index.ts');

const loaded = new Map<string, Promise<SearchModule>>();

/** The search script at `url`, imported once. */
function load(url: string): Promise<SearchModule> {
  return once(loaded, url, () => import(url) as Promise<SearchModule>);
}

/** Runs the search page's search, when this page is one; call again after every page change. */
export function mountSearchPage(doc: Document): void {
  const root = doc.querySelector<HTMLElement>('[data-search]');
  const url = root?.dataset.search;
  if (!root || !url) return;
  load(url).then(
    (module) => module.mountSearch(root),
    () => {
      const status = root.querySelector('.search-status');
      if (status) status.textContent = root.dataset.textFailed ?? '';
    },
  );
}

/** Loads the search script when a header search box gets focus (once per script URL). */
export function initSearchBox(doc: Document): void {
  doc.addEventListener('focusin', (event) => {
    const box = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-search-box]') : null;
    const url = box?.dataset.searchBox;
    if (url) load(url).catch(() => undefined);
  });
}
