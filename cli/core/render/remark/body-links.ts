/**
 * remarkLinks: every internal link and image URL checked and localised (cli/core/common/link-targets.ts;
 * docs/writing.md, "Body: Markdown rules"): `/DROC` on an English page becomes `/en/DROC`, and a URL that leads nowhere is
 * a LINK_BROKEN error at its line.
 */
import type { Definition, Image, Link } from 'mdast';
import type { Processor } from 'unified';
import { CONTINUE } from 'unist-util-visit';
import { checkInternalLink } from '../../common/link-targets.ts';
import { ROOT_BASE_PATH, urlOf } from '../../common/base-path.ts';
import { addHandlers, report, sitePathOf, type Handler } from './walk.ts';

/** Checks and localises a URL. A broken one is written as it is, and no plugin after this one sees the node. */
const checkLink: Handler<Link | Image | Definition> = (node, _index, _parent, { ctx }) => {
  const url = node.url;
  const checked = checkInternalLink(url, ctx.path, ctx.locale, ctx.targets, node.type === 'image');
  node.url = checked.url;
  if (checked.error) {
    report(ctx.errors, ctx, 'LINK_BROKEN', checked.error, node);
    return CONTINUE;
  }
  if (checked.moved) report(ctx.warnings, ctx, 'LINK_TO_ALIAS', checked.moved, node);
  const linked = node.type === 'image' ? undefined : sitePathOf(checked.url);
  // A photo's original is never published (it may hold a GPS position): it is shown, not linked.
  if (linked && ctx.images?.[linked])
    report(
      ctx.errors,
      ctx,
      'LINK_BROKEN',
      `The link "${url}" points to the photo ${linked}, whose original is not published (docs/writing.md, "Images"). Show it as an image instead: \`![what it shows](${linked})\`.`,
      node,
      { photo: true },
    );
  // Images are put under the base path with the CDN (remark/cdn.ts); links to pages and files here.
  if (node.type !== 'image' && sitePathOf(checked.url) !== undefined) node.url = urlOf(ctx.basePath ?? ROOT_BASE_PATH, checked.url);
  return undefined;
};

/** Checks and localises the URLs of links, images and definitions. */
export function remarkLinks(this: Processor): void {
  addHandlers(this, { link: checkLink, image: checkLink, definition: checkLink });
}
