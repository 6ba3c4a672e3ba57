/**
 * A translation's record (cli/core/l10n/record.ts): how it is read from front matter, the problems of one
 * that is not valid, and the values `stamp` writes.
 */
import { describe, expect, it } from 'vitest';
import { quoted, readRecord, recordLocaleProblem, recordProblems, stampOf } from '../../../../cli/core/l10n/record.ts';

/** A line for each field path, different for each field the tests name. */
const lineOf = (path: ReadonlyArray<string | number>): number => path.join('.').length + 10;

describe('readRecord', () => {
  it('reads the locale, version and block hashes, trimmed, with the notice on unless turned off', () => {
    expect(readRecord({ source: { locale: ' en ', version: ' 9f3a1c2e ', blocks: ' a1b2  c3d4\ne5f6 ' } })).toEqual({
      locale: 'en',
      version: '9f3a1c2e',
      blocks: ['a1b2', 'c3d4', 'e5f6'],
      notice: true,
    });
    expect(readRecord({ source: { notice: false } })).toEqual({ blocks: [], notice: false });
    expect(readRecord({ source: { notice: 'no' } }).notice).toBe(true);
  });

  it('is empty for a page without a record, or with one that is not a mapping', () => {
    for (const data of [{}, { source: 'zh' }, { source: null }, { source: ['a'] }]) {
      expect(readRecord(data), JSON.stringify(data)).toEqual({ blocks: [], notice: true });
    }
  });

  it('reads a version YAML gave as a number as its text, and leaves out empty values', () => {
    expect(readRecord({ source: { version: 12345678, blocks: 1234 } })).toEqual({ version: '12345678', blocks: ['1234'], notice: true });
    expect(readRecord({ source: { locale: '  ', version: '', blocks: true } })).toEqual({ blocks: [], notice: true });
  });
});

describe('recordProblems', () => {
  it('is none for a valid record or none at all', () => {
    expect(recordProblems({ source: { locale: 'zh', version: 'v', blocks: 'a b', notice: false } }, { file: 'x.md', lineOf })).toEqual([]);
    expect(recordProblems({ title: 'T' }, { file: 'x.md', lineOf })).toEqual([]);
  });

  it('names the field of a record of the wrong shape, at its line', () => {
    expect(recordProblems({ source: { notice: 'no', version: ['v'] } }, { file: 'content/en/x.md', lineOf })).toEqual([
      expect.objectContaining({
        code: 'FRONTMATTER_INVALID',
        file: 'content/en/x.md',
        line: 24,
        message: expect.stringMatching(/source\.version/),
      }),
      expect.objectContaining({
        code: 'FRONTMATTER_INVALID',
        file: 'content/en/x.md',
        line: 23,
        message: expect.stringMatching(/source\.notice/),
      }),
    ]);
  });
});

describe('recordLocaleProblem', () => {
  it('refuses a source locale that is not configured, listing those that are, at its line', () => {
    expect(recordLocaleProblem({ source: { locale: 'fr' } }, ['zh', 'en'], { file: 'content/en/x.md', lineOf })).toEqual({
      code: 'FRONTMATTER_INVALID',
      message: '`source.locale` is "fr", not a configured locale (zh, en): it names the locale this page is translated from.',
      file: 'content/en/x.md',
      line: 23,
    });
    expect(recordLocaleProblem({ source: { locale: 'fr' } }, ['zh', 'en'], { file: 'x.md' })?.line).toBe(1);
  });

  it('accepts a configured locale, and a record that names none', () => {
    expect(recordLocaleProblem({ source: { locale: 'en' } }, ['zh', 'en'], { file: 'x.md', lineOf })).toBeUndefined();
    expect(recordLocaleProblem({ source: { version: 'v' } }, ['zh', 'en'], { file: 'x.md', lineOf })).toBeUndefined();
  });
});

describe('stampOf and quoted', () => {
  it('writes the block hashes space-separated, and values as YAML strings that stay strings', () => {
    expect(stampOf('9f3a1c2e', ['a1b2', 'c3d4'])).toEqual({ version: '9f3a1c2e', blocks: 'a1b2 c3d4' });
    expect(quoted('1e10')).toBe('"1e10"');
  });
});
