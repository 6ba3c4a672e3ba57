/**
 * A query's results in the browser, as URLs best first, from the real search script of a search page: what
 * Pagefind alone returns for the words query, and what the site's search returns (client/search/index.ts
 * `find`, phrase first). Shared by the search-quality bench and the browser test of the ranking.
 */
import type { Page } from 'playwright-core';
import { queriesOf } from '../../client/search/rank.ts';

/** One query's results, as page URLs, best first. */
export interface Rankings {
  /** Pagefind alone: the words query, in Pagefind's order. */
  pagefind: string[];
  /** The site's search: `find` of the search script. */
  site: string[];
}

/**
 * The results of `query` on the search page open in `page` (`/search`, `/en/search`): its own script, index
 * and language, read from the page as the search script reads them.
 */
export async function rankings(page: Page, query: string): Promise<Rankings> {
  const lang = await page.evaluate(() => document.documentElement.lang);
  // The words query as the search script builds it (client/search/rank.ts), for Pagefind alone.
  const { words } = queriesOf(query, lang);
  // Given as text: vitest would rewrite an `import()` written in the function below into its own loader.
  await page.evaluate('window.importForTest = (url) => import(url)');
  return page.evaluate(
    async ({ query, words }) => {
      interface Result {
        data(): Promise<{ url: string }>;
      }
      const { importForTest: load } = window as unknown as { importForTest(url: string): Promise<unknown> };
      const root = document.querySelector<HTMLElement>('[data-search]');
      const script = root?.dataset.search;
      const index = root?.dataset.searchIndex;
      if (!script || !index) throw new Error(`${location.pathname} is not a search page`);
      const search = (await load(script)) as { find(index: string, lang: string, query: string): Promise<Result[]> };
      const pagefind = (await load(`${index}pagefind.js`)) as { search(query: string): Promise<{ results: Result[] }> };
      const urls = (results: Result[]): Promise<string[]> => Promise.all(results.map(async (result) => (await result.data()).url));
      const site = await urls(await search.find(index, document.documentElement.lang, query));
      const alone = await urls((await pagefind.search(words)).results);
      return { pagefind: alone, site };
    },
    { query, words },
  );
}
