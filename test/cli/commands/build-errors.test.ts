import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fg from 'fast-glob';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeContent, ROOT, runCli, tempDir, waitFor } from '../../helpers/cli.ts';
import { treeDigest } from '../../helpers/site.ts';

/** A previous good build, and its digest, that every failing build must leave exactly as it was. */
let out: string;
let before: Record<string, string>;

beforeAll(async () => {
  out = join(tempDir(), 'dist');
  const good = await runCli(['build', '--content', makeContent(), '--out', out, '--quiet']);
  expect(good.code).toBe(0);
  before = treeDigest(out);
});

async function expectFailure(files: Record<string, string>, pattern: RegExp, code = 1): Promise<string> {
  const result = await runCli(['build', '--content', makeContent(files), '--out', out]);
  expect(result.code).toBe(code);
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr).toContain('hint:');
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace without --debug
  expect(treeDigest(out)).toEqual(before);
  return result.stderr;
}

describe('bad input: one clear message naming file and line, exit 1, previous output untouched', () => {
  it('bad YAML in front matter reports its line', async () => {
    await expectFailure(
      { 'en/index.md': '---\ntitle: Home\ndescription: [oops\n---\n\nHello.\n' },
      /content\/en\/index\.md:\d+:\d+\s+FRONTMATTER_SYNTAX/,
    );
  });

  it('a missing title', async () => {
    await expectFailure(
      { 'en/index.md': '---\ndescription: x\n---\n\nHello.\n' },
      /content\/en\/index\.md:\d+\s+FRONTMATTER_INVALID\s+`title` is required/,
    );
  });

  it('an unknown template lists the known ones', async () => {
    await expectFailure(
      { 'en/index.md': '---\ntitle: Home\ntemplate: fancy\n---\n' },
      /content\/en\/index\.md:3\s+TEMPLATE_UNKNOWN.*Known templates: .*console.*page/,
    );
  });

  it('JavaScript front matter is refused and never executed', async () => {
    const marker = join(tempDir(), 'executed');
    const js = `---js\n{ title: (require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'), 'T') }\n---\nbody\n`;
    await expectFailure({ 'en/index.md': js }, /content\/en\/index\.md:1:4\s+FRONTMATTER_LANGUAGE/);
    expect(existsSync(marker)).toBe(false);
  });

  it('a broken internal link names file, line and column', async () => {
    await expectFailure(
      { 'en/index.md': '---\ntitle: Home\n---\n\nFirst line.\n\nSee [the console](/NOPE).\n' },
      /content\/en\/index\.md:7:5\s+LINK_BROKEN.*\/NOPE/,
    );
  });

  it('two files claiming one route name both', async () => {
    const stderr = await expectFailure({ 'zh/a.md': '---\ntitle: A\n---\n', 'zh/a/index.md': '---\ntitle: A2\n---\n' }, /ROUTE_DUPLICATE/);
    expect(stderr).toContain('content/zh/a.md');
    expect(stderr).toContain('content/zh/a/index.md');
  });

  it('a bad site.yaml names the field and line', async () => {
    await expectFailure(
      { 'site.yaml': 'baseUrl: https://example.test\ncompany: { zh: 甲, en: A }\nphone: "1"\n' },
      /site\.yaml:\d+\s+CONFIG_INVALID\s+`email` is required/,
    );
  });

  it('a menu link to a missing page names menu.yaml and the line', async () => {
    await expectFailure(
      { 'menu.yaml': 'groups:\n  - label: m\n    items:\n      - { route: /missing, label: x }\n' },
      /menu\.yaml:4\s+MENU_INVALID.*\/missing/,
    );
  });

  it('a console page without its four feature groups', async () => {
    await expectFailure(
      { 'en/DROC.md': '---\ntitle: DROC\ntemplate: console\nproduct: P\nhighlights:\n  - { title: a, text: b }\n---\n\n## About\n\nx\n' },
      /content\/en\/DROC\.md:\d+\s+TEMPLATE_CONTENT.*5 `##` sections/,
    );
  });

  it('a file name with nothing to make a URL of', async () => {
    await expectFailure(
      { 'zh/「？」.md': '---\ntitle: x\n---\n' },
      /content\/zh\/「？」\.md\s+FILE_NAME_INVALID\s+The name "「？」" has no letter, digit/,
    );
  });

  it('a name with spaces and its hyphenated twin make one route: both named', async () => {
    const stderr = await expectFailure(
      { 'en/a b.md': '---\ntitle: A\n---\n', 'en/a-b.md': '---\ntitle: B\n---\n' },
      /ROUTE_DUPLICATE.*route \/a-b\./,
    );
    expect(stderr).toContain('content/en/a b.md');
    expect(stderr).toContain('content/en/a-b.md');
  });

  it('NFC and NFD spellings of one name make one route: both named, and why', async () => {
    const stderr = await expectFailure(
      { 'zh/Caf\u00e9.md': '---\ntitle: A\n---\n', 'zh/Cafe\u0301.md': '---\ntitle: B\n---\n' },
      /ROUTE_DUPLICATE.*route \/Caf\u00e9\..*NFC and NFD/,
    );
    expect(stderr).toContain('content/zh/Caf\u00e9.md');
    expect(stderr).toContain('content/zh/Cafe\u0301.md');
  });
});

describe('wrong usage exits 2', () => {
  it('an unknown option', async () => {
    const result = await runCli(['build', '--nope']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown option/i);
  });

  it('an unknown command', async () => {
    expect((await runCli(['publish'])).code).toBe(2);
  });

  it('help and version exit 0', async () => {
    const help = await runCli(['build', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--strict');
    const version = await runCli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('the output folder is safe', () => {
  it('refuses to replace the working folder or a folder that holds the content', async () => {
    const content = makeContent();
    const result = await runCli(['build', '--content', content, '--out', dirname(content)]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('OUT_UNSAFE');
    expect(existsSync(join(content, 'site.yaml'))).toBe(true);
    const self = await runCli(['build', '--out', '.'], ROOT);
    expect(self.code).toBe(1);
    expect(self.stderr).toContain('OUT_UNSAFE');
  });

  it('refuses to replace a non-empty folder it did not write', async () => {
    const foreign = join(tempDir(), 'mine');
    mkdirSync(foreign);
    writeFileSync(join(foreign, 'notes.txt'), 'keep me');
    const result = await runCli(['build', '--content', makeContent(), '--out', foreign]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('OUT_NOT_OURS');
    expect(readdirSync(foreign)).toEqual(['notes.txt']);
  });

  it('writes nothing outside --out whatever the file names say', async () => {
    const parent = tempDir();
    const dist = join(parent, 'dist');
    const result = await runCli([
      'build',
      '--content',
      makeContent({ 'zh/x%2f..%2f..%2fescape.md': '---\ntitle: x\n---\n' }),
      '--out',
      dist,
    ]);
    // `%` and `/` are not kept in a route (docs/writing.md, "Pages and routes"): the page is /x2f..2f..2fescape.
    expect(result.code).toBe(0);
    expect(readdirSync(parent)).toEqual(['dist']);
    expect(existsSync(join(dist, 'x2f..2f..2fescape.html'))).toBe(true);
  });

  it('runs two builds to different outputs at once', async () => {
    const content = makeContent();
    const [a, b] = [join(tempDir(), 'a'), join(tempDir(), 'b')];
    const results = await Promise.all([
      runCli(['build', '--content', content, '--out', a]),
      runCli(['build', '--content', content, '--out', b]),
    ]);
    expect(results.map((r) => r.code)).toEqual([0, 0]);
    expect(treeDigest(a)).toEqual(treeDigest(b));
  });
});

describe('a killed build', () => {
  it('leaves the previous output exactly as it was, and the next build cleans up', async () => {
    const pages: Record<string, string> = {};
    for (let i = 0; i < 1500; i++) {
      pages[`zh/p${i}.md`] = `---\ntitle: 页面 ${i}\n---\n\n## 小节\n\n${'文字内容，'.repeat(200)}\n`;
    }
    const content = makeContent(pages);
    const parent = dirname(out);
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'ecom-site.js'), 'build', '--content', content, '--out', out, '--quiet'], {
      stdio: 'ignore',
    });
    // Wait until the build has written pages into its own temporary folder, then kill it without warning.
    const temp = join(
      parent,
      await waitFor(
        () => readdirSync(parent).find((n) => n.includes(`.tmp-${child.pid}-`)),
        () => 'no temp folder',
        200_000,
      ),
    );
    const pagesIn = (): number => fg.sync('**/*.html', { cwd: temp }).length;
    await waitFor(
      () => (pagesIn() > 0 ? true : undefined),
      () => `no page written into ${temp}`,
      200_000,
    );
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    // Killed mid-way: its temp folder was never swapped in, and holds some of the 1,500 pages, not all.
    expect(existsSync(temp)).toBe(true);
    expect(pagesIn()).toBeGreaterThan(0);
    expect(pagesIn()).toBeLessThan(1500);
    expect(treeDigest(out)).toEqual(before);

    const next = await runCli(['build', '--content', makeContent(), '--out', out, '--quiet']);
    expect(next.code).toBe(0);
    expect(readdirSync(parent).filter((n) => n !== 'dist')).toEqual([]);
    expect(treeDigest(out)).toEqual(before);
    // Reading and parsing 1,500 pages takes a while on a busy machine before the first page is written.
  }, 240_000);
});
