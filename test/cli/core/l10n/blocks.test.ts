import { describe, expect, it } from 'vitest';
import { blocksOf, normalizeSpace, versionOf } from '../../../../cli/core/l10n/blocks.ts';

const page = (body: string, data: Record<string, unknown> = { title: 'DROC' }) => ({ data, body, bodyLine: 5 });

describe('blocksOf', () => {
  it('lists the translatable fields, then the headings, paragraphs, list items, table rows and code blocks, with their lines', () => {
    const blocks = blocksOf(
      page('## About\n\nOne *paragraph*.\n\n- an item\n- another\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n```sh\nnpm ci\n```\n', {
        title: 'DROC',
        template: 'console',
        icon: 'ct',
        highlights: [{ title: 'Fast', text: 'Quick workflow' }],
        source: { version: '12345678' },
      }),
    );
    expect(blocks.map((b) => [b.kind, b.field, b.line, b.text])).toEqual([
      ['field', 'title', 0, 'DROC'],
      ['field', 'highlights[0].title', 0, 'Fast'],
      ['field', 'highlights[0].text', 0, 'Quick workflow'],
      ['heading', undefined, 5, '## About'],
      ['paragraph', undefined, 7, 'One *paragraph*.'],
      ['list item', undefined, 9, 'an item'],
      ['list item', undefined, 10, 'another'],
      ['table row', undefined, 12, 'a | b'],
      ['table row', undefined, 14, '1 | 2'],
      ['code', undefined, 16, '```sh\nnpm ci'],
    ]);
    for (const block of blocks) expect(block.hash).toMatch(/^[0-9a-f]{4}$/);
  });

  it('gives the same version to a reflowed paragraph, other spacing and another spelling of the same markup', () => {
    const a = blocksOf(page('A long sentence that goes on,\nand on.\n\n中文的一句话，\n换行之后继续。\n\nSome _emphasis_ here.\n'));
    const b = blocksOf(page('A long   sentence that\ngoes on, and on.\n\n\n中文的一句话，换行之后继续。\n\nSome *emphasis* here.  \n'));
    expect(versionOf(a)).toBe(versionOf(b));
    expect(a.map((x) => x.hash)).toEqual(b.map((x) => x.hash));
  });

  it('gives another version when a word, a link target or a translatable field changes', () => {
    const base = versionOf(blocksOf(page('See [DR](/DR) now.\n')));
    expect(versionOf(blocksOf(page('See [DR](/DR) today.\n')))).not.toBe(base);
    expect(versionOf(blocksOf(page('See [DR](/DROC) now.\n')))).not.toBe(base);
    expect(versionOf(blocksOf(page('See [DR](/DR) now.\n', { title: 'DROC 2' })))).not.toBe(base);
    expect(versionOf(blocksOf(page('See [DR](/DR) now.\n', { title: 'DROC', icon: 'dr' })))).toBe(base);
  });

  it('keeps spaces between words of alphabetic scripts and drops them beside Chinese characters', () => {
    expect(normalizeSpace(' a \n b ')).toBe('a b');
    expect(normalizeSpace('DROC 是 一个\n操作台')).toBe('DROC是一个操作台');
  });
});

describe('blocksOf: spellings that render the same page give the same version', () => {
  const version = (body: string): string => versionOf(blocksOf(page(body)));
  const cases: Array<[string, string, string]> = [
    ['a reference-style link and its inline link', 'See [the console][droc] now.\n\n[droc]: /DROC\n', 'See [the console](/DROC) now.\n'],
    ['a collapsed reference and its inline link', 'See [DROC][] now.\n\n[droc]: /DROC\n', 'See [DROC](/DROC) now.\n'],
    ['a shortcut reference and its inline link', 'See [DROC] now.\n\n[DROC]: /DROC\n', 'See [DROC](/DROC) now.\n'],
    ['a reference-style image and its inline image', '![A view][v]\n\n[v]: /images/v.svg\n', '![A view](/images/v.svg)\n'],
    ['a definition moved elsewhere in the page', '[d]: /DR\n\nSee [x][d].\n', 'See [x][d].\n\n[d]: /DR\n'],
    ['a percent-escaped target and the same target in angle brackets', 'See [x](/a%20b).\n', 'See [x](</a b>).\n'],
    ['an autolink and the link it makes', 'Mail <https://example.test/x>.\n', 'Mail [https://example.test/x](https://example.test/x).\n'],
    ['a setext heading and an ATX heading', 'About us\n--------\n', '## About us ##\n'],
    ['a backslash hard break and a two-space hard break', 'One\\\ntwo\n', 'One  \ntwo\n'],
    ['a character reference and the character itself', 'R&amp;D &copy; here\n', 'R&D © here\n'],
    ['a backslash escape and the plain character', 'One \\# two\n', 'One # two\n'],
    ['`+`, `*` and `-` bullets', '+ one\n+ two\n', '* one\n* two\n'],
    ['a tilde fence and a backtick fence', '~~~sh\nnpm ci\n~~~\n', '```sh\nnpm ci\n```\n'],
    ['`__strong__` and `**strong**`', 'Very __bold__ text.\n', 'Very **bold** text.\n'],
  ];
  for (const [name, a, b] of cases) {
    it(name, () => {
      expect(version(a)).toBe(version(b));
    });
  }

  it('still sees a changed target through a definition, and an unused definition as nothing', () => {
    expect(version('See [x][d].\n\n[d]: /DR\n')).not.toBe(version('See [x][d].\n\n[d]: /DROC\n'));
    expect(version('See [x](/DR).\n\n[unused]: /DROC\n')).toBe(version('See [x](/DR).\n'));
    // The first definition of a label is the one a reference uses.
    expect(version('See [x][d].\n\n[d]: /A\n[d]: /B\n')).toBe(version('See [x](/A).\n'));
  });
});
