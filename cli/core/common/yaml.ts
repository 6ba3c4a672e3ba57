/**
 * YAML with positions. Every YAML the tool reads (site.yaml, menu.yaml, _strings.yaml, front matter) goes
 * through `parseYaml`, so syntax errors and validation messages can name the line. The `yaml` package's
 * core schema has no tags that construct functions or run code, and caps alias expansion.
 */
import {
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Document,
  type Node,
  type Pair,
  type YAMLMap,
} from 'yaml';
import { problem, SiteError, type Code } from './errors.ts';

/** A parsed YAML text: its plain value, plus a way to find the line of any path in it. */
export interface YamlSource {
  file: string;
  value: unknown;
  /** The 1-based line of the value at `path` (or of its nearest existing parent). */
  lineOf(path: ReadonlyArray<string | number>): number;
}

/**
 * Parses YAML text. `lineOffset` is added to reported lines when the text is a fragment of a file (front
 * matter). Throws a SiteError with `code` naming the file and line on a syntax error.
 */
export function parseYaml(text: string, file: string, code: Code = 'YAML_SYNTAX', lineOffset = 0): YamlSource {
  const lineCounter = new LineCounter();
  let doc: Document;
  try {
    // Duplicate keys are found afterwards, in one pass (`indexKeys`): the parser's own check looks
    // through the keys before each key, which is quadratic in the keys.
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false, schema: 'core', logLevel: 'error' });
  } catch (error) {
    // The parser reports bad syntax as data; an exception here is the stack running out on deep nesting.
    throw new SiteError(
      problem(code, `Cannot parse YAML: ${error instanceof RangeError ? 'it is nested too deeply' : String(error)}.`, {
        file,
        line: 1 + lineOffset,
      }),
    );
  }
  const duplicate = indexKeys(doc);
  const syntax = doc.errors[0];
  const first =
    duplicate !== undefined && (syntax === undefined || duplicate < syntax.pos[0])
      ? { at: duplicate, message: 'Map keys must be unique' }
      : syntax && { at: syntax.pos[0], message: syntax.message.split('\n')[0] ?? 'invalid YAML' };
  if (first) {
    const pos = lineCounter.linePos(first.at);
    throw new SiteError(problem(code, `Cannot parse YAML: ${first.message}.`, { file, line: pos.line + lineOffset, column: pos.col }));
  }
  const lineAt = (node: Node | null | undefined): number | undefined =>
    node?.range ? lineCounter.linePos(node.range[0]).line + lineOffset : undefined;
  return {
    file,
    value: toValue(doc, file, code, lineOffset, lineAt),
    lineOf(path) {
      for (let depth = path.length; depth >= 0; depth--) {
        const node = nodeAt(doc, path.slice(0, depth));
        if (isNode(node)) {
          // For a key that exists, point at the key rather than at its value on the next line.
          if (depth > 0 && depth === path.length) {
            const parent = nodeAt(doc, path.slice(0, depth - 1));
            if (isMap(parent)) {
              const keyLine = lineAt(pairOf(parent, path[depth - 1])?.key as Node | undefined);
              if (keyLine) return keyLine;
            }
            if (isSeq(parent)) return lineAt(node) ?? 1 + lineOffset;
          }
          return lineAt(node) ?? 1 + lineOffset;
        }
      }
      return 1 + lineOffset;
    },
  };
}

/** Every map's pairs by key (a scalar key by its value, another by identity; the first of equal keys). */
const pairCache = new WeakMap<YAMLMap, Map<unknown, Pair>>();

/**
 * Indexes the pairs of every map of the document (`pairCache`, which `lineOf` reads) and returns the
 * offset of the first key that repeats a key before it in the same map, as the parser's `uniqueKeys`
 * check compares them, in one pass over each map instead of a look through the keys before each key.
 * Walked with a stack of its own: the document may be deep. The offset is the repeated key's own; the
 * parser's check gave the end of what came before the key, which for an empty key or one after an empty
 * value is the line before.
 */
function indexKeys(doc: Document): number | undefined {
  let first: number | undefined;
  const todo: unknown[] = [doc.contents];
  while (todo.length > 0) {
    const node = todo.pop();
    if (isMap(node)) {
      const pairs = new Map<unknown, Pair>();
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (!pairs.has(key)) pairs.set(key, pair as Pair);
        // NaN is not equal to itself in the parser's check either.
        else if (!(typeof key === 'number' && Number.isNaN(key))) {
          const at = (pair.key as Node | null)?.range?.[0];
          if (at !== undefined) first = first === undefined ? at : Math.min(first, at);
        }
        todo.push(pair.key, pair.value);
      }
      pairCache.set(node, pairs);
    } else if (isSeq(node)) todo.push(...node.items);
    else if (isPair(node)) todo.push(node.key, node.value);
  }
  return first;
}

/** The pair of `key` in a map of a document `indexKeys` went through. */
function pairOf(map: YAMLMap, key: unknown): Pair | undefined {
  return pairCache.get(map)?.get(key);
}

/**
 * The node at `path` (`doc.getIn(path, true)`, which looks through a map's keys at every step: once per
 * line asked for, over 20,000 keys, was quadratic).
 */
function nodeAt(doc: Document, path: ReadonlyArray<string | number>): unknown {
  let node: unknown = doc.contents;
  for (const step of path) {
    if (isMap(node)) node = pairOf(node, step)?.value;
    else if (isSeq(node)) {
      const index = typeof step === 'string' ? Number(step) : step;
      node = Number.isInteger(index) && index >= 0 ? node.items[index] : undefined;
    } else return undefined;
  }
  return node;
}

/**
 * The document's plain value. `toJS` throws where the text parsed but cannot become a value: an alias
 * expanded too often (the "billion laughs" bomb), an alias to no anchor, or nesting deeper than the stack;
 * each names the file and the alias (the first one, for a bomb) or the document instead of escaping as a
 * bare exception.
 */
function toValue(
  doc: Document,
  file: string,
  code: Code,
  lineOffset: number,
  lineAt: (node: Node | null | undefined) => number | undefined,
): unknown {
  try {
    return doc.toJS({ maxAliasCount: 100 }) as unknown;
  } catch (error) {
    // An alias whose anchor is not set before it: the parser says which name, as a ReferenceError too.
    const missing = error instanceof ReferenceError ? /^Unresolved alias .*: (.+)$/.exec(error.message)?.[1] : undefined;
    let alias: Node | undefined;
    visit(doc, {
      Alias: (_key, node) => {
        if (missing !== undefined && node.source !== missing) return undefined;
        alias = node;
        return visit.BREAK;
      },
    });
    const aliases = error instanceof ReferenceError && alias !== undefined;
    const message =
      aliases && missing !== undefined
        ? `Cannot read YAML: the alias \`*${missing}\` names no anchor (\`&${missing}\`) set before it.`
        : aliases
          ? 'Cannot read YAML: its aliases (`*name`) expand to too much data.'
          : `Cannot read YAML: ${error instanceof RangeError ? 'it is nested too deeply' : error instanceof Error ? error.message : String(error)}.`;
    throw new SiteError(
      problem(code, message, { file, line: (aliases ? lineAt(alias) : undefined) ?? lineAt(doc.contents) ?? 1 + lineOffset }),
    );
  }
}
