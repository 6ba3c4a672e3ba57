/** `ecom-site watch`: build, serve with live reload, rebuild on change (README, "watch"). */
import { join, resolve } from 'node:path';
import type { BuildOptions } from '../core/build.ts';
import { formatProblem, problem, SiteError, type Problem } from '../core/common/errors.ts';
import { displayPath } from '../core/common/paths.ts';
import { describeTurns } from '../core/l10n/format.ts';
import { buildLiveScript } from '../core/load/bundle.ts';
import { cacheDirOf } from '../core/plan/site.ts';
import { compareWarnings, formatWarnings, printError, printWarnings, SHOWN_PLACES } from '../core/reporter.ts';
import { liveReload, serveLive } from '../core/serve/reload.ts';
import { ROOT_BASE_PATH, urlOf } from '../core/common/base-path.ts';
import type { RunningServer } from '../core/serve/serve.ts';
import { watchInputs, type Change } from '../core/serve/watcher.ts';
import { endSession, indexInBackground, rebuild, sessionWarnings, startSession, type WatchState } from '../core/watch.ts';
import type { IndexEvents } from '../core/write/search-queue.ts';
import type { BuildFlags } from './build.ts';

/** Where watch's terminal says the warnings it does not show are listed. */
const WATCH_MORE = 'the warnings panel and /__ecom/warnings of the watch server list them all';

/** Options of `watch`. */
export interface WatchFlags extends BuildFlags {
  port: string;
  host: string;
}

/** The changed files of a batch as a short phrase: `content/en/DROC.md`, or the first and how many more. */
function describeChanges(batch: readonly Change[]): string {
  const files = [...new Set(batch.map((change) => displayPath(change.path)))];
  if (files.length === 0) return 'nothing';
  return files.length === 1 ? (files[0] as string) : `${files[0]} and ${files.length - 1} more`;
}

/** Runs `watch` until Ctrl-C; returns the exit code. */
export async function runWatch(root: string, flags: WatchFlags, debug: boolean): Promise<number> {
  const port = Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`${formatProblem(problem('USAGE', `--port must be a number from 0 to 65535, not "${flags.port}".`))}\n`);
    return 2;
  }
  const options: BuildOptions = {
    root,
    contentDir: flags.content,
    outDir: flags.out,
    baseUrl: flags.baseUrl,
    basePath: flags.basePath,
    preview: Boolean(flags.preview),
    drafts: Boolean(flags.drafts),
    strict: false,
  };
  // The browser shows the warnings of the last good build (the first places of each kind, the rest when
  // its panel is opened); each rebuild prints what is new and what was resolved.
  const live = liveReload(
    (list, limit) => formatWarnings(list, undefined, limit === undefined ? {} : { limit, more: 'opening the panel lists them all' }),
    await buildLiveScript(root, cacheDirOf(root)),
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
  // The search index follows each rebuild in the background; its news comes after the rebuild's.
  const indexEvents: IndexEvents = {
    passed: (locales, ms) => {
      if (locales.length && !flags.quiet) process.stdout.write(`Search index updated (${locales.join(', ')}) in ${Math.round(ms)} ms\n`);
    },
    failed: (error) => {
      printError(error, debug);
      process.stderr.write('The previous search index is still being served.\n');
    },
  };

  const rebuildBatch = async (batch: Change[]): Promise<void> => {
    const t0 = performance.now();
    try {
      if (!state) {
        state = await startSession(options, indexEvents);
        live.recover();
        keepWarnings(sessionWarnings(state));
        printWarnings(warnings, process.stderr, WATCH_MORE);
        live.reload();
        if (!flags.quiet) process.stdout.write(`Built ${state.built.jobs.length} pages in ${Math.round(performance.now() - t0)} ms\n`);
        return;
      }
      if (!flags.quiet) process.stdout.write(`Change detected: ${describeChanges(batch)}; rebuilding…\n`);
      const translations = state.built.site.translations;
      const outcome = await rebuild(state, batch);
      if (stopping) return;
      if (outcome.ok) process.stdout.write(describeTurns(translations, state.built.site.translations));
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
      if (!flags.quiet) {
        process.stdout.write(
          `Rebuilt ${outcome.rendered} page(s), ${outcome.written.length} file(s) written, ${outcome.removed.length} removed in ${Math.round(performance.now() - t0)} ms\n`,
        );
      }
      // Only now, with the reload sent: the index never delays it.
      if (outcome.written.length || outcome.removed.length) indexInBackground(state);
    } catch (error) {
      failed(error);
    }
  };
  const inputs = await watchInputs(
    [resolve(flags.content), join(root, 'templates'), join(root, 'public'), join(root, 'client'), join(root, 'shared')],
    rebuildBatch,
  );
  let startFailure: unknown;
  await inputs.chain(async () => {
    const started = performance.now();
    try {
      state = await startSession(options, indexEvents);
      keepWarnings(sessionWarnings(state));
      printWarnings(warnings, process.stderr, WATCH_MORE);
      if (!flags.quiet)
        process.stdout.write(
          `Built ${state.built.jobs.length} pages into ${displayPath(resolve(flags.out))}/ in ${Math.round(performance.now() - started)} ms\n`,
        );
    } catch (error) {
      if (!(error instanceof SiteError)) startFailure = error;
      else failed(error);
    }
  });
  let server: RunningServer;
  try {
    if (startFailure) throw startFailure;
    // The base path of the last good build (site.yaml may change it), until one succeeds the flag's.
    const basePath = (): string => state?.built.site.config.basePath ?? flags.basePath ?? ROOT_BASE_PATH;
    server = await serveLive(
      resolve(flags.out),
      flags.host,
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
  const served = state?.built.site.config.basePath ?? flags.basePath ?? ROOT_BASE_PATH;
  const at = served === ROOT_BASE_PATH ? server.url : `${server.url}${urlOf(served, '/')}`;
  process.stdout.write(`Serving ${at} with live reload. Press Ctrl-C to stop.\n`);

  return await new Promise<number>((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      live.close();
      stopping = true;
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
