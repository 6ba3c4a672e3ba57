/**
 * @import {Element} from 'hast'
 * @import {Emphasis} from 'mdast'
 * @import {State} from '../state.js'
 */
/**
 * Turn an mdast `emphasis` node into hast.
 *
 * @param {State} state
 *   Info passed around.
 * @param {Emphasis} node
 *   mdast node.
 * @returns {Element}
 *   hast node.
 */
export function emphasis(state: State, node: Emphasis): Element;
import type { State } from '../state.js';
import type { Emphasis } from 'mdast';
import type { Element } from 'hast';
//# sourceMappingURL=emphasis.d.ts.map