/** @type {Construct} */
export const nonLazyContinuation: Construct;
import type { Construct } from 'micromark-util-types';
//# sourceMappingURL=partial-non-lazy-continuation.d.ts.map