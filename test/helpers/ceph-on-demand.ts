/**
 * The vitest main process's side of the run's shared Ceph cluster (test/helpers/shared-ceph.ts): an HTTP
 * endpoint on 127.0.0.1 that starts the cluster on its first request and answers every request with the
 * gateway's address and keys. It imports nothing of vitest's runtime: it runs in the global setup.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Ceph, startCeph } from './ceph.ts';
import type { GatewayAnswer } from './shared-ceph.ts';

/** The endpoint served by the global setup: its URL, and `close` that stops the cluster if one started. */
export interface SharedCephServer {
  url: string;
  close(): Promise<void>;
}

/** Serves the run's cluster on a loopback port: started on the first request, stopped by `close`. */
export async function serveSharedCeph(): Promise<SharedCephServer> {
  let cluster: Promise<Ceph> | undefined;
  const server = createServer((_request, response) => {
    cluster ??= startCeph();
    cluster.then(
      ({ endpoint, accessKeyId, secretAccessKey, dir }) => {
        const answer: GatewayAnswer = { endpoint, accessKeyId, secretAccessKey, dir };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      },
      (error: unknown) => {
        response
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(error instanceof Error ? (error.stack ?? error.message) : String(error));
      },
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      const started = await cluster?.catch(() => undefined);
      await started?.stop();
    },
  };
}
