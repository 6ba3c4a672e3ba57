/**
 * @import {Element} from 'hast'
 * @import {ThematicBreak} from 'mdast'
 * @import {State} from '../state.js'
 */
/**
 * Turn an mdast `thematicBreak` node into hast.
 *
 * @param {State} state
 *   Info passed around.
 * @param {ThematicBreak} node
 *   mdast node.
 * @returns {Element}
 *   hast node.
 */
export function thematicBreak(state: State, node: ThematicBreak): Element;
import type { State } from '../state.js';
import type { ThematicBreak } from 'mdast';
import type { Element } from 'hast';
//# sourceMappingURL=thematic-break.d.ts.map