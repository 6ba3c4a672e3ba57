/**
 * Stamping the shapes of record the first tests do not write (cli/core/l10n/stamp.ts): a block mapping with
 * an empty value or without the fields, at the very end of the front matter, CRLF, an empty or `~` record,
 * an empty front matter; and the front matter it refuses.
 */
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../../cli/core/common/errors.ts';
import { stampText } from '../../../../cli/core/l10n/stamp.ts';

const stamp = { version: '9f3a1c2e', blocks: 'a1b2 c3d4' };
const V = '"9f3a1c2e"';
const B = '"a1b2 c3d4"';

describe('stampText, other shapes of record', () => {
  it.each([
    ['an empty value', '---\nsource:\n  version:\n  blocks: "x"\n---\n', `---\nsource:\n  version: ${V}\n  blocks: ${B}\n---\n`],
    ['one field of two', '---\nsource:\n    version: "x"\n---\n', `---\nsource:\n    version: ${V}\n    blocks: ${B}\n---\n`],
    [
      'a block record closing the front matter',
      '---\ntitle: A\nsource:\n  locale: en\n---',
      `---\ntitle: A\nsource:\n  locale: en\n  version: ${V}\n  blocks: ${B}\n---`,
    ],
    [
      'CRLF line ends',
      '---\r\nsource:\r\n  locale: en\r\n---\r\n',
      `---\r\nsource:\r\n  locale: en\r\n  version: ${V}\r\n  blocks: ${B}\r\n---\r\n`,
    ],
    ['an empty flow record', '---\ntitle: A\nsource: {}\n---\n', `---\ntitle: A\nsource: { version: ${V}, blocks: ${B} }\n---\n`],
    [
      'a flow record with spaces before its brace',
      '---\nsource: { locale: en   }\n---\n',
      `---\nsource: { locale: en, version: ${V}, blocks: ${B}   }\n---\n`,
    ],
    ['a `~` record', '---\ntitle: A\nsource: ~\n---\n', `---\ntitle: A\nsource: { version: ${V}, blocks: ${B} }\n---\n`],
    ['an empty front matter', '---\n---\nBody\n', `---\nsource: { version: ${V}, blocks: ${B} }\n---\nBody\n`],
  ])('records the stamp in %s, changing nothing else', (_, text, stamped) => {
    expect(stampText(text, stamp, 'x.md')).toBe(stamped);
  });

  it.each([
    ['a list', '---\n- a\n---\n', 'The front matter must be a mapping of fields (`title: …`).'],
    ['YAML that cannot be read', '---\ntitle: [\n---\n', /^The front matter cannot be read: Flow sequence in block collection .*\.$/],
  ])('refuses a front matter that is %s, at line 2 of the file', (_, text, message) => {
    let error: unknown;
    try {
      stampText(text, stamp, 'content/en/x.md');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).problems).toEqual([
      {
        code: 'FRONTMATTER_INVALID',
        message: typeof message === 'string' ? message : expect.stringMatching(message),
        file: 'content/en/x.md',
        line: 2,
      },
    ]);
  });
});
