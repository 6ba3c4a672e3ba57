/**
 * @import {Element} from 'hast'
 * @import {Strong} from 'mdast'
 * @import {State} from '../state.js'
 */
/**
 * Turn an mdast `strong` node into hast.
 *
 * @param {State} state
 *   Info passed around.
 * @param {Strong} node
 *   mdast node.
 * @returns {Element}
 *   hast node.
 */
export function strong(state: State, node: Strong): Element;
import type { State } from '../state.js';
import type { Strong } from 'mdast';
import type { Element } from 'hast';
//# sourceMappingURL=strong.d.ts.map