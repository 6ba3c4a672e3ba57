/**
 * The loop of `ecom-site watch` (README, "watch"): the first build, the server with live reload, and a
 * rebuild of each batch of changes to the inputs (cli/core/watch.ts), with what each one prints, until
 * Ctrl-C.
 */
import { join, resolve } from 'node:path';
import type { BuildOptions } from './build.ts';
import { ROOT_BASE_PATH, urlOf } from './common/base-path.ts';
import { problem, SiteError, type Problem } from './common/errors.ts';
import { cacheDirOf, displayPath } from './common/paths.ts';
import { describeTurns } from './l10n/format.ts';
import { buildLiveScript } from './load/bundle.ts';
import { compareWarnings, formatWarnings, printError, printWarnings, SHOWN_PLACES } from './reporter.ts';
import { liveReload, serveLive } from './serve/reload.ts';
import type { RunningServer } from './serve/serve.ts';
import { watchInputs, type Change } from './serve/watcher.ts';
import { endSession, indexInBackground, rebuild, sessionWarnings, startSession, type WatchState } from './watch.ts';
import type { IndexEvents } from './write/search-queue.ts';

/**
 * How long after a reload the search index starts its pass: the browser fetches the reloaded page from this
 * process meanwhile, which on a large site would otherwise wait behind the pass's first steps (a look at
 * every page, Pagefind's start). Saves within it are coalesced into one pass.
 */
const INDEX_AFTER_RELOAD_MS = 150;

/** Where watch's terminal says the warnings it does not show are listed. */
const WATCH_MORE = 'the warnings panel and /__ecom/warnings of the watch server list them all';

/** How `watch` serves and what it prints. */
export interface WatchSettings {
  host: string;
  port: number;
  /** `--quiet`: no progress lines, only warnings and errors. */
  quiet: boolean;
  /** `--debug`: errors with their stack. */
  debug: boolean;
}

/** The changed files of a batch as a short phrase: `content/en/DROC.md`, or the first and how many more. */
function describeChanges(batch: readonly Change[]): string {
  const files = [...new Set(batch.map((change) => displayPath(change.path)))];
  if (files.length === 0) return 'nothing';
  return files.length === 1 ? (files[0] as string) : `${files[0]} and ${files.length - 1} more`;
}

/** Builds, serves and rebuilds on change until Ctrl-C; resolves to the exit code. */
export async function watchLoop(options: BuildOptions, { host, port, quiet, debug }: WatchSettings): Promise<number> {
  // The browser shows the warnings of the last good build (the first places of each kind, the rest when
  // its panel is opened); each rebuild prints what is new and what was resolved.
  const live = liveReload(
    (list, limit) => formatWarnings(list, undefined, limit === undefined ? {} : { limit, more: 'opening the panel lists them all' }),
    await buildLiveScript(options.root, cacheDirOf(options.root)),
  );
  const cut = { limit: SHOWN_PLACES, more: WATCH_MORE };
  let warnings: Problem[] = [];
  const keepWarnings = (list: Problem[]): void => {
    warnings = list;
    live.setWarnings(list);
  };
  const failed = (error: unknown): void => {
    printError(error, debug);
    live.fail(
      error instanceof SiteError ? error.problems : [problem('RENDER_FAILED', error instanceof Error ? error.message : String(error))],
    );
  };
  let state: WatchState | undefined;
  let stopping = false;
  let indexTimer: NodeJS.Timeout | undefined;
  /** A rebuild is under way: the output on disk may be ahead of the last good build the pass would describe. */
  let rebuilding = false;
  /** A pass is owed to a rebuild that changed the output; it is asked for once no rebuild runs. */
  let indexOwed = false;
  const indexLater = (): void => {
    clearTimeout(indexTimer);
    indexTimer = setTimeout(() => {
      indexTimer = undefined;
      // Never in the middle of a rebuild: the pass reads the pages on disk, which must be the build it names.
      // The rebuild asks again when it ends.
      if (rebuilding || stopping || !state) return;
      indexOwed = false;
      try {
        indexInBackground(state);
      } catch (error) {
        // Outside any rebuild now: reported as a failed pass is, never ending the session.
        indexEvents.failed?.(error);
      }
    }, INDEX_AFTER_RELOAD_MS);
  };
  // The search index follows each rebuild in the background; its news comes after the rebuild's.
  const indexEvents: IndexEvents = {
    passed: (locales, ms) => {
      if (locales.length && !quiet) process.stdout.write(`Search index updated (${locales.join(', ')}) in ${Math.round(ms)} ms\n`);
    },
    failed: (error) => {
      printError(error, debug);
      process.stderr.write('The previous search index is still being served.\n');
    },
  };

  // The first build, and again after a start that failed: the page count, into where on the first.
  const start = async (t0: number, first: boolean): Promise<void> => {
    const session = await startSession(options, indexEvents);
    state = session;
    if (!first) live.recover();
    keepWarnings(sessionWarnings(session));
    printWarnings(warnings, process.stderr, WATCH_MORE);
    if (!first) live.reload();
    const into = first ? ` into ${displayPath(resolve(options.outDir))}/` : '';
    if (!quiet) process.stdout.write(`Built ${session.built.jobs.length} pages${into} in ${Math.round(performance.now() - t0)} ms\n`);
  };
  const rebuildBatch = async (batch: Change[]): Promise<void> => {
    const t0 = performance.now();
    rebuilding = true;
    try {
      if (!state) return await start(t0, false);
      if (!quiet) process.stdout.write(`Change detected: ${describeChanges(batch)}; rebuilding…\n`);
      const translations = state.built.tracked.statuses;
      const outcome = await rebuild(state, batch);
      if (stopping) return;
      if (outcome.ok) process.stdout.write(describeTurns(translations, state.built.tracked.statuses));
      if (!outcome.ok) {
        printError(new SiteError(outcome.errors), debug);
        process.stderr.write('The last good pages are still being served.\n');
        live.fail(outcome.errors);
        return;
      }
      const wasFailing = live.recover();
      const { added, resolved } = compareWarnings(warnings, outcome.warnings);
      keepWarnings(outcome.warnings);
      if (added.length) process.stderr.write(formatWarnings(added, `${added.length} new warning(s):`, cut));
      if (resolved.length)
        process.stderr.write(`${formatWarnings(resolved, `${resolved.length} warning(s) resolved:`, cut).replace(/\n {4}hint: .*/g, '')}`);
      if (added.length || resolved.length) live.announceWarnings();
      if (outcome.stylesheet && !wasFailing) live.swapStylesheet(outcome.stylesheet);
      else if (outcome.written.length || outcome.removed.length || wasFailing) live.reload();
      if (!quiet) {
        process.stdout.write(
          `Rebuilt ${outcome.rendered} page(s), ${outcome.written.length} file(s) written, ${outcome.removed.length} removed in ${Math.round(performance.now() - t0)} ms\n`,
        );
      }
      // Only after the reload, and once its page had time to be served: the index never delays it.
      if (outcome.written.length || outcome.removed.length) indexOwed = true;
    } catch (error) {
      failed(error);
    } finally {
      rebuilding = false;
      if (indexOwed && !stopping) indexLater();
    }
  };
  const inputs = await watchInputs(
    [resolve(options.contentDir), ...['templates', 'public', 'client', 'shared'].map((dir) => join(options.root, dir))],
    rebuildBatch,
  );
  let startFailure: unknown;
  await inputs.chain(async () => {
    try {
      await start(performance.now(), true);
    } catch (error) {
      if (!(error instanceof SiteError)) startFailure = error;
      else failed(error);
    }
  });
  let server: RunningServer;
  try {
    if (startFailure) throw startFailure;
    // The base path of the last good build (site.yaml may change it), until one succeeds the flag's.
    const basePath = (): string => state?.built.loaded.config.basePath ?? options.basePath ?? ROOT_BASE_PATH;
    server = await serveLive(
      resolve(options.outDir),
      host,
      port,
      live,
      (busy) => process.stderr.write(`Port ${busy} is busy; trying ${busy + 1}.\n`),
      basePath,
    );
  } catch (error) {
    // The watcher and the render threads would keep the process alive; the error boundary (cli/index.ts)
    // prints the cause.
    await inputs.close();
    if (state) await endSession(state);
    throw error;
  }
  // "Serving" is printed once every file is watched and the first build is done.
  const served = state?.built.loaded.config.basePath ?? options.basePath ?? ROOT_BASE_PATH;
  const at = served === ROOT_BASE_PATH ? server.url : `${server.url}${urlOf(served, '/')}`;
  process.stdout.write(`Serving ${at} with live reload. Press Ctrl-C to stop.\n`);

  return await new Promise<number>((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      live.close();
      stopping = true;
      clearTimeout(indexTimer);
      // The render threads are stopped at once, not after the rebuild in progress: a huge page being parsed
      // never holds up Ctrl-C. The files of a rebuild are written only once it rendered, each atomically.
      void Promise.all([inputs.close(), server.close(), state ? endSession(state) : undefined]).then(() => {
        process.stdout.write('\nStopped.\n');
        done(0);
        // A first build still running (after a start with broken content) would keep the process alive
        // until it ends; its temporary folder is removed by the next build.
        setTimeout(() => process.exit(0), 500).unref();
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
