import { describe, expect, it } from 'vitest';
import { problem, SiteError } from '../../../cli/core/common/errors.ts';
import { unknownPlaceholder } from '../../../cli/core/load/placeholders.ts';
import { compareWarnings, formatWarnings, printError } from '../../../cli/core/reporter.ts';
import { costRatio } from '../../helpers/cost.ts';

const many = ['a.md', 'b.md', 'c.md'].map((file, i) =>
  problem('DESCRIPTION_MISSING', 'The page has no description.', { file, line: i + 1 }),
);

describe('grouped problems', () => {
  it('prints the same warning on many files once under its title, with the hint once', () => {
    const text = formatWarnings([...many, problem('RAW_HTML', 'Raw HTML was removed.', { file: 'd.md', line: 4, column: 2 })]);
    expect(text.match(/hint:/g)).toHaveLength(2);
    expect(text).toContain('Missing description (3)');
    expect(text).toContain('  a.md:1  DESCRIPTION_MISSING  The page has no description.\n  b.md:2  DESCRIPTION_MISSING');
    expect(text).toContain('d.md:4:2  RAW_HTML');
  });

  it('formats 4 × the warnings in under 8 × the CPU time (a page of 20,000 warnings took 11 s when each was appended by copying its group)', () => {
    const warnings = (count: number) =>
      Array.from({ length: count }, (_, i) =>
        problem('CJK_SPACING', 'A space between Chinese and Latin text.', { file: 'a.md', line: i + 1 }),
      );
    const [small, large] = [warnings(25_000), warnings(100_000)];
    const ratio = costRatio(
      () => formatWarnings(small),
      () => formatWarnings(large),
      8,
    );
    expect(ratio, `${ratio.toFixed(1)} ×`).toBeLessThan(8);
    expect(formatWarnings(large)).toContain('(100000)');
  });

  it('prints each different computed hint of a group once', () => {
    const text = formatWarnings([
      unknownPlaceholder('foo', { file: 'a.md', line: 1 }),
      unknownPlaceholder('bar', { file: 'b.md', line: 2 }),
      unknownPlaceholder('founded', { file: 'c.md', line: 3 }),
    ]);
    expect(text).toContain('Unknown placeholder (3)');
    expect(text.match(/hint: Write one of/g)).toHaveLength(1);
    expect(text.match(/hint: Set `founded` in site\.yaml/g)).toHaveLength(1);
  });

  it('prints errors the same way', () => {
    let text = '';
    const write = (chunk: string): boolean => {
      text += chunk;
      return true;
    };
    const stream = { write } as unknown as NodeJS.WritableStream;
    const code = printError(new SiteError(many.map((p) => ({ ...p, code: 'LINK_BROKEN' as const }))), false, stream);
    expect(code).toBe(1);
    expect(text).toContain('3 error(s):');
    expect(text.match(/hint:/g)).toHaveLength(1);
  });

  it('tells new warnings from resolved ones', () => {
    const [a, b, c] = many as [ReturnType<typeof problem>, ReturnType<typeof problem>, ReturnType<typeof problem>];
    expect(compareWarnings([a, b], [b, c])).toEqual({ added: [c], resolved: [a] });
  });
});
