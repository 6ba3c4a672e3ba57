import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blocksOf, versionOf } from '../../../../cli/core/l10n/blocks.ts';
import { readSourceText } from '../../../../cli/core/l10n/frontmatter.ts';
import { attachHistory, findRecordedSource, withBefore } from '../../../../cli/core/l10n/history.ts';
import type { TranslationStatus } from '../../../../cli/core/l10n/status.ts';
import { tempDir } from '../../../helpers/cli.ts';

const OLD = '---\ntitle: 源\n---\n\n旧的第一段。\n\n第二段。\n';
const NEW = '---\ntitle: 源\n---\n\n新的第一段。\n\n第二段。\n';
const versionOfText = (text: string): string => versionOf(blocksOf(readSourceText(text, 'x.md')));
const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.test', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
  });

/** A repository whose content/zh/DR.md was committed as OLD, then as NEW. */
function repository(): string {
  const dir = tempDir('ecom-l10n-git-');
  mkdirSync(join(dir, 'content', 'zh'), { recursive: true });
  git(dir, 'init', '-q');
  writeFileSync(join(dir, 'content', 'zh', 'DR.md'), OLD);
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'old');
  writeFileSync(join(dir, 'content', 'zh', 'DR.md'), NEW);
  git(dir, 'commit', '-q', '-am', 'new');
  return dir;
}

describe('findRecordedSource', () => {
  it('finds the revision whose version is the recorded one, with its blocks', async () => {
    const dir = repository();
    const found = await findRecordedSource(join(dir, 'content', 'zh', 'DR.md'), versionOfText(OLD));
    expect(found.state).toBe('found');
    expect(found.commit).toBe(git(dir, 'rev-parse', 'HEAD~1').trim());
    expect(found.blocks?.map((b) => b.text)).toEqual(['源', '旧的第一段。', '第二段。']);
  });

  it('says the version is not in history rather than guessing', async () => {
    const dir = repository();
    expect((await findRecordedSource(join(dir, 'content', 'zh', 'DR.md'), 'abcdef12')).state).toBe('not-found');
  });

  it('says history is missing in a shallow clone that lacks the revision', async () => {
    const clone = join(tempDir('ecom-l10n-shallow-'), 'site');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repository()}`, clone]);
    expect((await findRecordedSource(join(clone, 'content', 'zh', 'DR.md'), versionOfText(OLD))).state).toBe('shallow');
  });

  it('says history is missing outside a repository', async () => {
    const dir = tempDir('ecom-l10n-nogit-');
    writeFileSync(join(dir, 'DR.md'), NEW);
    expect((await findRecordedSource(join(dir, 'DR.md'), versionOfText(OLD))).state).toBe('no-git');
  });
});

describe('withBefore', () => {
  it('puts the recorded text beside each changed and removed block', () => {
    const old = blocksOf(readSourceText(OLD, 'x.md'));
    const now = blocksOf(readSourceText(NEW, 'x.md'));
    const changes = withBefore(
      [
        { kind: 'changed', block: now[1] as (typeof now)[number], index: 1, was: 1 },
        { kind: 'removed', was: 2 },
      ],
      old,
    );
    expect(changes.map((c) => (c.kind === 'added' ? undefined : c.before))).toEqual(['旧的第一段。', '第二段。']);
  });
});

describe('attachHistory', () => {
  /** A status of the English page, translated from `source`, stamped at `recorded`. */
  const status = (source: string, state: TranslationStatus['state'], recorded?: string): TranslationStatus => {
    const now = blocksOf(readSourceText(NEW, 'x.md'));
    return {
      file: 'content/en/DR.md',
      locale: 'en',
      route: '/DR',
      source: { file: source, locale: 'zh' },
      state,
      ...(recorded === undefined ? {} : { recorded, version: versionOfText(NEW) }),
      changes: state === 'outdated' ? [{ kind: 'changed', block: now[1] as (typeof now)[number], index: 1, was: 1 }] : [],
      notice: true,
      line: 1,
    };
  };

  it('puts the stamped text beside the changes of an outdated translation, naming the revision it was found in', async () => {
    const dir = repository();
    const source = join(dir, 'content', 'zh', 'DR.md');
    const [outdated, current, unknown] = await attachHistory([
      status(source, 'outdated', versionOfText(OLD)),
      status(source, 'current', versionOfText(NEW)),
      status(source, 'unknown'),
    ]);
    expect(outdated).toMatchObject({ history: 'found', commit: git(dir, 'rev-parse', 'HEAD~1').trim() });
    expect(outdated?.changes).toMatchObject([{ kind: 'changed', before: '旧的第一段。' }]);
    // Nothing is looked up for a translation that is current or was never stamped.
    expect(current).toEqual(status(source, 'current', versionOfText(NEW)));
    expect(unknown).toEqual(status(source, 'unknown'));
  });

  it('says where it looked when the stamped text is not in history, and keeps the changes as they were', async () => {
    const source = join(repository(), 'content', 'zh', 'DR.md');
    const [missing] = await attachHistory([status(source, 'outdated', 'abcdef12')]);
    expect(missing).toEqual({ ...status(source, 'outdated', 'abcdef12'), history: 'not-found' });
  });
});
