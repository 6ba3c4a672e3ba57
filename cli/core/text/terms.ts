/**
 * The terms of a text against the term base (read from `content/_terms.yaml` by
 * cli/core/load/term-base.ts), which lists each concept with its preferred term in every locale and the
 * variants to avoid. The build warns where a page uses a variant (TERM_VARIANT, naming the preferred term):
 * in its front matter as load reads it, in its body as render writes it, so the matching lives below both.
 * The translation report lists, for each page and its translation, the concepts one locale names and the
 * other does not. Matching is pure and needs no tokenizer: Chinese terms match as they are written; terms
 * in Latin script match as whole words, ignoring case, in the singular or with a plural -s/-es. A variant
 * that differs from the preferred term only in case (`DICOM storage` for `DICOM Storage`) is found where
 * the case differs, never in the preferred term itself.
 */
import type { Locale } from '../../../shared/constants.ts';
import { problem, type Problem } from '../common/errors.ts';
import { positionsIn } from './positions.ts';

/**
 * One concept: its preferred term and the variants to avoid, per locale. A locale other than the default may
 * have no entry yet (a language being added): its pages are not checked for that concept.
 */
export interface Term {
  concept: string;
  use: Record<Locale, string>;
  avoid: Record<Locale, string[]>;
  /** Line in _terms.yaml, for messages about the entry. */
  line: number;
}

/** The term base: where it was read from, the site's locale codes and its concepts (empty when the site has none). */
export interface TermBase {
  file: string;
  locales: Locale[];
  terms: Term[];
}

/** A variant found in a text: where it starts (UTF-16 index), what was written and the concept. */
export interface VariantHit {
  index: number;
  found: string;
  term: Term;
}

const LATIN_EDGE = /[A-Za-z0-9]/;
const patternCache = new Map<string, RegExp>();

/**
 * A pattern for a term: Latin edges must not touch another Latin letter or digit; case is ignored. A term
 * ending in a Latin letter also matches its plural (`loop`, `loops`), so a term base need not list both.
 */
function patternOf(term: string): RegExp {
  let pattern = patternCache.get(term);
  if (!pattern) {
    const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
    const before = LATIN_EDGE.test(term.charAt(0)) ? '(?<![A-Za-z0-9])' : '';
    const last = term.charAt(term.length - 1);
    const after = LATIN_EDGE.test(last) ? `${/[A-Za-z]/.test(last) ? '(?:e?s)?' : ''}(?![A-Za-z0-9])` : '';
    pattern = new RegExp(`${before}${escaped}${after}`, 'giu');
    patternCache.set(term, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}

/** Every match of `term` in `text`, as [start, end) ranges. */
function ranges(text: string, term: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (const match of text.matchAll(patternOf(term))) found.push([match.index, match.index + match[0].length]);
  return found;
}

/** One pattern matching every variant of a locale (longest first), and the concept of each variant. */
interface VariantIndex {
  pattern: RegExp;
  byVariant: Map<string, Term>;
}

const indexCache = new WeakMap<TermBase, Record<Locale, VariantIndex>>();

function indexOf(base: TermBase, locale: Locale): VariantIndex {
  const known = indexCache.get(base) ?? {};
  let index = known[locale];
  if (!index) {
    const byVariant = new Map<string, Term>();
    for (const term of base.terms) for (const variant of term.avoid[locale] ?? []) byVariant.set(variant.toLowerCase(), term);
    const sources = [...byVariant.keys()].sort((a, b) => b.length - a.length).map((v) => patternOf(v).source);
    index = { pattern: new RegExp(sources.join('|') || '(?!)', 'giu'), byVariant };
    known[locale] = index;
    indexCache.set(base, known);
  }
  index.pattern.lastIndex = 0;
  return index;
}

/**
 * The variants to avoid that `text` (written in `locale`) uses, in order. A variant inside an occurrence
 * of a longer preferred term (a variant that is part of it) is not a hit. One scan of the text finds every
 * candidate, so the check costs little on a page that uses none.
 */
export function findVariants(text: string, locale: Locale, base: TermBase): VariantHit[] {
  if (base.terms.length === 0) return [];
  const { pattern, byVariant } = indexOf(base, locale);
  const hits: VariantHit[] = [];
  let preferred: Array<[number, number]> | undefined;
  for (const match of text.matchAll(pattern)) {
    const found = match[0];
    const term =
      byVariant.get(found.toLowerCase().replace(/\s+/g, ' ')) ?? [...byVariant.entries()].find(([v]) => patternOf(v).test(found))?.[1];
    const use = term?.use[locale];
    if (!term || use === undefined || isPreferred(found, use)) continue;
    const start = match.index;
    const end = start + found.length;
    preferred ??= base.terms.flatMap((t) => (t.use[locale] === undefined ? [] : ranges(text, t.use[locale])));
    if (preferred.some(([a, b]) => start < b && a < end && b - a > end - start)) continue;
    hits.push({ index: start, found, term });
  }
  return hits;
}

/**
 * True when `found` is the preferred term as written (or its plural): a variant in another case is not. Its
 * first letter may be in either case, since a sentence, title or list item starts with a capital: with
 * `cloud web viewer` preferred and `Cloud Web Viewer` to avoid, "Cloud web viewer" opening a heading is the
 * preferred term, and only the capitals inside the term make the variant.
 */
function isPreferred(found: string, use: string): boolean {
  const written = found.replace(/\s+/g, ' ');
  const initial = (text: string, upper: boolean): string =>
    (upper ? text.charAt(0).toUpperCase() : text.charAt(0).toLowerCase()) + text.slice(1);
  return [use, initial(use, true), initial(use, false)].some(
    (form) => written === form || written === `${form}s` || written === `${form}es`,
  );
}

/** TERM_VARIANT warnings for the variants in `text`, placed from where the text starts in `file`. */
export function termProblems(
  text: string,
  locale: Locale,
  base: TermBase,
  file: string,
  start: { line: number; column: number },
): Problem[] {
  const position = positionsIn(text, start.line, start.column);
  return findVariants(text, locale, base).map((hit) =>
    problem(
      'TERM_VARIANT',
      `"${hit.found}" is a variant of "${hit.term.use[locale]}" (${hit.term.concept}); write "${hit.term.use[locale]}".`,
      { file, ...position(hit.index) },
    ),
  );
}

/** True when `text` names the concept in `locale`: its preferred term or one of its variants. */
function names(text: string, term: Term, locale: Locale, others: ReadonlyArray<[number, number]>): boolean {
  // An occurrence inside a longer term of another concept is that concept's: the Chinese name of DMOC,
  // 移动式数字化X射线摄影操作台, holds DROC's 数字化X射线摄影操作台 without naming DROC.
  const inside = ([start, end]: [number, number]): boolean => others.some(([a, b]) => a <= start && end <= b && b - a > end - start);
  return termsOf(term, locale).some((t) => ranges(text, t).some((range) => !inside(range)));
}

/** The preferred term and the variants of a concept in a locale (none when the locale has no entry for it). */
function termsOf(term: Term, locale: Locale): string[] {
  const use = term.use[locale];
  return use === undefined ? [] : [use, ...(term.avoid[locale] ?? [])];
}

/** The other concepts whose terms in `locale` hold one of `term`'s as a part: 兽用CT操作台 holds CT操作台. */
function holders(term: Term, locale: Locale, base: TermBase): Term[] {
  const own = termsOf(term, locale).map((t) => t.toLowerCase());
  return base.terms.filter(
    (other) => other !== term && termsOf(other, locale).some((t) => own.some((o) => t.length > o.length && t.toLowerCase().includes(o))),
  );
}

/**
 * The concepts a page names in one locale that a translation does not name: for the translation report.
 * `texts` holds the page's text in each locale compared. A concept whose terms are the same in every
 * locale (a product name) counts too; a locale with no entry for a concept is not compared on it. A term
 * that is part of a longer concept's term (CT操作台 in 兽用CT操作台) is no gap on a page that names that
 * longer concept in every locale compared: there the short form is, far more often, the long one shortened
 * (这款CT操作台 on the VET_CTOC page, where the English says "this console"), not the other product.
 */
export function termGaps(texts: Record<Locale, string>, base: TermBase): Record<Locale, string[]> {
  const codes = Object.keys(texts);
  const gaps: Record<Locale, string[]> = Object.fromEntries(codes.map((l) => [l, []]));
  const all: Record<Locale, Array<[number, number]>> = Object.fromEntries(
    codes.map((l) => [l, base.terms.flatMap((t) => termsOf(t, l).flatMap((name) => ranges(texts[l] ?? '', name)))]),
  );
  const comparedOn = (term: Term): string[] => codes.filter((l) => term.use[l] !== undefined);
  const present = new Map(
    base.terms.map((term) => [term, new Set(comparedOn(term).filter((l) => names(texts[l] ?? '', term, l, all[l] ?? [])))]),
  );
  const everywhere = (term: Term): boolean => comparedOn(term).every((l) => present.get(term)?.has(l));
  for (const term of base.terms) {
    const named = present.get(term) as Set<string>;
    const compared = comparedOn(term);
    for (const locale of named) {
      if (compared.every((other) => named.has(other))) continue;
      if (holders(term, locale, base).some(everywhere)) continue;
      gaps[locale]?.push(term.concept);
    }
  }
  return gaps;
}

/** A page and its translation, and the concepts each names that the other does not. */
export interface TermGap {
  route: string;
  missing: Record<Locale, string[]>;
}

/** All the text of a page a reader sees: its front matter's strings and its body. */
function textOfPage(data: unknown, body: string): string {
  const strings: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(data);
  return `${strings.join('\n')}\n${body}`;
}

/**
 * For each route written in every locale from its own file, the concepts named in one locale whose
 * counterpart the other lacks (`missing[en]`: concepts the zh page names and the en page does not).
 */
export function termGapsOfPages(
  pages: ReadonlyArray<{ route: string; locale: Locale; fallback: boolean; source: { data: unknown; body: string } }>,
  base: TermBase,
): TermGap[] {
  if (base.terms.length === 0) return [];
  const byRoute = new Map<string, Record<Locale, string>>();
  for (const page of pages) {
    if (page.fallback) continue;
    const texts = byRoute.get(page.route) ?? {};
    texts[page.locale] = textOfPage(page.source.data, page.source.body);
    byRoute.set(page.route, texts);
  }
  const gaps: TermGap[] = [];
  for (const [route, texts] of [...byRoute].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const codes = base.locales.filter((l) => texts[l] !== undefined);
    if (codes.length < 2) continue;
    const named = termGaps(Object.fromEntries(codes.map((l) => [l, texts[l] as string])), base);
    // What one locale names is missing in the others (each concept once).
    const missing: Record<Locale, string[]> = Object.fromEntries(
      codes.map((l) => [l, [...new Set(codes.filter((o) => o !== l).flatMap((o) => named[o] ?? []))]]),
    );
    if (codes.some((l) => missing[l]?.length)) gaps.push({ route, missing });
  }
  return gaps;
}
