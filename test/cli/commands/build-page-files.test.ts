/**
 * Messages say what is true about page files (docs/writing.md, "Pages and routes", "Front matter"): a draft is
 * named as a draft, a front matter out of place is named as such with its line, files that are not pages
 * are reported, and routes that differ only in case are refused, naming both files. Each case is a real
 * build of a small fixture.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeContent, runCli, tempDir, type CliResult } from '../../helpers/cli.ts';

const page = (title: string, body = 'Text.', extra = ''): string => `---\ntitle: ${title}\ndescription: ${title}\n${extra}---\n\n${body}\n`;
const draft = (title: string): string => page(title, 'Not ready.', 'draft: true\n');
const MENU_WITH = (route: string): string =>
  `groups:\n  - label: menu.main\n    items:\n      - { route: /, label: nav.home }\n      - { route: ${route}, label: nav.home }\nlinks: []\n`;

async function build(files: Record<string, string>, ...args: string[]): Promise<CliResult & { out: string }> {
  const out = join(tempDir('ecom-files-'), 'dist');
  const result = await runCli(['build', '--content', makeContent(files), '--out', out, ...args]);
  return { ...result, out };
}

/** The problem lines of stderr with a code (the place, the code and the message; hints left out). */
function problemLines(stderr: string, code: string): string[] {
  return stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.includes(`  ${code}  `));
}

describe('drafts are named as drafts', () => {
  it('a draft translation is TRANSLATION_DRAFT, not "missing", and the other locale stands in', async () => {
    const result = await build({ 'zh/secret.md': draft('秘密'), 'en/secret.md': page('Secret') });
    expect(result.code, result.stderr).toBe(0);
    const [line, ...rest] = problemLines(result.stderr, 'TRANSLATION_DRAFT');
    expect(rest).toEqual([]);
    expect(line).toMatch(
      /content\/zh\/secret\.md:4\s+TRANSLATION_DRAFT\s+.*zh\/secret\.md is a draft \(`draft: true`\), left out of the build without --drafts; .*en\/secret\.md stands in for \/secret in "zh"/,
    );
    expect(result.stderr).not.toContain('TRANSLATION_MISSING');
    expect(result.stderr).not.toMatch(/secret\.md is missing/);
    expect(existsSync(join(result.out, 'secret.html'))).toBe(true);
  });

  it('with --drafts the draft is built and nothing is reported', async () => {
    const result = await build({ 'zh/secret.md': draft('秘密'), 'en/secret.md': page('Secret') }, '--drafts');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/TRANSLATION_(DRAFT|MISSING)/);
  });

  it('a link to a draft says it is a draft and how to proceed', async () => {
    const result = await build({ 'zh/secret.md': draft('秘密'), 'zh/a.md': page('甲', '见 [秘密](/secret)。'), 'en/a.md': page('A') });
    expect(result.code).toBe(1);
    expect(problemLines(result.stderr, 'LINK_BROKEN')).toEqual([
      expect.stringMatching(
        /content\/zh\/a\.md:6:3\s+LINK_BROKEN\s+The link "\/secret" points to \/secret, a draft page \(`draft: true` in .*content\/zh\/secret\.md\), which is left out of the build without --drafts\. Build with --drafts, remove the link, or remove `draft: true` from the page\./,
      ),
    ]);
    expect(result.stderr).not.toContain('not a page');
    expect(
      (await build({ 'zh/secret.md': draft('秘密'), 'zh/a.md': page('甲', '见 [秘密](/secret)。'), 'en/a.md': page('A') }, '--drafts'))
        .code,
    ).toBe(0);
  });

  it('a front matter route to a draft says so too', async () => {
    const family = page('产品', '简介。', 'template: family\nproducts:\n  - { route: /secret, name: 秘密, text: 未完成 }\n');
    const result = await build({ 'zh/secret.md': draft('秘密'), 'zh/p.md': family, 'en/p.md': family.replace('产品', 'Products') });
    expect(result.code).toBe(1);
    expect(problemLines(result.stderr, 'LINK_BROKEN')[0]).toMatch(/content\/zh\/p\.md:6\s+LINK_BROKEN\s+.*\/secret, a draft page/);
  });

  it('a menu item pointing at a draft says it is a draft', async () => {
    const result = await build({ 'menu.yaml': MENU_WITH('/secret'), 'zh/secret.md': draft('秘密'), 'en/secret.md': draft('Secret') });
    expect(result.code).toBe(1);
    expect(problemLines(result.stderr, 'MENU_INVALID')).toEqual([
      expect.stringMatching(
        /content\/menu\.yaml:5\s+MENU_INVALID\s+The menu links to \/secret, a draft page \(`draft: true` in .*content\/zh\/secret\.md\), .*without --drafts\. Build with --drafts, remove the menu item, or remove `draft: true` from the page\./,
      ),
    ]);
  });
});

describe('a front matter out of place is named, with its line', () => {
  it.each([
    [
      'the opening `---` missing',
      'title: 甲\ndescription: 甲\n---\n\n正文。\n',
      1,
      /Line 1 \(`title: 甲`\) reads like a front matter field, but the opening `---` is missing: the first line must be `---`/,
    ],
    [
      'a blank line before `---`',
      '\n---\ntitle: 甲\n---\n\n正文。\n',
      2,
      /does not start the file: it is on line 2, after a blank line\. The first line must be `---`/,
    ],
    ['a BOM and blank lines before `---`', '\uFEFF\n\n---\ntitle: 甲\n---\n', 3, /it is on line 3, after 2 blank lines/],
    [
      'text before the front matter',
      'Draft notes\n---\ntitle: 甲\n---\n\n正文。\n',
      1,
      /Line 1 is text, but the front matter is on lines 2 to 4: move it to the top, so that the first line is `---`/,
    ],
    [
      'the closing `---` missing',
      '---\ntitle: 甲\n\n正文。\n',
      1,
      /opened by `---` on line 1 is never closed: add a `---` line after its last field/,
    ],
  ])('%s is FRONTMATTER_FENCE', async (_name, text, line, message) => {
    const result = await build({ 'zh/a.md': text, 'en/a.md': page('A') });
    expect(result.code).toBe(1);
    const [problem, ...rest] = problemLines(result.stderr, 'FRONTMATTER_FENCE');
    expect(rest).toEqual([]);
    expect(problem).toMatch(new RegExp(`content/zh/a\\.md:${line}\\s+FRONTMATTER_FENCE\\s+`));
    expect(problem).toMatch(message);
    expect(result.stderr).not.toContain('is required');
  });

  it('a file with no front matter at all says none was found', async () => {
    const result = await build({ 'zh/a.md': '# 甲\n\n正文。\n', 'en/a.md': page('A') });
    expect(result.code).toBe(1);
    expect(problemLines(result.stderr, 'FRONTMATTER_INVALID')).toEqual([
      expect.stringMatching(
        /content\/zh\/a\.md:1\s+FRONTMATTER_INVALID\s+No front matter found: a page starts with a `---` line, its fields \(at least `title: …`\), and another `---` line\./,
      ),
    ]);
  });
});

describe('files in a locale folder that are not pages', () => {
  it('are reported, each page-like one with the name to give it, other files in one warning', async () => {
    const text = page('甲');
    const result = await build({
      'zh/notes.markdown': text,
      'zh/notes.MD': text,
      'zh/page.mdx': text,
      'en/page.txt': text,
      'en/about.MD': text,
      'en/about.md': page('About'),
      'zh/photo.png': 'png',
      'zh/docs/manual.pdf': 'pdf',
      // Not pages, and belonging there: silent.
      'zh/_notes.txt': 'x',
      'zh/_drafts/a.markdown': 'x',
      'zh/.DS_Store': 'x',
      'zh/.git/config': 'x',
    });
    expect(result.code, result.stderr).toBe(0);
    const lines = problemLines(result.stderr, 'FILE_IGNORED');
    expect(lines).toEqual([
      expect.stringMatching(
        /content\/en\/about\.MD\s+FILE_IGNORED\s+Only files ending in `\.md` \(lower case\) are pages, so this file is not built\. Rename it to `about\.md` \(a about\.md already exists beside it: keep one of the two\)\./,
      ),
      expect.stringMatching(/content\/en\/page\.txt\s+FILE_IGNORED\s+.*If it is a page, rename it to `page\.md`\./),
      expect.stringMatching(
        /content\/zh\/docs\/manual\.pdf\s+FILE_IGNORED\s+2 files in the locale folders are not pages and not published: .*content\/zh\/docs\/manual\.pdf, .*content\/zh\/photo\.png\. Files the site serves \(images, downloads\) belong in public\//,
      ),
      expect.stringMatching(/content\/zh\/notes\.MD\s+FILE_IGNORED\s+.*Rename it to `notes\.md`\./),
      expect.stringMatching(/content\/zh\/notes\.markdown\s+FILE_IGNORED\s+.*Rename it to `notes\.md`\./),
      expect.stringMatching(
        /content\/zh\/page\.mdx\s+FILE_IGNORED\s+.*MDX is not supported: if the file is plain Markdown, rename it to `page\.md`\./,
      ),
    ]);
    expect(result.stderr).not.toMatch(/_notes|_drafts|DS_Store|\.git/);
    expect(existsSync(join(result.out, 'notes.html'))).toBe(false);
  });

  it('are fatal with --strict', async () => {
    const result = await build({ 'zh/notes.markdown': page('甲') }, '--strict');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('FILE_IGNORED');
  });
});

describe('routes that differ only in case', () => {
  it('are ROUTE_CASE in one locale, naming both files', async () => {
    const result = await build({ 'zh/Partners.md': page('伙伴'), 'zh/partners.md': page('伙伴'), 'en/Partners.md': page('Partners') });
    expect(result.code).toBe(1);
    expect(problemLines(result.stderr, 'ROUTE_CASE')).toEqual([
      expect.stringMatching(
        /content\/zh\/partners\.md\s+ROUTE_CASE\s+.*content\/zh\/Partners\.md and .*content\/zh\/partners\.md make the routes \/Partners and \/partners, which differ only in case: on macOS, Windows and many hosts they are one file/,
      ),
    ]);
  });

  it('are ROUTE_CASE across locales (each would stand in for the other)', async () => {
    const result = await build({ 'zh/Partners.md': page('伙伴'), 'en/partners.md': page('Partners') });
    expect(result.code).toBe(1);
    expect(problemLines(result.stderr, 'ROUTE_CASE')).toEqual([
      expect.stringMatching(/content\/en\/partners\.md and .*content\/zh\/Partners\.md make the routes \/partners and \/Partners/),
    ]);
  });

  it('are ROUTE_CASE across folders, once per pair of files', async () => {
    const result = await build({ 'zh/A/x.md': page('甲'), 'zh/a/y.md': page('乙'), 'zh/a/x.md': page('丙') });
    expect(result.code).toBe(1);
    const lines = problemLines(result.stderr, 'ROUTE_CASE');
    expect(lines).toEqual([
      expect.stringMatching(
        /content\/zh\/A\/x\.md and .*content\/zh\/a\/x\.md make routes under the folders \/A\/ and \/a\/, which differ only in case: .* one folder/,
      ),
    ]);
  });

  it('of a route the build generates are ROUTE_RESERVED', async () => {
    const result = await build({ 'zh/Assets.md': page('资源') });
    expect(result.code).toBe(1);
    expect(problemLines(result.stderr, 'ROUTE_RESERVED')).toEqual([
      expect.stringMatching(
        /content\/zh\/Assets\.md\s+ROUTE_RESERVED\s+The route \/Assets differs only in case from \/assets, which the build generates itself/,
      ),
    ]);
  });

  it("in a link, the message suggests the right case in the reader's locale", async () => {
    const result = await build({
      'zh/DROC.md': page('DROC'),
      'en/DROC.md': page('DROC'),
      'zh/a.md': page('甲', '[一](/droc) [二](/en/droc)'),
      'en/a.md': page('A'),
    });
    expect(result.code).toBe(1);
    expect(problemLines(result.stderr, 'LINK_BROKEN')).toEqual([
      expect.stringMatching(
        /content\/zh\/a\.md:6:1\s+LINK_BROKEN\s+The link "\/droc" points to \/droc, which is not a page or a file in public\/\. Did you mean \/DROC\? Routes are case-sensitive\./,
      ),
      expect.stringMatching(/content\/zh\/a\.md:6:12\s+LINK_BROKEN\s+.*Did you mean \/en\/DROC\? Routes are case-sensitive\./),
    ]);
  });
});
