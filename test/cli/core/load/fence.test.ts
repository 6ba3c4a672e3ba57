import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { checkFences, splitFrontMatter } from '../../../../cli/core/load/fence.ts';

const FILE = 'content/zh/a.md';

describe('checkFences', () => {
  it('accepts front matter fenced at the top, with a BOM, CRLF or a yaml language', () => {
    for (const text of [
      '---\ntitle: x\n---\nbody',
      '\uFEFF---\ntitle: x\n---\n',
      '---\r\ntitle: x\r\n---\r\n',
      '---yaml\ntitle: x\n---\n',
      '---\n---\n',
    ]) {
      expect(checkFences(text, FILE), JSON.stringify(text)).toBeUndefined();
    }
  });

  it('names a missing opening fence at the first field', () => {
    expect(checkFences('title: x\ndescription: y\n---\nbody', FILE)).toMatchObject({
      code: 'FRONTMATTER_FENCE',
      file: FILE,
      line: 1,
      message: expect.stringContaining('the opening `---` is missing'),
    });
    expect(checkFences('\n标题: x\n---\n', FILE)).toMatchObject({ code: 'FRONTMATTER_FENCE', line: 2 });
  });

  it('names a fence pushed down by blank lines or spaces at the line it is on', () => {
    expect(checkFences('\n\n---\ntitle: x\n---\n', FILE)).toMatchObject({
      code: 'FRONTMATTER_FENCE',
      line: 3,
      message: expect.stringContaining('after 2 blank lines'),
    });
    expect(checkFences(' ---\ntitle: x\n---\n', FILE)).toMatchObject({
      code: 'FRONTMATTER_FENCE',
      line: 1,
      message: expect.stringContaining('spaces before it'),
    });
  });

  it('names text before the front matter, an unclosed one and a fence of four hyphens', () => {
    expect(checkFences('Notes\n---\ntitle: x\n---\n', FILE)).toMatchObject({
      code: 'FRONTMATTER_FENCE',
      line: 1,
      message: expect.stringContaining('lines 2 to 4'),
    });
    expect(checkFences('---\ntitle: x\n\nbody', FILE)).toMatchObject({
      code: 'FRONTMATTER_FENCE',
      line: 1,
      message: expect.stringContaining('never closed'),
    });
    expect(checkFences('----\ntitle: x\n---\n', FILE)).toMatchObject({
      code: 'FRONTMATTER_FENCE',
      line: 1,
      message: expect.stringContaining('exactly three hyphens'),
    });
  });

  it('says "no front matter found" for a file without any, empty files included', () => {
    for (const text of ['', '\n', '# Title\n\nBody\n', 'Body\n\n---\n\nMore body\n']) {
      expect(checkFences(text, FILE), JSON.stringify(text)).toMatchObject({
        code: 'FRONTMATTER_INVALID',
        line: 1,
        message: expect.stringContaining('No front matter found'),
      });
    }
  });
});

/**
 * What gray-matter 4 makes of `text` with a YAML engine: the language it reads after the fence (`yaml`
 * when none), the block its engine is given (if any) and the body. A language it has no engine for throws
 * there; the build refuses every language but YAML before splitting (cli/core/load/content.ts).
 */
function grayMatter(text: string): { language: string; matter?: string; body?: string } {
  let block: string | undefined;
  const engine = (raw: string): object => {
    block = raw;
    return {};
  };
  const file = matter(`x${text}`.slice(1), { language: 'yaml', engines: { yaml: engine } });
  return { language: (file as unknown as { language: string }).language, matter: block, body: file.content };
}

describe('splitFrontMatter', () => {
  it('splits a page into the block between the fences and the body after the closing line', () => {
    expect(splitFrontMatter('---\ntitle: x\n---\nbody\n')).toEqual({ language: '', matter: '\ntitle: x', body: 'body\n' });
    expect(splitFrontMatter('\uFEFF---yaml\r\ntitle: x\r\n---\r\n\r\nbody')).toEqual({
      language: 'yaml',
      matter: '\r\ntitle: x\r',
      body: '\r\nbody',
    });
    expect(splitFrontMatter('---\n# only a comment\n---\nbody')).toEqual({ language: '', matter: undefined, body: 'body' });
    expect(splitFrontMatter('----\ntitle: x\n---\n')).toEqual({ language: '', matter: undefined, body: '----\ntitle: x\n---\n' });
    expect(splitFrontMatter('--- js \nx\n---')).toEqual({ language: 'js', matter: '\nx', body: '' });
  });

  it('gives the block and body gray-matter gives, on every file made of fence-like pieces', () => {
    const pieces = ['---', '----', '\uFEFF', 'yaml', ' js', '\u00a0', ' ', '\n', '\r\n', '\r', '# c', 'title: x', '#', 'body', '--'];
    // A fixed generator: the same files on every run, several thousand of them.
    let seed = 7;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 5000; i++) {
      const text = Array.from({ length: 1 + next(9) }, () => pieces[next(pieces.length)]).join('');
      const ours = splitFrontMatter(text);
      if (ours.language && !/^ya?ml$/i.test(ours.language) && ours.matter !== undefined) {
        expect(() => grayMatter(text), JSON.stringify(text)).toThrow(/is not registered/);
        continue;
      }
      const theirs = grayMatter(text);
      expect({ ...ours, language: ours.language || 'yaml' }, JSON.stringify(text)).toEqual(theirs);
    }
  });
});
