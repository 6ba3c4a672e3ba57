/** Placeholders writers may use in Markdown and front matter (README, "Body: Markdown rules"), filled from site.yaml. */

/** The values of `{phone}`, `{email}` and `{company}` for one locale. */
export interface Placeholders {
  phone: string;
  email: string;
  company: string;
}

/** The placeholder names, as written between braces. */
export const PLACEHOLDER_NAMES: readonly string[] = ['phone', 'email', 'company'];

const PLACEHOLDER = /\{(phone|email|company)\}/g;
/** What looks like a placeholder: a word between braces (`{foo}`, `{Phone}`); `{a, b}` or JSON does not. */
const WORD_IN_BRACES = /\{([A-Za-z_][\w-]*)\}/g;

/** A `{word}` that is not a known placeholder, and where it starts in the text. */
export interface UnknownPlaceholder {
  name: string;
  index: number;
}

/** Finds the `{word}`s of a text that no placeholder fills (they would reach the page as typed). */
export function findUnknownPlaceholders(text: string): UnknownPlaceholder[] {
  if (!text.includes('{')) return [];
  return [...text.matchAll(WORD_IN_BRACES)]
    .filter((m) => !PLACEHOLDER_NAMES.includes(m[1] as string))
    .map((m) => ({ name: m[1] as string, index: m.index }));
}

/** The message of a PLACEHOLDER_UNKNOWN warning. */
export function unknownPlaceholderMessage(name: string): string {
  const near = PLACEHOLDER_NAMES.find((known) => known === name.toLowerCase());
  const known = PLACEHOLDER_NAMES.map((n) => `{${n}}`).join(', ');
  return `{${name}} is not a placeholder and stays in the page as typed${near ? ` (placeholders are lower case: {${near}})` : ''}; the placeholders are ${known}.`;
}

/** Replaces the known placeholders in a string; other braces are left as written. */
export function fillPlaceholders(text: string, values: Placeholders): string {
  return text.includes('{') ? text.replace(PLACEHOLDER, (_, key: keyof Placeholders) => values[key]) : text;
}

/** Fills placeholders in every string of a front matter value, keeping its shape. */
export function fillData<T>(value: T, values: Placeholders): T {
  if (typeof value === 'string') return fillPlaceholders(value, values) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => fillData(item, values)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillData(v, values)])) as T;
  }
  return value;
}
