/**
 * Checks of the prose itself, run on every text of a page: the strings of its front matter where their
 * lines are known (cli/core/load/loaded-site.ts) and the body's text while it renders (cli/core/render/remark/prose.ts).
 * Two rules: the term base (cli/core/text/terms.ts), and one spacing rule for Chinese text: no space between
 * a Chinese character and a Latin letter or digit (`DROC是`, `3.0版本`), as the site's Chinese pages are written.
 */
import type { Locale } from '../../../shared/constants.ts';
import { problem, type Problem } from '../common/errors.ts';
import { positionsIn } from './positions.ts';
import { termProblems, type TermBase } from './terms.ts';

/** A space between Chinese and Latin text, either way round. */
const MIXED_SPACE = /(?<=\p{Script=Han})[ \t]+(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])[ \t]+(?=\p{Script=Han})/gu;

/**
 * Whether a BCP 47 tag names a language written in Han script (`zh-CN`, `zh-TW`; not `ja`, whose script
 * mixes kana in, nor `en`): the spacing rule is about Chinese text, whatever a locale's code is.
 */
export function writtenInHan(lang: string): boolean {
  let known = hanByLangCache.get(lang);
  if (known === undefined) {
    known = hanScriptOf(lang);
    hanByLangCache.set(lang, known);
  }
  return known;
}

/** Answers of `writtenInHan` by tag: asked for every text node of a page, and ICU's maximize is slow. */
const hanByLangCache = new Map<string, boolean>();

function hanScriptOf(lang: string): boolean {
  try {
    return /^Han[st]$/.test(new Intl.Locale(lang).maximize().script ?? '');
  } catch {
    return false;
  }
}

/** CJK_SPACING warnings for the spaces between Chinese and Latin text in `text` (Chinese pages only; `lang` is their BCP 47 tag). */
export function spacingProblems(text: string, lang: string, file: string, start: { line: number; column: number }): Problem[] {
  if (!writtenInHan(lang)) return [];
  const found: Problem[] = [];
  const position = positionsIn(text, start.line, start.column);
  for (const match of text.matchAll(MIXED_SPACE)) {
    const around = text.slice(Math.max(0, match.index - 6), match.index + match[0].length + 6).replace(/\s+/g, ' ');
    found.push(
      problem('CJK_SPACING', `A space between Chinese and Latin text: "${around}". Chinese pages write them without one.`, {
        file,
        ...position(match.index),
      }),
    );
  }
  return found;
}

/** Every prose problem of one text: variant terms, then spacing. */
export function proseProblems(
  text: string,
  language: { code: Locale; lang: string },
  terms: TermBase,
  file: string,
  start: { line: number; column: number },
): Problem[] {
  return [...termProblems(text, language.code, terms, file, start), ...spacingProblems(text, language.lang, file, start)];
}

/** A front matter value that is a site path or a URL as a whole. */
const LINK_VALUE = /^(\/|https?:\/\/)\S*$/;

/** The prose problems of a page's front matter strings, each at the line of its field. */
export function dataProseProblems(
  data: unknown,
  language: { code: Locale; lang: string },
  terms: TermBase,
  file: string,
  lineOf: (path: ReadonlyArray<string | number>) => number,
): Problem[] {
  const found: Problem[] = [];
  const walk = (value: unknown, path: Array<string | number>): void => {
    if (typeof value === 'string') {
      // A route or a URL (`route: /VetWorkstation`, `src: /images/…`) names a file, not a term of the prose.
      if (LINK_VALUE.test(value)) return;
      for (const { column: _column, ...p } of proseProblems(value, language, terms, file, { line: 1, column: 1 }))
        found.push({ ...p, line: lineOf(path) });
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, [...path, i]);
    } else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
  };
  walk(data, []);
  return found;
}
