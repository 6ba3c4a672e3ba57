/**
 * A small declarative schema for the YAML the writers edit. One validator serves site.yaml, menu.yaml,
 * front matter and the fields a template documents, so every message has the same shape: the file, the
 * line, the field path (`groups[2].items[0].route`), what was expected and what is allowed.
 */
import { problem, type Code, type Problem } from '../common/errors.ts';
import { formatPath, type YamlSource } from './yaml.ts';

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

type Path = Array<string | number>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True when `value` is a plain object (a YAML mapping). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
      return 'a date written YYYY-MM-DD';
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
      const date = new Date(`${value}T00:00:00Z`);
      return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value
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
      return value.flatMap((item, i) => validate(item, field.of, source, code, [...path, i], unknown));
    }
    case 'dictionary': {
      if (!isRecord(value)) return wrong();
      return Object.entries(value).flatMap(([key, item]) => validate(item, field.of, source, code, [...path, key], unknown));
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
