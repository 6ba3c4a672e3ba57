/**
 * The side-by-side check of the site's copy (`npm run copy:side-by-side`, docs/copy-and-filing.md, "Side by side"):
 * for each page and its translation, the front matter fields, headings, paragraphs, list items and table
 * rows written in one language only. Prints one line per such block (`file:line  kind  text`) under its
 * page pair, then a count; exits 1 when any block is unpaired, so it can gate a release.
 * `--content DIR` checks another content folder.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SiteError } from '../cli/core/common/errors.ts';
import { unpairedBlocks } from '../cli/core/l10n/align.ts';
import { blocksOf, type Block } from '../cli/core/l10n/blocks.ts';
import { readPages } from '../cli/core/l10n/pages.ts';
import { pairTranslations } from '../cli/core/l10n/status.ts';
import { loadSiteConfig } from '../cli/core/load/config.ts';

/** One page pair and the blocks each page has that the other lacks. */
export interface PairFinding {
  route: string;
  source: { file: string; only: Block[] };
  translation: { file: string; only: Block[] };
}

/** Every translated page of `contentDir` paired with its source, and the blocks written in one language only. */
export async function sideBySide(contentDir: string): Promise<PairFinding[]> {
  const { locales } = await loadSiteConfig(contentDir);
  const pages = await readPages(contentDir, locales);
  const { pairs, problems } = pairTranslations(pages, locales);
  if (problems.length) throw new SiteError(problems);
  return pairs
    .map(({ page, source }) => {
      const { onlyA, onlyB } = unpairedBlocks(blocksOf(source), blocksOf(page));
      return { route: page.route, source: { file: source.file, only: onlyA }, translation: { file: page.file, only: onlyB } };
    })
    .sort((x, y) => x.route.localeCompare(y.route));
}

/** The findings as text: each pair with unpaired blocks, its blocks by file and line, then a summary line. */
export function formatFindings(findings: readonly PairFinding[]): string {
  const shorten = (text: string): string => (text.length > 100 ? `${text.slice(0, 99)}…` : text);
  const lines: string[] = [];
  for (const finding of findings) {
    const blocks = [
      ...finding.source.only.map((block) => ({ file: finding.source.file, block })),
      ...finding.translation.only.map((block) => ({ file: finding.translation.file, block })),
    ];
    if (!blocks.length) continue;
    lines.push(`${finding.route}  (${finding.source.file} ⇄ ${finding.translation.file})`);
    for (const { file, block } of blocks) {
      const kind = block.kind === 'field' ? `field ${block.field}` : block.kind;
      lines.push(`  ${file}:${block.line}  ${kind}  ${shorten(block.text)}`);
    }
  }
  const unpaired = findings.reduce((n, f) => n + f.source.only.length + f.translation.only.length, 0);
  const pairsWith = findings.filter((f) => f.source.only.length + f.translation.only.length > 0).length;
  lines.push(
    `${findings.length} page pair(s) compared; ${unpaired} block(s) in one language only${unpaired ? `, on ${pairsWith} pair(s)` : ''}.`,
  );
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--content');
  const contentDir = resolve(at > 0 ? (process.argv[at + 1] ?? 'content') : 'content');
  try {
    const findings = await sideBySide(contentDir);
    process.stdout.write(formatFindings(findings));
    process.exitCode = findings.some((f) => f.source.only.length + f.translation.only.length) ? 1 : 0;
  } catch (error) {
    if (!(error instanceof SiteError)) throw error;
    for (const p of error.problems) process.stderr.write(`${p.file ?? ''}${p.line ? `:${p.line}` : ''}  ${p.code}  ${p.message}\n`);
    process.exitCode = 1;
  }
}
