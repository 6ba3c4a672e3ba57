/** The edges of the translation status text (cli/core/l10n/format.ts): long and multi-line blocks, no blocks, no statuses. */
import { describe, expect, it } from 'vitest';
import type { Block } from '../../../../cli/core/l10n/blocks.ts';
import { countStates, describeTurns, formatStatuses } from '../../../../cli/core/l10n/format.ts';
import type { TranslationStatus } from '../../../../cli/core/l10n/status.ts';

const status = (file: string, state: TranslationStatus['state'], changes: TranslationStatus['changes'] = []): TranslationStatus => ({
  file,
  locale: 'en',
  route: '/DR',
  source: { file: file.replace('/en/', '/zh/'), locale: 'zh' },
  state,
  changes,
  notice: true,
  line: 4,
});

describe('formatStatuses, edges', () => {
  it('says none for a site without translations, and adds no hint', () => {
    expect(formatStatuses([])).toBe('Translations: none\n');
    expect(formatStatuses([], { all: true })).toBe('Translations: none\n');
  });

  it('shows a block on one line, its line breaks marked, cut at 120 characters with an ellipsis', () => {
    const long = 'x'.repeat(200);
    const block: Block = { kind: 'paragraph', line: 0, text: `第一行\n  第二行\n${long}`, hash: 'abcd', field: 'description' };
    const text = formatStatuses([status('content/en/DR.md', 'outdated', [{ kind: 'added', block, index: 0 }])]);
    const line = text.split('\n')[2] as string;
    // No line number (0), the field named; the text's breaks marked and the whole cut to 120 characters.
    const shown = `第一行 ⏎ 第二行 ⏎ ${long}`.slice(0, 119);
    expect(line).toBe(`    added    content/zh/DR.md (description)  ${shown}…`);
  });

  it('keeps a block of exactly 120 characters whole', () => {
    const block: Block = { kind: 'paragraph', line: 3, text: 'y'.repeat(120), hash: 'abcd' };
    const text = formatStatuses([status('content/en/DR.md', 'outdated', [{ kind: 'changed', block, index: 0, was: 0 }])]);
    expect(text.split('\n')[2]).toBe(`    changed  content/zh/DR.md:3  ${'y'.repeat(120)}`);
    // A changed block without its old text shows no `was` line.
    expect(text).not.toContain('was  ');
  });

  it('names a block removed at the start, says when no block can be named, and why old text is missing', () => {
    const removed = formatStatuses([
      { ...status('content/en/A.md', 'outdated', [{ kind: 'removed', was: 0, before: '旧的开头。' }]), history: 'not-found' },
      { ...status('content/en/B.md', 'outdated'), history: 'no-git' },
      { ...status('content/en/C.md', 'outdated'), history: 'found' },
    ]);
    expect(removed).toBe(
      [
        'Translations: 3 outdated, 0 current, 0 unknown',
        '  content/en/A.md  outdated: content/zh/A.md changed since it was stamped',
        '    removed  block 1 of the stamped source, at the start',
        '        was  旧的开头。',
        '    old text not shown: no revision of the source in git history has the stamped version (it was stamped before the source was committed)',
        '  content/en/B.md  outdated: content/zh/B.md changed since it was stamped',
        '    (no block can be named: the record lists no block hashes)',
        '    old text not shown: history is missing: the content folder is not in a git repository',
        '  content/en/C.md  outdated: content/zh/C.md changed since it was stamped',
        '    (no block can be named: the record lists no block hashes)',
        '',
      ].join('\n'),
    );
  });

  it('counts each state once', () => {
    expect(countStates([status('a', 'unknown'), status('b', 'unknown'), status('c', 'current'), status('d', 'outdated')])).toBe(
      '1 outdated, 1 current, 2 unknown',
    );
  });
});

describe('describeTurns, edges', () => {
  it('names a translation stamped for the first time as current again, and a new outdated one, but not a new current one', () => {
    const before = [status('content/en/A.md', 'unknown')];
    const after = [status('content/en/A.md', 'current'), status('content/en/B.md', 'current'), status('content/en/C.md', 'outdated')];
    expect(describeTurns(before, after)).toBe(
      'Translation current again: content/en/A.md\nTranslation outdated: content/en/C.md (content/zh/C.md changed since it was stamped)\n',
    );
    // Still outdated, or still current: nothing to say.
    expect(describeTurns([status('content/en/A.md', 'outdated')], [status('content/en/A.md', 'outdated')])).toBe('');
  });
});
