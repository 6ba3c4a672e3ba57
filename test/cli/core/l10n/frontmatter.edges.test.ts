/** The edges of reading a page's front matter for translation tracking (cli/core/l10n/frontmatter.ts). */
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../../cli/core/common/errors.ts';
import { frontMatterBounds, readSourceText } from '../../../../cli/core/l10n/frontmatter.ts';

/** The problem `readSourceText` throws, as `CODE file:line message`. */
function thrown(text: string, file = 'content/en/x.md'): string {
  try {
    readSourceText(text, file);
  } catch (error) {
    expect(error).toBeInstanceOf(SiteError);
    const p = (error as SiteError).problems[0];
    return `${p?.code} ${p?.file}:${p?.line} ${p?.message}`;
  }
  return 'no error';
}

describe('frontMatterBounds, edges', () => {
  it('reads past a byte order mark, and takes a line of four dashes for no fence', () => {
    const text = '\ufeff---\ntitle: A\n---\nBody\n';
    const bounds = frontMatterBounds(text);
    expect(text.slice(bounds?.yamlStart, bounds?.yamlEnd)).toBe('title: A\n');
    expect(bounds?.eol).toBe('\n');
    expect(frontMatterBounds('----\ntitle: A\n---\n')).toBeUndefined();
    expect(frontMatterBounds('---')).toBeUndefined();
  });

  it('closes at the first line starting with three dashes, and ends the body at the end of a file without a last line end', () => {
    const text = '---\na: 1\n---x\nb: 2\n---\nBody';
    const bounds = frontMatterBounds(text);
    expect(text.slice(bounds?.yamlStart, bounds?.yamlEnd)).toBe('a: 1\n');
    const closedAtEnd = '---\na: 1\n---';
    expect(frontMatterBounds(closedAtEnd)).toEqual({ yamlStart: 4, yamlEnd: 9, bodyStart: closedAtEnd.length, eol: '\n' });
  });

  it('finds no fence in a middle line: the YAML must start on the first', () => {
    expect(frontMatterBounds('\n---\na: 1\n---\n')).toBeUndefined();
  });
});

describe('readSourceText, edges', () => {
  it('refuses a page without front matter, naming the file at line 1', () => {
    expect(thrown('Just text.\n')).toBe(
      'FRONTMATTER_INVALID content/en/x.md:1 No front matter found: a page starts with a `---` line, its fields and another `---` line.',
    );
  });

  it('names the line of a YAML error in the file, counting the opening fence', () => {
    expect(thrown('---\ntitle: A\nbad: [\n---\n')).toMatch(/^FRONTMATTER_SYNTAX content\/en\/x\.md:4 /);
  });

  it('takes front matter that is not a mapping as no fields, and counts the body line after a blank front matter', () => {
    expect(readSourceText('---\n- a\n- b\n---\nBody\n', 'x.md').data).toEqual({});
    expect(readSourceText('---\n"text"\n---\nBody\n', 'x.md').data).toEqual({});
    const empty = readSourceText('---\n---\nBody\n', 'x.md');
    expect(empty.data).toEqual({});
    expect(empty.body).toBe('Body\n');
    expect(empty.bodyLine).toBe(3);
  });
});
