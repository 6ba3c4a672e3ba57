/**
 * @import {
 *   Code,
 *   Construct,
 *   State,
 *   TokenizeContext,
 *   Tokenizer
 * } from 'micromark-util-types'
 */

import { factorySpace } from 'micromark-factory-space';
import { markdownLineEnding, markdownSpace } from 'micromark-util-character';
/** @type {Construct} */
export const thematicBreak = {
  name: 'thematicBreak',
  tokenize: tokenizeThematicBreak
};

/**
 * The last scan for a thematic break that failed, per parse: from which
 * offset, for which marker, and at which offset it failed.
 * A scan that starts between the two with the same marker meets the same
 * characters up to the same failure, with fewer markers: it fails too.
 * Without this, containers nested on one line (`- - - - … a`) scan the rest
 * of the line once per container: quadratic in its length.
 *
 * @type {WeakMap<object, {marker: Code, from: number, failedAt: number}>}
 */
const failed = new WeakMap();

/**
 * @this {TokenizeContext}
 *   Context.
 * @type {Tokenizer}
 */
function tokenizeThematicBreak(effects, ok, nok) {
  const self = this;
  let size = 0;
  /** @type {NonNullable<Code>} */
  let marker;
  /** @type {number} */
  let scanFrom;
  return start;

  /**
   * Start of thematic break.
   *
   * ```markdown
   * > | ***
   *     ^
   * ```
   *
   * @type {State}
   */
  function start(code) {
    effects.enter("thematicBreak");
    // To do: parse indent like `markdown-rs`.
    return before(code);
  }

  /**
   * After optional whitespace, at marker.
   *
   * ```markdown
   * > | ***
   *     ^
   * ```
   *
   * @type {State}
   */
  function before(code) {
    marker = code;
    const from = self.now().offset;
    const last = failed.get(self.parser);
    if (last && last.marker === marker && from >= last.from && from < last.failedAt) {
      return nok(code);
    }
    scanFrom = from;
    return atBreak(code);
  }

  /**
   * After something, before something else.
   *
   * ```markdown
   * > | ***
   *     ^
   * ```
   *
   * @type {State}
   */
  function atBreak(code) {
    if (code === marker) {
      effects.enter("thematicBreakSequence");
      return sequence(code);
    }
    if (size >= 3 && (code === null || markdownLineEnding(code))) {
      effects.exit("thematicBreak");
      return ok(code);
    }
    failed.set(self.parser, {
      marker,
      from: scanFrom,
      failedAt: self.now().offset
    });
    return nok(code);
  }

  /**
   * In sequence.
   *
   * ```markdown
   * > | ***
   *     ^
   * ```
   *
   * @type {State}
   */
  function sequence(code) {
    if (code === marker) {
      effects.consume(code);
      size++;
      return sequence;
    }
    effects.exit("thematicBreakSequence");
    return markdownSpace(code) ? factorySpace(effects, atBreak, "whitespace")(code) : atBreak(code);
  }
}