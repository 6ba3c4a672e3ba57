/**
 * How a query is put to Pagefind and how its results are ordered (docs/search.md, "Ranking"). Pure: the
 * tests run it without a browser.
 *
 * Pagefind splits Chinese text into words at index time. A Chinese query is split the same way, and its
 * words are then matched anywhere in a page, so 后处理 (post-processing) also finds every page with 后 and
 * 处理 far apart. The reader meant the phrase: pages holding it come first, then the pages that only hold
 * its parts, each group in Pagefind's order for the words.
 */

/** A result as Pagefind returns it: its page's id, and the rest, kept as it is. */
export interface Hit {
  id: string;
}

const HAN = /\p{Script=Han}/u;
/** A query the reader already quoted: Pagefind searches it as a phrase. */
const QUOTED = /^\s*".+"\s*$/;

/** True when the query should be searched as a phrase first: it holds Chinese characters and is not quoted. */
export function wantsPhrase(query: string): boolean {
  return HAN.test(query) && !QUOTED.test(query);
}

/**
 * The query as words separated by spaces, split as Pagefind splits text of the index's language `lang`
 * (`Intl.Segmenter`, as Pagefind does): 后处理 becomes `后 处理`. Pagefind would split it itself, but in the
 * language of the page rather than the index's, which differ when the hint searches another locale.
 * Languages written with spaces are left as typed. A quoted query stays quoted (`"后 处理"`): the quotes
 * are what asks Pagefind for the phrase, and the split would drop them with the other punctuation.
 */
export function queryWords(query: string, lang: string): string {
  const trimmed = query.trim().replace(/\s+/g, ' ');
  if (!HAN.test(trimmed) || typeof Intl.Segmenter === 'undefined') return trimmed;
  const quoted = QUOTED.test(trimmed);
  const words = [...new Intl.Segmenter(lang, { granularity: 'word' }).segment(quoted ? trimmed.slice(1, -1) : trimmed)]
    .filter((part) => part.isWordLike || HAN.test(part.segment))
    .map((part) => part.segment);
  if (!words.length) return trimmed;
  return quoted ? `"${words.join(' ')}"` : words.join(' ');
}

/** The queries to run for what the reader typed: the phrase (when it needs one) and the words. */
export function queriesOf(query: string, lang: string): { phrase?: string; words: string } {
  const words = queryWords(query, lang);
  return wantsPhrase(query) ? { phrase: `"${words}"`, words } : { words };
}

/**
 * The pages of the phrase first, then the other pages of the words, in the words' order. Pagefind scores
 * every page of a quoted search alike (they come back in index order), so the phrase's pages take the
 * order the words' search ranks them in; any it did not find follow them in their own order.
 */
export function phraseFirst<T extends Hit>(phrase: readonly T[], words: readonly T[]): T[] {
  const rank = new Map(words.map((hit, i) => [hit.id, i]));
  const at = (hit: T): number => rank.get(hit.id) ?? words.length;
  const seen = new Set(phrase.map((hit) => hit.id));
  // A stable sort: pages the words' search lacks keep their own order, after the others.
  return [...[...phrase].sort((a, b) => at(a) - at(b)), ...words.filter((hit) => !seen.has(hit.id))];
}

/** A word of a query written in Latin letters (and digits): `DICOM`, `3D`, `post` and `processing`. */
const LATIN_WORD = /[\p{Script=Latin}\p{N}]*\p{Script=Latin}[\p{Script=Latin}\p{N}]*/gu;

/** The words of `query` written in Latin letters, in lower case. */
export function latinWords(query: string): string[] {
  return (query.toLowerCase().match(LATIN_WORD) ?? []).filter((word) => word.length > 0);
}

/**
 * The start every form of `word` shares, as far as this check needs: Pagefind stems English (a page with
 * "processed" is found for "processing"), so up to four letters of ending are left off a long word.
 */
export function stemOf(word: string): string {
  return word.length <= 4 ? word : word.slice(0, Math.max(4, word.length - 4));
}

/**
 * True when a page's text holds every Latin word of the query (its stem, anywhere, in any case). Pagefind
 * answers a word its index lacks with the pages of the longest start of it that it has, so
 * "maxillofacial" finds every page that names the MA console and "extremity" every page with "e-com":
 * those results are dropped, and a query only another language has gets its hint.
 */
export function holdsLatinWords(text: string, words: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return words.every((word) => lower.includes(stemOf(word)));
}

/**
 * A term of the query that holds punctuation between its letters or digits, or at its ends beside them
 * (`R&D`, `C++`, `C#`, `.NET`, `3.0`, `+86`): Pagefind splits it at the punctuation and finds pages with its
 * parts anywhere, so the pages holding the term as written are put first (`literalFirst`).
 */
const PUNCTUATED = /^(?=.*[\p{L}\p{N}])(?=.*[^\p{L}\p{N}\p{M}]).+$/u;

/** The terms of `query` (split at spaces, quotes dropped) that hold punctuation, in lower case. */
export function punctuatedTerms(query: string): string[] {
  return query
    .toLowerCase()
    .replace(/["“”]/g, ' ')
    .split(/\s+/)
    .map((term) => term.replace(/^[,;:!?()[\]{}'‘’]+|[,;:!?()[\]{}'‘’]+$/gu, ''))
    .filter((term) => PUNCTUATED.test(term));
}

/**
 * The hits whose text holds every punctuated term of the query as written (any case) first, then the
 * others, each group in its own order. `texts[i]` is the text of `hits[i]`.
 */
export function literalFirst<T>(hits: readonly T[], texts: readonly string[], terms: readonly string[]): T[] {
  if (!terms.length) return [...hits];
  const holds = hits.map((_, i) => {
    const lower = (texts[i] ?? '').toLowerCase();
    return terms.every((term) => lower.includes(term));
  });
  return [...hits.filter((_, i) => holds[i]), ...hits.filter((_, i) => !holds[i])];
}
