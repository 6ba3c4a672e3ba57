/**
 * The front matter's fences (docs/writing.md, "Front matter"): a page starts with a `---` line, its YAML fields and
 * another `---` line. gray-matter reads front matter only when the very first characters are `---` (after
 * a BOM) and otherwise takes the whole file as body, so a misplaced or missing fence would surface as
 * "`title` is required". This module says what is really wrong, with the line to fix. Pure.
 */
import { problem, type Problem } from '../common/errors.ts';

/** A line that reads like a YAML field: `title: X`, `title:`, `hero:` (any script in the key). */
const FIELD = /^[\p{L}\p{N}_][\p{L}\p{N}_ .-]*:(\s|$)/u;

function quoted(line: string): string {
  const trimmed = line.trim();
  return `\`${trimmed.length > 40 ? `${trimmed.slice(0, 40)}…` : trimmed}\``;
}

/**
 * The problem with a page file's fences, or undefined when the front matter is fenced as gray-matter reads
 * it: the first line is `---` (a language after it is `fenceLanguage`'s concern) and a later line starts
 * with `---`. A file without any front matter is a FRONTMATTER_INVALID problem (every page needs a title);
 * a front matter that is there but not where gray-matter looks is FRONTMATTER_FENCE.
 */
export function checkFences(text: string, file: string): Problem | undefined {
  const str = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (str.startsWith('---') && str.charAt(3) !== '-') {
    // gray-matter closes the block at the next `\n---`; without one the whole file is read as YAML.
    if (str.indexOf('\n---', 3) !== -1) return undefined;
    return problem(
      'FRONTMATTER_FENCE',
      'The front matter opened by `---` on line 1 is never closed: add a `---` line after its last field, before the text of the page.',
      { file, line: 1 },
    );
  }
  const lines = str.split(/\r?\n/);
  const isBlank = (line: string): boolean => line.trim() === '';
  const isFence = (line: string): boolean => line.trim() === '---';
  const fence = lines.findIndex(isFence);
  const first = lines.findIndex((line) => !isBlank(line));
  const line = first + 1;
  if (first !== -1 && /^\s*-{4,}\s*$/.test(lines[first] ?? '')) {
    return problem(
      'FRONTMATTER_FENCE',
      `Line ${line} is ${quoted(lines[first] ?? '')}, but front matter opens with exactly three hyphens: the first line must be \`---\`.`,
      { file, line },
    );
  }
  if (fence !== -1 && fence === first) {
    const where =
      fence === 0
        ? 'line 1 has spaces before it'
        : `it is on line ${fence + 1}, after ${fence === 1 ? 'a blank line' : `${fence} blank lines`}`;
    return problem(
      'FRONTMATTER_FENCE',
      `The front matter does not start the file: ${where}. The first line must be \`---\`, with nothing before it.`,
      { file, line: fence + 1 },
    );
  }
  if (first !== -1 && FIELD.test(lines[first] ?? '') && fence > first) {
    return problem(
      'FRONTMATTER_FENCE',
      `Line ${line} (${quoted(lines[first] ?? '')}) reads like a front matter field, but the opening \`---\` is missing: the first line must be \`---\`, then the fields, then the \`---\` of line ${fence + 1}.`,
      { file, line },
    );
  }
  const close = fence === -1 ? -1 : lines.findIndex((l, i) => i > fence && isFence(l));
  const inner = lines.slice(fence + 1, close).find((l) => !isBlank(l));
  if (close !== -1 && inner !== undefined && FIELD.test(inner)) {
    return problem(
      'FRONTMATTER_FENCE',
      `Line ${line} is text, but the front matter is on lines ${fence + 1} to ${close + 1}: move it to the top, so that the first line is \`---\`.`,
      { file, line },
    );
  }
  return problem(
    'FRONTMATTER_INVALID',
    'No front matter found: a page starts with a `---` line, its fields (at least `title: …`), and another `---` line.',
    { file, line: 1 },
  );
}
