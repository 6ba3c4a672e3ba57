import { describe, expect, it } from 'vitest';
import { frontMatterBounds, readSourceText } from '../../../../cli/core/l10n/frontmatter.ts';
import { SiteError } from '../../../../cli/core/common/errors.ts';

describe('frontMatterBounds', () => {
  it('finds the YAML between the fences, the body after them and the line ends used', () => {
    const text = '---\r\ntitle: A\r\n---\r\nBody\r\n';
    const bounds = frontMatterBounds(text);
    expect(bounds).toMatchObject({ eol: '\r\n' });
    expect(text.slice(bounds?.yamlStart, bounds?.yamlEnd)).toBe('title: A\r\n');
    expect(text.slice(bounds?.bodyStart)).toBe('Body\r\n');
  });

  it('finds none in a file that does not open with a fence, or never closes it', () => {
    expect(frontMatterBounds('title: A\n---\n')).toBeUndefined();
    expect(frontMatterBounds('---\ntitle: A\n')).toBeUndefined();
  });
});

describe('readSourceText', () => {
  it('reads the fields with their lines, and the body with the line it starts on', () => {
    const source = readSourceText('---\ntitle: A\nhighlights:\n  - text: B\n---\n\nBody\n', 'x.md');
    expect(source.data).toEqual({ title: 'A', highlights: [{ text: 'B' }] });
    expect(source.lineOf?.(['highlights', 0, 'text'])).toBe(4);
    expect(source.bodyLine).toBe(6);
  });

  it('names the file and line of a YAML error', () => {
    expect(() => readSourceText('---\ntitle: A\nbad: [\n---\n', 'content/en/x.md')).toThrow(SiteError);
  });
});
