/**
 * The lines parseYaml (cli/core/common/yaml.ts) gives for paths into a document, and for its errors, in a
 * fragment that starts further down its file (front matter): a message names the line of what it is
 * about, or of its nearest parent that exists.
 */
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../../cli/core/common/errors.ts';
import { parseYaml } from '../../../../cli/core/common/yaml.ts';

/** The problem parseYaml throws for `text`, as `line: message`. */
function failure(text: string, lineOffset = 0): string {
  try {
    parseYaml(text, 'f.yaml', 'YAML_SYNTAX', lineOffset);
  } catch (error) {
    expect(error).toBeInstanceOf(SiteError);
    const [p] = (error as SiteError).problems;
    return `${p?.line}: ${p?.message}`;
  }
  return 'no error';
}

const MENU = '# the menu\n\ntitle: A\nmenu:\n  groups:\n    - label: a\n      items:\n        - route: x\n    - label: b\n';

describe('lineOf, in a fragment ten lines down its file', () => {
  const source = parseYaml(MENU, 'f.md', 'YAML_SYNTAX', 10);

  it('points at the key of a value, even when the value starts on the next line', () => {
    expect(source.lineOf(['title'])).toBe(13);
    expect(source.lineOf(['menu'])).toBe(14);
    expect(source.lineOf(['menu', 'groups'])).toBe(15);
  });

  it('points at an item of a list by its index, as a number or as text', () => {
    expect(source.lineOf(['menu', 'groups', 0])).toBe(16);
    expect(source.lineOf(['menu', 'groups', '0', 'label'])).toBe(16);
    expect(source.lineOf(['menu', 'groups', 0, 'items', 0, 'route'])).toBe(18);
    expect(source.lineOf(['menu', 'groups', 1])).toBe(19);
    expect(source.lineOf(['menu', 'groups', '1', 'label'])).toBe(19);
  });

  it('falls back to the value of the nearest parent that exists, and to the document', () => {
    expect(source.lineOf(['menu', 'missing'])).toBe(15);
    for (const index of [5, -1, 0.5, 'x']) expect(source.lineOf(['menu', 'groups', index, 'label'])).toBe(16);
    expect(source.lineOf(['title', 'x'])).toBe(13);
    expect(source.lineOf(['title', 0])).toBe(13);
    expect(source.lineOf(['nope'])).toBe(13);
    expect(source.lineOf([])).toBe(13);
  });

  it('gives the first line of the fragment for an empty document', () => {
    expect(parseYaml('', 'f.md', 'YAML_SYNTAX', 3).lineOf(['a'])).toBe(4);
  });
});

describe('the lines of errors, in a fragment five lines down its file', () => {
  it('names the line of a syntax error and of a repeated key', () => {
    expect(failure('a: 1\nb: [\n', 5)).toMatch(/^8: Cannot parse YAML: /);
    expect(failure('a: 1\na: 2\n', 5)).toBe('7: Cannot parse YAML: Map keys must be unique.');
  });

  it('finds a repeated key in a map inside a pair of a flow list, and takes NaN keys as all different', () => {
    expect(failure('l: [x: {a: 1, a: 2}]\n', 5)).toBe('6: Cannot parse YAML: Map keys must be unique.');
    expect(failure('.nan: 1\n.nan: 2\n', 5)).toBe('no error');
  });

  it('names the first alias of a document whose aliases expand to too much', () => {
    const tens = (item: string): string => `[${Array(10).fill(item).join(', ')}]`;
    const bomb = `a: &a ${tens('x')}\nb: &b ${tens('*a')}\nc: &c ${tens('*b')}\nd: ${tens('*c')}\n`;
    expect(failure(bomb, 5)).toBe('7: Cannot read YAML: its aliases (`*name`) expand to too much data.');
  });

  it('names an alias to no anchor, and its line, rather than calling it too much data', () => {
    expect(failure('a: 1\nb: *nope\n', 5)).toBe('7: Cannot read YAML: the alias `*nope` names no anchor (`&nope`) set before it.');
    // The anchor comes after the alias: the first alias of that name is the one that cannot be read.
    expect(failure('a: &ok 1\nb: *ok\nc: *late\nd: &late 2\n', 5)).toBe(
      '8: Cannot read YAML: the alias `*late` names no anchor (`&late`) set before it.',
    );
  });

  it('names the document for nesting too deep to read', () => {
    expect(failure(`${'['.repeat(20_000)}${']'.repeat(20_000)}\n`, 5)).toMatch(/^6: Cannot (parse|read) YAML: /);
  });
});
