/**
 * The source's text when a translation was stamped, found in git (docs/l10n.md, "History"): the newest
 * revision of the source file whose version equals the recorded one. Without git, outside a repository,
 * or in a shallow clone that lacks the revision, it says that history is missing rather than guessing.
 */
import { execFile } from 'node:child_process';
import { basename, dirname, resolve } from 'node:path';
import type { Block } from './blocks.ts';
import { blocksOf, versionOf } from './blocks.ts';
import type { BlockChange } from './block-diff.ts';
import { readSourceText } from './frontmatter.ts';
import type { TranslationStatus } from './status.ts';

/**
 * Where the recorded source was looked for: `found` in a revision; `not-found` in the full history (the
 * source was stamped while uncommitted, or the file was renamed); `shallow`: not in a shallow clone's
 * history; `no-git`: no git or no repository.
 */
export type HistoryState = 'found' | 'not-found' | 'shallow' | 'no-git';

/** The recorded source as found in history. */
export interface RecordedSource {
  state: HistoryState;
  /** The revision that holds it. */
  commit?: string;
  blocks?: Block[];
}

/** Runs git in `cwd`; undefined when it fails (no git, not a repository, an unknown revision). */
function git(cwd: string, args: readonly string[]): Promise<string | undefined> {
  return new Promise((done) => {
    execFile('git', [...args], { cwd, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } }, (error, stdout) =>
      done(error ? undefined : stdout),
    );
  });
}

/** The version of a file's text as it was in a revision, or undefined when it cannot be read as a page. */
function blocksAt(text: string): Block[] | undefined {
  try {
    return blocksOf(readSourceText(text, 'history'));
  } catch {
    return undefined;
  }
}

/** Looks for the revision of the source file at `path` (absolute) whose version is `version`. */
export async function findRecordedSource(path: string, version: string): Promise<RecordedSource> {
  const cwd = dirname(path);
  const shallow = (await git(cwd, ['rev-parse', '--is-shallow-repository']))?.trim();
  if (shallow === undefined) return { state: 'no-git' };
  // One line per revision that changed the file, newest first: its hash, then the file's path at that
  // revision (relative to the repository's root; --follow goes on through renames).
  const log = await git(cwd, ['log', '--follow', '--format=commit %H', '--name-only', '--', basename(path)]);
  const revisions: Array<{ commit: string; file: string }> = [];
  let commit = '';
  for (const line of (log ?? '').split('\n')) {
    if (line.startsWith('commit ')) commit = line.slice('commit '.length);
    else if (line && commit) revisions.push({ commit, file: line });
  }
  for (const { commit, file } of revisions) {
    const text = await git(cwd, ['show', `${commit}:${file}`]);
    const blocks = text === undefined ? undefined : blocksAt(text);
    if (blocks && versionOf(blocks) === version) return { state: 'found', commit, blocks };
  }
  return { state: shallow === 'true' ? 'shallow' : 'not-found' };
}

/** A translation's status with what history tells of its recorded source. */
export type StatusWithHistory = TranslationStatus & { history?: HistoryState; commit?: string };

/**
 * The statuses with the recorded source's text beside each changed and removed block of the outdated
 * ones, where git history holds it (`history` says where it was looked for). Sources are found from the
 * working folder (`resolve(file)`), as their display paths are relative to it.
 */
export async function attachHistory(statuses: readonly TranslationStatus[]): Promise<StatusWithHistory[]> {
  const found = new Map<string, Promise<RecordedSource>>();
  return Promise.all(
    statuses.map(async (status): Promise<StatusWithHistory> => {
      if (status.state !== 'outdated' || status.recorded === undefined) return status;
      const key = `${status.source.file}\0${status.recorded}`;
      const lookup = found.get(key) ?? findRecordedSource(resolve(status.source.file), status.recorded);
      found.set(key, lookup);
      const recorded = await lookup;
      if (!recorded.blocks) return { ...status, history: recorded.state };
      return {
        ...status,
        history: recorded.state,
        commit: recorded.commit as string,
        changes: withBefore(status.changes, recorded.blocks),
      };
    }),
  );
}

/** The changes with the recorded source's text of each changed or removed block (`before`). Pure. */
export function withBefore(changes: readonly BlockChange[], recorded: readonly Block[]): BlockChange[] {
  return changes.map((change) => {
    if (change.kind === 'added') return change;
    const before = recorded[change.was]?.text;
    return before === undefined ? change : { ...change, before };
  });
}
