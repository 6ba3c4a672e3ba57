/** Terminal output: grouped warnings, errors, the one summary line, and a progress line on a TTY. */
import { CATALOGUE, formatProblem, hintOf, problem, SiteError, type Problem } from './common/errors.ts';
import { systemProblem } from './common/system-errors.ts';
import type { TranslationReport } from './load/i18n.ts';
import { formatStatuses } from './l10n/format.ts';
import type { StatusWithHistory } from './l10n/history.ts';
import type { RemovedRoute } from './plan/removed.ts';

/** A problem's place and message on one line, without its hint: `file:line:col  CODE  message`. */
function placeLine(p: Problem): string {
  return formatProblem(p).split('\n')[0] as string;
}

/** How many places of one kind of warning the terminal and watch's panel show before "… and N more". */
export const SHOWN_PLACES = 10;

/** How a list of problems is cut: places shown per kind, and what to say lists the rest. */
export interface Cut {
  /** Places shown per kind (default: all). */
  limit?: number;
  /** The command or place that lists them all (`` `ecom-site build --report json` lists them all``). */
  more?: string;
}

/**
 * Warnings grouped by code (docs/errors.md): each group under its title and count, its places one per line
 * (the first `limit`, then "… and N more" saying where the rest are listed) and its hint once, however many
 * files share the problem (each different computed hint once, as many as places are shown).
 */
export function formatWarnings(warnings: readonly Problem[], heading = `${warnings.length} warning(s):`, cut: Cut = {}): string {
  // Used for errors too (printError): one format for every list of problems.
  if (warnings.length === 0) return '';
  const limit = cut.limit ?? Number.POSITIVE_INFINITY;
  const groups = new Map<Problem['code'], Problem[]>();
  for (const w of warnings) {
    const list = groups.get(w.code);
    if (list) list.push(w);
    else groups.set(w.code, [w]);
  }
  let text = `\n${heading}\n`;
  for (const [code, list] of groups) {
    const shown = list.length > limit ? list.slice(0, limit) : list;
    text += `\n  ${CATALOGUE[code].title} (${list.length})\n`;
    for (const w of shown) text += `  ${placeLine(w)}\n`;
    if (shown.length < list.length) text += `  … and ${list.length - shown.length} more${cut.more ? `: ${cut.more}` : ''}\n`;
    // A computed hint may differ from problem to problem: each different one is printed once.
    for (const hint of new Set(shown.map(hintOf))) text += `    hint: ${hint}\n`;
  }
  return text;
}

/** Where a build's terminal says the warnings it does not show are listed. */
export const BUILD_MORE = '`ecom-site build --report json` lists them all';

/** Prints warnings grouped by code (see `formatWarnings`), the first `SHOWN_PLACES` of each kind. */
export function printWarnings(
  warnings: readonly Problem[],
  stream: NodeJS.WritableStream = process.stderr,
  more: string = BUILD_MORE,
): void {
  if (warnings.length) stream.write(formatWarnings(warnings, undefined, { limit: SHOWN_PLACES, more }));
}

/** The warnings of `after` that `before` did not have, and those of `before` that are gone. */
export function compareWarnings(before: readonly Problem[], after: readonly Problem[]): { added: Problem[]; resolved: Problem[] } {
  const keyOf = (p: Problem): string => placeLine(p);
  const old = new Set(before.map(keyOf));
  const now = new Set(after.map(keyOf));
  return { added: after.filter((p) => !old.has(keyOf(p))), resolved: before.filter((p) => !now.has(keyOf(p))) };
}

/**
 * Prints an error and returns its exit code: a SiteError as its problems, a system error (a folder that
 * cannot be read, a full disk, a busy port) and anything else (a bug: INTERNAL) on one line saying what
 * happened and what to do. Only `debug` adds the stack trace.
 */
export function printError(error: unknown, debug: boolean, stream: NodeJS.WritableStream = process.stderr): number {
  if (error instanceof SiteError) {
    // Grouped like warnings: the same problem in many files prints its hint once, under the list of places.
    const errors = error.problems.filter((p) => p.code !== 'STRICT');
    stream.write(formatWarnings(error.problems, `${errors.length} error(s):`));
    if (debug && error.stack) stream.write(`${error.stack}\n`);
    return error.exitCode;
  }
  const found = systemProblem(error) ?? internalProblem(error);
  stream.write(`${formatLine(found)}\n`);
  if (debug && error instanceof Error && error.stack) stream.write(`${error.stack}\n`);
  return 1;
}

/** The problems an error stands for: a SiteError's own, a system error's, or INTERNAL for anything else (printError's rule). */
export function errorProblems(error: unknown): Problem[] {
  if (error instanceof SiteError) return error.problems;
  return [systemProblem(error) ?? internalProblem(error)];
}

function internalProblem(error: unknown): Problem {
  return problem('INTERNAL', `${error instanceof Error ? error.message : String(error)}`.split('\n')[0] ?? '');
}

/** Problems as JSON values for a command's `--json` document: code, message, place and hint. */
export function problemsJson(problems: readonly Problem[]): Array<Record<string, unknown>> {
  return problems.map((p) => ({
    code: p.code,
    message: p.message,
    ...(p.file ? { file: p.file } : {}),
    ...(p.line ? { line: p.line } : {}),
    ...(p.column ? { column: p.column } : {}),
    hint: hintOf(p),
  }));
}

/** A problem on one line: `CODE  message hint`. */
export function formatLine(p: Problem): string {
  return `${p.file ? `${p.file}  ` : ''}${p.code}  ${p.message.replace(/\.?$/, '.')} ${hintOf(p)}`;
}

/** Formats the translation report as a table, then how each translation stands against its source. */
export function formatReport(
  report: TranslationReport & { translations?: readonly StatusWithHistory[]; removed?: readonly RemovedRoute[] },
): string {
  // One column per locale, in configured order; the last is not padded.
  const row = (first: string, cells: readonly string[]): string =>
    first.padEnd(36) + cells.map((cell, i) => (i < cells.length - 1 ? cell.padEnd(10) : cell)).join('');
  const lines = ['Translation report', '', row('route', report.locales)];
  for (const page of report.pages)
    lines.push(
      row(
        page.route,
        report.locales.map((l) => page.locales[l] ?? '-'),
      ),
    );
  for (const [locale, ids] of Object.entries(report.missingStrings)) {
    lines.push('', `text ids missing in ${locale}: ${ids.length ? ids.join(', ') : 'none'}`);
  }
  if (report.terms.length) {
    lines.push('', 'terms named in one locale only (content/_terms.yaml):');
    for (const gap of report.terms) {
      const parts = Object.entries(gap.missing)
        .filter(([, concepts]) => concepts.length)
        .map(([locale, concepts]) => `${locale} lacks ${concepts.join(', ')}`);
      lines.push(`  ${gap.route.padEnd(34)}${parts.join('; ')}`);
    }
  }
  if (report.translations) lines.push('', formatStatuses(report.translations, { all: true }).trimEnd());
  if (report.removed?.length) {
    lines.push('', 'pages removed since the previous build of this folder:');
    for (const r of report.removed)
      lines.push(`  ${r.path.padEnd(34)}${r.movedTo ? `moved to ${r.movedTo}` : 'removed, no alias or redirect'}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A progress line on a TTY, shown only once a build has run for a while; a no-op elsewhere. */
export function progressLine(
  stream: NodeJS.WriteStream,
  afterMs: number,
  what = 'rendering pages',
): { update(done: number, total: number): void; clear(): void } {
  const start = Date.now();
  let shown = false;
  let last = 0;
  return {
    update(done, total) {
      if (!stream.isTTY) return;
      const now = Date.now();
      if (now - start < afterMs || (now - last < 100 && done < total)) return;
      last = now;
      shown = true;
      stream.write(`\r  ${what} ${done}/${total}`);
    },
    clear() {
      if (shown) stream.write('\r\x1b[2K');
    },
  };
}
