/**
 * remarkPictures: the body's images (docs/writing.md, "Images"). A photo (a raster image of public/) becomes a
 * `<picture>` of its encoded files, below the fold and lazy, and its alt text is required. Other images
 * stay `<img>`, lazy too, so that React preloads none of them (only a page's LCP image may be).
 */
import type { Element } from 'hast';
import type { Image, RootContent } from 'mdast';
import type { Processor } from 'unified';
import { SKIP } from 'unist-util-visit';
import { altOf, imageProblem, pictureOf } from '../../images/images.ts';
import type { MarkdownContext } from './markdown-context.ts';
import { addHandlers, report, sitePathOf, type Handler } from './walk.ts';

/**
 * The `sizes` of a photo in a page body: the prose column, about half the window from 1200 px (its width
 * scales with the window there, templates/site.css `.prose`), at most 46em (736 px) below.
 */
export const BODY_IMAGE_SIZES = '(min-width: 1200px) 48vw, min(100vw, 736px)';

const LAZY = { loading: 'lazy', decoding: 'async' };

/** The `<picture>` node of a photo: hast built here, carried by `data.hChildren`. */
function pictureNode(ctx: MarkdownContext, picture: ReturnType<typeof pictureOf>, alt: string | undefined): RootContent {
  const sizes = ctx.imageSizes ?? BODY_IMAGE_SIZES;
  const element = (tagName: string, properties: Record<string, string | number>): Element => ({
    type: 'element',
    tagName,
    properties,
    children: [],
  });
  return {
    type: 'picture',
    children: [],
    data: {
      hName: 'picture',
      hChildren: [
        ...picture.sources.map((source) => element('source', { type: source.type, srcSet: source.srcSet, sizes })),
        element('img', {
          src: picture.src,
          srcSet: picture.srcSet,
          sizes,
          width: picture.width,
          height: picture.height,
          alt: alt ?? '',
          ...LAZY,
        }),
      ],
    },
  } as unknown as RootContent;
}

/**
 * An image of the body, its URL checked already (remarkLinks): a photo is put in its place as a
 * `<picture>`, whose URLs carry the CDN already, so no plugin after this one sees it.
 */
const showImage: Handler<Image> = (node, index, parent, walk) => {
  const { ctx } = walk;
  const path = sitePathOf(node.url);
  const images = ctx.images ?? {};
  const alt = altOf(node.alt);
  const problemText = path ? imageProblem(path, images) : undefined;
  if (problemText) {
    report(ctx.errors, ctx, 'IMAGE_INVALID', `${problemText}`, node);
    return undefined;
  }
  const info = path ? images[path] : undefined;
  if (!path || !info || 'error' in info) {
    if (alt === undefined) report(ctx.warnings, ctx, 'IMAGE_ALT_MISSING', `The image ${walk.written} has no alt text.`, node);
    node.alt = alt ?? '';
    node.data = { ...node.data, hProperties: { ...LAZY } };
    return undefined;
  }
  if (alt === undefined)
    report(
      ctx.errors,
      ctx,
      'IMAGE_ALT_REQUIRED',
      `The photo ${path} has no alt text. Describe it (\`![what it shows](${path})\`), or mark it decorative with \`![""](${path})\`.`,
      node,
    );
  if (!parent || index === undefined) return undefined;
  parent.children.splice(index, 1, pictureNode(ctx, pictureOf(path, info, ctx.cdn), alt) as never);
  return [SKIP, index + 1];
};

/** Shows the body's images: photos as `<picture>`, every image lazy. */
export function remarkPictures(this: Processor): void {
  addHandlers(this, { image: showImage });
}
