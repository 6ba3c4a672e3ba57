/**
 * @import {Element} from 'hast'
 * @import {Heading} from 'mdast'
 * @import {State} from '../state.js'
 */
/**
 * Turn an mdast `heading` node into hast.
 *
 * @param {State} state
 *   Info passed around.
 * @param {Heading} node
 *   mdast node.
 * @returns {Element}
 *   hast node.
 */
export function heading(state: State, node: Heading): Element;
import type { State } from '../state.js';
import type { Heading } from 'mdast';
import type { Element } from 'hast';
//# sourceMappingURL=heading.d.ts.map