/**
 * Loads and validates the site-wide YAML files: site.yaml, menu.yaml and each locale's _strings.yaml
 * (docs/writing.md). Reading is I/O; the checks are the schemas below.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locale } from '../../../shared/constants.ts';
import { fallbackChain, localeCodes, resolveFallback, type Locales } from '../common/locales.ts';
import { LOCALE_FIELD, readLocales } from './config-locales.ts';
import { problem, SiteError, type Problem } from '../common/errors.ts';
import { formatPath, isRecord, validate, type Field } from '../common/field-validator.ts';
import { parseYaml, type YamlSource } from '../common/yaml.ts';
import { displayPath } from '../common/paths.ts';
import { DEFAULTS } from '../common/defaults.ts';
import { parseSize } from './size.ts';
import { parseTargetUrl, type TargetUrl } from './target-url.ts';
import { BASE_PATH_HINT, basePathProblem, ROOT_BASE_PATH } from '../common/base-path.ts';

/** Settings from site.yaml. */
/** One entry of site.yaml `redirects`, as read, with the lines of its fields. */
export interface RedirectEntry {
  from: string;
  to: string;
  status?: number;
  line: number;
  fromLine: number;
  toLine: number;
  statusLine?: number;
}

export interface SiteConfig {
  /** The site's locales, the default first (site.yaml `locales`, or the defaults of cli/core/common/defaults.ts). */
  locales: Locales;
  baseUrl: string;
  /**
   * The folder of the host the site is served from (site.yaml `basePath`, or `--base-path`; `/` by default;
   * cli/core/common/base-path.ts): every URL the build writes starts with it.
   */
  basePath: string;
  /** A preview build (docs/hosting.md, "Previews"): no page is to be indexed and the sitemap lists no page. */
  preview: boolean;
  company: Record<Locale, string>;
  phone: string;
  email: string;
  /** The e-mail addresses of sales, technical support and partnerships (`{salesEmail}` …), where they differ from `email`. */
  salesEmail?: string;
  supportEmail?: string;
  partnerEmail?: string;
  apiBase: string;
  cdn: string;
  /** Year the company was founded, for the home pages' Organization JSON-LD (optional). */
  founded?: string;
  /** The company's legal entity and registered address per locale (`{legalEntity}`, `{address}`). */
  legalEntity?: Record<Locale, string>;
  address?: Record<Locale, string>;
  /** Where the site's servers are, and the position on an EU representative, per locale (the privacy policy's `{hostingLocation}`, `{euRepresentative}`). */
  hostingLocation?: Record<Locale, string>;
  /** Where the e-mail service that receives enquiries and applications processes them (`{emailHostingLocation}`). */
  emailHostingLocation?: Record<Locale, string>;
  euRepresentative?: Record<Locale, string>;
  /** Facts the copy states (`{customers}`, `{countries}`, `{platformYear}`). */
  customers?: string;
  countries?: string;
  platformYear?: string;
  /** Publication dates of news articles by slug (YYYY-MM-DD or YYYY-MM), for articles whose front matter gives none. */
  newsDates: Record<string, string>;
  /** The ICP filing number (ICP备案号) shown in every page's footer, linked to the MIIT register. */
  icpFiling?: string;
  /** The public-security filing (公安备案) number and its icon (a public/ path), and the line of the icon. */
  publicSecurityFiling?: { number: string; icon: string; iconLine: number };
  /** The fields that still hold stand-in values (site.yaml `placeholders`) and the line of that list. */
  placeholders: { fields: string[]; line?: number };
  /** Largest page file accepted, in bytes (`maxPageSize`, default in cli/core/common/defaults.ts). */
  maxPageSize: number;
  /** Where `ecom-site deploy` publishes (`deploy.targets`; docs/deploy.md): none when site.yaml names none. */
  deployTargets: DeployTarget[];
  /** The site search (`search`, default on; docs/search.md): off, no index, no search pages, no header box. */
  search: boolean;
  /** Old addresses with no page behind them (`redirects`; cli/core/plan/old-addresses.ts checks them). */
  redirects: RedirectEntry[];
}

/** A named deploy target of site.yaml, its URL parsed. */
export interface DeployTarget extends TargetUrl {
  name: string;
}

/** One link of the header menu. */
export interface MenuItem {
  route: string;
  label: string;
  /** Line in menu.yaml, for messages about this item. */
  line: number;
  /** Line of its `label` in menu.yaml (the same line for `{ route, label }`). */
  labelLine: number;
}

/** The header menu from menu.yaml: the product dropdown's groups and the plain links beside it. */
export interface Menu {
  file: string;
  groups: Array<{ label: string; items: MenuItem[] /** Line of the group's `label`. */; line: number }>;
  links: MenuItem[];
}

/** The UI text dictionary of each locale, keyed by text id. */
export type Strings = Record<Locale, Record<string, string>>;

const URL_OR_PATH = /^(https?:\/\/[^\s/]+(\/[^\s]*)?|\/[^\s]*)?$/;

/** What a base URL may be, in the words of the messages about site.yaml's `baseUrl` and `--base-url`. */
export const BASE_URL_HINT = 'an absolute http(s) URL, e.g. https://www.example.com';

/**
 * The one rule for a base URL (site.yaml `baseUrl`, and `--base-url`, which overrides it): an absolute
 * http(s) URL with a host, no query or fragment (page paths are appended to it), that URL parsing accepts.
 */
export function isBaseUrl(value: string): boolean {
  return /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(value) && URL.canParse(value);
}
const ROUTE = { kind: 'string', required: true, pattern: /^\/[^\s]*$/, patternHint: 'a route starting with "/", e.g. /DROC' } as const;
const TEXT_ID = {
  kind: 'string',
  required: true,
  pattern: /^[\w.-]+$/,
  patternHint: 'a text id from _strings.yaml, e.g. nav.company',
} as const;

/** The site.yaml fields that may be marked as still holding stand-in values (`placeholders: [...]`). */
export const PLACEHOLDER_FIELDS = [
  'baseUrl',
  'company',
  'legalEntity',
  'address',
  'phone',
  'email',
  'salesEmail',
  'supportEmail',
  'partnerEmail',
  'founded',
  'customers',
  'countries',
  'platformYear',
  'icpFiling',
  'publicSecurityFiling',
  'hostingLocation',
  'emailHostingLocation',
  'euRepresentative',
  'newsDates',
] as const;

/** An ICP filing number as the MIIT issues it: province, ICP备, the number, 号 and a site suffix (`沪ICP备12345678号-1`). */
const ICP_FILING = /^\p{Script=Han}ICP备\d+号(-\d+)?$/u;
/** A public-security filing number: province, 公网安备, the number, 号 (`沪公网安备31010402000001号`). */
const PUBLIC_SECURITY_FILING = /^\p{Script=Han}公网安备 ?\d+号$/u;

/**
 * The settings given once per locale (`company: { zh: …, en: … }`). A locale without its own value takes
 * the value of its fallback chain, as UI texts do (SETTING_FALLBACK; docs/locales.md lists them).
 */
export const PER_LOCALE_SETTINGS = {
  company: "the company's name: the header, the footer, the social cards and `{company}` in pages",
  legalEntity: 'the legal entity the legal statement and the privacy policy name (`{legalEntity}`)',
  address: 'the registered address (`{address}`)',
  hostingLocation: "the country or region of the site's servers, in the privacy policy (`{hostingLocation}`)",
  emailHostingLocation:
    'where the e-mail service that receives enquiries and applications processes them, in the privacy policy (`{emailHostingLocation}`)',
  euRepresentative: 'the EU representative, or why none is designated, in the privacy policy (`{euRepresentative}`)',
} as const;

/** The names of the per-locale settings (`PER_LOCALE_SETTINGS`), in order. */
export const PER_LOCALE_FIELDS = Object.keys(PER_LOCALE_SETTINGS) as Array<keyof typeof PER_LOCALE_SETTINGS>;

/** A per-locale setting (`PER_LOCALE_FIELDS`); the values are resolved along each locale's chain in `resolvePerLocale`. */
type PerLocaleField = keyof typeof PER_LOCALE_SETTINGS;

/** The per-locale settings that every site has (the others are optional). */
export const REQUIRED_PER_LOCALE: readonly PerLocaleField[] = ['company'];

/** A text given per configured locale: each present value a string, none required here (`resolvePerLocale` decides). */
function perLocale(codes: readonly string[], required: boolean): Field {
  return { kind: 'record', required, fields: Object.fromEntries(codes.map((code) => [code, { kind: 'string', required: false }])) };
}

/** The schema of site.yaml, whose per-locale texts name the configured locales (`company.ja`). */
const siteSchema = (codes: readonly string[]): Field => ({
  kind: 'record',
  required: true,
  fields: {
    locales: { kind: 'list', min: 1, of: LOCALE_FIELD },
    baseUrl: { kind: 'string', required: true, pattern: { test: isBaseUrl }, patternHint: BASE_URL_HINT },
    basePath: { kind: 'string', pattern: { test: (value) => basePathProblem(value) === undefined }, patternHint: BASE_PATH_HINT },
    // The per-locale settings: one list, which docs/locales.md is generated from.
    ...Object.fromEntries(PER_LOCALE_FIELDS.map((field) => [field, perLocale(codes, REQUIRED_PER_LOCALE.includes(field))])),
    phone: { kind: 'string', required: true },
    email: { kind: 'string', required: true },
    salesEmail: { kind: 'string' },
    supportEmail: { kind: 'string' },
    partnerEmail: { kind: 'string' },
    apiBase: { kind: 'string', pattern: URL_OR_PATH, patternHint: 'an absolute http(s) URL or a path starting with "/"' },
    cdn: { kind: 'string', pattern: URL_OR_PATH, patternHint: 'an absolute http(s) URL or a path starting with "/"' },
    founded: { kind: 'number' },
    customers: { kind: 'number' },
    countries: { kind: 'number' },
    platformYear: { kind: 'number' },
    newsDates: { kind: 'dictionary', of: { kind: 'date' } },
    icpFiling: { kind: 'string', pattern: ICP_FILING, patternHint: 'an ICP filing number as issued, e.g. 沪ICP备12345678号-1' },
    publicSecurityFiling: {
      kind: 'record',
      fields: {
        number: {
          kind: 'string',
          required: true,
          pattern: PUBLIC_SECURITY_FILING,
          patternHint: 'a public-security filing number as issued, e.g. 沪公网安备31010402000001号',
        },
        icon: {
          kind: 'string',
          required: true,
          pattern: /^\/\S+$/,
          patternHint: 'a path of a file in public/, e.g. /images/filing/icon.png',
        },
      },
    },
    placeholders: { kind: 'list', of: { kind: 'enum', values: PLACEHOLDER_FIELDS } },
    // A number of bytes or a number and a unit (`8 MB`): checked by parseSize in loadSiteConfig.
    maxPageSize: { kind: 'string' },
    search: { kind: 'boolean' },
    // Paths are checked against the pages once they are known (cli/core/plan/old-addresses.ts).
    redirects: {
      kind: 'list',
      of: {
        kind: 'record',
        fields: { from: { kind: 'string', required: true }, to: { kind: 'string', required: true }, status: { kind: 'number' } },
      },
    },
    // Each URL is checked by parseTargetUrl in loadSiteConfig, names for uniqueness there too.
    deploy: {
      kind: 'record',
      fields: {
        targets: {
          kind: 'list',
          required: true,
          min: 1,
          of: {
            kind: 'record',
            fields: {
              name: {
                kind: 'string',
                required: true,
                pattern: /^[\w.-]+$/,
                patternHint: 'a name of letters, digits, ".", "_" and "-", e.g. cn',
              },
              url: { kind: 'string', required: true },
            },
          },
        },
      },
    },
  },
});

const ITEM: Field = { kind: 'record', fields: { route: ROUTE, label: TEXT_ID } };
const MENU_SCHEMA: Field = {
  kind: 'record',
  required: true,
  fields: {
    groups: {
      kind: 'list',
      required: true,
      min: 1,
      of: { kind: 'record', fields: { label: TEXT_ID, items: { kind: 'list', required: true, min: 1, of: ITEM } } },
    },
    links: { kind: 'list', of: ITEM },
  },
};

const STRINGS_SCHEMA: Field = { kind: 'dictionary', required: true, of: { kind: 'string', required: true } };

async function readYaml(path: string, code: 'CONFIG_INVALID' | 'MENU_INVALID' | 'STRINGS_INVALID'): Promise<YamlSource> {
  const file = displayPath(path);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new SiteError(problem(code, `${file} is missing.`, { file }));
  }
  return parseYaml(text, file);
}

function check(source: YamlSource, schema: Field, code: 'CONFIG_INVALID' | 'MENU_INVALID' | 'STRINGS_INVALID', path: string[] = []): void {
  const unknown: Array<Array<string | number>> = [];
  const value = path.reduce<unknown>((v, key) => (isRecord(v) ? v[key] : undefined), source.value);
  const problems: Problem[] = validate(value, schema, source, code, path, unknown);
  for (const path of unknown) {
    problems.push(problem(code, `Unknown field \`${formatPath(path)}\`.`, { file: source.file, line: source.lineOf(path) }));
  }
  if (problems.length) throw new SiteError(problems);
}

/** site.yaml's `locales`, each entry checked, then the list as a whole (cli/core/load/config-locales.ts). */
function checkLocales(source: YamlSource): Locales {
  check(source, { kind: 'list', min: 1, of: LOCALE_FIELD }, 'CONFIG_INVALID', ['locales']);
  const { locales, problems } = readLocales(source);
  if (problems.length) throw new SiteError(problems);
  return locales;
}

/**
 * The value of each per-locale setting for every locale: its own, else the first of its fallback chain's
 * (SETTING_FALLBACK naming the field and locale). A setting present for no locale of a chain is
 * CONFIG_INVALID (`company.ja is required`).
 */
export function resolvePerLocale(
  source: YamlSource,
  locales: Locales,
): { values: Partial<Record<PerLocaleField, Record<Locale, string>>>; warnings: Problem[]; problems: Problem[] } {
  const raw = source.value as Record<string, unknown>;
  const values: Partial<Record<PerLocaleField, Record<Locale, string>>> = {};
  const warnings: Problem[] = [];
  const problems: Problem[] = [];
  for (const field of PER_LOCALE_FIELDS) {
    const given = raw[field];
    if (!isRecord(given)) continue;
    const own = (code: string): boolean => typeof given[code] === 'string' || typeof given[code] === 'number';
    const resolved: Record<Locale, string> = {};
    for (const code of localeCodes(locales)) {
      const from = resolveFallback(locales, code, own);
      if (from === undefined) {
        problems.push(
          problem(
            'CONFIG_INVALID',
            `\`${field}.${code}\` is required: no locale of its fallback chain (${fallbackChain(locales, code).join(' -> ')}) has a value.`,
            {
              file: source.file,
              line: source.lineOf([field]),
            },
          ),
        );
        continue;
      }
      resolved[code] = String(given[from]);
      if (from !== code)
        warnings.push(
          problem('SETTING_FALLBACK', `\`${field}.${code}\` is not set: the ${from} value stands in for ${code}.`, {
            file: source.file,
            line: source.lineOf([field]),
          }),
        );
    }
    values[field] = resolved;
  }
  return { values, warnings, problems };
}

/**
 * A locale code that is also the name of a folder or file at the top of public/ (`images`) would put the
 * locale's pages and that folder's files in one place: CONFIG_INVALID at the code's line. Case is ignored,
 * as many hosts ignore it.
 */
export function localeFolderProblems(source: YamlSource, locales: Locales, publicNames: readonly string[]): Problem[] {
  const names = new Map(publicNames.map((name) => [name.toLowerCase(), name]));
  return localeCodes(locales).flatMap((code, i) => {
    const name = names.get(code.toLowerCase()) ?? names.get(`${code}.html`.toLowerCase());
    if (name === undefined) return [];
    const listed = Array.isArray((source.value as Record<string, unknown>).locales);
    return [
      problem(
        'CONFIG_INVALID',
        `${listed ? `\`locales[${i}].code\` is "${code}"` : `The locale "${code}"`}, the name of public/${name}: the locale's pages and that file or folder would be written to one place.`,
        { file: source.file, ...(listed ? { line: source.lineOf(['locales', i, 'code']) } : {}) },
      ),
    ];
  });
}

/** Reads content/site.yaml; trailing slashes of URLs are dropped so joins stay simple. */
export async function loadSiteConfig(contentDir: string): Promise<SiteConfig> {
  return (await loadSiteSettings(contentDir)).config;
}

/**
 * Reads content/site.yaml with its warnings (a per-locale setting taken from another locale). `publicNames`,
 * the names at the top of public/, are checked against the locale codes (`localeFolderProblems`).
 */
export async function loadSiteSettings(
  contentDir: string,
  publicNames: readonly string[] = [],
): Promise<{ config: SiteConfig; warnings: Problem[] }> {
  const source = await readYaml(join(contentDir, 'site.yaml'), 'CONFIG_INVALID');
  // The locales first: the schema of the other fields names them (`company.ja`).
  const locales = checkLocales(source);
  const clashes = localeFolderProblems(source, locales, publicNames);
  if (clashes.length) throw new SiteError(clashes);
  check(source, siteSchema(localeCodes(locales)), 'CONFIG_INVALID');
  const perLocaleValues = resolvePerLocale(source, locales);
  if (perLocaleValues.problems.length) throw new SiteError(perLocaleValues.problems);
  const named = perLocaleValues.values;
  const raw = source.value as Record<string, unknown>;
  const trim = (value: unknown): string => String(value ?? '').replace(/\/+$/, '');
  const maxPageSize = raw.maxPageSize === undefined || raw.maxPageSize === null ? DEFAULTS.maxPageSize : parseSize(raw.maxPageSize);
  if (maxPageSize === undefined) {
    const found = JSON.stringify(raw.maxPageSize);
    throw new SiteError(
      problem('CONFIG_INVALID', `\`maxPageSize\` must be a size in bytes or with a unit (B, KB, MB, GB), e.g. 8 MB, found ${found}.`, {
        file: source.file,
        line: source.lineOf(['maxPageSize']),
      }),
    );
  }
  const deployTargets = checkDeployTargets(source);
  const config: SiteConfig = {
    locales,
    baseUrl: trim(raw.baseUrl),
    basePath: typeof raw.basePath === 'string' ? raw.basePath : ROOT_BASE_PATH,
    preview: false,
    company: named.company as Record<Locale, string>,
    phone: String(raw.phone),
    email: String(raw.email),
    ...Object.fromEntries(
      (['salesEmail', 'supportEmail', 'partnerEmail'] as const).filter((k) => typeof raw[k] === 'string').map((k) => [k, String(raw[k])]),
    ),
    apiBase: trim(raw.apiBase),
    cdn: trim(raw.cdn),
    ...(typeof raw.founded === 'number' ? { founded: String(raw.founded) } : {}),
    ...(named.legalEntity ? { legalEntity: named.legalEntity } : {}),
    ...(named.address ? { address: named.address } : {}),
    ...(named.hostingLocation ? { hostingLocation: named.hostingLocation } : {}),
    ...(named.emailHostingLocation ? { emailHostingLocation: named.emailHostingLocation } : {}),
    ...(named.euRepresentative ? { euRepresentative: named.euRepresentative } : {}),
    ...Object.fromEntries(
      (['customers', 'countries', 'platformYear'] as const).filter((k) => typeof raw[k] === 'number').map((k) => [k, String(raw[k])]),
    ),
    newsDates: (raw.newsDates ?? {}) as Record<string, string>,
    ...(typeof raw.icpFiling === 'string' ? { icpFiling: raw.icpFiling } : {}),
    ...(raw.publicSecurityFiling ? { publicSecurityFiling: publicSecurityOf(raw.publicSecurityFiling, source) } : {}),
    placeholders: {
      fields: Array.isArray(raw.placeholders) ? (raw.placeholders as string[]) : [],
      ...(raw.placeholders ? { line: source.lineOf(['placeholders']) } : {}),
    },
    maxPageSize,
    deployTargets,
    search: raw.search !== false,
    redirects: redirectEntries(source),
  };
  return { config, warnings: perLocaleValues.warnings };
}

/** site.yaml's `redirects`, validated in shape already, with the line of each field for messages. */
function redirectEntries(source: YamlSource): RedirectEntry[] {
  const raw = (source.value as { redirects?: Array<{ from: string; to: string; status?: number }> | null }).redirects ?? [];
  return raw.map((entry, i) => ({
    from: entry.from,
    to: entry.to,
    ...(entry.status === undefined ? {} : { status: entry.status, statusLine: source.lineOf(['redirects', i, 'status']) }),
    line: source.lineOf(['redirects', i]),
    fromLine: source.lineOf(['redirects', i, 'from']),
    toLine: source.lineOf(['redirects', i, 'to']),
  }));
}

/** The deploy targets of site.yaml, each URL parsed; a bad URL or a repeated name is CONFIG_INVALID with its path. */
function checkDeployTargets(source: YamlSource): DeployTarget[] {
  const raw = (source.value as { deploy?: { targets?: Array<{ name: string; url: string }> } | null }).deploy?.targets ?? [];
  const problems: Problem[] = [];
  const targets: DeployTarget[] = [];
  const names = new Set<string>();
  raw.forEach((entry, i) => {
    const name = String(entry.name);
    if (names.has(name)) {
      problems.push(
        problem('CONFIG_INVALID', `deploy.targets[${i}].name: the target name "${name}" is used twice.`, {
          file: source.file,
          line: source.lineOf(['deploy', 'targets', i, 'name']),
        }),
      );
    }
    names.add(name);
    const parsed = parseTargetUrl(String(entry.url));
    if (parsed.error !== undefined) {
      problems.push(
        problem('CONFIG_INVALID', `deploy.targets[${i}].url: ${parsed.error}`, {
          file: source.file,
          line: source.lineOf(['deploy', 'targets', i, 'url']),
        }),
      );
    } else targets.push({ name, ...parsed.target });
  });
  if (problems.length) throw new SiteError(problems);
  return targets;
}

/** The public-security filing of site.yaml, validated already, with the line of its icon for messages. */
function publicSecurityOf(value: unknown, source: YamlSource): NonNullable<SiteConfig['publicSecurityFiling']> {
  const { number, icon } = value as { number: string; icon: string };
  return { number, icon, iconLine: source.lineOf(['publicSecurityFiling', 'icon']) };
}

/** Reads content/menu.yaml. Routes and labels are checked later, once pages and strings are known. */
export async function loadMenu(contentDir: string): Promise<Menu> {
  const source = await readYaml(join(contentDir, 'menu.yaml'), 'MENU_INVALID');
  check(source, MENU_SCHEMA, 'MENU_INVALID');
  const raw = source.value as {
    groups: Array<{ label: string; items: Array<{ route: string; label: string }> }>;
    links?: Array<{ route: string; label: string }>;
  };
  const item = (path: Array<string | number>, value: { route: string; label: string }): MenuItem => ({
    route: value.route,
    label: value.label,
    line: source.lineOf([...path, 'route']),
    labelLine: source.lineOf([...path, 'label']),
  });
  return {
    file: source.file,
    groups: raw.groups.map((group, g) => ({
      label: group.label,
      items: group.items.map((it, i) => item(['groups', g, 'items', i], it)),
      line: source.lineOf(['groups', g, 'label']),
    })),
    links: (raw.links ?? []).map((it, i) => item(['links', i], it)),
  };
}

/**
 * A text must be written as text: the schema lets numbers pass as strings (front matter's `year: 1997`),
 * but in a strings file `nav.partners: 123` is far likelier a slip than the label wanted.
 */
function checkPlainStrings(source: YamlSource): void {
  const problems = Object.entries(source.value as Record<string, unknown>)
    .filter(([, value]) => typeof value === 'number')
    .map(([id, value]) =>
      problem(
        'STRINGS_INVALID',
        `The text of "${id}" must be a string, found the number ${String(value)}; quote it ("${String(value)}") if that number is the text.`,
        { file: source.file, line: source.lineOf([id]) },
      ),
    );
  if (problems.length) throw new SiteError(problems);
}

/** Reads content/<locale>/_strings.yaml for every locale (a missing file is an empty dictionary). */
export async function loadStrings(contentDir: string, locales: Locales): Promise<Strings> {
  const entries = await Promise.all(
    localeCodes(locales).map(async (locale): Promise<[Locale, Record<string, string>]> => {
      const path = join(contentDir, locale, '_strings.yaml');
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch {
        return [locale, {}];
      }
      const source = parseYaml(text, displayPath(path));
      check(source, STRINGS_SCHEMA, 'STRINGS_INVALID');
      checkPlainStrings(source);
      const dict = Object.fromEntries(Object.entries(source.value as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
      return [locale, dict];
    }),
  );
  return Object.fromEntries(entries) as Strings;
}
