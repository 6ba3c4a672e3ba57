/**
 * remarkSafeUrls: `javascript:` and every other URL of a protocol outside `SAFE_PROTOCOLS` never reach
 * the output (docs/writing.md, "Body: Markdown rules"), however the writer encoded it: micromark's own sanitiser
 * decides, on the URL with its placeholders filled.
 */
import type { Definition, Image, Link } from 'mdast';
import { sanitizeUri } from 'micromark-util-sanitize-uri';
import type { Processor } from 'unified';
import { CONTINUE, SKIP } from 'unist-util-visit';
import { addHandlers, report, type Handler } from './walk.ts';

/** Protocols a writer's link or image may use; anything else (javascript:, data:, vbscript:…) is dropped. */
const SAFE_PROTOCOLS = /^(https?|mailto|tel)$/i;

/**
 * Drops a node with an unsafe URL, with an UNSAFE_URL warning: a link's text stays (and is walked as it
 * is), an image or a definition goes. No plugin after this one sees the node.
 */
const dropUnsafe: Handler<Link | Image | Definition> = (node, _index, parent, walk) => {
  const url = node.url;
  if (url === '' || sanitizeUri(url, SAFE_PROTOCOLS) !== '') return undefined;
  report(walk.ctx.warnings, walk.ctx, 'UNSAFE_URL', `The URL ${JSON.stringify(url.slice(0, 60))} was removed.`, node);
  if (!parent) {
    node.url = '';
    return CONTINUE;
  }
  if (node.type === 'link') {
    walk.unwrap(node, parent);
    return CONTINUE;
  }
  walk.remove(node, parent);
  return SKIP;
};

/** Removes links, images and definitions whose URL is unsafe. */
export function remarkSafeUrls(this: Processor): void {
  addHandlers(this, { link: dropUnsafe, image: dropUnsafe, definition: dropUnsafe });
}
