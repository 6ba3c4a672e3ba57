/**
 * One Ceph cluster per test run, shared by the deploy test files: starting one (test/helpers/ceph.ts)
 * costs most of a minute, and each deploy file used to start its own. The whole lane's global setup
 * (test/helpers/global-setup.ts) serves a small HTTP endpoint on 127.0.0.1 (`serveSharedCeph`,
 * test/helpers/ceph-on-demand.ts); the first
 * file to ask (`sharedCeph`) makes it start the cluster, the others get the same one. The cluster belongs
 * to vitest's main process, so it outlives each file's worker, and is stopped when the run ends; a run
 * without a deploy file starts none. Each file works in buckets named its own way, so files stay
 * independent of each other and of their order.
 */
import { get } from 'node:http';
import { inject } from 'vitest';
import type { S3Client } from '@aws-sdk/client-s3';
import { type CephGateway, cephLogs, s3ClientOf } from './ceph.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The URL that starts this run's shared cluster on first request and answers with its gateway. */
    sharedCeph: string;
  }
}

/** What the endpoint answers: the gateway's address and keys, and the cluster's folder (its logs). */
export interface GatewayAnswer {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  dir: string;
}

let gateway: Promise<CephGateway> | undefined;

/** This run's cluster, started by the first file to ask; never stopped by a file (the run's teardown does). */
export function sharedCeph(): Promise<CephGateway> {
  gateway ??= (async () => {
    const { status, body } = await getText(inject('sharedCeph'));
    if (status !== 200) throw new Error(`the shared Ceph cluster did not start:\n${body}`);
    const { endpoint, accessKeyId, secretAccessKey, dir } = JSON.parse(body) as GatewayAnswer;
    return { endpoint, accessKeyId, secretAccessKey, logs: () => cephLogs(dir) };
  })();
  return gateway;
}

/** The run's cluster and an S3 client of the file's own on it (`s3ClientOf`), for the file to destroy when done. */
export async function sharedCephClient(): Promise<{ ceph: CephGateway; s3: S3Client }> {
  const ceph = await sharedCeph();
  return { ceph, s3: s3ClientOf(ceph) };
}

/** A GET without a deadline of its own (fetch gives up waiting for headers after five minutes): the hook's timeout is the guard. */
function getText(url: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    get(url, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => done({ status: response.statusCode ?? 0, body }));
      response.on('error', fail);
    }).on('error', fail);
  });
}
