/**
 * One walk of a page's Markdown tree for all of the site's remark plugins. Each plugin does one job and
 * registers handlers for the node types it cares about (`addHandlers`); `remarkWalk`, used after them,
 * visits every node once and runs the handlers of its type in the order the plugins were used, so a
 * page costs one pass however many jobs there are. A handler that returns a visit action ends the
 * node's turn: the handlers after it do not see the node, and the walk follows the action.
 */
import type { Nodes as MdastNode, Parent as MdastParent, Root as MdastRoot } from 'mdast';
import type { Processor } from 'unified';
import { visit, type VisitorResult } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { problem, type Code, type DataArgs, type Problem } from '../../common/errors.ts';
import { decodeSitePath } from '../../common/routes.ts';
import type { MarkdownContext } from './markdown-context.ts';

/** What a walk shares with the handlers: the page's context, and changes made once the walk is over. */
export interface Walk {
  ctx: MarkdownContext;
  /** The URL of the node being visited (link, image, definition) as the writer wrote it, for messages. */
  written: string;
  /** Takes `node` out of `parent` once the walk is over. */
  remove(node: MdastNode, parent: MdastParent): void;
  /** Replaces the link `node` by its text once the walk is over. */
  unwrap(node: MdastNode, parent: MdastParent): void;
}

/** A handler of one node type: a visit action ends the node's turn, `undefined` hands it to the next. */
export type Handler<N extends MdastNode = MdastNode> = (
  node: N,
  index: number | undefined,
  parent: MdastParent | undefined,
  walk: Walk,
) => VisitorResult | undefined;

/** A plugin's handlers, by node type. */
export type Handlers = { [T in MdastNode['type']]?: Handler<Extract<MdastNode, { type: T }>> };

declare module 'unified' {
  interface Data {
    /** The handlers the site's plugins registered, in the order they were used (see `remarkWalk`). */
    siteHandlers?: Handlers[];
  }
}

/** Registers a plugin's handlers with the processor, for `remarkWalk` to run. */
export function addHandlers(processor: Processor, handlers: Handlers): void {
  const data = processor.data();
  data.siteHandlers = [...(data.siteHandlers ?? []), handlers];
}

/** The page's context, which `renderMarkdown` puts on the file. */
function contextOf(file: VFile): MarkdownContext {
  return file.data.ecom as MarkdownContext;
}

/**
 * The walk: used after every plugin that registers handlers. Removals are made once per parent after the
 * walk (nodes taken out first, then links replaced by their text), as a splice per node was quadratic in
 * the siblings.
 */
export function remarkWalk(this: Processor) {
  const byType = new Map<string, Handler[]>();
  for (const handlers of this.data().siteHandlers ?? []) {
    for (const [type, handler] of Object.entries(handlers)) byType.set(type, [...(byType.get(type) ?? []), handler as Handler]);
  }
  return (tree: MdastRoot, file: VFile): void => {
    const removed = new Set<MdastNode>();
    const unwrapped = new Set<MdastNode>();
    const parents = new Set<MdastParent>();
    const walk: Walk = {
      ctx: contextOf(file),
      written: '',
      remove(node, parent) {
        removed.add(node);
        parents.add(parent);
      },
      unwrap(node, parent) {
        unwrapped.add(node);
        parents.add(parent);
      },
    };
    visit(tree, (node, index, parent) => {
      const handlers = byType.get(node.type);
      if (!handlers) return undefined;
      if ('url' in node) walk.written = node.url;
      for (const handler of handlers) {
        const action = handler(node, index, parent, walk);
        if (action !== undefined) return action;
      }
      return undefined;
    });
    for (const parent of parents) parent.children = parent.children.filter((child) => !removed.has(child)) as never[];
    for (const parent of parents)
      if (parent.children.some((child) => unwrapped.has(child)))
        parent.children = parent.children.flatMap((child) =>
          unwrapped.has(child) && 'children' in child ? child.children : [child],
        ) as never[];
  };
}

/** Reports a problem at a node's position in the real file. */
export function report<C extends Code>(
  list: Problem[],
  ctx: MarkdownContext,
  code: C,
  message: string,
  node: { position?: { start: { line: number; column: number } } },
  ...data: DataArgs<C>
): void {
  const start = node.position?.start;
  list.push(
    problem(code, message, { file: ctx.file, ...(start ? { line: start.line + ctx.bodyLine - 1, column: start.column } : {}) }, ...data),
  );
}

/** The site path an internal URL names (no query, no hash, decoded), or undefined for an external one. */
export function sitePathOf(url: string): string | undefined {
  return url.startsWith('/') && !url.startsWith('//') ? decodeSitePath(url.split(/[?#]/)[0] as string) : undefined;
}
