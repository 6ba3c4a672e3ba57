/**
 * @import {Options} from 'micromark-extension-gfm-strikethrough'
 * @import {Event, Extension, Resolver, State, Token, TokenizeContext, Tokenizer} from 'micromark-util-types'
 */

import { push, splice } from 'micromark-util-chunked';
import { classifyCharacter } from 'micromark-util-classify-character';
import { resolveAll } from 'micromark-util-resolve-all';
/**
 * Create an extension for `micromark` to enable GFM strikethrough syntax.
 *
 * @param {Options | null | undefined} [options={}]
 *   Configuration.
 * @returns {Extension}
 *   Extension for `micromark` that can be passed in `extensions`, to
 *   enable GFM strikethrough syntax.
 */
export function gfmStrikethrough(options) {
  const options_ = options || {};
  let single = options_.singleTilde;
  const tokenizer = {
    name: 'strikethrough',
    tokenize: tokenizeStrikethrough,
    resolveAll: resolveAllStrikethrough
  };
  if (single === null || single === undefined) {
    single = true;
  }
  return {
    text: {
      [126]: tokenizer
    },
    insideSpan: {
      null: [tokenizer]
    },
    attentionMarkers: {
      null: [126]
    }
  };

  /**
   * Take events and resolve strikethrough.
   *
   * Linear in the number of events (patched, ecom-site `patches/README.md`):
   * the events move one by one to `result`, and each closer walks back through
   * `result` only; a match replaces the tail of `result` instead of splicing
   * the whole list, and a walk that found no opener is not repeated below
   * where it started for closers of the same size.
   *
   * @type {Resolver}
   */
  function resolveAllStrikethrough(events, context) {
    /** @type {Array<Event>} */
    let result = []
    /** @type {Map<number, number>} */
    const bottoms = new Map()
    let index = 0

    // Walk through all events.
    while (index < events.length) {
      const closer = events[index][1]

      // Find a token that can close.
      if (
        events[index][0] === 'enter' &&
        closer.type === 'strikethroughSequenceTemporary' &&
        closer._close
      ) {
        const size = closer.end.offset - closer.start.offset
        const bottom = bottoms.get(size) || 0
        let open = result.length
        let found = false

        // Now walk back to find an opener.
        while (open-- > bottom) {
          // Find a token that can open the closer.
          if (
            result[open][0] === 'exit' &&
            result[open][1].type === 'strikethroughSequenceTemporary' &&
            result[open][1]._open &&
            // If the sizes are the same:
            size === result[open][1].end.offset - result[open][1].start.offset
          ) {
            found = true
            break
          }
        }

        if (!found) {
          // No opener down to `bottom`: closers of this size need not look below here again.
          bottoms.set(size, result.length)
          result.push(events[index])
          index++
          continue
        }

        const opener = result[open][1]
        closer.type = 'strikethroughSequence'
        opener.type = 'strikethroughSequence'

        /** @type {Token} */
        const strikethrough = {
          type: 'strikethrough',
          start: Object.assign({}, opener.start),
          end: Object.assign({}, closer.end)
        }

        /** @type {Token} */
        const text = {
          type: 'strikethroughText',
          start: Object.assign({}, opener.end),
          end: Object.assign({}, closer.start)
        }

        // Opening.
        /** @type {Array<Event>} */
        const nextEvents = [
          ['enter', strikethrough, context],
          ['enter', opener, context],
          ['exit', opener, context],
          ['enter', text, context]
        ]

        const insideSpan = context.parser.constructs.insideSpan.null

        if (insideSpan) {
          // Between.
          splice(
            nextEvents,
            nextEvents.length,
            0,
            resolveAll(insideSpan, result.slice(open + 1), context)
          )
        }

        // Closing.
        splice(nextEvents, nextEvents.length, 0, [
          ['exit', text, context],
          ['enter', closer, context],
          ['exit', closer, context],
          ['exit', strikethrough, context]
        ])

        // The opener and what follows it are replaced by the strikethrough.
        result.length = open - 1
        for (const [key, at] of bottoms) {
          if (at > open - 1) bottoms.set(key, open - 1)
        }

        result = push(result, nextEvents)
        index += 2
      } else {
        result.push(events[index])
        index++
      }
    }

    let index_ = -1

    while (++index_ < result.length) {
      if (result[index_][1].type === 'strikethroughSequenceTemporary') {
        result[index_][1].type = 'data'
      }
    }

    // The events, in place (callers may hold the list).
    splice(events, 0, events.length, result)
    return events
  }

  /**
   * @this {TokenizeContext}
   * @type {Tokenizer}
   */
  function tokenizeStrikethrough(effects, ok, nok) {
    const previous = this.previous;
    const events = this.events;
    let size = 0;
    return start;

    /** @type {State} */
    function start(code) {
      if (previous === 126 && events[events.length - 1][1].type !== "characterEscape") {
        return nok(code);
      }
      effects.enter('strikethroughSequenceTemporary');
      return more(code);
    }

    /** @type {State} */
    function more(code) {
      const before = classifyCharacter(previous);
      if (code === 126) {
        // If this is the third marker, exit.
        if (size > 1) return nok(code);
        effects.consume(code);
        size++;
        return more;
      }
      if (size < 2 && !single) return nok(code);
      const token = effects.exit('strikethroughSequenceTemporary');
      const after = classifyCharacter(code);
      token._open = !after || after === 2 && Boolean(before);
      token._close = !before || before === 2 && Boolean(after);
      return ok(code);
    }
  }
}