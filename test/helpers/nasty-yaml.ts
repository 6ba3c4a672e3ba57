/** YAML that has broken parsers, shared by the front matter fuzz and the CLI's front matter tests. */

/** The "billion laughs": `levels` anchors, each a list of ten aliases of the one before (10^levels values). */
export function aliasBomb(levels: number): string {
  let text = 'l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n';
  for (let i = 1; i < levels; i++)
    text += `l${i}: &l${i} [${Array(10)
      .fill(`*l${i - 1}`)
      .join(', ')}]\n`;
  return text;
}
