/**
 * The server side of `watch`'s live reload (README, "watch"): the `/__ecom/…` endpoints beside the built
 * folder, and the events every open page is sent. A page that connects is told at once what the pages
 * open before it were told: the problems of a failed rebuild (the overlay) and the warnings of the last
 * good build (the panel), so a reload never hides them. The browser script these events drive is
 * client/live.ts, which cli/core/load/bundle.ts bundles.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatProblem, type Problem } from '../common/errors.ts';
import { LIVE_EVENTS, LIVE_SCRIPT, LIVE_WARNINGS } from '../../../shared/live-paths.ts';
import { cspHeaders } from './csp.ts';
import { startServer, type RunningServer } from './serve.ts';
import { ROOT_BASE_PATH, urlOf } from '../common/base-path.ts';

/** The tag injected before `</body>` of every HTML page `watch` serves, the script under the site's base path. */
export function liveTag(basePath: string): string {
  return `<script src="${urlOf(basePath, LIVE_SCRIPT)}" defer></script>`;
}

/** The live-reload channel of one `watch` session. */
export interface LiveReload {
  /** Answers the live-reload paths (events, script, warnings); false for any other request. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** Every open page reloads. */
  reload(): void;
  /** Every open page swaps its stylesheet for `href` in place. */
  swapStylesheet(href: string): void;
  /** Every open page, and every page opened until `recover`, shows these problems over its content. */
  fail(problems: readonly Problem[]): void;
  /** Forgets the failure of the last rebuild; true when there was one. */
  recover(): boolean;
  /** Keeps the warnings of the last good build: served as text, and shown to pages that connect. */
  setWarnings(warnings: readonly Problem[]): void;
  /** Shows the kept warnings on every open page. */
  announceWarnings(): void;
  /** Ends every open event stream. */
  close(): void;
}

/** How many places of each kind of warning an event carries; the panel fetches the rest when opened. */
const EVENT_PLACES = 10;

/** What a `warnings` event carries: the count, the first places of each kind as text, and where the full list is. */
export interface WarningsEvent {
  count: number;
  text: string;
  /** True when `text` leaves places out: the panel fetches `full` when opened. */
  truncated: boolean;
  full: string;
}

/**
 * A live-reload channel serving `script`, the bundled client/live.ts. `describe` writes a list of warnings
 * as text (the terminal's grouped format), so that the browser's panel reads like the terminal: the first
 * places of each kind when `limit` is given (every event), all of them without (`/__ecom/warnings`, which
 * the panel fetches when opened).
 */
export function liveReload(describe: (warnings: readonly Problem[], limit?: number) => string, script: string): LiveReload {
  const clients = new Set<ServerResponse>();
  let failure: string | undefined;
  let warnings: readonly Problem[] = [];
  const send = (res: ServerResponse, event: string, data: unknown): void => {
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const broadcast = (event: string, data: unknown = {}): void => {
    for (const res of clients) send(res, event, data);
  };
  const warningsText = (): string => describe(warnings).trimStart() || 'No warnings.\n';
  const warningsEvent = (): WarningsEvent => {
    const text = describe(warnings, EVENT_PLACES).trimStart();
    const perKind = new Map<string, number>();
    for (const w of warnings) perKind.set(w.code, (perKind.get(w.code) ?? 0) + 1);
    const truncated = [...perKind.values()].some((n) => n > EVENT_PLACES);
    return { count: warnings.length, text, truncated, full: LIVE_WARNINGS };
  };
  return {
    handle(req, res) {
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
          .end(req.method === 'HEAD' ? undefined : script);
        return true;
      }
      if (path !== LIVE_EVENTS) return false;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      res.write(': connected\n\n');
      if (failure) send(res, 'error', { text: failure });
      if (warnings.length) send(res, 'warnings', warningsEvent());
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return true;
    },
    reload: () => broadcast('reload'),
    swapStylesheet: (href) => broadcast('css', { href }),
    fail(problems) {
      failure = problems.map(formatProblem).join('\n\n');
      broadcast('error', { text: failure });
    },
    recover() {
      const was = failure !== undefined;
      failure = undefined;
      return was;
    },
    setWarnings(list) {
      warnings = list;
    },
    announceWarnings: () => broadcast('warnings', warningsEvent()),
    close() {
      for (const res of clients) res.end();
    },
  };
}

/** How many ports after a busy one are tried. */
const PORT_TRIES = 10;

/**
 * Serves `dir` with the live-reload client injected into every HTML page and `live`'s endpoints beside
 * it. A busy port is followed by the next ones (`onBusy` is told each), unless port 0 asked for any.
 */
export async function serveLive(
  dir: string,
  host: string,
  port: number,
  live: LiveReload,
  onBusy: (port: number) => void,
  basePath: () => string = () => ROOT_BASE_PATH,
): Promise<RunningServer> {
  const transformHtml = (html: string): string => {
    const tag = liveTag(basePath());
    return html.includes('</body>') ? html.replace('</body>', `${tag}</body>`) : `${html}${tag}`;
  };
  for (let tryPort = port; ; tryPort++) {
    try {
      return await startServer({ dir, host, port: tryPort, headers: cspHeaders, transformHtml, special: live.handle, basePath });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE' || tryPort - port >= PORT_TRIES || port === 0) throw error;
      onBusy(tryPort);
    }
  }
}
