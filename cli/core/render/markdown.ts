/**
 * Markdown to React: one unified processor (remark-parse, remark-gfm, remark-rehype, rehype-react on
 * react/jsx-runtime), frozen once and reused for every page. Per-page facts (locale, known routes, where
 * to report problems) travel on the VFile, so the processor itself holds no page state.
 */
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import type { Image, Link, Nodes as MdastNode, Root as MdastRoot, Parent as MdastParent, Table, Text } from 'mdast';
import type { Extension as MdastExtension } from 'mdast-util-from-markdown';
import { sanitizeUri } from 'micromark-util-sanitize-uri';
import type { ReactElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import rehypeReact from 'rehype-react';
import remarkGfm from 'remark-gfm';
import remarkParse, { type Options as RemarkParseOptions } from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Processor } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import { VFile } from 'vfile';
import type { Locale } from '../../../client/constants.ts';
import type { Section } from '../../../templates/types.ts';
import { problem, type Code, type Problem } from '../common/errors.ts';
import { DEFAULTS } from '../common/defaults.ts';
import { altOf, imageProblem, pictureOf, type ImageTable } from './images.ts';
import { checkInternalLink, type LinkTargets } from './links.ts';
import { fillPlaceholders, findUnknownPlaceholders, unknownPlaceholderMessage, type Placeholders } from '../load/placeholders.ts';
import { decodeSitePath } from '../common/routes.ts';
import { proseProblems } from './prose.ts';
import { positionsIn, type TermBase } from '../load/terms.ts';

/** What rendering one page's Markdown needs to know. */
export interface MarkdownContext {
  file: string;
  /** The file line the Markdown body starts on, so positions point into the real file. */
  bodyLine: number;
  /** The locale of the tree the page is written into (links are localised for it). */
  locale: Locale;
  /** The language the Markdown is written in (a stand-in page's differs from its tree's locale). */
  language?: Locale;
  /** The term base: text using a variant to avoid gets a TERM_VARIANT warning. */
  terms?: TermBase;
  /** The URL path of the page, for resolving relative links. */
  path: string;
  targets: LinkTargets;
  placeholders: Placeholders;
  /** site.yaml's `cdn`, put before the URL of every image from public/ (empty: none). */
  cdn?: string;
  /** The raster images of public/ (cli/core/render/images.ts): an image of one becomes a `<picture>`. */
  images?: ImageTable;
  /** The `sizes` of body photos, from the template's layout; default `BODY_IMAGE_SIZES`. */
  imageSizes?: string;
  warnings: Problem[];
  errors: Problem[];
}

/** A `##` section of a page: one definition, shared with the templates (templates/types.ts). */
export type { Section } from '../../../templates/types.ts';

/** A page body rendered to React: the whole, the part before the first `##`, and the sections. */
export interface RenderedBody {
  body: ReactElement;
  intro: ReactElement | null;
  sections: Section[];
}

/**
 * The `sizes` of a photo in a page body: the prose column, about half the window from 1200 px (its width
 * scales with the window there, templates/site.css `.prose`), at most 46em (736 px) below.
 */
export const BODY_IMAGE_SIZES = '(min-width: 1200px) 48vw, min(100vw, 736px)';

/** The site path an internal URL names (no query, no hash, decoded), or undefined for an external one. */
function sitePathOf(url: string): string | undefined {
  return url.startsWith('/') && !url.startsWith('//') ? decodeSitePath(url.split(/[?#]/)[0] as string) : undefined;
}

/**
 * An image of the body (README, "Images"). A photo (a raster image of public/) becomes a `<picture>` node
 * (hast built here, carried by `data.hChildren`), below the fold and lazy: its alt text is required. Other
 * images stay `<img>`, lazy too, so that React preloads none of them (only a page's LCP image may be).
 * Returns the node to put in the image's place.
 */
function bodyImage(ctx: MarkdownContext, node: Image, url: string): RootContent | undefined {
  const path = sitePathOf(url);
  const images = ctx.images ?? {};
  const alt = altOf(node.alt);
  const lazy = { loading: 'lazy', decoding: 'async' };
  const problemText = path ? imageProblem(path, images) : undefined;
  if (problemText) {
    report(ctx.errors, ctx, 'IMAGE_INVALID', `${problemText}`, node);
    return undefined;
  }
  const info = path ? images[path] : undefined;
  if (!path || !info || 'error' in info) {
    if (alt === undefined) report(ctx.warnings, ctx, 'IMAGE_ALT_MISSING', `The image ${node.url} has no alt text.`, node);
    node.alt = alt ?? '';
    node.data = { ...node.data, hProperties: { ...lazy } };
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
  const picture = pictureOf(path, info, ctx.cdn);
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
          ...lazy,
        }),
      ],
    },
  } as unknown as RootContent;
}

/** Protocols a writer's link or image may use; anything else (javascript:, data:, vbscript:…) is dropped. */
const SAFE_PROTOCOLS = /^(https?|mailto|tel)$/i;

function contextOf(file: VFile): MarkdownContext {
  return file.data.ecom as MarkdownContext;
}

/** Reports at a node's position in the real file. */
function report(
  list: Problem[],
  ctx: MarkdownContext,
  code: Code,
  message: string,
  node: { position?: { start: { line: number; column: number } } },
): void {
  const start = node.position?.start;
  list.push(problem(code, message, { file: ctx.file, ...(start ? { line: start.line + ctx.bodyLine - 1, column: start.column } : {}) }));
}

/**
 * Warns about each `{word}` of a text node that no placeholder fills (PLACEHOLDER_UNKNOWN), at its line and
 * column. Code spans and blocks are other node types, so braces in code never warn.
 */
function reportUnknownPlaceholders(ctx: MarkdownContext, node: Text): void {
  const start = node.position?.start;
  // A text node may span lines (soft breaks); continuation lines lose their indentation in `value`, so
  // the column is exact on the node's first line and counted from the line start after it.
  const position = start ? positionsIn(node.value, start.line + ctx.bodyLine - 1, start.column) : undefined;
  for (const found of findUnknownPlaceholders(node.value, ctx.placeholders))
    ctx.warnings.push(
      problem('PLACEHOLDER_UNKNOWN', unknownPlaceholderMessage(found.name), { file: ctx.file, ...position?.(found.index) }),
    );
}

/**
 * The site's remark plugin: fills placeholders, removes raw HTML and unsafe URLs (with a warning each),
 * checks and localises internal links, and demotes stray level-1 headings.
 */
function remarkSite() {
  return (tree: MdastRoot, file: VFile): void => {
    const ctx = contextOf(file);
    // Nodes to take out (raw HTML) and links to replace by their text (unsafe URLs), with the parents that
    // hold them: done once per parent after the walk, as a splice per node was quadratic in the siblings.
    const removed = new Set<MdastNode>();
    const unwrapped = new Set<MdastNode>();
    const parents = new Set<MdastParent>();
    visit(tree, (node, index, parent) => {
      switch (node.type) {
        case 'html': {
          report(ctx.warnings, ctx, 'RAW_HTML', `Raw HTML was removed: ${JSON.stringify(node.value.slice(0, 60))}.`, node);
          removed.add(node);
          if (parent) parents.add(parent);
          return SKIP;
        }
        case 'text':
          if (ctx.terms && node.position) {
            const { line, column } = node.position.start;
            ctx.warnings.push(
              ...proseProblems(node.value, ctx.language ?? ctx.locale, ctx.terms, ctx.file, { line: line + ctx.bodyLine - 1, column }),
            );
          }
          reportUnknownPlaceholders(ctx, node);
          node.value = fillPlaceholders(node.value, ctx.placeholders);
          return undefined;
        case 'heading':
          if (node.depth === 1) {
            report(ctx.warnings, ctx, 'HEADING_LEVEL', 'A level-1 heading (`#`) in the body was turned into `##`.', node);
            node.depth = 2;
          }
          return undefined;
        case 'image':
        case 'link':
        case 'definition': {
          const url = fillPlaceholders(node.url, ctx.placeholders);
          if (url !== '' && sanitizeUri(url, SAFE_PROTOCOLS) === '') {
            report(ctx.warnings, ctx, 'UNSAFE_URL', `The URL ${JSON.stringify(url.slice(0, 60))} was removed.`, node);
            if (parent) {
              // A link's text stays (and is walked as it is); an image or a definition goes.
              (node.type === 'link' ? unwrapped : removed).add(node);
              parents.add(parent);
              return node.type === 'link' ? undefined : SKIP;
            }
            node.url = '';
            return undefined;
          }
          const checked = checkInternalLink(url, ctx.path, ctx.locale, ctx.targets, node.type === 'image');
          if (checked.error) report(ctx.errors, ctx, 'LINK_BROKEN', checked.error, node);
          if (node.type === 'image' && !checked.error) {
            const picture = bodyImage(ctx, node, checked.url);
            if (picture && parent && index !== undefined) {
              parent.children.splice(index, 1, picture as never);
              return [SKIP, index + 1];
            }
          }
          const linked = node.type === 'image' || checked.error ? undefined : sitePathOf(checked.url);
          // A photo's original is never published (it may hold a GPS position): it is shown, not linked.
          if (linked && ctx.images?.[linked])
            report(
              ctx.errors,
              ctx,
              'LINK_BROKEN',
              `The link "${url}" points to the photo ${linked}, whose original is not published (README, "Images"). Show it as an image instead: \`![what it shows](${linked})\`.`,
              node,
            );
          // Images from public/ may be served from the image CDN (issue 6); links stay on the site.
          node.url =
            node.type === 'image' && ctx.cdn && !checked.error && checked.url.startsWith('/') ? `${ctx.cdn}${checked.url}` : checked.url;
          return undefined;
        }
        default:
          return undefined;
      }
    });
    // Removed nodes first, then links by their (already cleaned) text.
    for (const parent of parents) parent.children = parent.children.filter((child) => !removed.has(child)) as never[];
    for (const parent of parents)
      if (parent.children.some((child) => unwrapped.has(child)))
        parent.children = parent.children.flatMap((child) => (unwrapped.has(child) ? (child as Link).children : [child])) as never[];
  };
}

/**
 * A page the Markdown tools refuse before rendering it, with the problem's code and, where one is known,
 * its line: a line of the page body until `renderMarkdown` makes it a line of the page file.
 */
export class PageRefused extends Error {
  constructor(
    readonly code: Extract<Code, 'PAGE_TOO_DEEP' | 'TABLE_TOO_SPARSE'>,
    message: string,
    public line?: number,
  ) {
    super(message);
  }
}

const count = (value: number): string => value.toLocaleString('en');

/**
 * A page nested deeper than `DEFAULTS.maxNesting`: refused before the tree is walked recursively, with the
 * depth found, or with the line where micromark opened one container too many (the tree was not built).
 */
function nestedTooDeeply(depth: number | undefined, line?: number): PageRefused {
  const max = count(DEFAULTS.maxNesting);
  const levels = depth === undefined ? `more than ${max}` : count(depth);
  return new PageRefused(
    'PAGE_TOO_DEEP',
    `The page's content is nested ${levels} levels deep (block quotes, lists and their items, links, emphasis inside one another); at most ${max} can be rendered.`,
    line,
  );
}

/**
 * A page whose tables leave out more cells than `DEFAULTS.maxFilledCells` (rows with fewer cells than the
 * header, which GFM fills in empty): refused before the cells are made, at the table that went over.
 */
function tableTooSparse(filled: number, table: Table): PageRefused {
  return new PageRefused(
    'TABLE_TOO_SPARSE',
    `The page's tables leave out ${count(filled)} cells, which would be filled in empty (a row with fewer cells than the header is filled up to the header's width); at most ${count(DEFAULTS.maxFilledCells)} are filled in on a page. The table here has ${count(table.align?.length ?? 0)} columns and ${count(table.children.length)} rows.`,
    table.position?.start.line,
  );
}

/**
 * The cells of a GFM table's rows that the header has and the row does not: filled in empty when the
 * table becomes HTML (remark-rehype pads every row to the header's width).
 */
function missingCells(table: Table): number {
  const columns = table.align?.length ?? 0;
  let missing = 0;
  for (const row of table.children) missing += Math.max(0, columns - row.children.length);
  return missing;
}

/**
 * How many levels deep the tree nests (the root's children are at 1), found without recursion: the tree
 * may be too deep to recurse into. One entry per level on the way down, nothing per node. `visit` is
 * called with every node on the way.
 */
export function nestingDepth(root: MdastParent, visit?: (node: MdastNode) => void): number {
  const parents: MdastParent[] = [root];
  const next: number[] = [0];
  let deepest = 0;
  while (parents.length > 0) {
    const top = parents.length - 1;
    const child = (parents[top] as MdastParent).children[(next[top] as number)++];
    if (!child) {
      parents.pop();
      next.pop();
      continue;
    }
    visit?.(child);
    if ('children' in child && child.children.length > 0) {
      parents.push(child);
      next.push(0);
      deepest = Math.max(deepest, parents.length - 1);
    }
  }
  return deepest;
}

/**
 * Refuses a tree nested deeper than `DEFAULTS.maxNesting`, or whose tables leave out more cells than
 * `DEFAULTS.maxFilledCells`, as soon as it is built, before anything walks it recursively or makes the
 * cells: a transform of mdast-util-from-markdown, registered before remark-gfm's (whose walk copies the
 * list of ancestors at every level, quadratic in the depth: ~9 s at 12,000 levels).
 */
function remarkPageLimits(this: Processor): void {
  const data = this.data();
  const limit: MdastExtension = {
    transforms: [
      (tree) => {
        let filled = 0;
        const depth = nestingDepth(tree, (node) => {
          if (node.type !== 'table') return;
          filled += missingCells(node);
          if (filled > DEFAULTS.maxFilledCells) throw tableTooSparse(filled, node);
        });
        if (depth > DEFAULTS.maxNesting) throw nestedTooDeeply(depth);
      },
    ],
  };
  data.fromMarkdownExtensions = [...(data.fromMarkdownExtensions ?? []), limit];
}

/**
 * `maxContainers` is read by micromark as patched at install (patches/README.md; declared in
 * micromark-options.d.ts, so that this is checked): block quotes and list items nested deeper are refused
 * while parsing, where each costs a walk of those open at every line.
 */
const parseOptions: RemarkParseOptions = { maxContainers: DEFAULTS.maxNesting };

const processor = unified()
  .use(remarkParse, parseOptions)
  .use(remarkPageLimits)
  .use(remarkGfm)
  .use(remarkSite)
  .use(remarkRehype)
  .use(rehypeReact, { Fragment, jsx, jsxs })
  .freeze();

function textOf(node: ElementContent | RootContent): string {
  if (node.type === 'text') return node.value;
  if ('children' in node) return (node.children as ElementContent[]).map(textOf).join('');
  return '';
}

function isH2(node: RootContent): node is Element {
  return node.type === 'element' && node.tagName === 'h2';
}

/**
 * Renders a page body. Problems go to `ctx.warnings` / `ctx.errors` while it is parsed; the caller decides
 * what is fatal. The React elements are made when first read: a template shows either the whole body or
 * its intro and sections, and making the other one too cost allocations for nothing.
 */
export function renderMarkdown(markdown: string, ctx: MarkdownContext): RenderedBody {
  const file = new VFile({ value: markdown, path: ctx.file, data: { ecom: ctx } });
  let tree: MdastRoot;
  try {
    tree = processor.parse(file);
  } catch (error) {
    const { code, line } = error as { code?: string; line?: number };
    const refused = code === 'MICROMARK_MAX_CONTAINERS' ? nestedTooDeeply(undefined, line) : error;
    // Lines of the body become lines of the page file.
    if (refused instanceof PageRefused && refused.line !== undefined) refused.line += ctx.bodyLine - 1;
    throw refused;
  }
  const hast = processor.runSync(tree, file) as HastRoot;
  const compile = (children: RootContent[]): ReactElement => processor.stringify({ type: 'root', children }, file) as ReactElement;
  let body: ReactElement | undefined;
  let parts: Omit<RenderedBody, 'body'> | undefined;
  const split = (): Omit<RenderedBody, 'body'> => {
    const firstH2 = hast.children.findIndex(isH2);
    const introNodes = firstH2 === -1 ? hast.children : hast.children.slice(0, firstH2);
    const sections: Section[] = [];
    if (firstH2 !== -1) {
      let current: { heading: Element; nodes: RootContent[] } | undefined;
      const flush = (): void => {
        if (current)
          sections.push({
            title: textOf(current.heading).trim(),
            heading: compile(current.heading.children as RootContent[]),
            body: compile(current.nodes),
          });
      };
      for (const node of hast.children.slice(firstH2)) {
        if (isH2(node)) {
          flush();
          current = { heading: node, nodes: [] };
        } else current?.nodes.push(node);
      }
      flush();
    }
    const hasIntro = introNodes.some((node) => !(node.type === 'text' && node.value.trim() === ''));
    return { intro: hasIntro ? compile(introNodes) : null, sections };
  };
  return {
    get body() {
      body ??= compile(hast.children);
      return body;
    },
    get intro() {
      parts ??= split();
      return parts.intro;
    },
    get sections() {
      parts ??= split();
      return parts.sections;
    },
  };
}
