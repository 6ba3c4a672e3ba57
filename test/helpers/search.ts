/**
 * What the search tests know about the search page (docs/search.md, "The search page"): when a query has
 * been answered, which results it shows, and which indexed pages hold a text (their indexed text, as
 * test/helpers/search-truth.ts reads it) so that expectations follow the real content.
 */
import type { Page } from 'playwright-core';
import type { Locale } from '../../shared/constants.ts';
import { UI_TEXT } from '../../templates/strings.ts';
import type { IndexedText } from './search-truth.ts';

/** A search text of templates/strings.ts in `lang`, its `{name}` placeholders filled from `values`. */
export function searchText(id: keyof typeof UI_TEXT & `search.${string}`, lang: 'zh' | 'en', values: Record<string, string> = {}): string {
  return UI_TEXT[id][lang].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * Waits until the live region of the search page has answered the query shown in the field: it holds a
 * count or the no-results message, not "Searching…" and not nothing. Returns what it reads.
 */
export async function waitForAnswer(page: Page): Promise<string> {
  const handle = await page.waitForFunction(
    () => {
      const root = document.querySelector<HTMLElement>('[data-search]');
      const status = root?.querySelector('.search-status')?.textContent ?? '';
      const query = root?.querySelector<HTMLInputElement>('input[name=q]')?.value.trim() ?? '';
      return query && status && status !== root?.dataset.textLoading && status.includes(query) ? status : false;
    },
    null,
    { timeout: 30_000 },
  );
  return (await handle.jsonValue()) as string;
}

/** The `href` of each result link shown, in order. */
export function resultLinks(page: Page): Promise<string[]> {
  return page.$$eval('.search-results > li h2 a', (links) => links.map((link) => link.getAttribute('href') ?? ''));
}

/** The URL paths of the indexed pages of a locale whose indexed text matches `pattern`, sorted. */
export function pagesHolding(pages: readonly IndexedText[], locale: Locale, pattern: RegExp): string[] {
  return pages
    .filter((page) => page.locale === locale && pattern.test(page.text))
    .map((page) => page.url)
    .sort();
}
