/**
 * Nothing a writer types does nothing without a word: a text id a page would show raw, a page
 * under news/ that is not an article, a field or placeholder nothing reads, missing keywords, a number
 * where a strings file wants text. Each test is a real build of a small content folder.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeContent, runCli, tempDir, type CliResult } from '../../helpers/cli.ts';

function build(files: Record<string, string>): Promise<CliResult & { out: string }> {
  const out = join(tempDir(), 'dist');
  return runCli(['build', '--content', makeContent(files), '--out', out]).then((result) => ({ ...result, out }));
}

const html = (out: string, file: string): string => readFileSync(join(out, file), 'utf8');

/** The `file:line  CODE` lines of a build's stderr. */
const problemLines = (stderr: string): string[] =>
  stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^\S+\s+[A-Z_]{5,}\s/.test(line));

describe('text ids: never shipped raw; taken from the fallback chain only with a warning', () => {
  it("the smallest content folder builds without a warning and shows the templates' built-in text", async () => {
    const { code, stderr, stdout, out } = await build({});
    expect(code).toBe(0);
    expect(stdout).toContain('· 0 warning(s)');
    expect(problemLines(stderr)).toEqual([]);
    for (const [file, text] of [
      ['index.html', '跳到正文'],
      ['en/index.html', 'Skip to content'],
      ['en/index.html', 'Products &amp; solutions'],
      ['404.html', '页面未找到'],
    ]) {
      expect(html(out, file as string)).toContain(text);
    }
    for (const file of ['index.html', 'en/index.html', '404.html', 'en/404.html'])
      expect(html(out, file)).not.toMatch(/a11y\.skip|nav\.products|error\.notFound/);
  });

  it('a _strings.yaml entry overrides the built-in text of its locale only', async () => {
    const { code, out } = await build({ 'en/_strings.yaml': 'menu.main: Main\nnav.home: Home\nui.backToTop: Up\n' });
    expect(code).toBe(0);
    expect(html(out, 'en/index.html')).toContain('>Up<');
    expect(html(out, 'index.html')).toContain('返回顶部');
  });

  it('a menu label no _strings.yaml defines is an error at its line in menu.yaml, naming both files', async () => {
    const menu =
      'groups:\n  - label: menu.main\n    items:\n      - { route: /, label: nav.home }\nlinks:\n  - { route: /, label: nav.partners }\n';
    const { code, stderr } = await build({ 'menu.yaml': menu });
    expect(code).toBe(1);
    expect(problemLines(stderr)).toEqual([
      expect.stringMatching(
        /content\/menu\.yaml:6\s+STRING_MISSING\s+The menu label "nav\.partners" is not defined in \S*content\/zh\/_strings\.yaml and \S*content\/en\/_strings\.yaml/,
      ),
    ]);
    expect(stderr).toContain('hint:');
  });

  it('a menu label the English strings lack shows the Chinese text there, with a STRING_FALLBACK warning naming id and locale', async () => {
    const menu = 'groups:\n  - label: menu.main\n    items:\n      - route: /\n        label: nav.home\n';
    const files = { 'menu.yaml': menu, 'zh/_strings.yaml': 'menu.main: 主菜单\nnav.home: 首页\n', 'en/_strings.yaml': 'menu.main: Main\n' };
    const { code, stderr, out } = await build(files);
    expect(code).toBe(0);
    expect(problemLines(stderr)).toEqual([
      expect.stringMatching(
        /content\/en\/_strings\.yaml\s+STRING_FALLBACK\s+The text id "nav\.home" is missing in "en"; the "zh" text stands in/,
      ),
    ]);
    expect(html(out, 'en/index.html')).toContain('>首页</a>');
    const strict = await runCli(['build', '--strict', '--content', makeContent(files), '--out', join(tempDir(), 'dist')]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/STRING_FALLBACK/);
  });

  it('an id the English strings lack is taken from Chinese with a warning; one the Chinese (default) strings lack is an error', async () => {
    const fallback = await build({ 'zh/_strings.yaml': 'menu.main: 主菜单\nnav.home: 首页\nnav.extra: 额外\n' });
    expect(fallback.code).toBe(0);
    expect(problemLines(fallback.stderr)).toEqual([
      expect.stringMatching(/content\/en\/_strings\.yaml\s+STRING_FALLBACK\s+The text id "nav\.extra" is missing in "en"/),
    ]);
    const { code, stderr } = await build({ 'en/_strings.yaml': 'menu.main: Main\nnav.home: Home\nnav.extra: Extra\n' });
    expect(code).toBe(1);
    expect(problemLines(stderr)).toEqual([
      expect.stringMatching(
        /content\/zh\/_strings\.yaml\s+STRING_MISSING\s+The text id "nav\.extra" is defined in \S*content\/en\/_strings\.yaml but not here/,
      ),
    ]);
  });

  it('a number in a _strings.yaml is STRINGS_INVALID with file, line and id', async () => {
    const { code, stderr } = await build({ 'en/_strings.yaml': 'menu.main: Main\nnav.home: Home\nnav.partners: 123\n' });
    expect(code).toBe(1);
    expect(problemLines(stderr)).toEqual([
      expect.stringMatching(
        /content\/en\/_strings\.yaml:3\s+STRINGS_INVALID\s+The text of "nav\.partners" must be a string, found the number 123/,
      ),
    ]);
  });
});

describe('fields and placements that would do nothing are reported', () => {
  it('a page under news/ without `template: article` is NEWS_NOT_ARTICLE, naming the file and the fix', async () => {
    const page = '---\ntitle: 新品\ndescription: 新品发布\nkeywords: 新品\n---\n\n正文。\n';
    const { code, stderr } = await build({ 'zh/news/new.md': page, 'en/news/new.md': page.replace('新品发布', 'Launch') });
    expect(code).toBe(0);
    const lines = problemLines(stderr);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /content\/zh\/news\/new\.md:1\s+NEWS_NOT_ARTICLE\s+.*not an article.*news list and the feed.*`template: article`/,
      ),
    );
    expect(lines).toContainEqual(expect.stringMatching(/content\/en\/news\/new\.md:1\s+NEWS_NOT_ARTICLE/));
    expect(stderr).toMatch(/hint: Add `template: article` and a `date: YYYY-MM-DD`/);
  });

  it('an article under news/ is not reported', async () => {
    const page = '---\ntitle: 新品\ndescription: 新品发布\nkeywords: 新品\ntemplate: article\ndate: 2024-05-01\n---\n\n正文。\n';
    const { code, stderr } = await build({ 'zh/news/new.md': page, 'en/news/new.md': page });
    expect(code).toBe(0);
    expect(problemLines(stderr)).toEqual([]);
  });

  it('`date` and `order` on a plain page are FIELD_UNKNOWN at their lines', async () => {
    const { code, stderr } = await build({
      'en/index.md': '---\ntitle: Home\ndescription: Test home\nkeywords: test\ndate: 2024-05-01\norder: 2\n---\n\nHello.\n',
    });
    expect(code).toBe(0);
    expect(problemLines(stderr)).toEqual([
      expect.stringMatching(/content\/en\/index\.md:5\s+FIELD_UNKNOWN\s+The field `date` is not read by the "page" template/),
      expect.stringMatching(/content\/en\/index\.md:6\s+FIELD_UNKNOWN\s+The field `order` is not read by the "page" template/),
    ]);
  });

  it('`{foo}` and `{Phone}` are PLACEHOLDER_UNKNOWN at line and column; braces in code and prose are not', async () => {
    const body = [
      'Call {Phone} or write to {email}.', // line 7
      '',
      'Sets like {a, b} and `{code}` stay quiet.', // line 9
      '',
      '```json',
      '{"id": {name}}',
      '```',
      '',
      'Ask {foo}.', // line 15
    ].join('\n');
    const { code, stderr, out } = await build({
      'en/index.md': `---\ntitle: Home\ndescription: Test home\nkeywords: test\n---\n\n${body}\n`,
    });
    expect(code).toBe(0);
    expect(problemLines(stderr)).toEqual([
      expect.stringMatching(
        /content\/en\/index\.md:7:6\s+PLACEHOLDER_UNKNOWN\s+\{Phone\} is not a placeholder.*\{phone\}, \{email\}, \{salesEmail\}/,
      ),
      expect.stringMatching(/content\/en\/index\.md:15:5\s+PLACEHOLDER_UNKNOWN\s+\{foo\} is not a placeholder/),
    ]);
    // One hint for the group, naming every placeholder the messages list.
    expect(stderr.match(/hint: /g)).toHaveLength(1);
    expect(stderr).toContain(
      'hint: Write one of {phone}, {email}, {salesEmail}, {supportEmail}, {partnerEmail}, {company}, {legalEntity}, {address}, {founded}, {customers}, {countries}, {platformYear}, {hostingLocation}, {emailHostingLocation} or {euRepresentative}, spelled as shown',
    );
    expect(html(out, 'en/index.html')).toContain('test@example.test');
  });

  it("an unknown placeholder in front matter is reported at its field's line", async () => {
    const { code, stderr } = await build({ 'en/index.md': '---\ntitle: Home\ndescription: Call {tel}\nkeywords: test\n---\n\nHello.\n' });
    expect(code).toBe(0);
    expect(problemLines(stderr)).toEqual([
      expect.stringMatching(/content\/en\/index\.md:3\s+PLACEHOLDER_UNKNOWN\s+\{tel\} is not a placeholder/),
    ]);
  });

  it('a page without keywords is KEYWORDS_MISSING; its output is as before', async () => {
    const { code, stderr, out } = await build({ 'en/index.md': '---\ntitle: Home\ndescription: Test home\n---\n\nHello.\n' });
    expect(code).toBe(0);
    expect(problemLines(stderr)).toEqual([expect.stringMatching(/content\/en\/index\.md:1\s+KEYWORDS_MISSING/)]);
    expect(html(out, 'en/index.html')).toContain('<meta name="keywords" content=""/>');
  });

  it('--strict makes each of them fatal', async () => {
    const out = join(tempDir(), 'dist');
    const result = await runCli([
      'build',
      '--strict',
      '--content',
      makeContent({ 'en/index.md': '---\ntitle: Home\ndescription: Test home\n---\n\nHi {you}.\n' }),
      '--out',
      out,
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/KEYWORDS_MISSING/);
    expect(result.stderr).toMatch(/PLACEHOLDER_UNKNOWN/);
    expect(result.stderr).toMatch(/STRICT/);
  });
});
