/**
 * What each locale's search index is made of, as one key per locale: the URL, title and main content of
 * every page it lists (cli/core/write/search-index.ts `searchDocument`), in URL order. A locale whose key
 * did not change keeps its index: Pagefind cannot update an index in place, and re-indexing a locale costs
 * seconds, where a key costs reading the pages whose file changed.
 */
import { join } from 'node:path';
import type { Locale } from '../../../shared/constants.ts';
import { langOf, localeCodes, type Locales } from '../common/locales.ts';
import { contentHash, readText } from '../common/files.ts';
import { type IndexedPage, searchDocument } from './search-index.ts';

/** A page's indexed document, known by the key of the file it was read from: [file key, document hash]. */
export type KnownDocument = readonly [string, string];

/** What the last index of an output folder was made of (kept in the build manifest and by `watch`). */
export interface SearchRecord {
  /**
   * Each indexed locale's key and the index files it wrote, relative to the output folder; for a build's
   * record also the language it was indexed in and its pages in order, [URL, file] (what the next build may
   * send Pagefind ahead: cli/core/write/search-early.ts).
   */
  locales: Record<string, { key: string; files: string[]; language?: string; pages?: Array<[string, string]> }>;
  /** Each listed page's document, by output file. */
  docs: Record<string, KnownDocument>;
}

/** A record of no index at all. */
export function emptySearchRecord(): SearchRecord {
  return { locales: {}, docs: {} };
}

/** Page files read at once while hashing documents. */
const READ_CONCURRENCY = 16;

/**
 * The key of each locale with pages to list, and every listed page's document. A page's document is read
 * from `dir` only when its file's key (cli/core/plan/plan.ts) is not the one it was last read with: an
 * unchanged page file holds the same bytes.
 */
export async function searchKeys(
  dir: string,
  pages: readonly IndexedPage[],
  fileKeys: ReadonlyMap<string, string>,
  known: SearchRecord['docs'],
  locales: Locales,
): Promise<{ keys: Map<Locale, string>; docs: SearchRecord['docs'] }> {
  const docs: SearchRecord['docs'] = {};
  const toRead: IndexedPage[] = [];
  for (const page of pages) {
    const fileKey = fileKeys.get(page.file) ?? '';
    const before = known[page.file];
    if (fileKey && before && before[0] === fileKey) docs[page.file] = before;
    else toRead.push(page);
  }
  for (let i = 0; i < toRead.length; i += READ_CONCURRENCY) {
    await Promise.all(
      toRead.slice(i, i + READ_CONCURRENCY).map(async (page) => {
        const doc = searchDocument(await readText(join(dir, page.file)), langOf(locales, page.locale));
        docs[page.file] = [fileKeys.get(page.file) ?? '', doc === undefined ? '-' : contentHash(doc)];
      }),
    );
  }
  const keys = new Map<Locale, string>();
  for (const locale of localeCodes(locales)) {
    const own = pages.filter((page) => page.locale === locale);
    if (own.length === 0) continue;
    const lines = own.map((page) => `${page.url}\u0000${(docs[page.file] as KnownDocument)[1]}`);
    keys.set(locale, contentHash(`${langOf(locales, locale)}\n${lines.join('\n')}`));
  }
  return { keys, docs };
}
