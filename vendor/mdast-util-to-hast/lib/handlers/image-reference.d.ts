/**
 * Turn an mdast `imageReference` node into hast.
 *
 * @param {State} state
 *   Info passed around.
 * @param {ImageReference} node
 *   mdast node.
 * @returns {Array<ElementContent> | ElementContent}
 *   hast node.
 */
export function imageReference(state: State, node: ImageReference): Array<ElementContent> | ElementContent;
import type { State } from '../state.js';
import type { ImageReference } from 'mdast';
import type { ElementContent } from 'hast';
//# sourceMappingURL=image-reference.d.ts.map