/**
 * `ecom-site l10n stamp` in this process (cli/core/l10n/stamp-files.ts): which files it stamps, what it
 * writes, and the files it refuses, every one named before anything is written.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import { SiteError } from '../../../../cli/core/common/errors.ts';
import { blocksOf, versionOf } from '../../../../cli/core/l10n/blocks.ts';
import { readSourceText } from '../../../../cli/core/l10n/frontmatter.ts';
import { stampTranslations } from '../../../../cli/core/l10n/stamp-files.ts';
import { makeContent, tempDir } from '../../../helpers/cli.ts';

const ZH_A = '---\ntitle: 甲\n---\n\n甲的文字。\n';
const versionOfText = (text: string): string => versionOf(blocksOf(readSourceText(text, 'x.md')));

/** A content folder: /a in both locales (English unstamped), /b stamped and current, /c in English only, /d translated from English. */
function content(): string {
  const b = '---\ntitle: 乙\n---\n\n乙。\n';
  const blocks = blocksOf(readSourceText(b, 'x.md'));
  return makeContent({
    'zh/a.md': ZH_A,
    'en/a.md': '---\ntitle: A\n---\n\nText of A.\n',
    'zh/b.md': b,
    'en/b.md': `---\ntitle: B\nsource: { version: "${versionOf(blocks)}", blocks: "${blocks.map((x) => x.hash).join(' ')}" }\n---\n\nB.\n`,
    'en/c.md': '---\ntitle: C\nsource: { locale: zh }\n---\n\nC.\n',
    'en/d.md': '---\ntitle: D\n---\n\nD.\n',
    'zh/d.md': '---\ntitle: 丁\nsource: { locale: en }\n---\n\n丁。\n',
  });
}

/** The problems `stampTranslations` throws, as `CODE message` with the content folder cut out. */
async function refused(dir: string, paths: string[]): Promise<string[]> {
  const error = await stampTranslations(dir, paths, DEFAULTS.locales).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SiteError);
  const { problems } = error as SiteError;
  // A refused file is named as the problem's file, as its message names it first (a record's problem is the schema's).
  for (const p of problems.filter((p) => p.code !== 'FRONTMATTER_INVALID')) expect(p.message).toMatch(new RegExp(`^${p.file} `));
  return problems.map((p) => `${p.code} ${p.message.replaceAll(dir, 'C')}`);
}

describe('stampTranslations', () => {
  it('stamps every translation never stamped when no file is named, and only those', async () => {
    const dir = content();
    const before = readFileSync(join(dir, 'en', 'b.md'), 'utf8');
    const stamped = await stampTranslations(dir, [], DEFAULTS.locales);
    expect(stamped.map((s) => [s.file.replace(dir, 'C'), s.source.replace(dir, 'C'), s.changed])).toEqual([
      ['C/en/a.md', 'C/zh/a.md', true],
      ['C/en/index.md', 'C/zh/index.md', true],
      ['C/zh/d.md', 'C/en/d.md', true],
    ]);
    expect(stamped[0]?.version).toBe(versionOfText(ZH_A));
    expect(stamped[2]?.version).toBe(versionOfText('---\ntitle: D\n---\n\nD.\n'));
    const blocks = blocksOf(readSourceText(ZH_A, 'x.md'));
    expect(readFileSync(join(dir, 'en', 'a.md'), 'utf8')).toBe(
      `---\ntitle: A\nsource: { version: "${versionOfText(ZH_A)}", blocks: "${blocks.map((b) => b.hash).join(' ')}" }\n---\n\nText of A.\n`,
    );
    expect(readFileSync(join(dir, 'en', 'b.md'), 'utf8')).toBe(before);
    // Nothing is left unstamped: a second run stamps nothing.
    expect(await stampTranslations(dir, [], DEFAULTS.locales)).toEqual([]);
  });

  it('stamps a named file once however often it is named, and leaves one already current as it is', async () => {
    const dir = content();
    const a = join(dir, 'en', 'a.md');
    expect((await stampTranslations(dir, [a, `${dir}/en/../en/a.md`], DEFAULTS.locales)).map((s) => [s.file, s.changed])).toEqual([
      [`${dir}/en/a.md`, true],
    ]);
    // Not even rewritten with the same text: the file is the one it was.
    const b = join(dir, 'en', 'b.md');
    const file = statSync(b).ino;
    expect((await stampTranslations(dir, [b], DEFAULTS.locales)).map((s) => s.changed)).toEqual([false]);
    expect(statSync(b).ino).toBe(file);
  });

  it('refuses each named file that is no translation, saying why, and writes nothing', async () => {
    const dir = content();
    const outside = join(tempDir(), 'x.md');
    writeFileSync(outside, ZH_A);
    writeFileSync(join(dir, 'en', 'notes.txt'), 'x');
    const problems = await refused(dir, [
      join(dir, 'en', 'a.md'),
      outside,
      join(dir, 'en', 'notes.txt'),
      join(dir, 'fr', 'a.md'),
      join(dir, 'en', 'none.md'),
      join(dir, 'zh', 'a.md'),
      join(dir, 'en', 'd.md'),
      join(dir, 'en', 'c.md'),
    ]);
    const notInFolder = (file: string): string =>
      `NOT_A_TRANSLATION ${file} is not a page of the content folder C/ (pages are C/<locale>/….md, locales zh, en).`;
    expect(problems).toEqual([
      notInFolder(outside),
      notInFolder('C/en/notes.txt'),
      notInFolder('C/fr/a.md'),
      'NOT_A_TRANSLATION C/en/none.md does not exist or is not a page (its name starts with "_" or makes no route).',
      'NOT_A_TRANSLATION C/zh/a.md is a page of "zh", the locale translations are made from: it is a source, not a translation.',
      'NOT_A_TRANSLATION C/en/d.md is the source of C/zh/d.md, whose record says it is translated from "en" (`source: { locale: en }`): stamp that page instead.',
      'TRANSLATION_SOURCE_MISSING C/en/c.md is translated from "zh", but C/zh/c.md (or another page of route /c) does not exist.',
    ]);
    expect(readFileSync(join(dir, 'en', 'a.md'), 'utf8')).not.toContain('version');
  });

  it('refuses a page whose record is not valid once, with the record problem only', async () => {
    const dir = makeContent({ 'zh/a.md': ZH_A, 'en/a.md': '---\ntitle: A\nsource: { notice: maybe }\n---\n\nA.\n' });
    expect(await refused(dir, [join(dir, 'en', 'a.md')])).toEqual([expect.stringMatching(/^FRONTMATTER_INVALID `source\.notice` must be/)]);
  });
});
