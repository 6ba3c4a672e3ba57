/**
 * Placeholders writers may use in Markdown and front matter (docs/writing.md, "Body: Markdown rules"), filled
 * from site.yaml's facts: found and checked where load reads front matter, filled where plan lists titles
 * and where render writes a page, so they live below all three.
 */
import type { Locale } from '../../../shared/constants.ts';
import { problem, type Place, type Problem } from '../common/errors.ts';
import { PLACEHOLDER_NAMES } from '../common/placeholder-names.ts';

export { PLACEHOLDER_NAMES };

/** A placeholder name. */
export type PlaceholderName = (typeof PLACEHOLDER_NAMES)[number];

/** The values of the placeholders for one locale; one site.yaml leaves unset is missing here. */
export type Placeholders = Partial<Record<PlaceholderName, string>>;

const PLACEHOLDER = new RegExp(`\\{(${PLACEHOLDER_NAMES.join('|')})\\}`, 'g');
/** What looks like a placeholder: a word between braces (`{foo}`, `{Phone}`); `{a, b}` or JSON does not. */
const WORD_IN_BRACES = /\{([A-Za-z_][\w-]*)\}/g;

/** A `{word}` that is not a known placeholder, and where it starts in the text. */
export interface UnknownPlaceholder {
  name: string;
  index: number;
}

/**
 * Finds the `{word}`s of a text that no placeholder fills (they would reach the page as typed): names that
 * are not placeholders, and, when `values` are given, placeholders site.yaml gives no value.
 */
export function findUnknownPlaceholders(text: string, values?: Placeholders): UnknownPlaceholder[] {
  if (!text.includes('{')) return [];
  const known = (name: string): boolean =>
    (PLACEHOLDER_NAMES as readonly string[]).includes(name) && (!values || values[name as PlaceholderName] !== undefined);
  return [...text.matchAll(WORD_IN_BRACES)].filter((m) => !known(m[1] as string)).map((m) => ({ name: m[1] as string, index: m.index }));
}

/** The message of a PLACEHOLDER_UNKNOWN warning. */
export function unknownPlaceholderMessage(name: string): string {
  if ((PLACEHOLDER_NAMES as readonly string[]).includes(name))
    return `{${name}} has no value in site.yaml and stays in the page as typed; set \`${name}\` there.`;
  const near = PLACEHOLDER_NAMES.find((known) => known.toLowerCase() === name.toLowerCase());
  const known = PLACEHOLDER_NAMES.map((n) => `{${n}}`).join(', ');
  return `{${name}} is not a placeholder and stays in the page as typed${near ? ` (it is written {${near}})` : ''}; the placeholders are ${known}.`;
}

/** A PLACEHOLDER_UNKNOWN warning for `{name}` at `place`; its hint names every placeholder, or the site.yaml field to set. */
export function unknownPlaceholder(name: string, place: Partial<Place>): Problem {
  const unset = (PLACEHOLDER_NAMES as readonly string[]).includes(name);
  return problem('PLACEHOLDER_UNKNOWN', unknownPlaceholderMessage(name), place, {
    placeholders: PLACEHOLDER_NAMES,
    ...(unset ? { unset: name } : {}),
  });
}

/** Replaces the known placeholders in a string; other braces are left as written. */
export function fillPlaceholders(text: string, values: Placeholders): string {
  return text.includes('{') ? text.replace(PLACEHOLDER, (all, key: PlaceholderName) => values[key] ?? all) : text;
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

/**
 * The facts of site.yaml the placeholders are filled from (its `SiteConfig` has them all): the contact
 * details and figures, written once, and the names and places written per locale.
 */
export interface PlaceholderFacts {
  phone: string;
  email: string;
  salesEmail?: string;
  supportEmail?: string;
  partnerEmail?: string;
  company: Readonly<Record<Locale, string>>;
  legalEntity?: Readonly<Record<Locale, string>>;
  address?: Readonly<Record<Locale, string>>;
  hostingLocation?: Readonly<Record<Locale, string>>;
  emailHostingLocation?: Readonly<Record<Locale, string>>;
  euRepresentative?: Readonly<Record<Locale, string>>;
  founded?: string;
  customers?: string;
  countries?: string;
  platformYear?: string;
}

/** The placeholder values of a locale. */
export function placeholdersFor(config: PlaceholderFacts, locale: Locale): Placeholders {
  const { phone, email, salesEmail, supportEmail, partnerEmail, founded, customers, countries, platformYear } = config;
  const values: Placeholders = {
    phone,
    email,
    salesEmail,
    supportEmail,
    partnerEmail,
    company: config.company[locale] ?? '',
    legalEntity: config.legalEntity?.[locale],
    address: config.address?.[locale],
    hostingLocation: config.hostingLocation?.[locale],
    emailHostingLocation: config.emailHostingLocation?.[locale],
    euRepresentative: config.euRepresentative?.[locale],
    founded,
    customers,
    countries,
    platformYear,
  };
  // A fact site.yaml leaves unset is no placeholder value: `{customers}` then stays as typed, with a warning.
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Placeholders;
}
