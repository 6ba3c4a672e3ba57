import { describe, expect, it } from 'vitest';
import { positionsIn } from '../../../../cli/core/text/positions.ts';
import { random } from '../../../helpers/random.ts';

describe('positionsIn', () => {
  it('places an offset by line and column in the file', () => {
    expect(positionsIn('ab\ncd反色', 10, 3)(5)).toEqual({ line: 11, column: 3 });
    expect(positionsIn('ab反色', 10, 3)(2)).toEqual({ line: 10, column: 5 });
  });

  it('places every offset of any text as counting the lines before it does (seeded)', () => {
    // The definition: the lines of the text before the offset, the column on the last of them.
    const counted = (text: string, index: number, line: number, column: number) => {
      const lines = text.slice(0, index).split('\n');
      return lines.length === 1
        ? { line, column: column + index }
        : { line: line + lines.length - 1, column: (lines.at(-1) as string).length + 1 };
    };
    for (const seed of [1, 2, 3, 4, 5]) {
      const next = random(seed);
      for (let i = 0; i < 200; i++) {
        const text = Array.from({ length: Math.floor(next() * 30) }, () => ['a', '\n', '反', ' ', '\n\n'][Math.floor(next() * 5)]).join('');
        const [line, column] = [1 + Math.floor(next() * 9), 1 + Math.floor(next() * 9)];
        const position = positionsIn(text, line, column);
        for (let index = 0; index <= text.length; index++)
          expect(position(index), `seed ${seed}: ${JSON.stringify(text)} at ${index}`).toEqual(counted(text, index, line, column));
      }
    }
  });
});
