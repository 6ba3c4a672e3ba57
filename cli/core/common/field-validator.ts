/**
 * A small declarative schema for the YAML the writers edit. One validator serves site.yaml, menu.yaml,
 * front matter and the fields a template documents, so every message has the same shape: the file, the
 * line, the field path (`groups[2].items[0].route`), what was expected and what is allowed. The shapes it
 * checks are declared in templates/schema.ts.
 */
import { isRecord, type Field } from '../../../templates/schema.ts';
import { problem, type Code, type Problem } from './errors.ts';
import type { YamlSource } from './yaml.ts';

// The field language (shapes, the types they give, `hasFields`) is the templates' own: they declare their
// front matter in it and import nothing from the generator, which validates with it here.
export { hasFields, isRecord, type Field, type Fields, type Infer, type InferFields } from '../../../templates/schema.ts';

type Path = Array<string | number>;

/** A day (`2024-11-15`) or, where the source gives no day, a month (`2024-11`). */
const DATE = /^\d{4}-\d{2}(-\d{2})?$/;

/** Formats a path as `groups[2].items[0].route`, so messages name the field. */
export function formatPath(path: ReadonlyArray<string | number>): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  if (typeof value === 'object') return 'a mapping';
  const text = typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : String(value);
  return `${typeof value} ${text}`;
}

function expected(field: Field): string {
  switch (field.kind) {
    case 'string':
      return 'a string';
    case 'boolean':
      return 'true or false';
    case 'number':
      return 'a number';
    case 'date':
      return 'a date written YYYY-MM-DD, or YYYY-MM for a month';
    case 'enum':
      return `one of: ${field.values.join(', ')}`;
    case 'list':
      return 'a list';
    case 'record':
    case 'dictionary':
      return 'a mapping';
  }
}

/**
 * The names of the fields the record at `path` of `field` declares (list items and dictionary values looked
 * through); empty where there is no record.
 */
export function fieldsAt(field: Field, path: ReadonlyArray<string | number>): string[] {
  let at: Field | undefined = field;
  for (const key of path) {
    if (at?.kind === 'record') at = at.fields[String(key)];
    else if (at?.kind === 'list' || at?.kind === 'dictionary') at = at.of;
    else return [];
  }
  return at?.kind === 'record' ? Object.keys(at.fields) : [];
}

/**
 * Checks `value` against `field`; returns the problems found (empty when valid). `unknown` lists fields
 * that no schema names, so callers can warn about likely typos.
 */
export function validate(value: unknown, field: Field, source: YamlSource, code: Code, path: Path = [], unknown: Path[] = []): Problem[] {
  const at = (p: Path, message: string): Problem => problem(code, message, { file: source.file, line: source.lineOf(p) });
  const name = path.length ? `\`${formatPath(path)}\`` : 'The file';
  if (value === undefined || value === null) {
    return field.required ? [at(path, `${name} is required: expected ${expected(field)}.`)] : [];
  }
  const wrong = (): Problem[] => [at(path, `${name} must be ${expected(field)}, found ${describe(value)}.`)];
  switch (field.kind) {
    case 'string':
      if (typeof value !== 'string') return typeof value === 'number' && !field.pattern ? [] : wrong();
      if (field.required && value.trim() === '') return [at(path, `${name} must not be empty.`)];
      if (field.pattern && !field.pattern.test(value))
        return [at(path, `${name} must be ${field.patternHint ?? `like ${field.pattern}`}, found ${JSON.stringify(value)}.`)];
      return [];
    case 'boolean':
      return typeof value === 'boolean' ? [] : wrong();
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? [] : wrong();
    case 'date': {
      if (typeof value !== 'string' || !DATE.test(value)) return wrong();
      const day = value.length === 7 ? `${value}-01` : value;
      const date = new Date(`${day}T00:00:00Z`);
      return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day
        ? [at(path, `${name} is not a real date: ${value}.`)]
        : [];
    }
    case 'enum':
      return typeof value === 'string' && field.values.includes(value) ? [] : wrong();
    case 'list': {
      if (!Array.isArray(value)) return wrong();
      if (field.min !== undefined && value.length < field.min)
        return [at(path, `${name} needs at least ${field.min} item(s), found ${value.length}.`)];
      if (field.max !== undefined && value.length > field.max)
        return [at(path, `${name} allows at most ${field.max} item(s), found ${value.length}.`)];
      return value.flatMap((item, i) => validateItem(item, field.of, source, code, [...path, i], unknown));
    }
    case 'dictionary': {
      if (!isRecord(value)) return wrong();
      return Object.entries(value).flatMap(([key, item]) => validateItem(item, field.of, source, code, [...path, key], unknown));
    }
    case 'record': {
      if (!isRecord(value)) return wrong();
      const problems = Object.entries(field.fields).flatMap(([key, sub]) =>
        validate(value[key], sub, source, code, [...path, key], unknown),
      );
      if (!field.open) for (const key of Object.keys(value)) if (!(key in field.fields)) unknown.push([...path, key]);
      return problems;
    }
  }
}

/** Checks an item of a list or a value of a dictionary: as `validate`, except that it is never optional. */
function validateItem(value: unknown, field: Field, source: YamlSource, code: Code, path: Path, unknown: Path[]): Problem[] {
  if (value !== undefined && value !== null) return validate(value, field, source, code, path, unknown);
  return [
    problem(code, `\`${formatPath(path)}\` is empty: expected ${expected(field)}.`, { file: source.file, line: source.lineOf(path) }),
  ];
}
