/**
 * Where an offset of a text lies in its file, as line and column: the warnings about a text (terms,
 * spacing, placeholders) name the place, whether the text is front matter or a Markdown node.
 */

/**
 * Line and column of offsets in `text`, which starts at `line` and `column` of its file. The line starts
 * are found once, on the first call, and each offset by a binary search: a text with many problems is not
 * scanned from its start for each (that was quadratic in a long paragraph).
 */
export function positionsIn(text: string, line = 1, column = 1): (index: number) => { line: number; column: number } {
  let starts: number[] | undefined;
  return (index) => {
    if (!starts) {
      starts = [0];
      for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
    }
    // The last line start at or before `index` (a newline just before `index` starts its line).
    let [low, high] = [0, starts.length - 1];
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= index) low = middle;
      else high = middle - 1;
    }
    return low === 0 ? { line, column: column + index } : { line: line + low, column: index - (starts[low] as number) + 1 };
  };
}
