/**
 * The ground truth of the search's measurements (docs/search.md, "Ranking"): which pages hold what a query
 * asks for, read from the built HTML independently of Pagefind, and how a ranked result list measures
 * against it. Shared by the search-quality bench (test/bench/search-quality.ts) and the browser test of the
 * ranking (test/client/search-ranking.test.ts), so both judge by the same rule.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Element, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { toString as textOf } from 'hast-util-to-string';
import type { Locale } from '../../shared/constants.ts';
import { listJobs } from '../../cli/core/plan/jobs.ts';
import { prepareSite } from '../../cli/core/stages.ts';
import { indexedPages } from '../../cli/core/write/search-index.ts';
import { CONTENT, ROOT } from './cli.ts';

/** An indexed page and the text of it that the index holds. */
export interface IndexedText {
  url: string;
  locale: Locale;
  text: string;
}

/**
 * Elements whose text runs on into their neighbours' (phrasing content). Every other element is a block:
 * Pagefind ends a sentence at its edges, so a phrase never spans two blocks, and neither does it here.
 */
const INLINE = new Set('a abbr b bdi bdo cite code data dfn em i kbd mark q s samp small span strong sub sup time u var wbr'.split(' '));

const HAN = /\p{Script=Han}/u;

/** The text of `node`, blocks on lines of their own. */
function blockText(node: Root | RootContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' && node.type !== 'root') return '';
  if (node.type === 'element' && node.tagName === 'br') return '\n';
  const inner = node.children.map(blockText).join('');
  return node.type === 'element' && !INLINE.has(node.tagName) ? `\n${inner}\n` : inner;
}

/**
 * The text of a built page that its index holds: the page's `<main>` without what is marked
 * `data-pagefind-ignore`, blocks on separate lines, runs of white space made one space.
 */
export function indexedText(html: string): string {
  const main = select('main', fromHtml(html));
  if (!main) return '';
  const ignored = new Set<Element>(selectAll('[data-pagefind-ignore]', main));
  const prune = (element: Element): Element => ({
    ...element,
    children: element.children
      .filter((child) => child.type !== 'element' || !ignored.has(child))
      .map((child) => (child.type === 'element' ? prune(child) : child)),
  });
  const kept = prune(main);
  const text = blockText(kept)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
  // Same characters as the tree's text, only the block breaks added (nothing dropped on the way).
  if (text.replace(/\s/g, '') !== textOf(kept).replace(/\s/g, '')) throw new Error('indexedText lost text of <main>');
  return text;
}

/**
 * Every page the build indexes (cli/core/write/search-index.ts `indexedPages`: no stand-ins, no `/home`
 * alias, no 404 or search pages) with its text, read from `dist`, the build of `content`.
 */
export async function indexedTexts(dist: string, content = CONTENT): Promise<IndexedText[]> {
  const { loaded, planned } = await prepareSite({ root: ROOT, contentDir: content, drafts: false });
  return indexedPages(listJobs(planned.pages, loaded.config.locales), loaded.config.locales).map((page) => ({
    url: page.url,
    locale: page.locale,
    text: indexedText(readFileSync(join(dist, page.file), 'utf8')),
  }));
}

/** `word` as a whole word, with an English plural or possessive ending (`viewer` finds `viewers`). */
function wordPattern(word: string): RegExp {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?:s|es|'s)?(?![\\p{L}\\p{N}])`, 'iu');
}

/**
 * Whether `text` holds what `query` asks for. A query with Chinese characters asks for itself, exactly, as
 * a substring (the reader typed one word, and Chinese has no spaces to mark it). Any other query asks for
 * each of its words, anywhere, as whole words, letter case ignored, a plural `-s`/`-es` or `'s` allowed: the
 * words split at anything but letters and digits, so `post-processing` asks for `post` and `processing`.
 */
export function holds(text: string, query: string): boolean {
  const wanted = query.trim().replace(/\s+/g, ' ');
  if (!wanted) return false;
  if (HAN.test(wanted)) return text.toLowerCase().includes(wanted.toLowerCase());
  const words = wanted.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.length > 0 && words.every((word) => wordPattern(word).test(text));
}

/** The URLs of the pages of `locale` that hold `query`, in URL order. */
export function relevantUrls(pages: readonly IndexedText[], locale: Locale, query: string): string[] {
  return pages.filter((page) => page.locale === locale && holds(page.text, query)).map((page) => page.url);
}

/** How a ranked result list measures against the relevant pages. */
export interface Judgement {
  /** Results returned. */
  results: number;
  /** Relevant pages (R). */
  relevant: number;
  /** Relevant pages among the results. */
  found: number;
  /** found / relevant (1 when nothing is relevant: nothing was missed). */
  recall: number;
  /** found / results (1 when nothing is returned). */
  precision: number;
  /** Relevant pages among the first R results, over R. */
  precisionAtR: number;
  /** No returned page that is not relevant ranks above one that is. */
  relevantFirst: boolean;
  /** The relevant pages not returned. */
  missed: string[];
}

/** Measures `ranked` (result URLs, best first) against `relevant`. */
export function judge(ranked: readonly string[], relevant: readonly string[]): Judgement {
  const wanted = new Set(relevant);
  const found = ranked.filter((url) => wanted.has(url)).length;
  const lastRelevant = ranked.findLastIndex((url) => wanted.has(url));
  const firstOther = ranked.findIndex((url) => !wanted.has(url));
  const top = ranked.slice(0, wanted.size).filter((url) => wanted.has(url)).length;
  return {
    results: ranked.length,
    relevant: wanted.size,
    found,
    recall: wanted.size ? found / wanted.size : 1,
    precision: ranked.length ? found / ranked.length : 1,
    precisionAtR: wanted.size ? top / wanted.size : 1,
    relevantFirst: firstOther === -1 || lastRelevant < firstOther,
    missed: relevant.filter((url) => !ranked.includes(url)),
  };
}
