/**
 * One answer for a translation record (docs/l10n.md): `build`, `l10n status` and `l10n stamp` check
 * `source` with the same code, message and line; `l10n status --json` prints a JSON document on every exit;
 * `source.locale` is read alike by status and stamp.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeContent, runCli, tempDir } from '../../helpers/cli.ts';

const SLOW = 120_000;
const zh = '---\ntitle: 页面\ndescription: 说明\nkeywords: 词\n---\n\n第一段。\n';
const en = (record: string): string => `---\ntitle: Page\ndescription: About\nkeywords: word\n${record}---\n\nOne.\n`;

/** The `file:line  CODE  message` lines of a command's stderr, sorted. */
const problemLines = (stderr: string): string[] =>
  stderr
    .split('\n')
    .filter((line) => /\s[A-Z_]{5,}\s/.test(line))
    .map((line) => line.trim())
    .sort();

/** Records of the wrong shape (found as the front matter is read), and a locale that is not configured (found as translations are paired). */
const GROUPS = [['source: "garbage"\n', 'source: [1, 2]\n', 'source: { notice: "no" }\n'], ['source: { locale: fr }\n']];

describe('a bad translation record gets one answer', () => {
  it.each(GROUPS)(
    'from build, l10n status and l10n stamp: %s',
    async (...RECORDS: string[]) => {
      const content = makeContent(
        Object.fromEntries(
          RECORDS.flatMap((record, i) => [
            [`zh/p${i}.md`, zh],
            [`en/p${i}.md`, en(record)],
          ]),
        ),
      );
      const build = await runCli(['build', '--content', content, '--out', join(tempDir(), 'dist')]);
      const status = await runCli(['l10n', 'status', '--content', content]);
      const json = await runCli(['l10n', 'status', '--json', '--content', content]);
      const stamp = await runCli(['l10n', 'stamp', '--content', content, join(content, 'en', 'p0.md')]);
      const lines = problemLines(build.stderr);
      expect(lines).toHaveLength(RECORDS.length);
      for (const line of lines) expect(line).toMatch(/en\/p\d\.md:5 {2}FRONTMATTER_INVALID {2}`source(\.\w+)?`/);
      expect(build.code).toBe(1);
      for (const other of [status, json, stamp]) {
        expect(other.code).toBe(1);
        expect(problemLines(other.stderr)).toEqual(lines);
      }
      const doc = JSON.parse(json.stdout) as { ok: boolean; translations: unknown[]; errors: Array<{ code: string; line: number }> };
      expect(doc).toMatchObject({ ok: false, translations: [] });
      expect(doc.errors.map((e) => [e.code, e.line])).toEqual(RECORDS.map(() => ['FRONTMATTER_INVALID', 5]));
    },
    SLOW,
  );

  it(
    'prints a JSON document from status --json on a YAML error and on wrong usage too',
    async () => {
      const content = makeContent({ 'zh/page.md': zh, 'en/page.md': '---\ntitle: [oops\n---\n' });
      const broken = await runCli(['l10n', 'status', '--json', '--content', content]);
      expect(broken.code).toBe(1);
      expect(JSON.parse(broken.stdout)).toMatchObject({ ok: false, errors: [{ code: 'FRONTMATTER_SYNTAX' }] });
      const usage = await runCli(['l10n', 'status', '--json', '--bogus']);
      expect(usage.code).toBe(2);
      expect(JSON.parse(usage.stdout)).toMatchObject({ ok: false, errors: [{ code: 'USAGE' }] });
      const good = await runCli(['l10n', 'status', '--json', '--content', makeContent({ 'zh/page.md': zh, 'en/page.md': en('') })]);
      expect(JSON.parse(good.stdout)).toMatchObject({ ok: true, errors: [], translations: [{ state: 'unknown' }, { state: 'unknown' }] });
    },
    SLOW,
  );
});

describe('source.locale', () => {
  it(
    'makes the page it names the source, in status and in stamp alike',
    async () => {
      // The Chinese page says it is translated from English: English is its source, not its translation.
      const content = makeContent({ 'zh/CH.md': `${zh.replace('---\n\n', 'source: { locale: en }\n---\n\n')}`, 'en/CH.md': en('') });
      const status = await runCli(['l10n', 'status', '--json', '--content', content]);
      const rows = (JSON.parse(status.stdout) as { translations: Array<{ file: string; source: { file: string } }> }).translations;
      expect(
        rows
          .filter((r) => r.file.includes('CH.md'))
          .map((r) => [r.file.replace(/.*content\//, ''), r.source.file.replace(/.*content\//, '')]),
      ).toEqual([['zh/CH.md', 'en/CH.md']]);
      const wrong = await runCli(['l10n', 'stamp', '--content', content, join(content, 'en', 'CH.md')]);
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toMatch(
        /en\/CH\.md {2}NOT_A_TRANSLATION {2}.*en\/CH\.md is the source of .*zh\/CH\.md, whose record says it is translated from "en"/,
      );
      const right = await runCli(['l10n', 'stamp', '--content', content, join(content, 'zh', 'CH.md')]);
      expect(right.code).toBe(0);
      expect(right.stdout).toMatch(/Stamped .*zh\/CH\.md: it matches .*en\/CH\.md/);
      const after = await runCli(['l10n', 'status', '--content', content]);
      expect(after.stdout).not.toContain('zh/CH.md');
      expect(after.stdout).toMatch(/^1 current translation\(s\) not listed/m);
      expect((await runCli(['l10n', 'status', '--all', '--content', content])).stdout).toMatch(/zh\/CH\.md {2}current/);
    },
    SLOW,
  );
});
