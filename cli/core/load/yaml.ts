/**
 * YAML with positions. Every YAML the tool reads (site.yaml, menu.yaml, _strings.yaml, front matter) goes
 * through `parseYaml`, so syntax errors and validation messages can name the line. The `yaml` package's
 * core schema has no tags that construct functions or run code, and caps alias expansion.
 */
import { isMap, isNode, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';
import { problem, SiteError, type Code } from '../common/errors.ts';

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
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, schema: 'core', logLevel: 'error' });
  } catch (error) {
    // The parser reports bad syntax as data; an exception here is the stack running out on deep nesting.
    throw new SiteError(
      problem(code, `Cannot parse YAML: ${error instanceof RangeError ? 'it is nested too deeply' : String(error)}.`, {
        file,
        line: 1 + lineOffset,
      }),
    );
  }
  const first = doc.errors[0];
  if (first) {
    const pos = lineCounter.linePos(first.pos[0]);
    const message = first.message.split('\n')[0] ?? 'invalid YAML';
    throw new SiteError(problem(code, `Cannot parse YAML: ${message}.`, { file, line: pos.line + lineOffset, column: pos.col }));
  }
  const lineAt = (node: Node | null | undefined): number | undefined =>
    node?.range ? lineCounter.linePos(node.range[0]).line + lineOffset : undefined;
  return {
    file,
    value: toValue(doc, file, code, lineOffset, lineAt),
    lineOf(path) {
      for (let depth = path.length; depth >= 0; depth--) {
        const prefix = path.slice(0, depth);
        const node = prefix.length === 0 ? doc.contents : doc.getIn(prefix, true);
        if (isNode(node)) {
          // For a key that exists, point at the key rather than at its value on the next line.
          if (depth > 0 && depth === path.length) {
            const parent = depth === 1 ? doc.contents : doc.getIn(path.slice(0, depth - 1), true);
            if (isMap(parent)) {
              const pair = parent.items.find((item) => isNode(item.key) && (item.key as { value?: unknown }).value === path[depth - 1]);
              const keyLine = lineAt(pair?.key as Node | undefined);
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

/**
 * The document's plain value. `toJS` throws where the text parsed but cannot become a value: an alias
 * expanded too often (the "billion laughs" bomb) or nesting deeper than the stack; both name the file and
 * the first alias (or the document) instead of escaping as a bare exception.
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
    let alias: Node | undefined;
    visit(doc, {
      Alias: (_key, node) => {
        alias = node;
        return visit.BREAK;
      },
    });
    const aliases = error instanceof ReferenceError && alias !== undefined;
    const message = aliases
      ? 'Cannot read YAML: its aliases (`*name`) expand to too much data.'
      : `Cannot read YAML: ${error instanceof RangeError ? 'it is nested too deeply' : error instanceof Error ? error.message : String(error)}.`;
    throw new SiteError(
      problem(code, message, { file, line: (aliases ? lineAt(alias) : undefined) ?? lineAt(doc.contents) ?? 1 + lineOffset }),
    );
  }
}
