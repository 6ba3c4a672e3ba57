/**
 * An in-memory bucket (cli/core/deploy/client.ts `Bucket`) that honours conditional writes as S3 does: a put
 * with `ifNoneMatch` fails with PreconditionFailed (HTTP 412) when the key exists. Each request waits a few
 * turns of the event loop drawn from a seeded generator, so that concurrent deploys interleave in many orders,
 * and each is logged, so that a test can count what was sent.
 */
import { createHash } from 'node:crypto';
import type { Bucket } from '../../cli/core/deploy/client.ts';
import type { RemoteObject } from '../../cli/core/deploy/diff.ts';

/** One request, as the store saw it when it took effect. */
export interface Request {
  op: 'list' | 'read' | 'put' | 'remove';
  key: string;
  ifNoneMatch?: boolean;
  /** For a put: whether it was stored. */
  stored?: boolean;
}

/** A bucket kept in memory, with what it holds and every request it got. */
export interface MemoryBucket extends Bucket {
  objects: Map<string, string>;
  log: Request[];
}

/** The error S3 answers a failed conditional write with, as the SDK throws it. */
export function preconditionFailed(): Error {
  return Object.assign(new Error('At least one of the pre-conditions you specified did not hold'), {
    name: 'PreconditionFailed',
    $metadata: { httpStatusCode: 412 },
  });
}

/** A new in-memory bucket; `next` (seeded, in [0, 1)) picks how many turns each request waits, none without it. */
export function memoryBucket(next: () => number = () => 0, objects = new Map<string, string>()): MemoryBucket {
  const log: Request[] = [];
  const wait = async (): Promise<void> => {
    for (let turns = Math.floor(next() * 4); turns > 0; turns--) await new Promise<void>((r) => setImmediate(r));
  };
  return {
    objects,
    log,
    async list(prefix) {
      await wait();
      log.push({ op: 'list', key: prefix });
      const found = new Map<string, RemoteObject>();
      for (const [key, body] of objects) {
        if (key.startsWith(prefix)) found.set(key, { etag: createHash('md5').update(body).digest('hex'), size: Buffer.byteLength(body) });
      }
      return found;
    },
    async read(key) {
      await wait();
      log.push({ op: 'read', key });
      return objects.get(key);
    },
    async put(key, body, _headers, options) {
      await wait();
      const stored = !(options?.ifNoneMatch && objects.has(key));
      log.push({ op: 'put', key, stored, ...(options?.ifNoneMatch ? { ifNoneMatch: true } : {}) });
      if (!stored) throw preconditionFailed();
      objects.set(key, typeof body === 'string' ? body : Buffer.from(body).toString());
    },
    async remove(key) {
      await wait();
      log.push({ op: 'remove', key });
      objects.delete(key);
    },
    close() {},
  };
}
