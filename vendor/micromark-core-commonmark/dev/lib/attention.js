/**
 * @import {
 *   Code,
 *   Construct,
 *   Event,
 *   Point,
 *   Resolver,
 *   State,
 *   TokenizeContext,
 *   Tokenizer,
 *   Token
 * } from 'micromark-util-types'
 */

import {ok as assert} from 'devlop'
import {push, splice} from 'micromark-util-chunked'
import {classifyCharacter} from 'micromark-util-classify-character'
import {resolveAll} from 'micromark-util-resolve-all'
import {codes, constants, types} from 'micromark-util-symbol'

/** @type {Construct} */
export const attention = {
  name: 'attention',
  resolveAll: resolveAllAttention,
  tokenize: tokenizeAttention
}

/**
 * Take all events and resolve attention to emphasis or strong.
 *
 * Linear in the number of events (patched, ecom-site `patches/README.md`): the
 * events move one by one to `result`, and each closer walks back through
 * `result` only; a match replaces the tail of `result` instead of splicing the
 * whole list, and a walk that found no opener is not repeated below where it
 * started for closers of the same kind. A matched group stands in `result` as
 * one placeholder (nothing in it can match any more), so that walks, and the
 * resolvers run on the inside of an enclosing group, pass it in one step; the
 * outermost call puts the groups back in.
 *
 * @type {Resolver}
 */
// eslint-disable-next-line complexity
function resolveAllAttention(events, context) {
  /** @type {Array<Event>} */
  let result = []
  /** @type {Map<number, number>} */
  const bottoms = new Map()
  let index = 0
  /** @type {Array<Event>} */
  let nextEvents

  while (index < events.length) {
    const closer = events[index][1]

    // Find a token that can close.
    if (
      events[index][0] === 'enter' &&
      closer.type === 'attentionSequence' &&
      closer._close
    ) {
      const marker = context.sliceSerialize(closer).charCodeAt(0)
      const closeSize = closer.end.offset - closer.start.offset
      // Closers of one kind find the same openers: same marker, same `_open`,
      // same size modulo three.
      const kind = marker * 8 + (closer._open ? 4 : 0) + (closeSize % 3)
      const bottom = bottoms.get(kind) || 0
      let open = result.length
      let found = false

      // Now walk back to find an opener.
      while (open-- > bottom) {
        const opener = result[open][1]

        // Find a token that can open the closer.
        if (
          result[open][0] === 'exit' &&
          opener.type === 'attentionSequence' &&
          opener._open &&
          // If the markers are the same:
          context.sliceSerialize(opener).charCodeAt(0) === marker
        ) {
          // If the opening can close or the closing can open,
          // and the close size *is not* a multiple of three,
          // but the sum of the opening and closing size *is* multiple of three,
          // then don’t match.
          if (
            (opener._close || closer._open) &&
            closeSize % 3 &&
            !((opener.end.offset - opener.start.offset + closeSize) % 3)
          ) {
            continue
          }

          found = true
          break
        }
      }

      if (!found) {
        // No opener down to `bottom`: closers of this kind need not look below here again.
        bottoms.set(kind, result.length)
        result.push(events[index])
        index++
        continue
      }

      const opener = result[open][1]

      // Number of markers to use from the sequence.
      const use =
        opener.end.offset - opener.start.offset > 1 && closeSize > 1 ? 2 : 1

      const start = {...opener.end}
      const end = {...closer.start}
      movePoint(start, -use)
      movePoint(end, use)

      const openingSequence = {
        type: use > 1 ? 'strongSequence' : 'emphasisSequence',
        start,
        end: {...opener.end}
      }
      const closingSequence = {
        type: use > 1 ? 'strongSequence' : 'emphasisSequence',
        start: {...closer.start},
        end
      }
      const text = {
        type: use > 1 ? 'strongText' : 'emphasisText',
        start: {...opener.end},
        end: {...closer.start}
      }
      const group = {
        type: use > 1 ? 'strong' : 'emphasis',
        start: {...openingSequence.start},
        end: {...closingSequence.end}
      }

      opener.end = {...openingSequence.start}
      closer.start = {...closingSequence.end}

      nextEvents = []

      // If there are more markers in the opening, add them before.
      if (opener.end.offset - opener.start.offset) {
        nextEvents = push(nextEvents, [
          ['enter', opener, context],
          ['exit', opener, context]
        ])
      }

      const placeholder = {
        type: 'attentionGroup',
        start: {...group.start},
        end: {...group.end},
        _events: /** @type {Array<Event>} */ ([])
      }

      // Opening.
      placeholder._events = push(placeholder._events, [
        ['enter', group, context],
        ['enter', openingSequence, context],
        ['exit', openingSequence, context],
        ['enter', text, context]
      ])

      // Between (its groups stay placeholders while it is resolved).
      depth++
      try {
        placeholder._events = push(
          placeholder._events,
          resolveAll(
            context.parser.constructs.insideSpan.null,
            result.slice(open + 1),
            context
          )
        )
      } finally {
        depth--
      }

      // Closing.
      placeholder._events = push(placeholder._events, [
        ['exit', text, context],
        ['enter', closingSequence, context],
        ['exit', closingSequence, context],
        ['exit', group, context]
      ])
      nextEvents = push(nextEvents, [
        ['enter', placeholder, context],
        ['exit', placeholder, context]
      ])

      // The opener and what follows it are replaced by the group.
      result.length = open - 1
      for (const [key, at] of bottoms) {
        if (at > open - 1) bottoms.set(key, open - 1)
      }

      result = push(result, nextEvents)

      // If there are more markers in the closing, they are looked at again,
      // as a closer of their own; else the closer was used up.
      if (closer.end.offset - closer.start.offset) {
        events[index] = ['enter', closer, context]
        events[index + 1] = ['exit', closer, context]
      } else {
        index += 2
      }
    } else {
      result.push(events[index])
      index++
    }
  }

  // Remove remaining sequences.
  index = -1
  while (++index < result.length) {
    if (result[index][1].type === 'attentionSequence') {
      result[index][1].type = 'data'
    }
  }

  // The events, in place (callers may hold the list); the outermost call puts
  // the groups back in.
  splice(events, 0, events.length, depth ? result : expandGroups(result))
  return events
}

/**
 * How many calls of `resolveAllAttention` are resolving the inside of a group
 * (its groups stay placeholders there).
 */
let depth = 0

/**
 * The events with each group placeholder replaced by the group's events, at
 * any depth.
 *
 * @param {Array<Event>} events
 * @returns {Array<Event>}
 */
function expandGroups(events) {
  /** @type {Array<Event>} */
  const expanded = []
  /** @type {Array<{events: Array<Event>, index: number}>} */
  const stack = [{events, index: 0}]

  while (stack.length > 0) {
    const top = stack[stack.length - 1]

    if (top.index === top.events.length) {
      stack.pop()
      continue
    }

    const event = top.events[top.index++]

    if (event[1].type === 'attentionGroup') {
      // Its enter stands for the group; its exit is dropped.
      if (event[0] === 'enter') {
        stack.push({events: /** @type {any} */ (event[1])._events, index: 0})
      }
    } else {
      expanded.push(event)
    }
  }

  return expanded
}

/**
 * @this {TokenizeContext}
 *   Context.
 * @type {Tokenizer}
 */
function tokenizeAttention(effects, ok) {
  const attentionMarkers = this.parser.constructs.attentionMarkers.null
  const previous = this.previous
  const before = classifyCharacter(previous)

  /** @type {NonNullable<Code>} */
  let marker

  return start

  /**
   * Before a sequence.
   *
   * ```markdown
   * > | **
   *     ^
   * ```
   *
   * @type {State}
   */
  function start(code) {
    assert(
      code === codes.asterisk || code === codes.underscore,
      'expected asterisk or underscore'
    )
    marker = code
    effects.enter('attentionSequence')
    return inside(code)
  }

  /**
   * In a sequence.
   *
   * ```markdown
   * > | **
   *     ^^
   * ```
   *
   * @type {State}
   */
  function inside(code) {
    if (code === marker) {
      effects.consume(code)
      return inside
    }

    const token = effects.exit('attentionSequence')

    // To do: next major: move this to resolver, just like `markdown-rs`.
    const after = classifyCharacter(code)

    // Always populated by defaults.
    assert(attentionMarkers, 'expected `attentionMarkers` to be populated')

    // Note: `*` and `_` are in `attentionMarkers` through core.
    // They are excluded here as the loosening is meant for markers registered
    // by *other* constructs (such as GFM strikethrough’s `~`).
    const open =
      !after ||
      (after === constants.characterGroupPunctuation && before) ||
      (attentionMarkers.includes(code) &&
        code !== codes.asterisk &&
        code !== codes.underscore)
    const close =
      !before ||
      (before === constants.characterGroupPunctuation && after) ||
      (attentionMarkers.includes(previous) &&
        previous !== codes.asterisk &&
        previous !== codes.underscore)

    token._open = Boolean(
      marker === codes.asterisk ? open : open && (before || !close)
    )
    token._close = Boolean(
      marker === codes.asterisk ? close : close && (after || !open)
    )
    return ok(code)
  }
}

/**
 * Move a point a bit.
 *
 * Note: `move` only works inside lines! It’s not possible to move past other
 * chunks (replacement characters, tabs, or line endings).
 *
 * @param {Point} point
 *   Point.
 * @param {number} offset
 *   Amount to move.
 * @returns {undefined}
 *   Nothing.
 */
function movePoint(point, offset) {
  point.column += offset
  point.offset += offset
  point._bufferIndex += offset
}
