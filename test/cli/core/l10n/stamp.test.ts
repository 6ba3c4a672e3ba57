import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../../cli/core/common/errors.ts';
import { stampText } from '../../../../cli/core/l10n/stamp.ts';

const stamp = { version: '9f3a1c2e', blocks: 'a1b2 c3d4' };

/** What `text` becomes, checked to differ from it only by `added` inserted (the record's text). */
function stampedAdding(text: string): string {
  const out = stampText(text, stamp, 'content/en/x.md');
  let start = 0;
  while (start < text.length && text[start] === out[start]) start++;
  expect(out.slice(0, start) + out.slice(start + out.length - text.length)).toBe(text);
  return out.slice(start, start + out.length - text.length);
}

describe('stampText', () => {
  it('adds one line at the end of the front matter, keeping comments, odd quoting and CRLF line ends byte for byte', () => {
    const text =
      "\ufeff---\r\n# a comment\r\ntitle: 'It''s \"odd\"'   # trailing\r\ndescription: >-\r\n  folded\r\n  text\r\nlist: [ a,  b ]\r\n---\r\n\r\nBody  text \r\n";
    expect(stampedAdding(text)).toBe('source: { version: "9f3a1c2e", blocks: "a1b2 c3d4" }\r\n');
  });

  it('replaces the values of an existing record where they stand', () => {
    const text = '---\ntitle: A\nsource: { version: "00000000", blocks: "ffff" } # kept\nkeywords: k\n---\nBody\n';
    expect(stampText(text, stamp, 'x.md')).toBe(
      '---\ntitle: A\nsource: { version: "9f3a1c2e", blocks: "a1b2 c3d4" } # kept\nkeywords: k\n---\nBody\n',
    );
  });

  it('adds the values beside the fields a record has already, in its own style', () => {
    expect(stampText('---\ntitle: A\nsource: { locale: en }\n---\n', stamp, 'x.md')).toBe(
      '---\ntitle: A\nsource: { locale: en, version: "9f3a1c2e", blocks: "a1b2 c3d4" }\n---\n',
    );
    expect(stampText('---\nsource:\n    notice: false   # off\ntitle: A\n---\n', stamp, 'x.md')).toBe(
      '---\nsource:\n    notice: false   # off\n    version: "9f3a1c2e"\n    blocks: "a1b2 c3d4"\ntitle: A\n---\n',
    );
    expect(stampText('---\ntitle: A\nsource:\n---\n', stamp, 'x.md')).toBe(
      '---\ntitle: A\nsource: { version: "9f3a1c2e", blocks: "a1b2 c3d4" }\n---\n',
    );
  });

  it('refuses a page without front matter or with a record that is not a mapping, naming the file', () => {
    for (const text of ['No front matter\n', '---\ntitle: A\nsource: zh\n---\n', '---\n{ title: A }\n---\n']) {
      let error: unknown;
      try {
        stampText(text, stamp, 'content/en/x.md');
      } catch (caught) {
        error = caught;
      }
      expect(error, text).toBeInstanceOf(SiteError);
      expect((error as SiteError).problems[0]).toMatchObject({ code: 'FRONTMATTER_INVALID', file: 'content/en/x.md' });
    }
  });
});
