import { describe, expect, it } from 'vitest';
import { checkFences } from '../../../../cli/core/load/fence.ts';

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
