/**
 * Writing a translation's record into its front matter (docs/l10n.md, "Stamping"): the smallest edit of
 * the text that makes `source.version` and `source.blocks` say what the source is now. Everything else,
 * the body, the other fields, their order, quoting and comments, and the file's line ends, stays byte
 * for byte: an existing value is replaced where it stands, a missing one is added beside the record's
 * other fields, and a page without a record gets one line at the end of its front matter. Pure.
 */
import { isMap, isScalar, parse, parseDocument, type Pair, type YAMLMap } from 'yaml';
import { isDeepStrictEqual } from 'node:util';
import { problem, SiteError } from '../common/errors.ts';
import { frontMatterBounds } from './frontmatter.ts';
import { RECORD_FIELD } from '../common/translation-record.ts';
import { quoted, type Stamp } from './record.ts';

/** One replacement of the YAML text: `[start, end)` becomes `text`. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

const FIELDS = ['version', 'blocks'] as const;

/** The record as one flow mapping: `{ version: "…", blocks: "…" }`. */
function flowRecord(stamp: Stamp): string {
  return `{ ${FIELDS.map((name) => `${name}: ${quoted(stamp[name])}`).join(', ')} }`;
}

function keyOf(pair: Pair): unknown {
  return isScalar(pair.key) ? pair.key.value : pair.key;
}

/** The edits that set the stamp's values in an existing record mapping. */
function editRecord(yaml: string, record: YAMLMap, stamp: Stamp, eol: string): Edit[] {
  const edits: Edit[] = [];
  const missing: string[] = [];
  for (const name of FIELDS) {
    const pair = record.items.find((item) => keyOf(item) === name);
    const value = pair?.value;
    if (pair && isScalar(value) && value.range && value.range[1] > value.range[0]) {
      edits.push({ start: value.range[0], end: value.range[1], text: quoted(stamp[name]) });
    } else if (pair && isScalar(pair.key) && pair.key.range) {
      // `version:` with no value: the value goes after the colon.
      const colon = yaml.indexOf(':', pair.key.range[1]);
      edits.push({ start: colon + 1, end: colon + 1, text: ` ${quoted(stamp[name])}` });
    } else missing.push(`${name}: ${quoted(stamp[name])}`);
  }
  if (!missing.length) return edits;
  const [start, end] = record.range ?? [0, 0];
  if (record.flow) {
    // Before the closing brace, after the last field: `{ locale: en }` -> `{ locale: en, version: …, blocks: … }`.
    const close = yaml.lastIndexOf('}', end);
    let at = close;
    while (at > start && /\s/.test(yaml.charAt(at - 1))) at--;
    const empty = record.items.length === 0;
    edits.push(
      empty ? { start, end: close + 1, text: `{ ${missing.join(', ')} }` } : { start: at, end: at, text: `, ${missing.join(', ')}` },
    );
    return edits;
  }
  // A block mapping: new lines after its last line, indented as its first field.
  const firstKey = record.items[0]?.key;
  const keyStart = isScalar(firstKey) && firstKey.range ? firstKey.range[0] : start;
  const indent = keyStart - (yaml.lastIndexOf('\n', keyStart - 1) + 1);
  const lineEnd = yaml.charAt(end - 1) === '\n' ? end : yaml.indexOf('\n', end) === -1 ? yaml.length : yaml.indexOf('\n', end) + 1;
  const lead = lineEnd === yaml.length && !yaml.endsWith('\n') ? eol : '';
  edits.push({ start: lineEnd, end: lineEnd, text: `${lead}${missing.map((line) => `${' '.repeat(indent)}${line}${eol}`).join('')}` });
  return edits;
}

/** The edits of the front matter's YAML that record `stamp`. Throws SiteError when the front matter cannot take it. */
function editsFor(yaml: string, stamp: Stamp, eol: string, file: string): Edit[] {
  const doc = parseDocument(yaml, { uniqueKeys: false });
  const root = doc.contents;
  const refuse = (message: string): never => {
    throw new SiteError(problem('FRONTMATTER_INVALID', message, { file, line: 2 }));
  };
  if (doc.errors.length) refuse(`The front matter cannot be read: ${doc.errors[0]?.message.split('\n')[0]}.`);
  const append = (): Edit[] => [{ start: yaml.length, end: yaml.length, text: `${RECORD_FIELD}: ${flowRecord(stamp)}${eol}` }];
  if (root === null) return append();
  if (!isMap(root)) return refuse('The front matter must be a mapping of fields (`title: …`).');
  if (root.flow) return refuse('The front matter is written as one `{ … }` mapping; write its fields one per line to stamp it.');
  const pair = root.items.find((item) => keyOf(item) === RECORD_FIELD);
  if (!pair) return append();
  const value = pair.value;
  if (isMap(value)) return editRecord(yaml, value, stamp, eol);
  if (isScalar(value) && value.value === null && isScalar(pair.key) && pair.key.range) {
    // `source:` or `source: ~` with nothing recorded yet.
    const colon = yaml.indexOf(':', pair.key.range[1]);
    const end = value.range && value.range[1] > value.range[0] ? value.range[1] : colon + 1;
    return [{ start: colon + 1, end, text: ` ${flowRecord(stamp)}` }];
  }
  return refuse(`\`${RECORD_FIELD}\` must be a mapping such as \`${RECORD_FIELD}: { locale: en }\`; it holds the translation's record.`);
}

/** The front matter's fields without the record, for checking that a stamp changed nothing else. */
function withoutRecord(value: unknown): unknown {
  // An empty front matter is no fields.
  if (value === null || value === undefined) return withoutRecord({});
  if (typeof value !== 'object' || Array.isArray(value)) return value;
  const { [RECORD_FIELD]: record, ...rest } = value as Record<string, unknown>;
  const kept =
    typeof record === 'object' && record !== null
      ? Object.entries(record).filter(([key]) => !(FIELDS as readonly string[]).includes(key))
      : [];
  return { ...rest, [RECORD_FIELD]: Object.fromEntries(kept) };
}

/**
 * The page text with `stamp` recorded in its front matter. Throws SiteError naming `file` when the page has
 * no front matter or it cannot take a record; an edit that would change anything but the record is a bug,
 * and throws before anything is written.
 */
export function stampText(text: string, stamp: Stamp, file: string): string {
  const bounds = frontMatterBounds(text);
  if (!bounds)
    throw new SiteError(
      problem('FRONTMATTER_INVALID', 'No front matter found: a page starts with a `---` line, its fields and another `---` line.', {
        file,
        line: 1,
      }),
    );
  const yaml = text.slice(bounds.yamlStart, bounds.yamlEnd);
  const edits = editsFor(yaml, stamp, bounds.eol, file).sort((a, b) => b.start - a.start);
  let edited = yaml;
  for (const edit of edits) edited = edited.slice(0, edit.start) + edit.text + edited.slice(edit.end);
  const before = parse(yaml, { uniqueKeys: false }) as unknown;
  const after = parse(edited, { uniqueKeys: false }) as unknown;
  const record = (after as Record<string, Record<string, unknown>> | null)?.[RECORD_FIELD];
  if (
    !isDeepStrictEqual(withoutRecord(before), withoutRecord(after)) ||
    record?.version !== stamp.version ||
    record?.blocks !== stamp.blocks
  ) {
    throw new Error(`Stamping ${file} would change more than its record; nothing was written.`);
  }
  return text.slice(0, bounds.yamlStart) + edited + text.slice(bounds.yamlEnd);
}
