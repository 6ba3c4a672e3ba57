import { describe, expect, it } from 'vitest';
import type { Block } from '../../../../cli/core/l10n/blocks.ts';
import { diffBlocks } from '../../../../cli/core/l10n/block-diff.ts';

const block = (hash: string, line = 0): Block => ({ kind: 'paragraph', line, text: `text ${hash}`, hash });
const blocks = (hashes: string): Block[] => hashes.split(' ').map((hash, i) => block(hash, i + 1));

describe('diffBlocks', () => {
  it('finds nothing when the hashes are the same', () => {
    expect(diffBlocks(['a', 'b'], blocks('a b'))).toEqual([]);
  });

  it('pairs a block that stands where another stood as changed', () => {
    expect(diffBlocks(['a', 'b', 'c'], blocks('a x c'))).toEqual([{ kind: 'changed', block: block('x', 2), index: 1, was: 1 }]);
  });

  it('names an added block and a removed one by position', () => {
    const changes = diffBlocks(['a', 'b', 'c', 'd'], blocks('a c n d'));
    expect(changes).toEqual([
      { kind: 'removed', was: 1, after: block('a', 1) },
      { kind: 'added', block: block('n', 3), index: 2 },
    ]);
  });

  it('says a removed first block stood at the start, and pairs the rest of a rewritten run in order', () => {
    expect(diffBlocks(['a', 'b'], blocks('b'))).toEqual([{ kind: 'removed', was: 0 }]);
    expect(diffBlocks(['a', 'b', 'c'], blocks('x y'))).toEqual([
      { kind: 'changed', block: block('x', 1), index: 0, was: 0 },
      { kind: 'changed', block: block('y', 2), index: 1, was: 1 },
      { kind: 'removed', was: 2, after: block('y', 2) },
    ]);
  });
});
