/**
 * An HTTP proxy in front of a real S3 server, for the deploy tests: it records every request's method and
 * path, can hold each PUT for a while (to stop a deploy part-way), can answer the first few PUTs with
 * 503 (to prove retries) or every PUT of chosen keys (to fail one file for good). Requests are forwarded
 * unchanged, Host header included, so signatures hold.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running proxy. */
export interface S3Proxy {
  /** `http://127.0.0.1:<port>`. */
  endpoint: string;
  /** Every request so far: `PUT /bucket/key`. */
  requests: string[];
  /** Milliseconds each PUT is held before it is forwarded. */
  putDelayMs: number;
  /** How many more PUTs to answer with 503 SlowDown instead of forwarding. */
  failPuts: number;
  /** Paths (`/bucket/key`) whose every PUT is answered with 503 SlowDown. */
  failPaths: Set<string>;
  close(): Promise<void>;
}

/** Starts a proxy to `upstream` (`http://127.0.0.1:PORT`) on a free loopback port. */
export async function startS3Proxy(upstream: string): Promise<S3Proxy> {
  const target = new URL(upstream);
  const state = { requests: [] as string[], putDelayMs: 0, failPuts: 0, failPaths: new Set<string>() };
  const server: Server = createServer((req, res) => {
    const line = `${req.method} ${req.url}`;
    state.requests.push(line);
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method === 'PUT' && (state.failPuts > 0 || state.failPaths.has(decodeURIComponent(path)))) {
      if (!state.failPaths.has(decodeURIComponent(path))) state.failPuts -= 1;
      req.resume();
      res.writeHead(503, { 'content-type': 'application/xml' });
      res.end(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>',
      );
      return;
    }
    const forward = (): void => {
      const out = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      req.pipe(out);
    };
    if (req.method === 'PUT' && state.putDelayMs > 0) setTimeout(forward, state.putDelayMs);
    else forward();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    get putDelayMs() {
      return state.putDelayMs;
    },
    set putDelayMs(ms: number) {
      state.putDelayMs = ms;
    },
    get failPuts() {
      return state.failPuts;
    },
    set failPuts(n: number) {
      state.failPuts = n;
    },
    failPaths: state.failPaths,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
