/**
 * Loads and validates the site-wide YAML files: site.yaml, menu.yaml and each locale's _strings.yaml
 * (docs/writing.md). Reading is I/O; the checks are the schemas below.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locale } from '../../../client/constants.ts';
import { localeCodes, type Locales } from '../common/locales.ts';
import { LOCALE_FIELD, readLocales } from './locales.ts';
import { problem, SiteError, type Problem } from '../common/errors.ts';
import { formatPath, isRecord, validate, type Field } from './schema.ts';
import { parseYaml, type YamlSource } from './yaml.ts';
import { displayPath } from '../common/paths.ts';
import { DEFAULTS } from '../common/defaults.ts';
import { parseSize } from './size.ts';
import { parseTargetUrl, type TargetUrl } from './target-url.ts';
import { BASE_PATH_HINT, basePathProblem, ROOT_BASE_PATH } from '../common/base-path.ts';

/** Settings from site.yaml. */
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
  apiBase: string;
  cdn: string;
  /** Year the company was founded, for the home pages' Organization JSON-LD (optional). */
  founded?: string;
  /** The company's legal entity and registered address per locale (`{legalEntity}`, `{address}`). */
  legalEntity?: Record<Locale, string>;
  address?: Record<Locale, string>;
  /** Where the site's servers are, and the position on an EU representative, per locale (the privacy policy's `{hostingLocation}`, `{euRepresentative}`). */
  hostingLocation?: Record<Locale, string>;
  euRepresentative?: Record<Locale, string>;
  /** Facts the copy states (`{customers}`, `{countries}`, `{platformYear}`). */
  customers?: string;
  countries?: string;
  platformYear?: string;
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
  'founded',
  'customers',
  'countries',
  'platformYear',
  'icpFiling',
  'publicSecurityFiling',
  'hostingLocation',
  'euRepresentative',
] as const;

/** An ICP filing number as the MIIT issues it: province, ICP备, the number, 号 and a site suffix (`沪ICP备12345678号-1`). */
const ICP_FILING = /^\p{Script=Han}ICP备\d+号(-\d+)?$/u;
/** A public-security filing number: province, 公网安备, the number, 号 (`沪公网安备31010402000001号`). */
const PUBLIC_SECURITY_FILING = /^\p{Script=Han}公网安备 ?\d+号$/u;

/** A text given once per configured locale (`company`, `legalEntity`, `address`). */
function perLocale(codes: readonly string[], required: boolean): Field {
  return { kind: 'record', required, fields: Object.fromEntries(codes.map((code) => [code, { kind: 'string', required: true }])) };
}

/** The schema of site.yaml, whose per-locale texts name the configured locales (`company.ja`). */
const siteSchema = (codes: readonly string[]): Field => ({
  kind: 'record',
  required: true,
  fields: {
    locales: { kind: 'list', min: 1, of: LOCALE_FIELD },
    baseUrl: { kind: 'string', required: true, pattern: { test: isBaseUrl }, patternHint: BASE_URL_HINT },
    basePath: { kind: 'string', pattern: { test: (value) => basePathProblem(value) === undefined }, patternHint: BASE_PATH_HINT },
    company: perLocale(codes, true),
    phone: { kind: 'string', required: true },
    email: { kind: 'string', required: true },
    apiBase: { kind: 'string', pattern: URL_OR_PATH, patternHint: 'an absolute http(s) URL or a path starting with "/"' },
    cdn: { kind: 'string', pattern: URL_OR_PATH, patternHint: 'an absolute http(s) URL or a path starting with "/"' },
    founded: { kind: 'number' },
    legalEntity: perLocale(codes, false),
    address: perLocale(codes, false),
    hostingLocation: perLocale(codes, false),
    euRepresentative: perLocale(codes, false),
    customers: { kind: 'number' },
    countries: { kind: 'number' },
    platformYear: { kind: 'number' },
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

/** site.yaml's `locales`, each entry checked, then the list as a whole (cli/core/load/locales.ts). */
function checkLocales(source: YamlSource): Locales {
  check(source, { kind: 'list', min: 1, of: LOCALE_FIELD }, 'CONFIG_INVALID', ['locales']);
  const { locales, problems } = readLocales(source);
  if (problems.length) throw new SiteError(problems);
  return locales;
}

/** Reads content/site.yaml; trailing slashes of URLs are dropped so joins stay simple. */
export async function loadSiteConfig(contentDir: string): Promise<SiteConfig> {
  const source = await readYaml(join(contentDir, 'site.yaml'), 'CONFIG_INVALID');
  // The locales first: the schema of the other fields names them (`company.ja`).
  const locales = checkLocales(source);
  check(source, siteSchema(localeCodes(locales)), 'CONFIG_INVALID');
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
  return {
    locales,
    baseUrl: trim(raw.baseUrl),
    basePath: typeof raw.basePath === 'string' ? raw.basePath : ROOT_BASE_PATH,
    preview: false,
    company: raw.company as Record<Locale, string>,
    phone: String(raw.phone),
    email: String(raw.email),
    apiBase: trim(raw.apiBase),
    cdn: trim(raw.cdn),
    ...(typeof raw.founded === 'number' ? { founded: String(raw.founded) } : {}),
    ...(raw.legalEntity ? { legalEntity: raw.legalEntity as Record<Locale, string> } : {}),
    ...(raw.address ? { address: raw.address as Record<Locale, string> } : {}),
    ...(raw.hostingLocation ? { hostingLocation: raw.hostingLocation as Record<Locale, string> } : {}),
    ...(raw.euRepresentative ? { euRepresentative: raw.euRepresentative as Record<Locale, string> } : {}),
    ...Object.fromEntries(
      (['customers', 'countries', 'platformYear'] as const).filter((k) => typeof raw[k] === 'number').map((k) => [k, String(raw[k])]),
    ),
    ...(typeof raw.icpFiling === 'string' ? { icpFiling: raw.icpFiling } : {}),
    ...(raw.publicSecurityFiling ? { publicSecurityFiling: publicSecurityOf(raw.publicSecurityFiling, source) } : {}),
    placeholders: {
      fields: Array.isArray(raw.placeholders) ? (raw.placeholders as string[]) : [],
      ...(raw.placeholders ? { line: source.lineOf(['placeholders']) } : {}),
    },
    maxPageSize,
    deployTargets,
  };
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
