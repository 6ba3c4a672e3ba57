import { describe, expect, it } from 'vitest';
import type { Block } from '../../../../cli/core/l10n/blocks.ts';
import { countStates, describeTurns, formatStatuses } from '../../../../cli/core/l10n/format.ts';
import type { TranslationStatus } from '../../../../cli/core/l10n/status.ts';

const block: Block = { kind: 'paragraph', line: 21, text: '新的一段。', hash: 'abcd' };
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

describe('formatStatuses', () => {
  it('counts the states and lists each translation, an outdated one with its changed blocks and the old text', () => {
    const text = formatStatuses(
      [
        status('content/en/A.md', 'current'),
        {
          ...status('content/en/DR.md', 'outdated', [
            { kind: 'changed', block, index: 3, was: 3, before: '旧的一段。' },
            { kind: 'removed', was: 5, after: block },
          ]),
          history: 'found',
        },
        { ...status('content/en/B.md', 'outdated', [{ kind: 'added', block, index: 0 }]), history: 'shallow' },
        status('content/en/C.md', 'unknown'),
      ],
      { all: true },
    );
    expect(text).toBe(
      [
        'Translations: 2 outdated, 1 current, 1 unknown',
        '  content/en/A.md  current',
        '  content/en/DR.md  outdated: content/zh/DR.md changed since it was stamped',
        '    changed  content/zh/DR.md:21  新的一段。',
        '        was  旧的一段。',
        '    removed  block 6 of the stamped source, after content/zh/DR.md:21',
        '  content/en/B.md  outdated: content/zh/B.md changed since it was stamped',
        '    added    content/zh/B.md:21  新的一段。',
        '    old text not shown: history is missing: this is a shallow clone, and the stamped revision of the source is not in it (fetch the full history: git fetch --unshallow)',
        '  content/en/C.md  unknown: never stamped',
        'A translation never stamped is not tracked: `ecom-site l10n stamp FILE` records that it matches its source now.',
        '',
      ].join('\n'),
    );
  });
});

describe('formatStatuses without --all', () => {
  it('lists what needs work and counts the current translations, as git status does', () => {
    const statuses = [status('content/en/A.md', 'current'), status('content/en/B.md', 'current'), status('content/en/C.md', 'unknown')];
    expect(formatStatuses(statuses)).toBe(
      [
        'Translations: 0 outdated, 2 current, 1 unknown',
        '  content/en/C.md  unknown: never stamped',
        '2 current translation(s) not listed; `ecom-site l10n status --all` lists every translation.',
        'A translation never stamped is not tracked: `ecom-site l10n stamp FILE` records that it matches its source now.',
        '',
      ].join('\n'),
    );
    expect(formatStatuses(statuses.slice(0, 2))).toBe(
      'Translations: 0 outdated, 2 current, 0 unknown\nEvery translation is current (2); `ecom-site l10n status --all` lists them.\n',
    );
  });
});

describe('describeTurns', () => {
  it('names the translations that became outdated or current, and nothing else', () => {
    const before = [status('content/en/A.md', 'current'), status('content/en/B.md', 'outdated'), status('content/en/C.md', 'unknown')];
    const after = [status('content/en/A.md', 'outdated'), status('content/en/B.md', 'current'), status('content/en/C.md', 'unknown')];
    expect(describeTurns(before, after)).toBe(
      'Translation outdated: content/en/A.md (content/zh/A.md changed since it was stamped)\nTranslation current again: content/en/B.md\n',
    );
    expect(describeTurns(after, after)).toBe('');
  });
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
