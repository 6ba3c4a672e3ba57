/** `ecom-site watch`: build, serve with live reload, rebuild on change (issue 5). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { BuildOptions } from '../core/build.ts';
import { formatProblem, problem, SiteError, type Problem } from '../core/common/errors.ts';
import { LIVE_CLIENT, LIVE_EVENTS, LIVE_SCRIPT, LIVE_TAG, LIVE_WARNINGS } from '../core/serve/live.ts';
import { displayPath, isIgnoredName } from '../core/common/paths.ts';
import { describeTurns } from '../core/l10n/format.ts';
import { compareWarnings, formatWarnings, printError, printWarnings } from '../core/reporter.ts';
import { startServer, type RunningServer } from '../core/serve/serve.ts';
import { endSession, rebuild, sessionWarnings, startSession, type Change, type WatchState } from '../core/watch.ts';
import type { BuildFlags } from './build.ts';

/** Options of `watch`. */
export interface WatchFlags extends BuildFlags {
  port: string;
  host: string;
}

/** A little more than chokidar's window for repeated `change` events of one file (50 ms). */
const CHANGE_THROTTLE_MS = 60;

/** An editor's save can be several events (write, rename, chmod): they are gathered this long into one batch. */
const BATCH_WINDOW_MS = 5;

/** How many ports after a busy one are tried. */
const PORT_TRIES = 10;

async function listen(
  dir: string,
  host: string,
  port: number,
  special: (req: IncomingMessage, res: ServerResponse) => boolean,
): Promise<RunningServer> {
  const transformHtml = (html: string): string =>
    html.includes('</body>') ? html.replace('</body>', `${LIVE_TAG}</body>`) : `${html}${LIVE_TAG}`;
  for (let tryPort = port; ; tryPort++) {
    try {
      return await startServer({ dir, host, port: tryPort, transformHtml, special });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE' || tryPort - port >= PORT_TRIES || port === 0) throw error;
      process.stderr.write(`Port ${tryPort} is busy; trying ${tryPort + 1}.\n`);
    }
  }
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
    drafts: Boolean(flags.drafts),
    strict: false,
  };
  const clients = new Set<ServerResponse>();
  let failure: string | undefined;
  const send = (res: ServerResponse, event: string, data: unknown): void => {
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const broadcast = (event: string, data: unknown = {}): void => {
    for (const res of clients) send(res, event, data);
  };
  const fail = (problems: Problem[]): void => {
    failure = problems.map(formatProblem).join('\n\n');
    broadcast('error', { text: failure });
  };

  // The warnings of the last good build: each rebuild prints what is new and what was resolved, and the
  // browser shows the full list (and /__ecom/warnings serves it as text).
  let warnings: Problem[] = [];
  const warningsText = (): string => formatWarnings(warnings).trimStart() || 'No warnings.\n';
  const showWarnings = (res?: ServerResponse): void => {
    const data = { count: warnings.length, text: warningsText() };
    if (res) send(res, 'warnings', data);
    else broadcast('warnings', data);
  };
  let state: WatchState | undefined;

  const special = (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = (req.url ?? '').split('?')[0];
    if (path === LIVE_WARNINGS) {
      res
        .writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' })
        .end(req.method === 'HEAD' ? undefined : warningsText());
      return true;
    }
    if (path === LIVE_SCRIPT) {
      res
        .writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' })
        .end(req.method === 'HEAD' ? undefined : LIVE_CLIENT);
      return true;
    }
    if (path !== LIVE_EVENTS) return false;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(': connected\n\n');
    if (failure) send(res, 'error', { text: failure });
    if (warnings.length) showWarnings(res);
    clients.add(res);
    req.on('close', () => clients.delete(res));
    return true;
  };
  // Changes are batched for a few milliseconds (an editor's save can be several events) and rebuilt one
  // batch at a time; changes arriving during a rebuild wait for the next batch.
  let pending: Change[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  let stopping = false;
  const flush = (): void => {
    const batch = pending;
    pending = [];
    running = running.then(async () => {
      if (stopping) return;
      const t0 = performance.now();
      try {
        if (!state) {
          state = await startSession(options);
          failure = undefined;
          warnings = sessionWarnings(state);
          printWarnings(warnings);
          broadcast('reload');
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
          fail(outcome.errors);
          return;
        }
        const wasFailing = failure !== undefined;
        failure = undefined;
        const { added, resolved } = compareWarnings(warnings, outcome.warnings);
        warnings = outcome.warnings;
        if (added.length) process.stderr.write(formatWarnings(added, `${added.length} new warning(s):`));
        if (resolved.length)
          process.stderr.write(`${formatWarnings(resolved, `${resolved.length} warning(s) resolved:`).replace(/\n {4}hint: .*/g, '')}`);
        if (added.length || resolved.length) showWarnings();
        if (outcome.stylesheet && !wasFailing) broadcast('css', { href: outcome.stylesheet });
        else if (outcome.written.length || outcome.removed.length || wasFailing) broadcast('reload');
        if (!flags.quiet) {
          process.stdout.write(
            `Rebuilt ${outcome.rendered} page(s), ${outcome.written.length} file(s) written, ${outcome.removed.length} removed in ${Math.round(performance.now() - t0)} ms\n`,
          );
        }
      } catch (error) {
        const code = printError(error, debug);
        fail(
          error instanceof SiteError ? error.problems : [problem('RENDER_FAILED', error instanceof Error ? error.message : String(error))],
        );
        void code;
      }
    });
  };
  // Loaded here so that `build` never pays for chokidar.
  const { watch } = await import('chokidar');
  const watcher = watch([resolve(flags.content), join(root, 'templates'), join(root, 'public'), join(root, 'client')], {
    ignoreInitial: true,
    // By name only (the project may live below a dot-folder), and by the same rule as build's public/.
    ignored: (path: string) => isIgnoredName(basename(path)),
  });
  const queue = (event: Change['event'], path: string): void => {
    pending.push({ event, path });
    clearTimeout(timer);
    timer = setTimeout(flush, BATCH_WINDOW_MS);
  };
  // chokidar drops a second `change` of a file within 50 ms of the first (its `_throttle`), so a quick
  // second save would be lost: each change is looked at again once that window has passed.
  const settled = new Map<string, NodeJS.Timeout>();
  const stamp = (path: string): string => {
    try {
      const info = statSync(path);
      return `${info.mtimeMs}:${info.size}`;
    } catch {
      return 'gone';
    }
  };
  watcher.on('all', (event, path) => {
    queue(event as Change['event'], path);
    if (event !== 'change') return;
    const seen = stamp(path);
    clearTimeout(settled.get(path));
    settled.set(
      path,
      setTimeout(() => {
        settled.delete(path);
        if (stamp(path) !== seen) queue('change', path);
      }, CHANGE_THROTTLE_MS),
    );
  });
  watcher.on('error', (error) => process.stderr.write(`Watcher error: ${String(error)}\n`));
  // Every file is watched before the first build reads any: an edit made while it runs is queued and
  // rebuilt after it, like any other (the first build is the first link of the same chain).
  await new Promise<void>((ready) => watcher.once('ready', ready));
  let startFailure: unknown;
  running = running.then(async () => {
    const started = performance.now();
    try {
      state = await startSession(options);
      warnings = sessionWarnings(state);
      printWarnings(warnings);
      if (!flags.quiet)
        process.stdout.write(
          `Built ${state.built.jobs.length} pages into ${displayPath(resolve(flags.out))}/ in ${Math.round(performance.now() - started)} ms\n`,
        );
    } catch (error) {
      if (!(error instanceof SiteError)) startFailure = error;
      else {
        printError(error, debug);
        fail(error.problems);
      }
    }
  });
  await running;
  let server: RunningServer;
  try {
    if (startFailure) throw startFailure;
    server = await listen(resolve(flags.out), flags.host, port, special);
  } catch (error) {
    // The watcher and the render threads would keep the process alive; the error boundary (cli/index.ts)
    // prints the cause.
    clearTimeout(timer);
    for (const pendingCheck of settled.values()) clearTimeout(pendingCheck);
    await watcher.close();
    if (state) await endSession(state);
    throw error;
  }
  // "Serving" is printed once every file is watched and the first build is done.
  process.stdout.write(`Serving ${server.url} with live reload. Press Ctrl-C to stop.\n`);

  return await new Promise<number>((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      clearTimeout(timer);
      for (const pendingCheck of settled.values()) clearTimeout(pendingCheck);
      for (const res of clients) res.end();
      stopping = true;
      // The render threads are stopped at once, not after the rebuild in progress: a huge page being parsed
      // never holds up Ctrl-C. The files of a rebuild are written only once it rendered, each atomically.
      void Promise.all([watcher.close(), server.close(), state ? endSession(state) : undefined]).then(() => {
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
