/**
 * The status of every translation (docs/l10n.md, "Status"): a page whose locale is not its source's
 * (the default locale, or the one its record names) and whose source page exists is a translation. It is
 * *current* when its record's version is the source's version now, *outdated* when it differs (with the
 * blocks added, changed or removed since), and *unknown* when it has no record: reported, never treated
 * as outdated. Pure: the pages come in, the statuses and the problems found go out.
 */
import type { Locale } from '../../../shared/constants.ts';
import { defaultLocale, localeCodes, type Locales } from '../common/locales.ts';
import { problem, type Problem } from '../common/errors.ts';
import { blocksOf, versionOf, type Block, type SourceText } from './blocks.ts';
import { diffBlocks, type BlockChange } from './block-diff.ts';
import { RECORD_FIELD } from '../common/translation-record.ts';
import { readRecord, recordLocaleProblem, recordProblems, type TranslationRecord } from './record.ts';
import { byPath } from '../common/paths.ts';

/** A page as translation tracking reads it. */
export interface L10nPage extends SourceText {
  /** The page file as shown in messages (`content/en/DROC.md`). */
  file: string;
  locale: Locale;
  route: string;
  /** The content hash of the whole file: a source whose hash is unchanged is not read again (`SourceCache`). */
  hash?: string;
}

/** The three states of a translation. */
export type TranslationState = 'current' | 'outdated' | 'unknown';

/** How a translation stands against its source. */
export interface TranslationStatus {
  /** The translation's file, locale and route. */
  file: string;
  locale: Locale;
  route: string;
  /** The source page's file and locale. */
  source: { file: string; locale: Locale };
  state: TranslationState;
  /** The source version the record names, and the source's version now (both absent: unknown). */
  recorded?: string;
  version?: string;
  /** What changed in the source since the record, for an outdated translation. */
  changes: BlockChange[];
  /** False when the page turns the reader's notice off (`source: { notice: false }`). */
  notice: boolean;
  /** The line of the record in the translation (its `source` field), or 1. */
  line: number;
}

/**
 * What is known of sources already read, by file, with the hash of the text it was read from: the
 * version, and the blocks when they were read in this process. The build keeps the versions between runs
 * (its manifest), so a current translation costs no parse of its source.
 */
export type SourceCache = Map<string, { hash: string; version: string; blocks?: Block[] }>;

/** The blocks of a source, from the cache when its file is unchanged. */
export function sourceBlocks(page: L10nPage, cache?: SourceCache): Block[] {
  const known = page.hash === undefined ? undefined : cache?.get(page.file);
  if (known?.blocks && known.hash === page.hash) return known.blocks;
  const blocks = blocksOf(page);
  if (cache && page.hash !== undefined) cache.set(page.file, { hash: page.hash, version: versionOf(blocks), blocks });
  return blocks;
}

/** The version of a source, from the cache when its file is unchanged. */
function sourceVersion(page: L10nPage, cache?: SourceCache): string {
  const known = page.hash === undefined ? undefined : cache?.get(page.file);
  return known && known.hash === page.hash ? known.version : versionOf(sourceBlocks(page, cache));
}

/** The locale a page is translated from: the one its record names, or the default locale. */
function sourceLocaleOf(record: TranslationRecord, locales: Locales): string {
  return record.locale ?? defaultLocale(locales);
}

/**
 * How a translation stands, given its record and its source. The source is parsed only when the record
 * has a version that is not the source's (an unknown or current translation needs none of its blocks).
 */
export function statusOf(page: L10nPage, source: L10nPage, record: TranslationRecord, cache?: SourceCache): TranslationStatus {
  const version = record.version === undefined ? undefined : sourceVersion(source, cache);
  const state: TranslationState = version === undefined ? 'unknown' : record.version === version ? 'current' : 'outdated';
  return {
    file: page.file,
    locale: page.locale,
    route: page.route,
    source: { file: source.file, locale: source.locale },
    state,
    ...(version === undefined ? {} : { recorded: record.version, version }),
    changes: state === 'outdated' ? diffBlocks(record.blocks, sourceBlocks(source, cache)) : [],
    notice: record.notice,
    line: page.lineOf?.([RECORD_FIELD]) ?? 1,
  };
}

/** Why a page is not a translation: the answer `l10n stamp` gives for it, the reason `l10n status` leaves it out. */
export type NotTranslation =
  /** Its locale is the one its translations are made from (the default, or the one its record names). */
  | { why: 'source-locale'; locale: string }
  /** The page of its route in its source locale says it is translated from this page's locale: this page is that one's source. */
  | { why: 'source-of'; translation: L10nPage }
  /** No page of its route in the locale it is translated from: it stands in for the others. */
  | { why: 'no-source'; locale: string }
  /** Its record is not valid (`problems` names it). */
  | { why: 'invalid' };

/** A translation with its source page and record. */
export interface TranslationPair {
  page: L10nPage;
  source: L10nPage;
  record: TranslationRecord;
}

/**
 * Each translation among `pages` with its source page, why each other page is not one, and the problems
 * of records: a record of the wrong shape or naming a locale that is not configured (the checks the build
 * makes, with the same message and line).
 */
export function pairTranslations(
  pages: readonly L10nPage[],
  locales: Locales,
): { pairs: TranslationPair[]; others: Map<L10nPage, NotTranslation>; problems: Problem[] } {
  const byKey = new Map(pages.map((page) => [`${page.locale}\0${page.route}`, page]));
  const pairs: TranslationPair[] = [];
  const others = new Map<L10nPage, NotTranslation>();
  const problems: Problem[] = [];
  const codes = localeCodes(locales);
  for (const page of pages) {
    const bad = page.lineOf ? recordProblems(page.data, { file: page.file, lineOf: page.lineOf }) : [];
    const unknownLocale = bad.length ? undefined : recordLocaleProblem(page.data, codes, page);
    if (bad.length || unknownLocale) {
      problems.push(...bad, ...(unknownLocale ? [unknownLocale] : []));
      others.set(page, { why: 'invalid' });
      continue;
    }
    const record = readRecord(page.data);
    const locale = sourceLocaleOf(record, locales);
    if (locale === page.locale) {
      others.set(page, { why: 'source-locale', locale });
      continue;
    }
    const source = byKey.get(`${locale}\0${page.route}`);
    if (!source) others.set(page, { why: 'no-source', locale });
    // A source that names this page's locale as its own source makes this page the original.
    else if (readRecord(source.data).locale === page.locale) others.set(page, { why: 'source-of', translation: source });
    else pairs.push({ page, source, record });
  }
  return { pairs, others, problems };
}

/** The status of every translation among `pages`, in file order, and the problems found. */
export function translationStatuses(
  pages: readonly L10nPage[],
  locales: Locales,
  cache?: SourceCache,
): { statuses: TranslationStatus[]; problems: Problem[] } {
  const { pairs, problems } = pairTranslations(pages, locales);
  const statuses = pairs.map(({ page, source, record }) => statusOf(page, source, record, cache)).sort((a, b) => byPath(a.file, b.file));
  return { statuses, problems };
}

/** TRANSLATION_OUTDATED for each outdated translation, at its record's line. */
export function outdatedWarnings(statuses: readonly TranslationStatus[]): Problem[] {
  return statuses
    .filter((status) => status.state === 'outdated')
    .map((status) =>
      problem(
        'TRANSLATION_OUTDATED',
        `${status.file} is outdated: its source ${status.source.file} changed since the translation was stamped.`,
        { file: status.file, line: status.line },
      ),
    );
}
