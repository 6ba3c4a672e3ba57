/**
 * @import {Element} from 'hast'
 * @import {Delete} from 'mdast'
 * @import {State} from '../state.js'
 */
/**
 * Turn an mdast `delete` node into hast.
 *
 * @param {State} state
 *   Info passed around.
 * @param {Delete} node
 *   mdast node.
 * @returns {Element}
 *   hast node.
 */
export function strikethrough(state: State, node: Delete): Element;
import type { State } from '../state.js';
import type { Delete } from 'mdast';
import type { Element } from 'hast';
//# sourceMappingURL=delete.d.ts.map