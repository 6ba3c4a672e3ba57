/**
 * The error catalogue as data (cli/core/common/errors.ts; docs/errors.md): each code carries its severity,
 * problems print as `file:line:col  CODE  message` with the hint below, and a computed hint says what the
 * problem's own message says, never a fixed text that contradicts or cuts it short.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUE, formatProblem, hintOf, problem, SiteError, type Code, type Problem } from '../../../../cli/core/common/errors.ts';
import { checkPageSize, parsePage, type TemplateFields } from '../../../../cli/core/load/content.ts';
import { PLACEHOLDER_NAMES, unknownPlaceholder } from '../../../../cli/core/text/placeholders.ts';
import { parseSize } from '../../../../cli/core/load/size.ts';
import type { Fields } from '../../../../cli/core/common/field-validator.ts';

/** The `{word}`s of a text, in order. */
function braced(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
}

function thrown(run: () => unknown): Problem[] {
  try {
    run();
  } catch (error) {
    if (error instanceof SiteError) return error.problems;
    throw error;
  }
  throw new Error('expected a SiteError');
}

describe('the catalogue', () => {
  it('gives every code a severity, a title and a hint, as data', () => {
    for (const [code, entry] of Object.entries(CATALOGUE)) {
      expect(['error', 'warning'], code).toContain(entry.severity);
      expect(entry.title.length, code).toBeGreaterThan(0);
      const hint = entry.hint;
      if (typeof hint === 'string') expect(hint.length, code).toBeGreaterThan(0);
      else for (const data of hint.examples) expect(hint.of(data as never).length, code).toBeGreaterThan(0);
    }
    expect(CATALOGUE.LINK_BROKEN.severity).toBe('error');
    expect(CATALOGUE.TRANSLATION_MISSING.severity).toBe('warning');
  });

  it('prints a problem as place, code and message, with its hint on the next line', () => {
    const text = formatProblem(problem('RAW_HTML', 'Raw HTML was removed: "<b>".', { file: 'content/en/DROC.md', line: 3, column: 1 }));
    expect(text).toBe(
      'content/en/DROC.md:3:1  RAW_HTML  Raw HTML was removed: "<b>".\n    hint: Raw HTML never reaches the output; write Markdown instead.',
    );
  });

  it('cites only documents the repository holds', () => {
    const hints = Object.values(CATALOGUE).flatMap((entry) =>
      typeof entry.hint === 'string' ? [entry.hint] : entry.hint.examples.map((data) => entry.hint.of(data as never)),
    );
    expect(hints.filter((hint) => /README/.test(hint))).toEqual([]);
  });
});

describe('computed hints', () => {
  it('PLACEHOLDER_UNKNOWN: the hint names exactly the placeholders the message lists', () => {
    const found = unknownPlaceholder('Phone', { file: 'content/en/x.md', line: 4 });
    const listed = braced(found.message.slice(found.message.indexOf('the placeholders are')));
    expect(listed).toEqual([...PLACEHOLDER_NAMES]);
    // Up to the `;`: after it, the hint shows `{name}` in a code span.
    expect(braced(hintOf(found).split(';')[0] as string)).toEqual(listed);
    // The catalogue's example, shown in docs/errors.md, is the real list too.
    expect(CATALOGUE.PLACEHOLDER_UNKNOWN.hint.examples[0]?.placeholders).toEqual([...PLACEHOLDER_NAMES]);
  });

  it('PLACEHOLDER_UNKNOWN: a placeholder without a value is spelled right, so the hint says to set it in site.yaml', () => {
    const found = unknownPlaceholder('founded', { file: 'content/en/x.md', line: 4 });
    expect(found.message).toContain('has no value in site.yaml');
    expect(hintOf(found)).toMatch(/^Set `founded` in site\.yaml/);
    expect(hintOf(found)).not.toContain('Write one of');
  });

  it('PAGE_TOO_LARGE: the limit the hint suggests is above the page, however large it is', () => {
    for (const bytes of [300 * 1024, 5 * 1024 * 1024, 12_345_678]) {
      const [found] = thrown(() => checkPageSize('a'.repeat(bytes), 'content/en/big.md', 100 * 1024)) as [Problem];
      expect(found.code).toBe('PAGE_TOO_LARGE');
      const suggested = /maxPageSize: ([^`]+)`/.exec(hintOf(found))?.[1];
      expect(parseSize(suggested), `${bytes}: ${hintOf(found)}`).toBeGreaterThan(bytes);
    }
  });

  it('FIELD_UNKNOWN: the hint lists the fields read where the unknown one stands', () => {
    const templates: TemplateFields = {
      names: ['page', 'article'],
      fieldsOf: (name): Fields =>
        name === 'article'
          ? {
              date: { kind: 'date', required: true },
              cover: { kind: 'record', fields: { src: { kind: 'string' }, alt: { kind: 'string' } } },
            }
          : {},
      isArticle: (name) => name === 'article',
    };
    const page = parsePage(
      '---\ntitle: T\ntemplate: article\ndate: 2024-01-01\ntitel: typo\ncover: { src: /a.jpg, alts: x }\n---\n',
      'content/en/x.md',
      'en',
      'x.md',
      templates,
    );
    const unknown = page.warnings.filter((p) => p.code === 'FIELD_UNKNOWN');
    expect(unknown.map((p) => p.message)).toEqual([
      'The field `cover.alts` is not read by the "article" template.',
      'The field `titel` is not read by the "article" template.',
    ]);
    const [nested, top] = unknown.map(hintOf) as [string, string];
    expect(top).toContain('`title`');
    expect(top).toContain('`date`');
    expect(top).toContain('`cover`');
    expect(nested).toContain('`src` and `alt`');
    expect(nested).not.toContain('`title`');
  });

  it('two-case hints follow the data each producer gives', () => {
    const cases: Array<[Code, object, RegExp]> = [
      ['LINK_BROKEN', { photo: true }, /show it with `!\[…\]\(…\)`/],
      ['OUT_NOT_OURS', { file: true }, /Remove the file/],
      ['RENDER_FAILED', { thread: true }, /render thread stopped/],
      ['IMAGE_INVALID', { changed: true }, /^Build again/],
    ];
    for (const [code, data, expected] of cases) {
      const withData = { code, message: 'm', data } satisfies Problem;
      expect(hintOf(withData)).toMatch(expected);
      expect(hintOf({ code, message: 'm' })).not.toMatch(expected);
    }
  });

  it('a problem built without its data gets the general hint, never a crash', () => {
    expect(hintOf({ code: 'PLACEHOLDER_UNKNOWN', message: 'm' })).toMatch(/^Write one of \{phone\}, \{email\}/);
    expect(hintOf({ code: 'FIELD_UNKNOWN', message: 'm' })).toMatch(/^Check the spelling/);
  });
});
