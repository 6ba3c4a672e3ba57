/** Translation statuses as text, for `ecom-site l10n status` and `build --report` (docs/l10n.md, "Status"). Pure. */
import type { Block } from './blocks.ts';
import type { BlockChange } from './block-diff.ts';
import type { HistoryState, StatusWithHistory } from './history.ts';
import type { TranslationStatus } from './status.ts';

/** Longest block text shown on one line. */
const SHOWN = 120;

/** A block's text on one line, shortened. */
function shown(text: string): string {
  const line = text.replace(/\s*\n\s*/g, ' ⏎ ');
  return line.length > SHOWN ? `${line.slice(0, SHOWN - 1)}…` : line;
}

/** Where a block is: `content/zh/DR.md:14`, and its front matter field. */
function place(file: string, block: Block): string {
  return `${file}${block.line ? `:${block.line}` : ''}${block.field ? ` (${block.field})` : ''}`;
}

/** Why the old text is not shown, by where it was looked for. */
const MISSING: Record<Exclude<HistoryState, 'found'>, string> = {
  shallow:
    'history is missing: this is a shallow clone, and the stamped revision of the source is not in it (fetch the full history: git fetch --unshallow)',
  'not-found': 'no revision of the source in git history has the stamped version (it was stamped before the source was committed)',
  'no-git': 'history is missing: the content folder is not in a git repository',
};

function changeLines(source: string, change: BlockChange): string[] {
  const was = change.kind !== 'added' && change.before !== undefined ? [`      was  ${shown(change.before)}`] : [];
  if (change.kind === 'removed') {
    const where = change.after ? `after ${place(source, change.after)}` : 'at the start';
    return [`  removed  block ${change.was + 1} of the stamped source, ${where}`, ...was];
  }
  return [`  ${change.kind.padEnd(7)}  ${place(source, change.block)}  ${shown(change.block.text)}`, ...was];
}

/** How many translations are in each state: `1 outdated, 33 current, 1 unknown`. */
export function countStates(statuses: readonly StatusWithHistory[]): string {
  const count = (state: string): number => statuses.filter((s) => s.state === state).length;
  return `${count('outdated')} outdated, ${count('current')} current, ${count('unknown')} unknown`;
}

/**
 * The statuses as text: a count, then each translation that needs work (outdated, with its source's changed
 * blocks, or unknown) and the number of current ones, as `git status` does; with `all`, every translation.
 */
export function formatStatuses(statuses: readonly StatusWithHistory[], { all = false }: { all?: boolean } = {}): string {
  const lines = [`Translations: ${statuses.length ? countStates(statuses) : 'none'}`];
  for (const status of statuses) {
    if (status.state === 'current') {
      if (all) lines.push(`  ${status.file}  current`);
    } else if (status.state === 'unknown') lines.push(`  ${status.file}  unknown: never stamped`);
    else {
      lines.push(`  ${status.file}  outdated: ${status.source.file} changed since it was stamped`);
      for (const change of status.changes) lines.push(...changeLines(status.source.file, change).map((line) => `  ${line}`));
      if (!status.changes.length) lines.push('    (no block can be named: the record lists no block hashes)');
      if (status.history && status.history !== 'found') lines.push(`    old text not shown: ${MISSING[status.history]}`);
    }
  }
  const current = statuses.filter((s) => s.state === 'current').length;
  if (!all && current) {
    lines.push(
      current === statuses.length
        ? `Every translation is current (${current}); \`ecom-site l10n status --all\` lists them.`
        : `${current} current translation(s) not listed; \`ecom-site l10n status --all\` lists every translation.`,
    );
  }
  if (statuses.some((s) => s.state === 'unknown')) {
    lines.push('A translation never stamped is not tracked: `ecom-site l10n stamp FILE` records that it matches its source now.');
  }
  return `${lines.join('\n')}\n`;
}

/**
 * What changed between two sets of statuses, for `watch`'s terminal: each translation that became
 * outdated, and each that became current; empty when none did.
 */
export function describeTurns(before: readonly TranslationStatus[], after: readonly TranslationStatus[]): string {
  const was = new Map(before.map((status) => [status.file, status.state]));
  const lines: string[] = [];
  for (const status of after) {
    const old = was.get(status.file);
    if (status.state === 'outdated' && old !== 'outdated')
      lines.push(`Translation outdated: ${status.file} (${status.source.file} changed since it was stamped)`);
    if (status.state === 'current' && old !== 'current' && old !== undefined) lines.push(`Translation current again: ${status.file}`);
  }
  return lines.map((line) => `${line}\n`).join('');
}
