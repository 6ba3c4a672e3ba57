/** Placeholders writers may use in Markdown and front matter (README, "Body: Markdown rules"), filled from site.yaml. */

/** The values of `{phone}`, `{email}` and `{company}` for one locale. */
export interface Placeholders {
  phone: string;
  email: string;
  company: string;
}

const PLACEHOLDER = /\{(phone|email|company)\}/g;

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
