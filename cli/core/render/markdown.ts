/**
 * Markdown to React: one unified processor (remark-parse, remark-gfm, the site's plugins of
 * cli/core/render/remark/, remark-rehype, rehype-react on react/jsx-runtime), frozen once and reused for
 * every page. Per-page facts (locale, known routes, where to report problems) travel on the VFile, so the
 * processor itself holds no page state.
 */
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import type { Nodes as MdastNode, Root as MdastRoot, Parent as MdastParent, Table } from 'mdast';
import type { Extension as MdastExtension } from 'mdast-util-from-markdown';
import type { ReactElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import rehypeReact from 'rehype-react';
import remarkGfm from 'remark-gfm';
import remarkParse, { type Options as RemarkParseOptions } from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Processor } from 'unified';
import { VFile } from 'vfile';
import type { Section } from '../../../templates/types.ts';
import type { Code } from '../common/errors.ts';
import { DEFAULTS } from '../common/defaults.ts';
import { remarkCdn } from './remark/cdn.ts';
import type { MarkdownContext } from './remark/markdown-context.ts';
import { remarkHeadings } from './remark/headings.ts';
import { remarkLinks } from './remark/body-links.ts';
import { remarkPictures } from './remark/pictures.ts';
import { remarkPlaceholders } from './remark/fill-placeholders.ts';
import { remarkProse } from './remark/prose.ts';
import { remarkSafeUrls } from './remark/safe-urls.ts';
import { remarkStripHtml } from './remark/strip-html.ts';
import { remarkWalk } from './remark/walk.ts';

/** A `##` section of a page: one definition, shared with the templates (templates/types.ts). */
export type { Section } from '../../../templates/types.ts';

/** A page body rendered to React: the whole, the part before the first `##`, and the sections. */
export interface RenderedBody {
  body: ReactElement;
  intro: ReactElement | null;
  sections: Section[];
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

const count = (value: number): string => value.toLocaleString(DEFAULTS.messageLanguage);

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
 * list of ancestors at every level, quadratic in the depth).
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
  // One job per plugin, in this order (a URL is filled, then judged safe, then checked and localised,
  // then shown as a photo or put behind the CDN); all of them share one walk of the tree, remarkWalk.
  .use(remarkProse)
  .use(remarkPlaceholders)
  .use(remarkStripHtml)
  .use(remarkSafeUrls)
  .use(remarkLinks)
  .use(remarkPictures)
  .use(remarkCdn)
  .use(remarkHeadings)
  .use(remarkWalk)
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
