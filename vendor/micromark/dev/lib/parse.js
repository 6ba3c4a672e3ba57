/**
 * @import {
 *   Create,
 *   Extension,
 *   FullNormalizedExtension,
 *   InitialConstruct,
 *   ParseContext,
 *   ParseOptions
 * } from 'micromark-util-types'
 */

import {combineExtensions} from 'micromark-util-combine-extensions'
import {content} from './initialize/content.js'
import {document} from './initialize/document.js'
import {flow} from './initialize/flow.js'
import {string, text} from './initialize/text.js'
import * as defaultConstructs from './constructs.js'
import {createTokenizer} from './create-tokenizer.js'

/** @type {ReadonlyArray<Extension>} */
const noExtensions = []

/**
 * The constructs of each list of extensions, combined with the default ones
 * once instead of once per document (`remark-parse` passes the same list for
 * every document it parses). The list is kept as it was when combined, so a
 * list changed in place is combined again. The constructs are only read. One
 * difference: an extension object changed in place after the list was first
 * combined is not seen by later parsers, where combining per document would
 * see it.
 *
 * @type {WeakMap<ReadonlyArray<Extension>, {extensions: Array<Extension>, constructs: FullNormalizedExtension}>}
 */
const combinedByList = new WeakMap()

/**
 * @param {ReadonlyArray<Extension>} extensions
 *   Syntax extensions.
 * @returns {FullNormalizedExtension}
 *   The default constructs and those of `extensions`, combined.
 */
function combined(extensions) {
  const known = combinedByList.get(extensions)
  if (known && known.extensions.length === extensions.length) {
    let index = 0
    while (
      index < extensions.length &&
      known.extensions[index] === extensions[index]
    ) {
      index++
    }
    if (index === extensions.length) return known.constructs
  }
  const constructs = /** @type {FullNormalizedExtension} */ (
    combineExtensions([defaultConstructs, ...extensions])
  )
  combinedByList.set(extensions, {extensions: [...extensions], constructs})
  return constructs
}

/**
 * @param {ParseOptions | null | undefined} [options]
 *   Configuration (optional).
 * @returns {ParseContext}
 *   Parser.
 */
export function parse(options) {
  const settings = options || {}
  const constructs = combined(settings.extensions || noExtensions)

  /** @type {ParseContext} */
  const parser = {
    constructs,
    content: create(content),
    defined: [],
    document: create(document),
    flow: create(flow),
    lazy: {},
    // Not in `micromark-util-types`: the most containers (block quotes, list
    // items) that may be open at once (`maxContainers`, default: no limit).
    // Each line starts by walking them, and each new one scans the rest of
    // its line: a line of `- - - …` costs the square of its length.
    maxContainers: settings.maxContainers,
    string: create(string),
    text: create(text)
  }

  return parser

  /**
   * @param {InitialConstruct} initial
   *   Construct to start with.
   * @returns {Create}
   *   Create a tokenizer.
   */
  function create(initial) {
    return creator
    /** @type {Create} */
    function creator(from) {
      return createTokenizer(parser, initial, from)
    }
  }
}
