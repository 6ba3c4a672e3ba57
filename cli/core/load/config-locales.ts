/**
 * The `locales` list of site.yaml (docs/locales.md): validated with the path of every field it names, its
 * defaults filled in. Without the list, the site has the default locales of cli/core/common/defaults.ts.
 */
import { problem, type Problem } from '../common/errors.ts';
import { DEFAULTS } from '../common/defaults.ts';
import { fallbackCycle, ogLocaleOf, type LocaleSpec, type Locales } from '../common/locales.ts';
import { RESERVED_NAMES } from '../common/routes.ts';
import { formatPath, isRecord, type Field } from '../common/field-validator.ts';
import type { YamlSource } from '../common/yaml.ts';

/** A locale code: lowercase letters and digits, words joined by `-` (a folder name and a URL prefix). */
const CODE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Open Graph's language_TERRITORY (`ja_JP`). */
const OG_LOCALE = /^[a-z]{2,3}(?:_[A-Z]{2})?$/;

/** The schema of one `locales` entry (the checks between entries follow in `readLocales`). */
export const LOCALE_FIELD: Field = {
  kind: 'record',
  fields: {
    code: { kind: 'string', required: true, pattern: CODE, patternHint: 'lowercase letters and digits, e.g. ja or pt-br' },
    lang: { kind: 'string', required: true, pattern: { test: isLanguageTag }, patternHint: 'a BCP 47 language tag, e.g. ja or zh-CN' },
    label: { kind: 'string', required: true },
    fallback: { kind: 'string' },
    ogLocale: { kind: 'string', pattern: OG_LOCALE, patternHint: 'language_TERRITORY, e.g. ja_JP' },
  },
};

/** Whether `tag` is a well-formed BCP 47 language tag (`zh-CN`, `ja`; not `zh_CN` or `japanese!`). */
export function isLanguageTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/**
 * The locales of site.yaml once `LOCALE_FIELD` accepted each entry: duplicate codes or tags, codes that are
 * route names the build writes itself, unknown fallbacks and fallback cycles are problems at their path.
 */
export function readLocales(source: YamlSource): { locales: Locales; problems: Problem[] } {
  const raw = (source.value as Record<string, unknown>).locales;
  if (!Array.isArray(raw)) return { locales: DEFAULTS.locales, problems: [] };
  const entries = raw.filter(isRecord) as Array<Record<string, string | undefined>>;
  const at = (path: Array<string | number>, message: string): Problem =>
    problem('CONFIG_INVALID', message, { file: source.file, line: source.lineOf(path) });
  const problems: Problem[] = [];
  const codes = entries.map((e) => String(e.code));
  entries.forEach((entry, i) => {
    const code = String(entry.code);
    const name = `\`${formatPath(['locales', i, 'code'])}\``;
    const first = codes.indexOf(code);
    if (first < i) problems.push(at(['locales', i, 'code'], `${name} repeats the code "${code}" of locales[${first}].`));
    if (RESERVED_NAMES.includes(code))
      problems.push(at(['locales', i, 'code'], `${name} is "${code}", a path the build writes itself (${RESERVED_NAMES.join(', ')}).`));
    const lang = String(entry.lang).toLowerCase();
    const twin = entries.findIndex((e) => String(e.lang).toLowerCase() === lang);
    if (twin < i)
      problems.push(
        at(
          ['locales', i, 'lang'],
          `\`${formatPath(['locales', i, 'lang'])}\` repeats the language tag "${entry.lang}" of locales[${twin}].`,
        ),
      );
    const fallback = entry.fallback;
    if (fallback === undefined || fallback === null) return;
    const where = `\`${formatPath(['locales', i, 'fallback'])}\``;
    if (!codes.includes(fallback))
      problems.push(at(['locales', i, 'fallback'], `${where} must be one of the codes: ${codes.join(', ')}, found "${fallback}".`));
    else if (fallback === code) problems.push(at(['locales', i, 'fallback'], `${where} names the locale itself.`));
  });
  const locales: LocaleSpec[] = entries.map((e) => ({
    code: String(e.code),
    lang: String(e.lang),
    label: String(e.label),
    ...(e.fallback ? { fallback: e.fallback } : {}),
    ogLocale: e.ogLocale ?? ogLocaleOf(String(e.lang)),
  }));
  if (problems.length === 0) {
    const reported = new Set<string>();
    locales.forEach((locale, i) => {
      const cycle = fallbackCycle(locales, locale.code);
      if (!cycle || cycle.some((c) => reported.has(c))) return;
      for (const c of cycle) reported.add(c);
      problems.push(
        at(['locales', i, 'fallback'], `\`${formatPath(['locales', i, 'fallback'])}\` makes a fallback cycle: ${cycle.join(' -> ')}.`),
      );
    });
  }
  return { locales, problems };
}
