/**
 * A small static file server over a built folder, for the browser tests and `ecom-site watch`. It answers
 * like the shipped hosting/nginx.conf (`try_files $uri $uri.html $uri/index.html`): every route at its
 * exact path, a 404 status with the 404 page of the path's locale, no dotfiles, GET and HEAD only. It
 * never serves a file outside the folder: `..`, `.` and segments that decode to a slash, a backslash or
 * NUL are refused before any file is touched, and every file found is checked, after resolving
 * symlinks, to lie inside.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { isInside } from '../common/paths.ts';
import { DEFAULTS } from '../common/defaults.ts';
import { redirectAt } from './redirect-lookup.ts';
import { basePrefix, ROOT_BASE_PATH, sitePathIn, urlOf } from '../common/base-path.ts';

/** Content types by file extension; anything else is `application/octet-stream`. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};

/** Where to serve and listen. Port 0 picks a free port. */
export interface ServeOptions {
  dir: string;
  host?: string;
  port?: number;
  /**
   * Extra headers on every response, e.g. the Content-Security-Policy a production host sends, or a
   * function of the request's path giving them (cli/core/serve/csp.ts `cspHeaders`).
   */
  headers?: ResponseHeaders;
  /**
   * The site's own base URL: in served HTML it is replaced by this server's URL, so that absolute links to
   * the site (canonical, hreflang, Open Graph, JSON-LD) lead back to this tree (used by `ecom-site check`).
   */
  baseUrl?: string;
  /**
   * The base path the folder is served under (docs/hosting.md, "Under a sub-path"; `/` by default), or a
   * function giving it on each request (`watch`, whose site.yaml may change): a path outside it answers
   * 404, and the special handlers see the path within it.
   */
  basePath?: string | (() => string);
  /** Rewrites every HTML response (watch injects its live-reload script here). */
  transformHtml?: (html: string) => string;
  /** Handlers for paths outside the folder (watch's `/__ecom/…` endpoints); return true when handled. */
  special?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

/** Extra response headers, the same for every path or chosen by the request's path. */
export type ResponseHeaders = Readonly<Record<string, string>> | ((path: string) => Readonly<Record<string, string>>);

/** A running server: its base URL (no trailing slash) and how to stop it. */
export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The decoded segments of a request path (`/en/DROC?x` -> `['en', 'DROC']`), or undefined when the path
 * is malformed or could step outside the folder: a `.` or `..` segment, in plain or percent-encoded
 * form, or a segment that decodes to a slash, a backslash or NUL.
 */
export function pathSegments(url: string): string[] | undefined {
  const path = url.split(/[?#]/)[0] ?? '';
  if (!path.startsWith('/')) return undefined;
  const segments: string[] = [];
  for (const raw of path.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return undefined;
    if (segment) segments.push(segment);
  }
  return segments;
}

async function fileInside(root: string, path: string): Promise<string | undefined> {
  try {
    if (!(await stat(path)).isFile()) return undefined;
    const real = await realpath(path);
    return isInside(real, root) ? real : undefined;
  } catch {
    return undefined;
  }
}

/** The content type of a served file; the news feeds are Atom, as hosting/nginx.conf declares them. */
export function contentTypeOf(file: string): string {
  if (basename(file) === 'feed.xml') return 'application/atom+xml; charset=utf-8';
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file answering `segments` under `root`, tried as nginx's `try_files $uri $uri.html $uri/index.html`
 * would (a path ending in `/` tries only its `index.html`), or undefined.
 */
export async function resolveFile(root: string, segments: readonly string[], trailingSlash = false): Promise<string | undefined> {
  const base = join(root, ...segments);
  const candidates = trailingSlash || segments.length === 0 ? [join(base, 'index.html')] : [base, `${base}.html`, join(base, 'index.html')];
  for (const candidate of candidates) {
    const file = await fileInside(root, candidate);
    if (file) return file;
  }
  return undefined;
}

/**
 * The 404 page for a path, chosen as hosting/nginx.conf chooses it, without knowing the locales: the
 * `404.html` of the folder named by the path's first segment when there is one (`/ja/x` -> `ja/404.html`,
 * written for every locale but the default), else the default locale's `404.html`.
 */
async function notFoundPage(root: string, segments: readonly string[], trailingSlash: boolean): Promise<string | undefined> {
  const first = segments[0];
  const inFolder = first !== undefined && (segments.length > 1 || trailingSlash);
  return (inFolder && (await fileInside(root, join(root, first, '404.html')))) || fileInside(root, join(root, '404.html'));
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  type: string,
  body: Uint8Array | string,
  extra: Readonly<Record<string, string>> = {},
): void {
  res.writeHead(status, {
    ...extra,
    'content-type': type,
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

interface Handling {
  basePath: () => string;
  headers: ResponseHeaders;
  html: Array<(html: string) => string>;
  special?: ServeOptions['special'];
}

/** The page served while the folder does not exist yet (`watch` after a failed first build). */
const NOT_BUILT = `<!doctype html><html lang="${DEFAULTS.messageLanguage}"><head><meta charset="utf-8"><title>Not built yet</title></head><body><p>The site has not been built yet: see the terminal.</p></body></html>`;

async function handle(dir: string, options: Handling, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const asked = req.url ?? '/';
  const askedPath = asked.split(/[?#]/)[0] ?? '/';
  // Within the base path, the rest is the site path the folder holds; outside it, nothing is served.
  const sitePath = sitePathIn(options.basePath(), askedPath);
  const headers = typeof options.headers === 'function' ? options.headers(sitePath ?? askedPath) : options.headers;
  const text = CONTENT_TYPES['.txt'] ?? 'text/plain';
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return send(req, res, 405, text, 'Method Not Allowed\n', { ...headers, allow: 'GET, HEAD' });
  if (sitePath === undefined) return send(req, res, 404, text, 'Not Found\n', headers);
  const url = `${sitePath}${asked.slice(askedPath.length)}`;
  req.url = url;
  if (options.special?.(req, res)) return undefined;
  const segments = pathSegments(url);
  if (!segments) return send(req, res, 400, text, 'Bad Request\n', headers);
  const page = (html: string): string => options.html.reduce((out, transform) => transform(out), html);
  // Resolved on every request: `watch` may swap the folder for a freshly built one at any time.
  let root: string;
  try {
    root = await realpath(dir);
  } catch {
    return send(req, res, 503, CONTENT_TYPES['.html'] ?? 'text/html', page(NOT_BUILT), headers);
  }
  // Dotfiles (the output's .ecom-site marker) are not part of the site, as in hosting/nginx.conf.
  const hidden = segments.some((segment) => segment.startsWith('.'));
  const trailingSlash = (url.split(/[?#]/)[0] ?? '').endsWith('/');
  // An old address answers as nginx answers it, with the map the build wrote (cli/core/serve/redirect-lookup.ts).
  const moved = hidden || trailingSlash ? undefined : await redirectAt(root, urlOf(options.basePath(), `/${segments.join('/')}`));
  if (moved) return send(req, res, moved.status, text, `Moved to ${moved.location}\n`, { ...headers, location: moved.location });
  const file = hidden ? undefined : await resolveFile(root, segments, trailingSlash);
  if (file) {
    const body = options.html.length && file.endsWith('.html') ? page(await readFile(file, 'utf8')) : await readFile(file);
    return send(req, res, 200, contentTypeOf(file), body, headers);
  }
  const missing = await notFoundPage(root, segments, trailingSlash);
  if (missing) return send(req, res, 404, CONTENT_TYPES['.html'] ?? 'text/html', page(await readFile(missing, 'utf8')), headers);
  return send(req, res, 404, text, 'Not Found\n', headers);
}

/** Serves `dir` on `host:port` (defaults 127.0.0.1 and a free port) until `close()`. */
export async function startServer({
  dir,
  host = '127.0.0.1',
  port = 0,
  headers = {},
  baseUrl,
  basePath = ROOT_BASE_PATH,
  transformHtml,
  special,
}: ServeOptions): Promise<RunningServer> {
  const root = resolve(dir);
  const base = typeof basePath === 'function' ? basePath : () => basePath;
  const options: Handling = { basePath: base, headers, html: transformHtml ? [transformHtml] : [], special };
  const server = createServer((req, res) => {
    handle(root, options, req, res).catch(() => {
      if (!res.headersSent) send(req, res, 500, 'text/plain; charset=utf-8', 'Internal Server Error\n');
      else res.destroy();
    });
  });
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      ready();
    });
  });
  const { port: actual } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${actual}`;
  // `baseUrl` is the site's root URL as its pages write it (robots.txt's, with the base path).
  if (baseUrl) options.html.unshift((html) => html.replaceAll(baseUrl, `${url}${basePrefix(base())}`));
  return {
    url,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
