/**
 * Translation tracking end to end (docs/l10n.md), on a copy of the real site, whose English pages are all
 * stamped against their Chinese sources: one Chinese paragraph edited turns the English page outdated in
 * `l10n status` (text and JSON), in `build --report` and on the page itself; stamping clears it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { selectAll } from 'hast-util-select';
import { toString as textOf } from 'hast-util-to-string';
import { describe, expect, it } from 'vitest';
import { copyContent, makeContent, readHtml, runCli, tempDir } from '../../helpers/cli.ts';

const SLOW = 120_000;
const OLD = '技师在同一界面里即可完成登记、曝光、处理和发送。';
const NEW = '技师在同一界面里即可完成登记、曝光、图像处理、打印和发送。';

interface JsonStatus {
  file: string;
  state: string;
  history?: string;
  changes: Array<{ kind: string; block?: { line: number; text: string }; before?: string }>;
}

/** Edits the Chinese DROC page's first paragraph in a content folder. */
function editSource(content: string): void {
  const file = join(content, 'zh', 'DROC.md');
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(OLD);
  writeFileSync(file, text.replace(OLD, NEW));
}

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.test', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
  });

describe('ecom-site l10n on the real site', () => {
  it(
    'starts with every English page current',
    async () => {
      const result = await runCli(['l10n', 'status', '--json']);
      expect(result.code).toBe(0);
      const { translations } = JSON.parse(result.stdout) as { translations: JsonStatus[] };
      expect(translations.length).toBeGreaterThan(30);
      expect(translations.filter((t) => t.state !== 'current')).toEqual([]);
    },
    SLOW,
  );

  it(
    'reports an edited Chinese paragraph on the English page (status, JSON, report, notice), and stamping clears it',
    async () => {
      const content = copyContent();
      editSource(content);
      const en = join(content, 'en', 'DROC.md');
      const status = await runCli(['l10n', 'status', '--content', content]);
      expect(status.code).toBe(0);
      expect(status.stdout).toMatch(/^Translations: 1 outdated, \d+ current, 0 unknown$/m);
      expect(status.stdout).toMatch(
        new RegExp(`  ${en}  outdated: \\S*zh/DROC.md changed since it was stamped\\n    changed  \\S*zh/DROC.md:21  DROC是`),
      );
      expect(status.stdout).toContain(NEW);
      expect(status.stdout).toContain('old text not shown: history is missing: the content folder is not in a git repository');

      const json = JSON.parse((await runCli(['l10n', 'status', '--json', '--content', content])).stdout) as { translations: JsonStatus[] };
      const droc = json.translations.find((t) => t.file === en);
      expect(droc).toMatchObject({ state: 'outdated', history: 'no-git', changes: [{ kind: 'changed', block: { line: 21 } }] });
      expect(droc?.changes[0]?.block?.text).toContain(NEW);

      const out = join(tempDir(), 'dist');
      const report = await runCli(['build', '--content', content, '--out', out, '--report', 'json']);
      expect(report.code).toBe(0);
      expect((JSON.parse(report.stdout) as { translations: JsonStatus[] }).translations.find((t) => t.file === en)).toEqual(droc);
      expect(report.stderr).toContain(`${en}:17  TRANSLATION_OUTDATED`);
      const text = await runCli(['build', '--content', content, '--out', out, '--report']);
      expect(text.stdout).toContain(`  ${en}  outdated:`);

      const notice = selectAll('main > [role="note"]', readHtml(join(out, 'en', 'DROC.html')));
      expect(notice).toHaveLength(1);
      expect(textOf(notice[0] as never)).toBe(
        'The original of this page has changed since it was translated; this translation may be out of date. Read the original',
      );
      expect(selectAll('a[href="/DROC"][hreflang="zh-CN"]', notice[0] as never)).toHaveLength(1);
      for (const page of ['DROC.html', join('en', 'DR.html')]) expect(selectAll('[role="note"]', readHtml(join(out, page)))).toEqual([]);

      const before = readFileSync(en, 'utf8');
      const stamp = await runCli(['l10n', 'stamp', '--content', content, en]);
      expect(stamp.code).toBe(0);
      expect(stamp.stdout).toMatch(/^Stamped .*en\/DROC.md: it matches .*zh\/DROC.md \(version [0-9a-f]{8}\)\.$/m);
      const after = readFileSync(en, 'utf8');
      const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i]);
      expect(changed).toHaveLength(1);
      expect(changed[0]).toMatch(/^source: \{ version: "[0-9a-f]{8}", blocks: "[0-9a-f ]+" \}$/);
      expect(after.replace(changed[0] as string, '')).toBe(before.replace(/^source: .*$/m, ''));

      expect((await runCli(['l10n', 'status', '--content', content])).stdout).toMatch(/^Translations: 0 outdated/);
      const rebuilt = await runCli(['build', '--content', content, '--out', out]);
      expect(rebuilt.stderr).not.toContain('TRANSLATION_OUTDATED');
      expect(selectAll('[role="note"]', readHtml(join(out, 'en', 'DROC.html')))).toEqual([]);
    },
    SLOW,
  );

  it(
    'shows the old text beside the new with git history, and says history is missing in a shallow clone',
    async () => {
      const content = copyContent();
      const repo = dirname(content);
      git(repo, 'init', '-q');
      git(repo, 'add', '.');
      git(repo, 'commit', '-q', '-m', 'site');
      editSource(content);
      git(repo, 'commit', '-q', '-am', 'edit');
      const status = await runCli(['l10n', 'status', '--content', content]);
      expect(status.stdout).toMatch(new RegExp(`changed  \\S*zh/DROC.md:21  .*${NEW}\\n\\s+was  .*${OLD}`));

      const clone = join(tempDir(), 'clone');
      execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo}`, clone]);
      const shallow = await runCli(['l10n', 'status', '--json', '--content', join(clone, 'content')]);
      const droc = (JSON.parse(shallow.stdout) as { translations: JsonStatus[] }).translations.find((t) => t.file.endsWith('en/DROC.md'));
      expect(droc).toMatchObject({ state: 'outdated', history: 'shallow' });
      expect(droc?.changes[0]?.before).toBeUndefined();
    },
    SLOW,
  );
});

describe('ecom-site l10n on small sites', () => {
  const zh = '---\ntitle: 页面\ndescription: 说明\nkeywords: 词\n---\n\n第一段。\n\n第二段。\n\n第三段。\n';
  const en = '---\ntitle: Page\ndescription: About\nkeywords: word\n---\n\nOne.\n\nTwo.\n\nThree.\n';

  it(
    'names a removed and an added paragraph, leaves a page without a record unknown, and reflowing changes nothing',
    async () => {
      const content = makeContent({ 'zh/page.md': zh, 'en/page.md': en, 'zh/other.md': zh, 'en/other.md': en });
      const stamp = await runCli(['l10n', 'stamp', '--content', content, join(content, 'en', 'page.md')]);
      expect(stamp.code).toBe(0);
      writeFileSync(join(content, 'zh', 'page.md'), zh.replace('第二段。\n\n', '').replace('第三段。\n', '第三段。\n\n新的\n第四段。\n'));
      const result = await runCli(['l10n', 'status', '--json', '--content', content]);
      const statuses = (JSON.parse(result.stdout) as { translations: JsonStatus[] }).translations;
      expect(statuses.map((s) => [s.file.replace(/.*content\//, ''), s.state])).toEqual([
        ['en/index.md', 'unknown'],
        ['en/other.md', 'unknown'],
        ['en/page.md', 'outdated'],
      ]);
      expect(statuses[2]?.changes).toMatchObject([{ kind: 'removed' }, { kind: 'added', block: { line: 11, text: '新的第四段。' } }]);

      await runCli(['l10n', 'stamp', '--content', content, join(content, 'en', 'page.md')]);
      writeFileSync(
        join(content, 'zh', 'page.md'),
        zh.replace('第二段。\n\n', '\n').replace('第三段。\n', '第三段。\n\n新的第四段。\n').replace('title: ', 'title:   '),
      );
      expect((await runCli(['l10n', 'status', '--all', '--content', content])).stdout).toContain('en/page.md  current');
    },
    SLOW,
  );

  it(
    'fails a build on an outdated translation only with --fail-outdated, not with --strict alone',
    async () => {
      const content = makeContent({ 'zh/page.md': zh, 'en/page.md': en });
      await runCli(['l10n', 'stamp', '--content', content]);
      writeFileSync(join(content, 'zh', 'page.md'), zh.replace('第二段', '第二段改'));
      const out = join(tempDir(), 'dist');
      const strict = await runCli(['build', '--strict', '--content', content, '--out', out]);
      expect(strict.code).toBe(0);
      expect(strict.stderr).toContain('TRANSLATION_OUTDATED');
      const failing = await runCli(['build', '--fail-outdated', '--content', content, '--out', join(tempDir(), 'dist')]);
      expect(failing.code).toBe(1);
      expect(failing.stderr).toMatch(/en\/page\.md:\d+ {2}TRANSLATION_OUTDATED/);
      expect(failing.stderr).toContain('1 warning(s) with --fail-outdated; nothing was written.');
    },
    SLOW,
  );

  it(
    'refuses to stamp what is not a translation, naming each file, and writes nothing',
    async () => {
      const content = makeContent({ 'en/only.md': en, 'en/page.md': en, 'zh/page.md': zh });
      const before = readFileSync(join(content, 'en', 'page.md'), 'utf8');
      const result = await runCli([
        'l10n',
        'stamp',
        '--content',
        content,
        join(content, 'en', 'page.md'),
        join(content, 'zh', 'page.md'),
        join(content, 'en', 'only.md'),
        join(content, 'site.yaml'),
      ]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/zh\/page\.md {2}NOT_A_TRANSLATION .* it is a source, not a translation/);
      expect(result.stderr).toMatch(/en\/only\.md {2}TRANSLATION_SOURCE_MISSING .*zh\/only\.md/);
      expect(result.stderr).toMatch(/site\.yaml {2}NOT_A_TRANSLATION/);
      expect(readFileSync(join(content, 'en', 'page.md'), 'utf8')).toBe(before);
    },
    SLOW,
  );

  it(
    'takes wrong usage as USAGE, exit 2',
    async () => {
      for (const args of [['l10n'], ['l10n', 'status', '--bogus'], ['l10n', 'publish']]) {
        const result = await runCli(args);
        expect(result.code, args.join(' ')).toBe(2);
        expect(result.stderr).toMatch(/^USAGE {2}/);
      }
    },
    SLOW,
  );
});
