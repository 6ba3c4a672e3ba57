/**
 * The search stage: after the planned files are written, each locale's index is made from its pages' main
 * content and written beside them (docs/search.md). It cannot be planned with the other files, as its bytes
 * depend on the rendered HTML; the files it owns are kept out of the plan instead. A locale whose indexed
 * content did not change (cli/core/write/search-keys.ts) keeps the index it has: `build` carries it over from
 * the previous output, `watch` leaves it in place; any other is made anew, one locale at a time, from its
 * last index's unchanged files where it has one (cli/core/write/pagefind-files.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { Locale } from '../../../shared/constants.ts';
import { contentHash } from '../common/files.ts';
import { localeCodes, rankIn, type Locales } from '../common/locales.ts';
import { carryOver, folderMaker } from './cache.ts';
import type { AlongsideIndex } from './search-alongside.ts';
import { completeEarly, type EarlyIndex } from './search-early.ts';
import {
  type EarlyStart,
  type IndexJob,
  type IndexedPage,
  indexedPages,
  indexFolder,
  indexLocale,
  isIndexFile,
  searchLanguage,
} from './search-index.ts';
import { type SearchRecord, searchKeys } from './search-keys.ts';
import { ROOT_BASE_PATH } from '../common/base-path.ts';

/** What is held, less the search index's files (which the planner leaves to this stage). */
export function withoutIndex<V>(held: ReadonlyMap<string, V>, locales: Locales): Map<string, V> {
  return new Map([...held].filter(([path]) => !isIndexFile(path, locales)));
}

/** Every file under `folder` (absolute), relative to `dir`, sorted. */
async function filesUnder(dir: string, folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** The URLs of the pages whose document (title and main content) is the one `before` knew. */
function unchangedPages(pages: readonly IndexedPage[], before: SearchRecord['docs'], now: SearchRecord['docs']): Set<string> {
  return new Set(
    pages.filter((page) => before[page.file] !== undefined && before[page.file]?.[1] === now[page.file]?.[1]).map((page) => page.url),
  );
}

/** What the search stage of a build did. */
export interface IndexStage {
  /** The key of each index file now in the folder, by path (for the build manifest). */
  keys: Map<string, string>;
  record: SearchRecord;
  /** The locales indexed anew (the others kept their index). */
  indexed: Locale[];
}

/** What a build continues from: the folder it replaces, the files it holds unchanged, and their index's record. */
export interface PreviousIndex {
  dir: string;
  held: ReadonlyMap<string, string>;
  record: SearchRecord;
}

/** True when the previous output holds every file of the locale's index as written: it may be kept. */
export function keepable(previous: Pick<PreviousIndex, 'record' | 'held'>, locale: Locale): boolean {
  const files = previous.record.locales[locale]?.files ?? [];
  return files.length > 0 && files.every((file) => previous.held.has(file));
}

/** Index files carried over at once: hard links, each a few file-system calls. */
const CARRY_CONCURRENCY = 16;

/**
 * Carries `files` over from `from` into `to`, `CARRY_CONCURRENCY` at a time. After a failure no file is
 * started, and it is thrown only once every link under way has ended, so the caller may then remove `to`.
 */
async function carryAll(from: string, to: string, files: readonly string[]): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const folderOf = folderMaker();
  const worker = async (): Promise<void> => {
    for (let at = next++; at < files.length && !failure; at = next++) {
      try {
        await carryOver(join(from, files[at] as string), join(to, files[at] as string), folderOf);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: CARRY_CONCURRENCY }, worker));
  if (failure) throw failure.error;
}

/**
 * Writes the index of the pages of `jobs` found in `dir` (a build's new folder) into `dir`. A locale whose
 * key is the previous output's, with every file of its index still there as written, has them carried over
 * (hard links), while the others are indexed (one at a time). `fileKeys` are the keys of the files in `dir`.
 */
export async function writeSearchIndex(
  dir: string,
  jobs: readonly IndexJob[],
  fileKeys: ReadonlyMap<string, string>,
  previous: PreviousIndex,
  locales: Locales,
  basePath = ROOT_BASE_PATH,
  { early, alongside }: { early?: EarlyIndex; alongside?: AlongsideIndex } = {},
): Promise<IndexStage> {
  const pages = indexedPages(jobs, locales, basePath);
  const { keys: localeKeys, docs } = await searchKeys(dir, pages, fileKeys, previous.record.docs, locales);
  const record: SearchRecord = { locales: {}, docs };
  const indexed: Locale[] = [];
  const kept = new Set<Locale>();
  for (const locale of localeCodes(locales)) {
    const key = localeKeys.get(locale);
    if (key !== undefined && previous.record.locales[locale]?.key === key && keepable(previous, locale)) kept.add(locale);
  }
  // The kept locales' files are linked while Pagefind indexes the others: the two share no core.
  const carried = carryAll(
    previous.dir,
    dir,
    [...kept].flatMap((locale) => previous.record.locales[locale]?.files ?? []),
  );
  // Handled now (a failure is thrown below), so a link failing while Pagefind runs cannot end the process.
  carried.catch(() => undefined);
  const made = new Map<Locale, string[]>();
  const unchanged = unchangedPages(pages, previous.record.docs, docs);
  const toIndex = localeCodes(locales).filter((locale) => localeKeys.get(locale) !== undefined && !kept.has(locale));
  try {
    if (early && !toIndex.includes(early.locale)) await early.stop();
    if (alongside && !alongside.locales.every((locale) => toIndex.includes(locale))) {
      // A locale this stage does not index (which a new output folder cannot have): nothing of it may stay.
      await alongside.stop();
      for (const locale of alongside.locales) await rm(join(dir, indexFolder(locale, locales)), { recursive: true, force: true });
      alongside = undefined;
    }
    // The locales begun before this stage first, in the order they run: one Pagefind service runs at a time.
    const first = [...(alongside?.locales ?? []), ...(early ? [early.locale] : [])];
    for (const locale of [...toIndex].sort((a, b) => rankIn(first, a) - rankIn(first, b))) {
      const folder = join(dir, indexFolder(locale, locales));
      if (alongside?.locales.includes(locale)) await alongside.done(locale);
      else {
        // The previous output's index of the locale lends what is unchanged in it (a new output folder has none).
        const seed = previous.record.locales[locale] ? { folder: join(previous.dir, indexFolder(locale, locales)), unchanged } : undefined;
        await indexLocale(dir, locale, pages, locales, folder, {
          seed,
          early: early?.locale === locale ? ahead(early, dir, previous, docs) : undefined,
        });
      }
      made.set(locale, await filesUnder(dir, folder));
      indexed.push(locale);
    }
  } catch (error) {
    // The links end before the build removes its folder, or removing it would race them.
    await carried.catch(() => undefined);
    await early?.stop();
    await alongside?.stop();
    throw error;
  }
  await carried;
  const keys = new Map<string, string>();
  for (const locale of localeCodes(locales)) {
    const key = localeKeys.get(locale);
    if (key === undefined) continue;
    const files = kept.has(locale) ? (previous.record.locales[locale]?.files ?? []) : (made.get(locale) ?? []);
    // Pagefind writes the same bytes for the same pages: the locale's key names every file's bytes.
    for (const file of files) keys.set(file, kept.has(locale) ? (previous.held.get(file) as string) : contentHash(`${key}\u0000${file}`));
    const own = pages.filter((page) => page.locale === locale).map((page): [string, string] => [page.url, page.file]);
    record.locales[locale] = { key, files, language: searchLanguage(locales, locale), pages: own };
  }
  return { keys, record, indexed };
}

/**
 * `early` as the search stage completes it: a page's document is the one sent ahead when its file in the
 * previous output is as that build left it (`held`) and its document is the one it had then.
 */
function ahead(early: EarlyIndex, dir: string, previous: PreviousIndex, docs: SearchRecord['docs']): EarlyStart {
  const current = (page: IndexedPage): boolean => {
    const before = previous.record.docs[page.file];
    return before !== undefined && previous.held.get(page.file) === before[0] && before[1] === docs[page.file]?.[1];
  };
  return { complete: (own, language) => completeEarly(early, own, language, dir, current), stop: () => early.stop() };
}

/**
 * Brings the index of a served folder up to date (`watch`, after a rebuild): each locale whose key is not
 * `served`'s is indexed into a temporary folder beside its index folder, then swapped in whole, so the old
 * index keeps answering until the new one is complete; a locale with no page left loses its folder. Calls
 * `onSwapped` after each swap. Returns the record of what the folder now holds. `signal` stops it between
 * steps, before anything is swapped (`watch` closing).
 */
export async function refreshSearchIndex(
  dir: string,
  jobs: readonly IndexJob[],
  fileKeys: ReadonlyMap<string, string>,
  served: SearchRecord,
  locales: Locales,
  onSwapped: (locale: Locale) => void = () => undefined,
  basePath = ROOT_BASE_PATH,
  signal?: AbortSignal,
): Promise<SearchRecord> {
  const pages = indexedPages(jobs, locales, basePath);
  const { keys: localeKeys, docs } = await searchKeys(dir, pages, fileKeys, served.docs, locales);
  const record: SearchRecord = { locales: {}, docs };
  const unchanged = unchangedPages(pages, served.docs, docs);
  for (const locale of localeCodes(locales)) {
    const key = localeKeys.get(locale);
    const before = served.locales[locale];
    const folder = join(dir, indexFolder(locale, locales));
    if (key !== undefined && before?.key === key && existsSync(folder)) {
      record.locales[locale] = before;
      continue;
    }
    if (key === undefined) {
      if (existsSync(folder)) {
        await rm(folder, { recursive: true, force: true });
        onSwapped(locale);
      }
      continue;
    }
    const id = `${process.pid}-${randomBytes(4).toString('hex')}`;
    const temp = join(dirname(folder), `.${basename(folder)}.tmp-${id}`);
    try {
      const seed = existsSync(folder) ? { folder, unchanged } : undefined;
      await indexLocale(dir, locale, pages, locales, temp, { seed, signal });
      await swapFolder(temp, folder, join(dirname(folder), `.${basename(folder)}.old-${id}`));
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
    record.locales[locale] = { key, files: await filesUnder(dir, folder) };
    onSwapped(locale);
  }
  return record;
}

/** Puts the folder `temp` in place of `folder`: two renames, the old one removed after. */
async function swapFolder(temp: string, folder: string, old: string): Promise<void> {
  const had = existsSync(folder);
  if (had) await rename(folder, old);
  await rename(temp, folder);
  if (had) await rm(old, { recursive: true, force: true });
}
