import { describe, expect, it } from 'vitest';
import type { Block } from '../../../../cli/core/l10n/blocks.ts';
import { describeTurns, formatStatuses } from '../../../../cli/core/l10n/format.ts';
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
