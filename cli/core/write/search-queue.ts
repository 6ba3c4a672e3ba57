/**
 * `watch`'s search index, kept up to date in the background: a save's reload never waits for Pagefind. Each
 * request describes the output as a rebuild left it; a pass brings the served index up to it
 * (cli/core/write/search-stage.ts `refreshSearchIndex`). Requests made while a pass runs are coalesced: one
 * more pass follows, with the newest. Until a locale's new index is complete, its old one keeps answering.
 */
import type { Locale } from '../../../shared/constants.ts';
import type { Locales } from '../common/locales.ts';
import { closePagefind, type IndexJob } from './search-index.ts';
import type { SearchRecord } from './search-keys.ts';
import { refreshSearchIndex } from './search-stage.ts';

/** The output as a rebuild left it: its jobs, the key of each file, the locales. */
export interface IndexRequest {
  jobs: readonly IndexJob[];
  fileKeys: ReadonlyMap<string, string>;
  locales: Locales;
  /** The site's base path, which every URL the index lists starts with. */
  basePath: string;
}

/** What a pass tells its owner (the command prints it). */
export interface IndexEvents {
  /** A locale's new index was swapped in (or its folder removed). */
  swapped?(locale: Locale): void;
  /** A pass ended: the locales it changed (none when every key was unchanged), and how long it took. */
  passed?(locales: Locale[], ms: number): void;
  /** A pass failed; the served index stays as it was, and the next request tries again. */
  failed?(error: unknown): void;
}

/** The background indexer of a served folder. */
export interface SearchQueue {
  /** Asks for the index of `request`; returns at once. */
  request(request: IndexRequest): void;
  /** Resolves once no pass runs and none is asked for. */
  idle(): Promise<void>;
  /** What the served index is made of. */
  readonly record: SearchRecord;
  /** Stops: the pass under way is cut short (its temporary folder removed), no other starts. */
  close(): Promise<void>;
}

/** A background indexer for the folder `dir`, whose index is made of `record` now. */
export function searchQueue(dir: string, record: SearchRecord, events: IndexEvents = {}): SearchQueue {
  let served = record;
  let next: IndexRequest | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  // Stops a pass between its steps; the running Pagefind service is stopped by `closePagefind`.
  const stopping = new AbortController();

  const pass = async (request: IndexRequest): Promise<void> => {
    const changed: Locale[] = [];
    const started = performance.now();
    try {
      served = await refreshSearchIndex(
        dir,
        request.jobs,
        request.fileKeys,
        served,
        request.locales,
        (locale) => {
          changed.push(locale);
          events.swapped?.(locale);
        },
        request.basePath,
        stopping.signal,
      );
      if (!closed) events.passed?.(changed, performance.now() - started);
    } catch (error) {
      if (!closed) events.failed?.(error);
    }
  };
  const drain = async (): Promise<void> => {
    while (next && !closed) {
      const request = next;
      next = undefined;
      await pass(request);
    }
    running = undefined;
  };

  return {
    request(request) {
      if (closed) return;
      next = request;
      running ??= drain();
    },
    async idle() {
      while (running) await running;
    },
    get record() {
      return served;
    },
    async close() {
      closed = true;
      next = undefined;
      stopping.abort();
      if (running) {
        await closePagefind();
        await running;
      }
    },
  };
}
