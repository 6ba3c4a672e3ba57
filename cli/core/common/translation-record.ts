/**
 * Where a translation keeps its record in its front matter, and the record's shape (docs/l10n.md, "The
 * record"): load checks it with the other fields of every page (cli/core/load/content.ts), the `l10n`
 * commands and translation tracking with it alone (cli/core/l10n/record.ts `recordProblems`). One shape for
 * both, so that a bad record gets one answer.
 */
import type { Field } from './field-validator.ts';

/** The front matter field that holds the record. */
export const RECORD_FIELD = 'source';

/** The shape of a translation's record: what it was made from, written by `ecom-site l10n stamp`. */
export const RECORD_SCHEMA: Field = {
  kind: 'record',
  fields: { locale: { kind: 'string' }, version: { kind: 'string' }, blocks: { kind: 'string' }, notice: { kind: 'boolean' } },
};
