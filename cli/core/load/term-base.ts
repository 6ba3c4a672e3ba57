/**
 * Reading the term base, `content/_terms.yaml`: each concept with its preferred term in every locale and the
 * variants to avoid, checked as it is read. What a text's terms are against it is cli/core/text/terms.ts.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locale } from '../../../shared/constants.ts';
import { defaultLocale, localeCodes, type Locales } from '../common/locales.ts';
import { problem, SiteError } from '../common/errors.ts';
import { displayPath } from '../common/paths.ts';
import { validate, type Field } from '../common/field-validator.ts';
import { parseYaml } from '../common/yaml.ts';
import type { Term, TermBase } from '../text/terms.ts';

const LOCALE_ENTRY: Field = {
  kind: 'record',
  required: true,
  fields: { use: { kind: 'string', required: true }, avoid: { kind: 'list', of: { kind: 'string' } } },
};

/** The schema of _terms.yaml: a concept and an entry per locale, the default locale's required. */
const schemaOf = (locales: Locales): Field => ({
  kind: 'record',
  required: true,
  fields: {
    terms: {
      kind: 'list',
      required: true,
      of: {
        kind: 'record',
        fields: {
          concept: { kind: 'string', required: true },
          ...Object.fromEntries(
            localeCodes(locales).map((l) => [l, l === defaultLocale(locales) ? LOCALE_ENTRY : { ...LOCALE_ENTRY, required: false }]),
          ),
        },
      },
    },
  },
});

/** The file name of the term base inside the content folder. */
export const TERMS_FILE = '_terms.yaml';

/** Reads `content/_terms.yaml`; a site without one has an empty term base. Throws SiteError when invalid. */
export async function loadTerms(contentDir: string, locales: Locales): Promise<TermBase> {
  const path = join(contentDir, TERMS_FILE);
  const file = displayPath(path);
  const codes = localeCodes(locales);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return { file, locales: codes, terms: [] };
  }
  const source = parseYaml(text, file);
  const problems = validate(source.value, schemaOf(locales), source, 'TERMS_INVALID');
  if (problems.length) throw new SiteError(problems);
  const entries = (source.value as { terms: Array<Record<string, unknown>> }).terms;
  const terms = entries.map((entry, i): Term => {
    const given = codes.filter((l) => entry[l]);
    const of = (locale: Locale): { use: string; avoid?: string[] } => entry[locale] as { use: string; avoid?: string[] };
    return {
      concept: String(entry.concept),
      use: Object.fromEntries(given.map((l) => [l, of(l).use])),
      avoid: Object.fromEntries(given.map((l) => [l, of(l).avoid ?? []])),
      line: source.lineOf(['terms', i]),
    };
  });
  const seen = new Map<string, Term>();
  for (const term of terms) {
    for (const locale of codes) {
      for (const variant of term.avoid[locale] ?? []) {
        const key = `${locale}\u0000${variant.toLowerCase()}`;
        const other = seen.get(key);
        if (other && other !== term)
          problems.push(
            problem('TERMS_INVALID', `"${variant}" is listed to avoid under both "${other.concept}" and "${term.concept}".`, {
              file,
              line: term.line,
            }),
          );
        seen.set(key, term);
      }
    }
  }
  if (problems.length) throw new SiteError(problems);
  return { file, locales: codes, terms };
}
