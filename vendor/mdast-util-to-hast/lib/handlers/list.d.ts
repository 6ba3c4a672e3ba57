/**
 * @import {Element, Properties} from 'hast'
 * @import {List} from 'mdast'
 * @import {State} from '../state.js'
 */
/**
 * Turn an mdast `list` node into hast.
 *
 * @param {State} state
 *   Info passed around.
 * @param {List} node
 *   mdast node.
 * @returns {Element}
 *   hast node.
 */
export function list(state: State, node: List): Element;
import type { State } from '../state.js';
import type { List } from 'mdast';
import type { Element } from 'hast';
//# sourceMappingURL=list.d.ts.map