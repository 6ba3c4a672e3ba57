/**
 * micromark-util-edit-map as patched at install (patches/README.md): it is the copy every install resolves,
 * it keeps parsing linear, and it parses exactly as the published 1.0.0 does.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fg from 'fast-glob';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT, ROOT, tempDir } from '../helpers/cli.ts';
import { bundleFile, listPage, loadProbe, PUBLISHED_EDIT_MAP, workRatio, type MarkdownProbe } from '../helpers/markdown-probe.ts';
import type { Plugin } from 'esbuild';

const INSTALLED = join(ROOT, 'node_modules', 'micromark-util-edit-map');

/** remark-parse + remark-gfm, as `processor`. */
const ENTRY_PARSE =
  "import { unified } from 'unified'; import remarkParse from 'remark-parse'; import remarkGfm from 'remark-gfm';\n" +
  'const processor = unified().use(remarkParse).use(remarkGfm);\n';

/** The published edit map in place of the patched one. */
const PUBLISHED_EDIT_MAP_PLUGIN: Plugin = {
  name: 'published-edit-map',
  setup(plugin): void {
    plugin.onResolve({ filter: /^micromark-util-edit-map$/ }, () => ({ path: PUBLISHED_EDIT_MAP }));
  },
};

/** CommonMark's lazy continuation lines (spec 0.31.2, block quotes and list items) and their neighbours. */
const LAZY_CASES = [
  '> # Foo\n> bar\nbaz\n',
  '> bar\nbaz\n> foo\n',
  '> foo\n---\n',
  '> - foo\n- bar\n',
  '>     foo\n    bar\n',
  '> ```\nfoo\n```\n',
  '> foo\n    - bar\n',
  '> bar\nbaz\n',
  '> bar\n>\nbaz\n',
  '> > > foo\nbar\n',
  '>>> foo\n> bar\n>>baz\n',
  '>     code\n\n>    not code\n',
  '  1.  A paragraph\nwith two lines.\n\n          indented code\n\n      > A block quote.\n',
  '  1.  A paragraph\n    with two lines.\n',
  '> 1. > Blockquote\ncontinued here.\n',
  '> 1. > Blockquote\n> continued here.\n',
  '- a\n  - b\n    - c\nlazy\n',
  '- a\nb\n- c\nd\n',
  '1. a\n\n  2. b\n\n    3. c\n',
  '- foo\n\n\n  bar\n',
  '* a\n*\n\n* c\n',
  '- a\n> b\n```\nc\n```\n- d\n',
  '- [ ] task\nlazy\n- [x] done\n',
  '> | a | b |\n> | - | - |\n> | 1 | 2 |\nlazy\n',
  'Text[^1]\n\n[^1]: note\nlazy\n> quote\n',
  listPage(4 * 1024),
];

describe('micromark-util-edit-map is the installed copy, patched', () => {
  it('is what the project and micromark itself resolve', () => {
    for (const from of ['package.json', 'node_modules/micromark/package.json', 'node_modules/micromark-core-commonmark/package.json']) {
      // `index.js`, or `dev/index.js` under the "development" condition (vitest sets it); both are patched.
      expect(createRequire(join(ROOT, from)).resolve('micromark-util-edit-map')).toMatch(new RegExp(`^${INSTALLED}/(dev/)?index\\.js$`));
    }
  });

  it('is the published 1.0.0 with patches/micromark-util-edit-map+1.0.0.patch applied', () => {
    const dir = join(tempDir('ecom-patch-'), 'micromark-util-edit-map');
    cpSync(dirname(PUBLISHED_EDIT_MAP), dir, { recursive: true });
    // patch-package's paths start at the project (a/node_modules/micromark-util-edit-map/…).
    execFileSync('git', ['apply', '-p3', join(ROOT, 'patches', 'micromark-util-edit-map+1.0.0.patch')], { cwd: dir });
    for (const file of ['index.js', 'dev/index.js']) {
      expect(readFileSync(join(dir, file), 'utf8')).toBe(readFileSync(join(INSTALLED, file), 'utf8'));
    }
  });
});

describe('parsing a page of many lists', () => {
  let installed: MarkdownProbe;
  let published: MarkdownProbe;
  beforeAll(async () => {
    [installed, published] = await Promise.all([loadProbe('installed'), loadProbe('published')]);
  });

  it('makes the edit map touch events in proportion to the page, not to its square', () => {
    const small = listPage(1024);
    const large = listPage(4 * 1024);
    expect(installed.touched(large) / installed.touched(small)).toBeLessThan(6);
    // The same measure tells the published module apart: there the work grows with the square of the page.
    expect(published.touched(large) / published.touched(small)).toBeGreaterThan(12);
  });

  it('does work in proportion to the whole parse of the page, where the published module does its square', async () => {
    // Counted, not timed (test/helpers/count-work.mjs): every call and block of the bundled parser.
    const entry = `${ENTRY_PARSE}export function prepare(kind, doc) { return doc; }\nexport function work(kind, doc) { return processor.parse(doc); }\n`;
    const [mine, theirs] = await Promise.all([
      bundleFile(entry, 'edit-map-installed', []),
      bundleFile(entry, 'edit-map-published', [PUBLISHED_EDIT_MAP_PLUGIN]),
    ]);
    expect(workRatio(mine, 'parse', listPage(2 * 1024), listPage(8 * 1024))).toBeLessThan(6);
    expect(workRatio(theirs, 'parse', listPage(2 * 1024), listPage(8 * 1024))).toBeGreaterThan(6);
  }, 60_000);

  it('gives the same mdast as the published module for every content page and the lazy-line cases', async () => {
    const pages = await fg('**/*.md', { cwd: CONTENT, absolute: true });
    expect(pages.length).toBeGreaterThan(10);
    for (const doc of [...pages.map((page) => readFileSync(page, 'utf8')), ...LAZY_CASES]) {
      expect(installed.parse(doc)).toEqual(published.parse(doc));
    }
  });
});
