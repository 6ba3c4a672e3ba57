/**
 * The language fields are declared in (templates/fields.ts, and the generator's own site.yaml, menu.yaml
 * and term base): the shape of a field, the TypeScript type a declaration gives, and `hasFields`, which
 * proves a loaded value has that type. It lives here, importing nothing, because imports between the
 * generator and the templates go one way: cli/ reads templates/ (this language, validated by
 * cli/core/common/field-validator.ts, and the props of templates/types.ts), templates/ never reads cli/.
 */

/** The shape of one field. */
export type Field =
  | {
      kind: 'string' | 'boolean' | 'number' | 'date';
      required?: boolean;
      pattern?: RegExp | { test(value: string): boolean };
      patternHint?: string;
    }
  | { kind: 'enum'; values: readonly string[]; required?: boolean }
  | { kind: 'list'; of: Field; required?: boolean; min?: number; max?: number }
  | { kind: 'record'; fields: Fields; required?: boolean; open?: boolean }
  | { kind: 'dictionary'; of: Field; required?: boolean };

/** The fields of a record, by name. */
export type Fields = Readonly<Record<string, Field>>;

/*
 * The TypeScript type of a declared field, so that the validator and the type come from one declaration
 * (declare it `as const satisfies Field`, or the literal kinds are lost and the type is `unknown`). It says
 * what `validate` lets through: a string field also takes a YAML number (`year: 1997`) unless it has a
 * pattern; a field that is not required may be missing or written empty (YAML `null`); an item of a list
 * or a dictionary is never nothing.
 */

/** The value of a field that is present: what `validate` accepts apart from "nothing". */
type ValueOf<F> = F extends { kind: 'string' }
  ? F extends { pattern: object }
    ? string
    : string | number
  : F extends { kind: 'number' }
    ? number
    : F extends { kind: 'boolean' }
      ? boolean
      : F extends { kind: 'date' }
        ? string
        : F extends { kind: 'enum'; values: ReadonlyArray<infer V> }
          ? V
          : F extends { kind: 'list'; of: infer O }
            ? ReadonlyArray<ValueOf<O>>
            : F extends { kind: 'dictionary'; of: infer O }
              ? Readonly<Record<string, ValueOf<O>>>
              : F extends { kind: 'record'; fields: infer R }
                ? InferFields<R>
                : unknown;

type RequiredKeys<R> = { [K in keyof R]: R[K] extends { required: true } ? K : never }[keyof R];

/** The type of a field's value as a record holds it: `null` or missing too unless the field is required. */
export type Infer<F> = F extends { required: true } ? ValueOf<F> : ValueOf<F> | null | undefined;

/** The type of a record with these fields (a template's front matter): required keys, the others optional. */
export type InferFields<R> = {
  readonly [K in keyof R as K extends RequiredKeys<R> ? K : never]: Infer<R[K]>;
} & { readonly [K in keyof R as K extends RequiredKeys<R> ? never : K]?: Infer<R[K]> };

/**
 * True when `value` has the type `InferFields<fields>`: the kinds and the required fields, not the rules a
 * type does not state (patterns, lengths, real dates, non-empty text). Every value `validate` accepts has
 * it, and filling placeholders keeps it; templates/index.ts checks it where the loaded front matter meets
 * the template that declared its fields, so that the type is proven rather than asserted.
 */
export function hasFields<R extends Fields>(value: unknown, fields: R): value is InferFields<R> {
  return isRecord(value) && Object.entries(fields).every(([key, field]) => hasType(value[key], field));
}

function hasType(value: unknown, field: Field): boolean {
  if (value === undefined || value === null) return !field.required;
  switch (field.kind) {
    case 'string':
      return typeof value === 'string' || (typeof value === 'number' && !field.pattern);
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number';
    case 'date':
      return typeof value === 'string';
    case 'enum':
      return typeof value === 'string' && field.values.includes(value);
    case 'list':
      return Array.isArray(value) && value.every((item) => item !== null && item !== undefined && hasType(item, field.of));
    case 'dictionary':
      return isRecord(value) && Object.values(value).every((item) => item !== null && item !== undefined && hasType(item, field.of));
    case 'record':
      return hasFields(value, field.fields);
  }
}

/** True when `value` is a plain object (a YAML mapping). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
