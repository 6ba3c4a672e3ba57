/**
 * Turn an mdast `image` node into hast.
 *
 * @param {State} state
 *   Info passed around.
 * @param {Image} node
 *   mdast node.
 * @returns {Element}
 *   hast node.
 */
export function image(state: State, node: Image): Element;
import type { State } from '../state.js';
import type { Image } from 'mdast';
import type { Element } from 'hast';
//# sourceMappingURL=image.d.ts.map