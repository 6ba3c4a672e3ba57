/**
 * A page file's front matter as text (docs/l10n.md): where its YAML starts and ends, where the body
 * starts, and the line ends it uses, found the way the build reads it (a first line `---`, closed by the
 * next line starting with `---`). `stamp` edits inside these bounds only; the history reader parses old
 * revisions with it. Pure.
 */
import { SiteError, problem } from '../common/errors.ts';
import { parseYaml } from '../common/yaml.ts';
import type { SourceText } from './blocks.ts';

/** The parts of a page file's text, as offsets into it. */
export interface FrontMatterBounds {
  /** The first character of the YAML (after the opening fence's line end). */
  yamlStart: number;
  /** The first character of the closing fence's line (the YAML's last line end is before it). */
  yamlEnd: number;
  /** The first character of the body. */
  bodyStart: number;
  /** The line end the front matter uses. */
  eol: '\n' | '\r\n';
}

/** The bounds of a page's front matter, or undefined when the text does not open with one. */
export function frontMatterBounds(text: string): FrontMatterBounds | undefined {
  const offset = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (!text.startsWith('---', offset) || text.charAt(offset + 3) === '-') return undefined;
  const firstEnd = text.indexOf('\n', offset);
  if (firstEnd === -1) return undefined;
  const yamlStart = firstEnd + 1;
  let yamlEnd = -1;
  for (let at = yamlStart; at < text.length; ) {
    if (text.startsWith('---', at)) {
      yamlEnd = at;
      break;
    }
    const next = text.indexOf('\n', at);
    if (next === -1) break;
    at = next + 1;
  }
  if (yamlEnd === -1) return undefined;
  const closeEnd = text.indexOf('\n', yamlEnd);
  return {
    yamlStart,
    yamlEnd,
    bodyStart: closeEnd === -1 ? text.length : closeEnd + 1,
    eol: text.charAt(firstEnd - 1) === '\r' ? '\r\n' : '\n',
  };
}

/** The 1-based line of an offset of `text`. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/**
 * A page file's front matter and body, for translation tracking. Throws SiteError (naming `file`) when it
 * has no front matter or its YAML cannot be read: the build would refuse the page too.
 */
export function readSourceText(text: string, file: string): SourceText {
  const bounds = frontMatterBounds(text);
  if (!bounds) {
    throw new SiteError(
      problem('FRONTMATTER_INVALID', 'No front matter found: a page starts with a `---` line, its fields and another `---` line.', {
        file,
        line: 1,
      }),
    );
  }
  const yaml = text.slice(bounds.yamlStart, bounds.yamlEnd);
  const first = lineAt(text, bounds.yamlStart);
  const source = parseYaml(yaml, file, 'FRONTMATTER_SYNTAX', first - 1);
  const value = source.value;
  const data = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  return { data, body: text.slice(bounds.bodyStart), bodyLine: lineAt(text, bounds.bodyStart), lineOf: source.lineOf };
}
