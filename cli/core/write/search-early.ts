/**
 * A locale's index begun before the build knows what changed (docs/search.md, "How it fits the build").
 * A build after an edit spends much of its time loading, planning and writing the site before its search
 * stage, and Pagefind, which takes one page at a time on the other core, would only start then. So when a
 * locale's page sources changed since the last build, the pages of its last index are sent at once, as the
 * output folder holds them, to a Pagefind service in the order of that index. The search stage later sends
 * again each page whose document may differ from what was sent (its source changed, or its file in the
 * output is not as the last build left it), which Pagefind puts in the old one's place (`IndexSession`),
 * then the pages after the last one sent, and has the index written: the same pages in the same order as a
 * fresh index, so the same bytes. Where that cannot be so (a page added or removed before the end, another
 * language), what was sent is thrown away and the locale indexed as before.
 */
import { lstatSync, readdirSync, type Stats } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Locale } from '../../../shared/constants.ts';
import { readNoFollowSync } from '../common/md5-file.ts';
import { feedPages, type IndexedPage, type IndexSession, openIndex, searchDocument } from './search-index.ts';
import type { SearchRecord } from './search-keys.ts';
import { insideOutput } from './sinks.ts';

/** A locale's last index being sent to Pagefind ahead of the search stage. */
export interface EarlyIndex {
  locale: Locale;
  /** The language Pagefind was started with. */
  language: string;
  /** The pages sent, in order, and which of them had a document; settles once Pagefind has answered all. */
  fed: Promise<{ pages: readonly IndexedPage[]; sent: readonly boolean[] }>;
  session: Promise<IndexSession>;
  /** Stops sending and closes the session (a no-op once it is closed); it is then never completed. */
  stop(): Promise<void>;
}

/**
 * Pages sent ahead of Pagefind's answers: enough work for its service to go on while the build holds the
 * main thread (reading the site's pages takes a few hundred milliseconds at once), and little memory.
 */
const EARLY_IN_FLIGHT = 256;

/**
 * True when a file under the folder `path` was modified after `since` (ms since the epoch), looking no
 * further than the first; no link is followed, the folder's own included, and what cannot be read counts
 * as not modified (the loader reports it). A build where nothing changed pays one `lstat` per page source.
 */
function editedSince(path: string, since: number): boolean {
  let info: Stats | undefined;
  try {
    info = lstatSync(path, { throwIfNoEntry: false });
    if (info?.isFile()) return info.mtimeMs > since;
    if (!info?.isDirectory()) return false;
    return readdirSync(path).some((name) => editedSince(join(path, name), since));
  } catch {
    return false;
  }
}

/**
 * Reads pages of the output folder `dir` as text, never through a link: neither the page file nor a folder
 * on its way (each folder looked at once).
 */
function outputPageReader(dir: string): (file: string) => string {
  const plain = new Map<string, boolean>();
  const linkFree = (folder: string): boolean => {
    if (folder === '.' || folder === '') return true;
    let known = plain.get(folder);
    if (known === undefined) {
      known = linkFree(dirname(folder)) && lstatSync(join(dir, folder)).isDirectory();
      plain.set(folder, known);
    }
    return known;
  };
  return (file) => {
    const path = insideOutput(dir, file);
    if (!linkFree(dirname(file))) throw new Error(`Not read through a link: ${file}`);
    return readNoFollowSync(path).toString('utf8');
  };
}

/** A locale code as a folder name: nothing the record says may reach outside the content folder. */
const LOCALE_FOLDER = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

/**
 * Begins the index of the first locale of `record` (the last build's search record of `outDir`) whose
 * folder under `contentDir` holds a file modified after `since` (when that record was written); none where
 * no locale's pages were edited since, or the record does not list its pages.
 */
export function beginEarlyIndex(
  contentDir: string,
  outDir: string,
  since: number | undefined,
  record: SearchRecord,
): EarlyIndex | undefined {
  if (since === undefined) return undefined;
  for (const [locale, last] of Object.entries(record.locales)) {
    if (!LOCALE_FOLDER.test(locale) || !last.pages?.length || !last.language || !editedSince(join(contentDir, locale), since)) continue;
    const pages = last.pages.map(([url, file]): IndexedPage => ({ url, file, locale }));
    return sendAhead(locale, last.language, pages, outDir);
  }
  return undefined;
}

/** Starts a service for `language` and sends it `pages` as `outDir` holds them. */
function sendAhead(locale: Locale, language: string, pages: readonly IndexedPage[], outDir: string): EarlyIndex {
  let stopped = false;
  const session = openIndex(language);
  const read = outputPageReader(outDir);
  const fed = session.then(async (open) => {
    const sent = await feedPages(open, pages, async (page) => read(page.file), language, {
      inFlight: EARLY_IN_FLIGHT,
      stopped: () => stopped,
    });
    return { pages, sent };
  });
  // Looked at by the search stage, or never (stopped): an unobserved failure must not end the process.
  session.catch(() => undefined);
  fed.catch(() => undefined);
  return {
    locale,
    language,
    fed,
    session,
    async stop() {
      stopped = true;
      await (await session.catch(() => undefined))?.close();
      await fed.catch(() => undefined);
    },
  };
}

/**
 * Brings `early` to the index of `own` (the locale's pages now, in URL order, written into `dir`): once
 * every page sent ahead is answered, sends again each one `current` does not vouch for (its document may
 * have changed), then the pages after them. Returns the session, ready to write; undefined, with the
 * service stopped, where the pages sent ahead are not the first of `own` in the same order, a page's
 * document appeared or disappeared, or `language` is not the one it was started with.
 */
export async function completeEarly(
  early: EarlyIndex,
  own: readonly IndexedPage[],
  language: string,
  dir: string,
  current: (page: IndexedPage) => boolean,
): Promise<IndexSession | undefined> {
  const fed = await early.fed.catch(() => undefined);
  const session = await early.session.catch(() => undefined);
  const fits =
    fed !== undefined &&
    session !== undefined &&
    !session.closed &&
    early.language === language &&
    fed.sent.length === fed.pages.length &&
    fed.pages.length <= own.length &&
    fed.pages.every((page, i) => page.url === own[i]?.url && page.file === own[i]?.file);
  if (!fits) {
    await early.stop();
    return undefined;
  }
  const read = outputPageReader(dir);
  for (let i = 0; i < fed.pages.length; i++) {
    const page = own[i] as IndexedPage;
    if (current(page)) continue;
    const doc = searchDocument(read(page.file), language);
    // A page with no document was not sent: one that now has one would be added at the end, out of place.
    if ((doc !== undefined) !== fed.sent[i]) {
      await early.stop();
      return undefined;
    }
    if (doc !== undefined) await session.add(page.url, doc);
  }
  await feedPages(session, own.slice(fed.pages.length), async (page) => read(page.file), language);
  return session;
}
