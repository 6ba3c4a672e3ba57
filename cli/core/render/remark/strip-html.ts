/** remarkStripHtml: raw HTML never reaches the output (docs/writing.md, "Body: Markdown rules"). */
import type { Processor } from 'unified';
import { SKIP } from 'unist-util-visit';
import { addHandlers, report } from './walk.ts';

/** Removes raw HTML from the body, with a RAW_HTML warning each. */
export function remarkStripHtml(this: Processor): void {
  addHandlers(this, {
    html(node, _index, parent, walk) {
      report(walk.ctx.warnings, walk.ctx, 'RAW_HTML', `Raw HTML was removed: ${JSON.stringify(node.value.slice(0, 60))}.`, node);
      if (parent) walk.remove(node, parent);
      return SKIP;
    },
  });
}
