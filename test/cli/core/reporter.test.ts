import { describe, expect, it } from 'vitest';
import { problem, SiteError, type Problem } from '../../../cli/core/common/errors.ts';
import { unknownPlaceholder } from '../../../cli/core/text/placeholders.ts';
import { compareWarnings, formatWarnings, printError, printWarnings } from '../../../cli/core/reporter.ts';
import { workRatio } from '../../helpers/work.ts';

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

  it('formats 4 × the warnings with 4 × the array work, where appending each by copying its group does 16 ×', () => {
    // A page of 20,000 warnings took 11 s when each was appended by copying its group. Counted, not timed
    // (test/helpers/work.ts).
    const warnings = (count: number): Problem[] =>
      Array.from({ length: count }, (_, i) =>
        problem('CJK_SPACING', 'A space between Chinese and Latin text.', { file: 'a.md', line: i + 1 }),
      );
    const linear = workRatio(
      () => formatWarnings(warnings(2500)),
      () => formatWarnings(warnings(10_000)),
    );
    expect(linear, `${linear.toFixed(2)} ×`).toBeLessThan(4.5);
    // The same count sees the quadratic way of grouping.
    const copying = (list: Problem[]): Map<string, Problem[]> => {
      const groups = new Map<string, Problem[]>();
      for (const w of list) groups.set(w.code, [...(groups.get(w.code) ?? []), w]);
      return groups;
    };
    const [small, large] = [warnings(500), warnings(2000)];
    const quadratic = workRatio(
      () => copying(small),
      () => copying(large),
    );
    expect(quadratic, `${quadratic.toFixed(2)} ×`).toBeGreaterThan(12);
    expect(formatWarnings(warnings(100_000))).toContain('(100000)');
  });

  it('shows the first ten places of each kind with 25,000 warnings, then how many more and where they are listed', () => {
    const warnings = Array.from({ length: 25_000 }, (_, i) =>
      problem(['CJK_SPACING', 'DESCRIPTION_MISSING', 'TERM_VARIANT'][i % 3] as Problem['code'], `Problem ${i}.`, {
        file: `content/zh/p${i}.md`,
        line: 1,
      }),
    );
    let text = '';
    const write = (chunk: string): boolean => {
      text += chunk;
      return true;
    };
    printWarnings(warnings, { write } as NodeJS.WritableStream);
    const lines = text.split('\n');
    expect(lines.filter((line) => / {2}content\/zh\/p\d+\.md:1 /.test(line))).toHaveLength(30);
    expect(lines.filter((line) => line.startsWith('  … and '))).toEqual([
      '  … and 8324 more: `ecom-site build --report json` lists them all',
      '  … and 8323 more: `ecom-site build --report json` lists them all',
      '  … and 8323 more: `ecom-site build --report json` lists them all',
    ]);
    expect(text).toContain('25000 warning(s):');
    expect(text).toContain('Space between Chinese and Latin text (8334)');
    expect(lines.length).toBeLessThan(50);
    expect(Buffer.byteLength(text)).toBeLessThan(6000);
    // Without a limit (the JSON report, /__ecom/warnings) every place is listed.
    expect(formatWarnings(warnings).match(/ {2}content\/zh\/p\d+\.md:1 /g)).toHaveLength(25_000);
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
