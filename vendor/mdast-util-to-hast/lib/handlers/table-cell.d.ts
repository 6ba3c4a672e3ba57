/**
 * @import {Element} from 'hast'
 * @import {TableCell} from 'mdast'
 * @import {State} from '../state.js'
 */
/**
 * Turn an mdast `tableCell` node into hast.
 *
 * @param {State} state
 *   Info passed around.
 * @param {TableCell} node
 *   mdast node.
 * @returns {Element}
 *   hast node.
 */
export function tableCell(state: State, node: TableCell): Element;
import type { State } from '../state.js';
import type { TableCell } from 'mdast';
import type { Element } from 'hast';
//# sourceMappingURL=table-cell.d.ts.map