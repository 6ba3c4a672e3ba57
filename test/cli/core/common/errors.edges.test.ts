/**
 * Edges of cli/core/common/errors.ts the other tests leave out, found by a mutation run (docs/testing.md,
 * "Mutation testing"): problems: their text, places and hints.
 */
import { describe, expect, it } from 'vitest';
import { formatProblem, hintOf, problem, SiteError } from '../../../../cli/core/common/errors.ts';

describe('problems', () => {
  it('place a problem at its file, line and column, as far as known', () => {
    const hint = '\n    hint: Pass the folder with --content, or run the command from the project root.';
    expect(formatProblem(problem('CONTENT_MISSING', 'gone', { file: 'a.md', line: 3, column: 7 }))).toBe(
      `a.md:3:7  CONTENT_MISSING  gone${hint}`,
    );
    expect(formatProblem(problem('CONTENT_MISSING', 'gone', { file: 'a.md', line: 3 }))).toBe(`a.md:3  CONTENT_MISSING  gone${hint}`);
    expect(formatProblem(problem('CONTENT_MISSING', 'gone', { file: 'a.md' }))).toBe(`a.md  CONTENT_MISSING  gone${hint}`);
    expect(formatProblem(problem('CONTENT_MISSING', 'gone'))).toBe(`CONTENT_MISSING  gone${hint}`);
  });

  it('list the words of a computed hint as a sentence says them', () => {
    const unknown = (placeholders: string[]): string => hintOf(problem('PLACEHOLDER_UNKNOWN', 'x', {}, { placeholders }));
    expect(unknown(['phone'])).toMatch(/^Write one of \{phone\}, spelled as shown;/);
    expect(unknown(['phone', 'email', 'company'])).toMatch(/^Write one of \{phone\}, \{email\} or \{company\}, spelled/);
    expect(unknown([])).toMatch(/^Write one of , spelled/);
    expect(hintOf(problem('FIELD_UNKNOWN', 'x', {}, { fields: ['title', 'summary'] }))).toBe(
      'Check the spelling: the fields read here are `title` and `summary` (docs/templates.md has those of every template).',
    );
  });

  it('are thrown as one SiteError whose message is theirs, one a line', () => {
    const error = new SiteError([problem('CONTENT_MISSING', 'first'), problem('YAML_SYNTAX', 'second')]);
    expect(error.name).toBe('SiteError');
    expect(error.message).toBe('first\nsecond');
    expect(error.exitCode).toBe(1);
    expect(new SiteError(problem('USAGE', 'only'), 2)).toMatchObject({ message: 'only', exitCode: 2 });
  });
});
