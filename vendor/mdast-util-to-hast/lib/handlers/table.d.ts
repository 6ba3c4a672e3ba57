/**
 * Turn an mdast `table` node into hast.
 *
 * @param {State} state
 *   Info passed around.
 * @param {Table} node
 *   mdast node.
 * @returns {Element}
 *   hast node.
 */
export function table(state: State, node: Table): Element;
import type { State } from '../state.js';
import type { Table } from 'mdast';
import type { Element } from 'hast';
//# sourceMappingURL=table.d.ts.map