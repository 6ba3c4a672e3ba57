/**
 * What the search tests know about the search page (docs/search.md, "The search page"): when a query has
 * been answered, which results it shows, and which built pages hold a text, read from the pages' `<main>`
 * (what the index holds) so that expectations follow the real content.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Page } from 'playwright-core';
import { UI_TEXT } from '../../templates/strings.ts';

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

/**
 * The text of each indexed page's `<main>` in a locale, by URL path: the built HTML files of that locale
 * (`/en/…` under en/), without the search, 404 and `/home` pages, which the index leaves out.
 */
export function mainTexts(dir: string, locale: 'zh' | 'en'): Map<string, string> {
  const root = locale === 'en' ? join(dir, 'en') : dir;
  const prefix = locale === 'en' ? '/en' : '';
  const texts = new Map<string, string>();
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = join(folder, entry.name);
      if (entry.isDirectory()) {
        // Other locales' folders and the assets sit beside the default locale's pages.
        if (folder !== root || !['assets', 'images', 'pagefind', 'en'].includes(entry.name)) walk(file);
        continue;
      }
      if (!entry.name.endsWith('.html')) continue;
      const name = relative(root, file)
        .split(sep)
        .join('/')
        .replace(/\.html$/, '');
      if (['404', 'search', 'home'].includes(name)) continue;
      const html = readFileSync(file, 'utf8');
      const main = html.slice(html.search(/<main[\s>]/), html.lastIndexOf('</main>'));
      texts.set(name === 'index' ? prefix || '/' : `${prefix}/${name}`, main.replace(/<[^>]+>/g, ''));
    }
  };
  walk(root);
  return texts;
}

/** The URL paths of the pages of a locale whose main text matches `pattern`, sorted. */
export function pagesHolding(dir: string, locale: 'zh' | 'en', pattern: RegExp): string[] {
  return [...mainTexts(dir, locale)]
    .filter(([, text]) => pattern.test(text))
    .map(([path]) => path)
    .sort();
}
