/**
 * Which blocks of a source changed since a translation was stamped: the recorded block hashes and the
 * current blocks aligned by their longest common subsequence (docs/l10n.md, "Status"). Between two
 * blocks that kept their hash, recorded blocks that are gone and current ones that are new are paired in
 * order as changed; what is left over is removed or added. Pure.
 */
import type { Block } from './blocks.ts';

/** One difference between the recorded source and the current one. */
export type BlockChange =
  /** A current block that stands where a recorded one with another hash stood. */
  | { kind: 'changed'; block: Block; index: number; was: number; before?: string }
  /** A current block with no recorded counterpart. */
  | { kind: 'added'; block: Block; index: number }
  /**
   * A recorded block that is gone: `was` is its position in the record, `after` the current block it
   * stood after (undefined: it was first).
   */
  | { kind: 'removed'; was: number; after?: Block; before?: string };

/** Above this many cells the middle part is not aligned block by block but paired in order. */
const MAX_CELLS = 4_000_000;

/** Pairs of equal positions (recorded, current) of the longest common subsequence of `a` and `b`. */
function commonPairs(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < start; i++) pairs.push([i, i]);
  const n = endA - start;
  const m = endB - start;
  if (n > 0 && m > 0 && n * m <= MAX_CELLS) {
    // lengths[i * (m + 1) + j]: the common subsequence of a[start + i..] and b[start + j..].
    const lengths = new Uint32Array((n + 1) * (m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lengths[i * (m + 1) + j] =
          a[start + i] === b[start + j]
            ? (lengths[(i + 1) * (m + 1) + j + 1] as number) + 1
            : Math.max(lengths[(i + 1) * (m + 1) + j] as number, lengths[i * (m + 1) + j + 1] as number);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (a[start + i] === b[start + j]) {
        pairs.push([start + i, start + j]);
        i++;
        j++;
      } else if ((lengths[(i + 1) * (m + 1) + j] as number) >= (lengths[i * (m + 1) + j + 1] as number)) i++;
      else j++;
    }
  }
  for (let k = 0; k < a.length - endA; k++) pairs.push([endA + k, endB + k]);
  return pairs;
}

/** The changes from the recorded block hashes to the current blocks, in the order of the current page. */
export function diffBlocks(recorded: readonly string[], current: readonly Block[]): BlockChange[] {
  const pairs = commonPairs(
    recorded,
    current.map((block) => block.hash),
  );
  const changes: BlockChange[] = [];
  let was = 0;
  let index = 0;
  for (const [nextWas, nextIndex] of [...pairs, [recorded.length, current.length] as [number, number]]) {
    const gone = nextWas - was;
    const come = nextIndex - index;
    for (let k = 0; k < Math.max(gone, come); k++) {
      if (k < gone && k < come) changes.push({ kind: 'changed', block: current[index + k] as Block, index: index + k, was: was + k });
      else if (k < come) changes.push({ kind: 'added', block: current[index + k] as Block, index: index + k });
      else {
        const after = current[index + come - 1];
        changes.push({ kind: 'removed', was: was + k, ...(after ? { after } : {}) });
      }
    }
    was = nextWas + 1;
    index = nextIndex + 1;
  }
  return changes;
}
