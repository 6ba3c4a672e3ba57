/**
 * remarkCdn: images of the site served from the image CDN when site.yaml names one (docs/writing.md,
 * "site.yaml"); links stay on the site.
 */
import type { Processor } from 'unified';
import { addHandlers } from './walk.ts';

/** Puts site.yaml's `cdn` before the URL of every image of the site. */
export function remarkCdn(this: Processor): void {
  addHandlers(this, {
    image(node, _index, _parent, { ctx }) {
      if (ctx.cdn && node.url.startsWith('/')) node.url = `${ctx.cdn}${node.url}`;
      return undefined;
    },
  });
}
