/**
 * remarkHeadings: the template prints the page's title as its only h1 (docs/writing.md, "Body: Markdown rules"),
 * so a `#` in the body is demoted to `##`.
 */
import type { Processor } from 'unified';
import { addHandlers, report } from './walk.ts';

/** Demotes level-1 headings of the body, with a HEADING_LEVEL warning each. */
export function remarkHeadings(this: Processor): void {
  addHandlers(this, {
    heading(node, _index, _parent, { ctx }) {
      if (node.depth !== 1) return undefined;
      report(ctx.warnings, ctx, 'HEADING_LEVEL', 'A level-1 heading (`#`) in the body was turned into `##`.', node);
      node.depth = 2;
      return undefined;
    },
  });
}
