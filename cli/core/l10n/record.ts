/**
 * The record a translation keeps in its front matter (docs/l10n.md, "The record"):
 *
 *     source: { version: "9f3a1c2e", blocks: "a1b2 c3d4 e5f6" }
 *
 * `version` is the source's `versionOf` when the translation was stamped, `blocks` the short hash of each
 * of its blocks in order; `locale` names the source's locale when it is not the default one, and
 * `notice: false` keeps the reader's notice off this page. Pure.
 */
import { problem, type Problem } from '../common/errors.ts';
import { RECORD_FIELD, RECORD_SCHEMA } from '../common/translation-record.ts';
import { isRecord, validate } from '../common/field-validator.ts';
import type { YamlSource } from '../common/yaml.ts';

/** A translation's record, as read from its front matter. */
export interface TranslationRecord {
  /** The locale of the source named by the page, if any. */
  locale?: string;
  /** The source's version when stamped; absent when the page was never stamped. */
  version?: string;
  /** The short hash of each block of the source when stamped. */
  blocks: string[];
  /** False when the page turns the reader's notice off. */
  notice: boolean;
}

/**
 * The problems of a page's record, as the build reports them (FRONTMATTER_INVALID at the field's line):
 * the one check `build`, `l10n status` and `l10n stamp` share (the shape is `RECORD_SCHEMA`, which the build checks with the other fields),
 * so that a bad record gets one answer.
 */
export function recordProblems(data: Readonly<Record<string, unknown>>, yaml: Pick<YamlSource, 'file' | 'lineOf'>): Problem[] {
  return validate(data[RECORD_FIELD], RECORD_SCHEMA, { ...yaml, value: data }, 'FRONTMATTER_INVALID', [RECORD_FIELD]);
}

/** The problem of a record naming a locale that is not configured, at its line; undefined when it names none or a configured one. */
export function recordLocaleProblem(
  data: Readonly<Record<string, unknown>>,
  codes: readonly string[],
  place: { file: string; lineOf?: (path: ReadonlyArray<string | number>) => number },
): Problem | undefined {
  const locale = readRecord(data).locale;
  if (locale === undefined || codes.includes(locale)) return undefined;
  return problem(
    'FRONTMATTER_INVALID',
    `\`${RECORD_FIELD}.locale\` is "${locale}", not a configured locale (${codes.join(', ')}): it names the locale this page is translated from.`,
    { file: place.file, line: place.lineOf?.([RECORD_FIELD, 'locale']) ?? 1 },
  );
}

/** The record of a page's front matter (an empty one when it has none). */
export function readRecord(data: Readonly<Record<string, unknown>>): TranslationRecord {
  const value = data[RECORD_FIELD];
  const record = isRecord(value) ? value : {};
  const text = (field: unknown): string | undefined =>
    typeof field === 'string' || typeof field === 'number' ? String(field).trim() || undefined : undefined;
  const locale = text(record.locale);
  const version = text(record.version);
  return {
    ...(locale ? { locale } : {}),
    ...(version ? { version } : {}),
    blocks: (text(record.blocks) ?? '').split(/\s+/).filter(Boolean),
    notice: record.notice !== false,
  };
}

/** The two values `stamp` writes into the record. */
export interface Stamp {
  version: string;
  blocks: string;
}

/** The values of a record that says a translation matches these blocks. */
export function stampOf(version: string, hashes: readonly string[]): Stamp {
  return { version, blocks: hashes.join(' ') };
}

/** A YAML double-quoted string (the values are hex digits and spaces, but quoting keeps `1e10` a string). */
export function quoted(value: string): string {
  return JSON.stringify(value);
}
