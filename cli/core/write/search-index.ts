/**
 * The search index of each locale (docs/search.md): Pagefind, run through its Node API on the main
 * content of the pages the build just wrote. Pagefind is loaded on first use, like sharp: a build that
 * writes no index (none changed) never starts its binary, unless a page source was modified since the last
 * build (cli/core/write/search-early.ts).
 */
import { readdirSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locale } from '../../../shared/constants.ts';
import { langOf, localeCodes, type Locales } from '../common/locales.ts';
import { problem, SiteError } from '../common/errors.ts';
import { readText } from '../common/files.ts';
import { encodeSitePath, localisePath, SEARCH_INDEX } from '../common/routes.ts';
import { ROOT_BASE_PATH, urlOf } from '../common/base-path.ts';
import { byPath } from '../common/paths.ts';
import { type Seed, seedIndex, settleSeeded } from './pagefind-files.ts';

type PagefindModule = typeof import('pagefind');

let pagefindCache: Promise<PagefindModule> | undefined;

/**
 * The Pagefind module, loading it the first time (kept in `pagefindCache`). Its JavaScript is bundled into
 * the CLI (bin/ecom-site.js), so this is a plain call into the bundle: the package is an ES module, which
 * the CommonJS CLI could otherwise load only by starting Node's ES module loader (docs/performance.md,
 * "Start-up").
 */
function loadPagefind(): Promise<PagefindModule> {
  pagefindCache ??= import('pagefind');
  return pagefindCache;
}

/** Stops the Pagefind service if one runs: what it was doing fails, and the next use starts a new one. */
export async function closePagefind(): Promise<void> {
  if (pagefindCache) await (await pagefindCache.catch(() => undefined))?.close();
}

/** The language Pagefind segments a locale's text as: the primary subtag of its BCP 47 tag (`zh-CN` -> `zh`). */
export function searchLanguage(locales: Locales, locale: Locale): string {
  return (langOf(locales, locale).split('-')[0] as string).toLowerCase();
}

/** The folder of a locale's index, relative to the output folder: `/pagefind` under the locale's prefix, as a page's route is. */
export function indexFolder(locale: Locale, locales: Locales): string {
  return localisePath(SEARCH_INDEX, locale, locales).slice(1);
}

/** True for a path inside any locale's index folder: files the search stage owns. */
export function isIndexFile(path: string, locales: Locales): boolean {
  return localeCodes(locales).some((locale) => path.startsWith(`${indexFolder(locale, locales)}/`));
}

/** What the index needs of a render job (cli/core/plan/jobs.ts): the page, the route it is written at, its files. */
export interface IndexJob {
  page: { route: string; locale: Locale; fallback: boolean };
  route: string;
  files: readonly string[];
}

/** A page the index lists: its URL, locale and the output file holding its HTML. */
export interface IndexedPage {
  url: string;
  locale: Locale;
  file: string;
}

/**
 * The pages worth finding: each page once, at its own route, in its own language. Stand-ins (the other
 * locale's text) would be found twice, and the `/home` alias duplicates the home page. The 404 and search
 * pages are not jobs, so never listed.
 */
export function indexedPages(jobs: readonly IndexJob[], locales: Locales, basePath = ROOT_BASE_PATH): IndexedPage[] {
  return jobs
    .filter((job) => !job.page.fallback && job.route === job.page.route && job.files.length > 0)
    .map((job) => ({
      // The URL a result links to, under the base path: the search script keeps Pagefind's `baseUrl` at `/`.
      url: urlOf(basePath, encodeSitePath(localisePath(job.route, job.page.locale, locales))),
      locale: job.page.locale,
      file: job.files[0] as string,
    }))
    .sort((a, b) => byPath(a.url, b.url));
}

/**
 * The `<main>` element of a page and its `<title>`, as a small document Pagefind reads: it indexes the body
 * only, and takes the result's title from the page's `<title>` (its first `<h1>` is a slogan on some pages).
 */
export function searchDocument(html: string, lang: string): string | undefined {
  const start = html.search(/<main[\s>]/);
  const end = html.lastIndexOf('</main>');
  if (start === -1 || end < start) return undefined;
  const main = html.slice(start, end + '</main>'.length).replace(/^<main/, '<main data-pagefind-body');
  const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];
  const head = title ? `<title data-pagefind-meta="title">${title}</title>` : '';
  return `<!DOCTYPE html><html lang="${lang}"><head>${head}</head><body>${main}</body></html>`;
}

/** A locale's index begun ahead of the search stage (cli/core/write/search-early.ts). */
export interface EarlyStart {
  /** Brings it to the index of `own` in `language`, ready to write; undefined, stopped, where it cannot be. */
  complete(own: readonly IndexedPage[], language: string): Promise<IndexSession | undefined>;
  stop(): Promise<void>;
}

/** Pages sent to Pagefind before the first answer is awaited: its service reads while Node reads the next. */
const IN_FLIGHT = 8;

/** Pagefind's own UI bundles: not published, as the site's search uses only its JavaScript API. */
const UI_FILE = /^pagefind-(ui|component-ui|modular-ui|highlight)/;

/**
 * One Pagefind service indexing the pages of one language, in the order they are sent. Adding a URL it
 * holds already puts the new page in the old one's place (Pagefind's `fossick_one`), so a page sent twice
 * counts once, where it was first sent (cli/core/write/search-early.ts relies on this).
 */
export interface IndexSession {
  /** Sends a page; settles with Pagefind's answer (answers come in the order sent). */
  add(url: string, doc: string): Promise<void>;
  /** Has Pagefind write the index of the pages sent into `into`, once `ready` (what is lent to it) has settled. */
  write(into: string, ready: Promise<unknown>): Promise<void>;
  /** Stops the service: what it was doing fails, and the session takes nothing more. */
  close(): Promise<void>;
  /** True once `close` was called. */
  readonly closed: boolean;
}

/**
 * The session whose service runs: Pagefind's Node API keeps one service process for all its indexes, so
 * only this session's `close` stops it, and a session closed before never stops another's.
 */
let running: object | undefined;

/** Starts a Pagefind service for pages of `language` (one at a time: `close` stops it). */
export async function openIndex(language: string): Promise<IndexSession> {
  const pagefind = await loadPagefind();
  const token = {};
  running = token;
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    if (running !== token) return;
    running = undefined;
    await pagefind.close();
  };
  /** Fails at once once closed: a call to Pagefind's API would start a new service, knowing no index. */
  const open = (): void => {
    if (closed) throw pagefindFailed('go on', ['its service was stopped']);
  };
  try {
    const created = await pagefind.createIndex({ forceLanguage: language });
    if (!created.index) throw pagefindFailed('start', created.errors);
    const { index } = created;
    return {
      add: async (url, doc) => {
        open();
        const result = await index.addHTMLFile({ url, content: doc });
        if (result.errors.length) throw pagefindFailed(`index ${url}`, result.errors);
      },
      async write(into, ready) {
        await ready;
        open();
        const written = await index.writeFiles({ outputPath: into });
        if (written.errors.length) throw pagefindFailed('write its index', written.errors);
        // Synchronous: a few files, which should not wait behind the build's writes in the thread pool.
        for (const name of readdirSync(into)) if (UI_FILE.test(name)) rmSync(join(into, name), { recursive: true, force: true });
      },
      close,
      get closed() {
        return closed;
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Sends `pages` to `session` in their order, each as its document (`searchDocument` of what `read` gives),
 * `inFlight` at most unanswered; a few are read ahead, never all at once (a large locale's HTML would not fit
 * in memory). Resolves once every page sent is answered, with which pages had a document to send; stops
 * between pages once `stopped` says so.
 */
export async function feedPages(
  session: IndexSession,
  pages: readonly IndexedPage[],
  read: (page: IndexedPage) => Promise<string>,
  language: string,
  { inFlight = IN_FLIGHT, stopped = () => false }: { inFlight?: number; stopped?: () => boolean } = {},
): Promise<boolean[]> {
  const reading = new Map<number, Promise<string | undefined>>();
  const readAhead = (from: number): void => {
    for (let j = from; j < Math.min(pages.length, from + IN_FLIGHT); j++) {
      if (reading.has(j)) continue;
      const doc = read(pages[j] as IndexedPage).then((html) => searchDocument(html, language));
      // An unobserved failure must not end the process: it is looked at when its turn comes.
      doc.catch(() => undefined);
      reading.set(j, doc);
    }
  };
  const added: Array<Promise<void>> = [];
  const sent: boolean[] = [];
  for (let i = 0; i < pages.length && !stopped(); i++) {
    if (i >= inFlight) await added[i - inFlight];
    readAhead(i);
    const doc = await (reading.get(i) as Promise<string | undefined>);
    reading.delete(i);
    const adding = doc === undefined ? Promise.resolve() : session.add((pages[i] as IndexedPage).url, doc);
    adding.catch(() => undefined);
    added.push(adding);
    sent.push(doc !== undefined);
  }
  await Promise.all(added);
  return sent;
}

/**
 * Makes the index of one locale's pages written into `dir`, and has Pagefind write it into the folder
 * `into` (absolute; made, or emptied first); returns how many pages it lists. One Pagefind service per call,
 * closed before this returns: a service's memory grows with every page it holds, so two locales never share
 * one. The files go from the service to the disk without passing through this process. Pages are added in
 * URL order (the service takes them in the order sent), a few in flight, so the same pages always give the
 * same bytes. `seed`, the locale's last index, lends `into` its files that the new index makes again
 * (cli/core/write/pagefind-files.ts): Pagefind then writes only what changed, and the folder ends as it
 * would without one (where that cannot be made sure of, the index is written again without the loan).
 * `signal` stops it between steps (`watch` closing). `early`, the locale's pages sent to Pagefind ahead
 * (cli/core/write/search-early.ts), is completed where it can be; where it cannot, the locale is indexed
 * as without it.
 */
export async function indexLocale(
  dir: string,
  locale: Locale,
  pages: readonly IndexedPage[],
  locales: Locales,
  into: string,
  { seed, signal, early }: { seed?: Seed; signal?: AbortSignal; early?: EarlyStart } = {},
): Promise<number> {
  const own = pages.filter((page) => page.locale === locale);
  await rm(into, { recursive: true, force: true });
  if (own.length === 0) {
    await early?.stop();
    return 0;
  }
  signal?.throwIfAborted();
  const language = searchLanguage(locales, locale);
  // The loan is made while Pagefind takes the pages (its service works on the other core), and is whole
  // before Pagefind writes; on a failure it has ended before this throws, so `into` can be removed.
  const seeding = seed === undefined ? Promise.resolve([]) : seedIndex(seed, into, signal);
  seeding.catch(() => undefined);
  try {
    const completed = await early?.complete(own, language);
    if (completed) await writeIndex(completed, into, seeding);
    else await runPagefind(dir, own, language, into, seeding);
  } catch (error) {
    await early?.stop();
    await seeding.catch(() => undefined);
    throw error;
  }
  const seeded = await seeding;
  if (seeded.length > 0 && !(await settleSeeded(into, (seed as Seed).folder, seeded, signal))) {
    signal?.throwIfAborted();
    return indexLocale(dir, locale, pages, locales, into, { signal });
  }
  return own.length;
}

/**
 * Has one Pagefind service index `own` (pages of one language) and write the index into `into`, once
 * `ready` (what is lent to `into`) has settled.
 */
async function runPagefind(
  dir: string,
  own: readonly IndexedPage[],
  language: string,
  into: string,
  ready: Promise<unknown>,
): Promise<void> {
  const session = await openIndex(language);
  await writeIndex(session, into, ready, () => feedPages(session, own, (page) => readText(join(dir, page.file)), language));
}

/** Has `session` write its index into `into` once `ready` has settled (after `feed`, if given), and stops it. */
async function writeIndex(session: IndexSession, into: string, ready: Promise<unknown>, feed?: () => Promise<unknown>): Promise<void> {
  try {
    await feed?.();
    await session.write(into, ready);
  } finally {
    // The service is a child process: left running, it would keep the command and its memory alive.
    await session.close();
  }
}

/** A failure of Pagefind itself, reported as a system error (its binary missing or failing). */
function pagefindFailed(what: string, errors: readonly string[]): SiteError {
  return new SiteError([problem('SYSTEM_ERROR', `Pagefind could not ${what}: ${errors.join('; ')}`)]);
}
