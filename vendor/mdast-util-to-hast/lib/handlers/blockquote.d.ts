/**
 * @import {Element} from 'hast'
 * @import {Blockquote} from 'mdast'
 * @import {State} from '../state.js'
 */
/**
 * Turn an mdast `blockquote` node into hast.
 *
 * @param {State} state
 *   Info passed around.
 * @param {Blockquote} node
 *   mdast node.
 * @returns {Element}
 *   hast node.
 */
export function blockquote(state: State, node: Blockquote): Element;
import type { State } from '../state.js';
import type { Blockquote } from 'mdast';
import type { Element } from 'hast';
//# sourceMappingURL=blockquote.d.ts.map