/**
 * A source page as a list of translatable blocks (docs/l10n.md, "What counts as a change"): its
 * translatable front matter fields, then its body's headings, paragraphs, list items, table rows and code
 * blocks, each with a normalized text. Normalizing from the parsed Markdown tree means that reflowing a
 * paragraph, changing spaces or spelling `_x_` as `*x*` changes nothing; a changed word, link or number
 * does. Pure.
 */
import { createHash } from 'node:crypto';
import type { Nodes, Parent, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse, { type Options as RemarkParseOptions } from 'remark-parse';
import { unified } from 'unified';
import { DEFAULTS } from '../common/defaults.ts';

/** One translatable block of a source page. */
export interface Block {
  /** `heading`, `paragraph`, `list item`, `table row`, `code`, `html`, `definition`, or `field` (front matter). */
  kind: string;
  /** The front matter path of a field (`title`, `highlights[0].text`); absent for the body's blocks. */
  field?: string;
  /** The line of the page file it starts on (1-based; 0 when unknown). */
  line: number;
  /** The normalized text. */
  text: string;
  /** The short hash a translation's record keeps (`hashBlock`). */
  hash: string;
}

/** What a source page is read from: its front matter, its Markdown body and where the body starts. */
export interface SourceText {
  data: Record<string, unknown>;
  body: string;
  /** The file line the body starts on (1-based). */
  bodyLine: number;
  /** The line of a front matter field, where known. */
  lineOf?: (path: ReadonlyArray<string | number>) => number;
}

/**
 * Front matter fields that hold no text to translate: the page's settings, dates, paths and routes, and
 * the translation record itself. Every other string or number field is translatable.
 */
const NOT_TEXT: ReadonlySet<string> = new Set(['template', 'draft', 'date', 'updated', 'order', 'icon', 'card', 'source', 'src', 'route']);

/** Characters of scripts written without spaces between words: a line break or space between two of them is no change. */
const UNSPACED = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u3000-\\u303f\\uff00-\\uffef';
const SPACE_BY_UNSPACED = new RegExp(`(?<=[${UNSPACED}]) | (?=[${UNSPACED}])`, 'gu');

/** Whitespace runs become one space, none at the ends and none beside a Chinese or Japanese character. */
export function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(SPACE_BY_UNSPACED, '');
}

/** The short hash of a block, as a translation's record keeps it: 4 hex digits of its kind, field and text. */
export function hashBlock(kind: string, field: string | undefined, text: string): string {
  return createHash('sha256')
    .update(`${kind}\0${field ?? ''}\0${text}`)
    .digest('hex')
    .slice(0, 4);
}

/** The version of a source: 8 hex digits over every block's kind, field and full text, in order. */
export function versionOf(blocks: readonly Block[]): string {
  const hash = createHash('sha256');
  for (const block of blocks) hash.update(`${block.kind}\0${block.field ?? ''}\0${block.text}\n`);
  return hash.digest('hex').slice(0, 8);
}

function makeBlock(kind: string, text: string, line: number, field?: string): Block {
  return { kind, ...(field === undefined ? {} : { field }), line, text, hash: hashBlock(kind, field, text) };
}

/** The translatable front matter fields, in the order written. */
function fieldBlocks(source: SourceText): Block[] {
  const blocks: Block[] = [];
  const walk = (value: unknown, path: Array<string | number>): void => {
    if (typeof value === 'string' || typeof value === 'number') {
      const text = normalizeSpace(String(value));
      const field = path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i ? `.${part}` : part)).join('');
      if (text) blocks.push(makeBlock('field', text, source.lineOf?.(path) ?? 0, field));
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, [...path, i]);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) if (!NOT_TEXT.has(key)) walk(item, [...path, key]);
    }
  };
  walk(source.data, []);
  return blocks;
}

// The parser of the build (remark-parse with GFM), with its bound on nested containers (docs/performance.md, "Linear parsing: the edit-map and emphasis fixes").
const parser = unified()
  .use(remarkParse, { maxContainers: DEFAULTS.maxNesting } as RemarkParseOptions)
  .use(remarkGfm)
  .freeze();

/** The link definitions of a body, by their normalized label: what references point to. */
type Definitions = ReadonlyMap<string, string>;

/**
 * A link or image target in one spelling: percent-escapes decoded (`/a%20b` and `</a b>` are one link once
 * rendered). A target that does not decode is kept as written.
 */
function sameUrl(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/**
 * The text of inline content, with its markup in one spelling: `*em*`, `**strong**`, `[text](url)`. A
 * reference (`[text][id]`, `[id][]`, `[id]`) is written as the inline link it renders as, with its
 * definition's target, so that moving a target into a definition or out of one changes nothing.
 */
function inlineText(node: Nodes, definitions: Definitions): string {
  const childText = (parent: Parent): string => childrenText(parent, definitions);
  switch (node.type) {
    case 'text':
    case 'html':
      return node.value;
    case 'inlineCode':
      return `\`${node.value}\``;
    case 'break':
      return ' ';
    case 'image':
      return `![${node.alt ?? ''}](${sameUrl(node.url)})`;
    case 'imageReference': {
      const url = definitions.get(node.identifier);
      return url === undefined ? `![${node.alt ?? ''}][${node.identifier}]` : `![${node.alt ?? ''}](${url})`;
    }
    case 'linkReference': {
      const url = definitions.get(node.identifier);
      return url === undefined ? `[${childText(node)}][${node.identifier}]` : `[${childText(node)}](${url})`;
    }
    case 'footnoteReference':
      return `[^${node.identifier}]`;
    case 'emphasis':
      return `*${childText(node)}*`;
    case 'strong':
      return `**${childText(node)}**`;
    case 'delete':
      return `~~${childText(node)}~~`;
    case 'link':
      return `[${childText(node)}](${sameUrl(node.url)})`;
    default:
      return 'children' in node ? childText(node) : '';
  }
}

function childrenText(node: Parent, definitions: Definitions): string {
  return node.children.map((child) => inlineText(child as Nodes, definitions)).join('');
}

/** The link definitions of a body (the first of a label wins, as CommonMark says), found without recursion. */
function definitionsOf(root: Root): Definitions {
  const found = new Map<string, string>();
  const stack: Nodes[] = [root];
  while (stack.length) {
    const node = stack.pop() as Nodes;
    if (node.type === 'definition') {
      if (!found.has(node.identifier)) found.set(node.identifier, sameUrl(node.url));
    } else if ('children' in node && node.type !== 'paragraph' && node.type !== 'heading' && node.type !== 'table') {
      // In reverse, so that the first child is taken first: document order.
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
    }
  }
  return found;
}

/** The body's blocks, found without recursion over the containers (lists, quotes, tables, footnotes). */
function bodyBlocks(root: Root, bodyLine: number): Block[] {
  const definitions = definitionsOf(root);
  const childText = (node: Parent): string => childrenText(node, definitions);
  const blocks: Block[] = [];
  const stack: Array<{ node: Nodes; inItem: boolean }> = [...root.children].reverse().map((node) => ({ node, inItem: false }));
  while (stack.length) {
    const { node, inItem } = stack.pop() as { node: Nodes; inItem: boolean };
    const line = node.position ? node.position.start.line + bodyLine - 1 : 0;
    const add = (kind: string, text: string): void => {
      if (text) blocks.push(makeBlock(kind, text, line));
    };
    switch (node.type) {
      case 'heading':
        add('heading', `${'#'.repeat(node.depth)} ${normalizeSpace(childText(node))}`);
        break;
      case 'paragraph':
        add(inItem ? 'list item' : 'paragraph', normalizeSpace(childText(node)));
        break;
      case 'code':
        // Spaces inside code are part of it; only trailing ones and blank lines at the ends are not.
        add('code', `\`\`\`${node.lang ?? ''}\n${node.value.replace(/[ \t]+$/gm, '').replace(/^\n+|\n+$/g, '')}`);
        break;
      case 'html':
        add('html', normalizeSpace(node.value));
        break;
      case 'definition':
        // A definition renders nothing itself: its target is part of each reference that uses it.
        break;
      case 'table':
        for (const row of node.children) {
          const rowLine = row.position ? row.position.start.line + bodyLine - 1 : line;
          const text = row.children.map((cell) => normalizeSpace(childText(cell))).join(' | ');
          blocks.push(makeBlock('table row', text, rowLine));
        }
        break;
      default:
        if ('children' in node) {
          const item = node.type === 'listItem' || (inItem && node.type !== 'list' && node.type !== 'blockquote');
          for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i] as Nodes, inItem: item });
        }
    }
  }
  return blocks;
}

/**
 * The blocks of a source page: its translatable front matter fields, then its body's. A body the
 * Markdown parser refuses (nested too deeply: the build reports it) is one block of its whole text.
 */
export function blocksOf(source: SourceText): Block[] {
  let body: Block[];
  try {
    body = bodyBlocks(parser.parse(source.body), source.bodyLine);
  } catch {
    body = [makeBlock('paragraph', normalizeSpace(source.body), source.bodyLine)];
  }
  return [...fieldBlocks(source), ...body];
}
