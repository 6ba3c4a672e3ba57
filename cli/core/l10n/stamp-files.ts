/**
 * `ecom-site l10n stamp`: records in translations' front matter that they match their sources now
 * (docs/l10n.md, "Stamping"). Every named file is checked before any is written; each is written
 * atomically, and only when its text changes.
 */
import { resolve, relative, sep } from 'node:path';
import { problem, SiteError, type Problem } from '../common/errors.ts';
import { localeCodes, type Locales } from '../common/locales.ts';
import { readText, writeFileAtomic } from '../common/files.ts';
import { displayPath } from '../common/paths.ts';
import { versionOf } from './blocks.ts';
import { readPages, type ReadPage } from './pages.ts';
import { RECORD_FIELD } from '../common/translation-record.ts';
import { stampOf } from './record.ts';
import { pairTranslations, sourceBlocks, type NotTranslation } from './status.ts';
import { stampText } from './stamp.ts';

/** One translation stamped (or found stamped already), against which source and version. */
export interface Stamped {
  file: string;
  source: string;
  version: string;
  /** False when the file already recorded this version and was left as it was. */
  changed: boolean;
}

/** The problem with a named file that is not a translation of the content folder, or undefined. */
function notTranslation(path: string, contentDir: string, pages: ReadonlyMap<string, ReadPage>, locales: Locales): Problem | undefined {
  const file = displayPath(path);
  const rel = relative(contentDir, path).split(sep).join('/');
  const locale = rel.split('/')[0] ?? '';
  if (rel.startsWith('..') || !localeCodes(locales).includes(locale) || !path.endsWith('.md')) {
    return problem(
      'NOT_A_TRANSLATION',
      `${file} is not a page of the content folder ${displayPath(contentDir)}/ (pages are ${displayPath(contentDir)}/<locale>/….md, locales ${localeCodes(locales).join(', ')}).`,
      { file },
    );
  }
  if (!pages.has(path))
    return problem('NOT_A_TRANSLATION', `${file} does not exist or is not a page (its name starts with "_" or makes no route).`, { file });
  return undefined;
}

/** The problem of stamping `page`, which is no translation for the reason `other` (a bad record is reported already). */
function whyNot(page: ReadPage, other: NotTranslation, contentDir: string): Problem[] {
  switch (other.why) {
    case 'invalid':
      return [];
    case 'source-locale':
      return [
        problem(
          'NOT_A_TRANSLATION',
          `${page.file} is a page of "${other.locale}", the locale translations are made from: it is a source, not a translation.`,
          { file: page.file },
        ),
      ];
    case 'source-of':
      return [
        problem(
          'NOT_A_TRANSLATION',
          `${page.file} is the source of ${other.translation.file}, whose record says it is translated from "${page.locale}" (\`${RECORD_FIELD}: { locale: ${page.locale} }\`): stamp that page instead.`,
          { file: page.file },
        ),
      ];
    case 'no-source': {
      const expected = `${displayPath(contentDir)}/${other.locale}/${relative(resolve(contentDir, page.locale), page.path).split(sep).join('/')}`;
      return [
        problem(
          'TRANSLATION_SOURCE_MISSING',
          `${page.file} is translated from "${other.locale}", but ${expected} (or another page of route ${page.route}) does not exist.`,
          { file: page.file },
        ),
      ];
    }
  }
}

/**
 * Stamps the translations at `paths` (absolute), or, when none is given, every translation that has no
 * record yet. Throws SiteError naming every file that cannot be stamped; then nothing is written.
 */
export async function stampTranslations(contentDir: string, paths: readonly string[], locales: Locales): Promise<Stamped[]> {
  const pages = await readPages(contentDir, locales);
  const byPath = new Map(pages.map((page) => [page.path, page]));
  const { pairs, others, problems } = pairTranslations(pages, locales);
  const pairOf = new Map(pairs.map((pair) => [(pair.page as ReadPage).path, pair]));
  const wanted = paths.length
    ? [...new Set(paths.map((path) => resolve(path)))]
    : pairs.filter((pair) => pair.record.version === undefined).map((pair) => (pair.page as ReadPage).path);
  const errors = [...problems];
  for (const path of wanted) {
    const bad = notTranslation(path, contentDir, byPath, locales);
    if (bad) {
      errors.push(bad);
      continue;
    }
    if (pairOf.has(path)) continue;
    const page = byPath.get(path) as ReadPage;
    const other = others.get(page);
    if (other) errors.push(...whyNot(page, other, contentDir));
  }
  if (errors.length) throw new SiteError(errors);
  const planned = await Promise.all(
    wanted.map(async (path) => {
      const { page, source } = pairOf.get(path) as NonNullable<ReturnType<typeof pairOf.get>>;
      const blocks = sourceBlocks(source);
      const version = versionOf(blocks);
      const text = await readText(path);
      const next = stampText(
        text,
        stampOf(
          version,
          blocks.map((block) => block.hash),
        ),
        page.file,
      );
      return { path, text: next, stamped: { file: page.file, source: source.file, version, changed: next !== text } };
    }),
  );
  for (const { path, text, stamped } of planned) if (stamped.changed) await writeFileAtomic(path, text);
  return planned.map((p) => p.stamped);
}
