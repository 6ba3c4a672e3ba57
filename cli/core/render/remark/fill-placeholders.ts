/**
 * remarkPlaceholders: `{phone}`, `{email}`, `{company}` and the other placeholders of site.yaml filled in
 * the body's text and in every URL (docs/writing.md, "Body: Markdown rules"). Code spans and blocks are other
 * node types, so braces in code are left alone and never warn.
 */
import type { Definition, Image, Link, Text } from 'mdast';
import type { Processor } from 'unified';
import { fillPlaceholders, findUnknownPlaceholders, unknownPlaceholder } from '../../text/placeholders.ts';
import { positionsIn } from '../../text/positions.ts';
import { addHandlers, type Handler } from './walk.ts';

/** Fills a text node, warning about each `{word}` that no placeholder fills (PLACEHOLDER_UNKNOWN) at its line and column. */
const fillText: Handler<Text> = (node, _index, _parent, { ctx }) => {
  const start = node.position?.start;
  // A text node may span lines (soft breaks); continuation lines lose their indentation in `value`, so
  // the column is exact on the node's first line and counted from the line start after it.
  const position = start ? positionsIn(node.value, start.line + ctx.bodyLine - 1, start.column) : undefined;
  for (const found of findUnknownPlaceholders(node.value, ctx.placeholders))
    ctx.warnings.push(unknownPlaceholder(found.name, { file: ctx.file, ...position?.(found.index) }));
  node.value = fillPlaceholders(node.value, ctx.placeholders);
  return undefined;
};

/** Fills a URL; the plugins after this one see it filled (a `mailto:{email}` link is checked as the address). */
const fillUrl: Handler<Link | Image | Definition> = (node, _index, _parent, { ctx }) => {
  node.url = fillPlaceholders(node.url, ctx.placeholders);
  return undefined;
};

/** Fills placeholders in the body's text and URLs. */
export function remarkPlaceholders(this: Processor): void {
  addHandlers(this, { text: fillText, link: fillUrl, image: fillUrl, definition: fillUrl });
}
