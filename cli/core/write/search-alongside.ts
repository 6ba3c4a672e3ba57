/**
 * The index of a small site made while its pages render (docs/search.md, "How it fits the build"). A
 * small build would otherwise spend a good part of its time in its search stage, one Pagefind service
 * after the other with the main thread idle, after a render that left the other core idle. Where every
 * page a locale lists is rendered by this build and the render is too small for threads, each page's
 * HTML is handed to the locale's Pagefind service as the sink is given it, in URL order as an index made
 * after the render would send it, so the index is the same; each locale's index is written into its
 * folder once its last page is sent, and its service closed before the next locale's starts.
 */
import { join } from 'node:path';
import type { Locale } from '../../../shared/constants.ts';
import { localeCodes, type Locales } from '../common/locales.ts';
import { feedPages, type IndexedPage, indexFolder, openIndex, searchLanguage } from './search-index.ts';
import type { Sink } from './sinks.ts';

/** The index of some locales, made from their pages as they are written. */
export interface AlongsideIndex {
  /** The locales indexed, in the order their services run. */
  locales: readonly Locale[];
  /** `sink`, handing each listed page's HTML to the index as it is given it. */
  tap(sink: Sink): Sink;
  /** Settles once the locale's index is written into its folder; rejects where it could not be. */
  done(locale: Locale): Promise<void>;
  /** Stops it: no page more is sent, an index being written is finished, and no other service starts. */
  stop(): Promise<void>;
}

/** A promise with its settling functions. */
interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // Looked at when its turn comes, or never (stopped): an unobserved failure must not end the process.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/**
 * Begins the index, written into `dir` (the build's new folder), of each of `chosen` (locales whose pages,
 * of `pages`, this build renders every one of), in the order of the site's locales (the build renders
 * their pages in that order); none when `chosen` is empty.
 */
export function indexAlongside(
  dir: string,
  pages: readonly IndexedPage[],
  chosen: ReadonlySet<Locale>,
  locales: Locales,
): AlongsideIndex | undefined {
  const order = localeCodes(locales).filter((locale) => chosen.has(locale) && pages.some((page) => page.locale === locale));
  if (order.length === 0) return undefined;
  const html = new Map<string, Deferred<string | Uint8Array>>();
  for (const page of pages) if (order.includes(page.locale)) html.set(page.file, deferred());
  const finished = new Map(order.map((locale) => [locale, deferred<void>()]));
  let stopped = false;
  const run = async (): Promise<void> => {
    for (const locale of order) {
      const done = finished.get(locale) as Deferred<void>;
      try {
        if (stopped) throw new Error('stopped');
        const language = searchLanguage(locales, locale);
        const session = await openIndex(language);
        try {
          const own = pages.filter((page) => page.locale === locale);
          await feedPages(
            session,
            own,
            async (page) => textOf(await (html.get(page.file) as Deferred<string | Uint8Array>).promise),
            language,
          );
          await session.write(join(dir, indexFolder(locale, locales)), Promise.resolve());
        } finally {
          await session.close();
        }
        done.resolve();
      } catch (error) {
        // The locales after it are not indexed here either: the search stage sees the first failure.
        for (const rest of finished.values()) rest.reject(error);
        return;
      }
    }
  };
  const chain = run();
  return {
    locales: order,
    tap: (sink) => ({
      ...sink,
      write(path, data) {
        html.get(path)?.resolve(data);
        sink.write(path, data);
      },
    }),
    done: (locale) => finished.get(locale)?.promise ?? Promise.reject(new Error(`${locale} is not indexed alongside`)),
    async stop() {
      stopped = true;
      const error = new Error('stopped');
      for (const page of html.values()) page.reject(error);
      // The pages it waits for fail, so it ends soon, closing its service itself: a service is not stopped
      // while it writes into the folder, which the build may be about to remove.
      await chain;
    },
  };
}

function textOf(data: string | Uint8Array): string {
  return typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');
}
