/**
 * @import {Element, Properties} from 'hast'
 * @import {Code} from 'mdast'
 * @import {State} from '../state.js'
 */
/**
 * Turn an mdast `code` node into hast.
 *
 * @param {State} state
 *   Info passed around.
 * @param {Code} node
 *   mdast node.
 * @returns {Element}
 *   hast node.
 */
export function code(state: State, node: Code): Element;
import type { State } from '../state.js';
import type { Code } from 'mdast';
import type { Element } from 'hast';
//# sourceMappingURL=code.d.ts.map