/**
 * The side-by-side check of a page and its translation (docs/copy-and-filing.md, "Side by side"): the blocks each has
 * that the other lacks. Both pages are read as blocks (cli/core/l10n/blocks.ts: front matter fields,
 * headings, paragraphs, list items, table rows); front matter fields pair by their path
 * (`highlights[3].text`), body blocks by an alignment that keeps their order and pairs only blocks of one
 * kind (a heading only with a heading of its level), preferring pairs that share what a translation keeps
 * as it is: link targets, numbers, placeholders and Latin names (DROC, DICOM). What is left unpaired is
 * written in one language only: a paragraph lost or added in translation, a list item too many. Pure.
 */
import type { Block } from './blocks.ts';

/** The blocks of a page pair that the other page lacks: `a` has `onlyA`, `b` has `onlyB`, in page order. */
export interface Unpaired {
  onlyA: Block[];
  onlyB: Block[];
}

/** What a translation carries over unchanged: link targets, numbers, placeholders and Latin names such as DROC. */
const ANCHOR = /\]\(([^)\s]+)\)|\{\w+\}|\d+(?:\.\d+)?|\b[A-Z][A-Za-z0-9_]*[A-Z0-9]\b/g;

function anchorsOf(text: string): Set<string> {
  return new Set([...text.matchAll(ANCHOR)].map((m) => m[1] ?? m[0]));
}

/** The kind a block pairs by: a heading with its level (`heading 2`), any other block by its kind. */
function pairKind(block: Block): string {
  return block.kind === 'heading' ? `heading ${/^#+/.exec(block.text)?.[0].length ?? 0}` : block.kind;
}

/** How well two blocks of one kind pair: 1, plus up to 1 for the anchors they share (a half when neither has any). */
function pairScore(a: Block, aAnchors: Set<string>, b: Block, bAnchors: Set<string>): number {
  if (pairKind(a) !== pairKind(b)) return 0;
  if (aAnchors.size === 0 && bAnchors.size === 0) return 1.5;
  const shared = [...aAnchors].filter((x) => bAnchors.has(x)).length;
  return 1 + shared / (aAnchors.size + bAnchors.size - shared);
}

/** Pairs the body blocks of two pages in order (the best-scoring alignment) and returns those left over. */
function alignBody(a: readonly Block[], b: readonly Block[]): Unpaired {
  const aAnchors = a.map((block) => anchorsOf(block.text));
  const bAnchors = b.map((block) => anchorsOf(block.text));
  // best[i][j]: the best total for a[i..] and b[j..]; filled from the end so the walk below goes forward.
  const best = Array.from({ length: a.length + 1 }, () => new Float64Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const score = pairScore(a[i] as Block, aAnchors[i] as Set<string>, b[j] as Block, bAnchors[j] as Set<string>);
      const row = best[i] as Float64Array;
      row[j] = Math.max(
        score ? score + ((best[i + 1] as Float64Array)[j + 1] as number) : 0,
        (best[i + 1] as Float64Array)[j] as number,
        row[j + 1] as number,
      );
    }
  }
  const onlyA: Block[] = [];
  const onlyB: Block[] = [];
  let [i, j] = [0, 0];
  while (i < a.length && j < b.length) {
    const here = (best[i] as Float64Array)[j] as number;
    const score = pairScore(a[i] as Block, aAnchors[i] as Set<string>, b[j] as Block, bAnchors[j] as Set<string>);
    if (score && here === score + ((best[i + 1] as Float64Array)[j + 1] as number)) {
      i++;
      j++;
    } else if (here === ((best[i + 1] as Float64Array)[j] as number)) onlyA.push(a[i++] as Block);
    else onlyB.push(b[j++] as Block);
  }
  onlyA.push(...a.slice(i));
  onlyB.push(...b.slice(j));
  return { onlyA, onlyB };
}

/** The blocks of two pages (a page and its translation) that have no counterpart in the other. */
export function unpairedBlocks(a: readonly Block[], b: readonly Block[]): Unpaired {
  const fields = (blocks: readonly Block[]): Block[] => blocks.filter((block) => block.kind === 'field');
  const body = (blocks: readonly Block[]): Block[] => blocks.filter((block) => block.kind !== 'field');
  const aFields = new Set(fields(a).map((block) => block.field));
  const bFields = new Set(fields(b).map((block) => block.field));
  const aligned = alignBody(body(a), body(b));
  return {
    onlyA: [...fields(a).filter((block) => !bFields.has(block.field)), ...aligned.onlyA],
    onlyB: [...fields(b).filter((block) => !aFields.has(block.field)), ...aligned.onlyB],
  };
}
