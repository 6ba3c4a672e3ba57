/**
 * One deploy, start to end (docs/deploy.md): check that the folder is a build's output, take the target's
 * lock, list the bucket and read the last manifest, plan, then upload phase by phase, write the manifest,
 * delete, and release the lock. A failure stops before the next phase, so the manifest and the deletes
 * happen only once every upload succeeded; `dryRun` stops after planning and writes nothing.
 */
import { readFile } from 'node:fs/promises';
import { hostname, userInfo } from 'node:os';
import { join } from 'node:path';
import { problem, SiteError, type Problem } from '../common/errors.ts';
import type { TargetUrl } from '../load/target-url.ts';
import { processAlive } from '../write/output.ts';
import { builtFiles } from './built.ts';
import type { Bucket } from './client.ts';
import { allUploads, planDeploy, type DeployPlan, type Upload } from './diff.ts';
import { classifyFailure, factsOf } from './failures.ts';
import { headersOf } from './headers.ts';
import { describeHolder, isStale, lockBody, lockKey, parseLock, type LockHolder } from './lock.ts';
import { manifestKey, parseManifest, serializeManifest } from './manifest.ts';
import { movedFiles, removedPages, removedProblem, withRedirects } from './moved.ts';
import { PHASES } from './phases.ts';

/** Requests in flight at once while uploading or deleting. */
const CONCURRENCY = 8;

/** What a deploy needs. */
export interface DeployOptions {
  outDir: string;
  /** The build cache folder, where the build's record of the output is (cli/core/write/cache.ts). */
  cacheDir: string;
  target: TargetUrl;
  dryRun: boolean;
  maxDeletes: number;
  /** Opens the bucket (the S3 client; cli/core/deploy/client.ts). */
  open(target: TargetUrl): Bucket;
  /** Called as uploads and deletes finish. */
  onProgress?(done: number, total: number): void;
  /** Aborted by Ctrl-C: no new request starts, and the lock is released. */
  signal?: AbortSignal;
  /** Delete live pages that have no redirect at their address (`--allow-removed`); refused otherwise. */
  allowRemoved?: boolean;
}

/** A file that failed to upload or delete. */
export interface FailedRequest {
  key: string;
  file?: string;
  problem: Problem;
}

/** What a deploy did (or, with `dryRun`, would do). */
export interface DeployResult {
  plan: DeployPlan;
  /** Uploads and deletes done (all of them unless failed). */
  uploaded: Upload[];
  deleted: string[];
  failed: FailedRequest[];
  manifestWritten: boolean;
  /** A stale lock of a killed deploy on this machine that was taken over. */
  tookOver?: LockHolder;
  /** With `dryRun`, the deletes over the limit that a real run would refuse. */
  refused?: Problem;
}

/** The problem of a failed request, in the catalogue's words. */
export function requestProblem(error: unknown, what: string): Problem {
  const failure = classifyFailure(factsOf(error));
  return problem(failure.code, `${what} failed (${failure.detail}).`);
}

/** Runs `work` over `items`, `CONCURRENCY` at a time; stops starting new ones once `signal` is aborted. */
async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !signal?.aborted) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

/** Takes the target's lock; throws DEPLOY_LOCKED naming the holder when another deploy has it. */
async function takeLock(bucket: Bucket, key: string): Promise<LockHolder | undefined> {
  const me: LockHolder = { host: hostname(), pid: process.pid, user: userInfo().username, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      await bucket.put(key, lockBody(me), { contentType: 'application/json', cacheControl: 'no-store' }, { ifNoneMatch: true });
      return undefined;
    } catch (error) {
      const facts = factsOf(error);
      if (facts.name !== 'PreconditionFailed' && facts.status !== 412) throw new SiteError(requestProblem(error, 'Taking the deploy lock'));
    }
    const text = await bucket.read(key);
    if (text === undefined) continue;
    const holder = parseLock(text);
    if (attempt === 0 && holder && isStale(holder, me.host, processAlive)) {
      await bucket.remove(key);
      const took = await takeLock(bucket, key);
      return took ?? holder;
    }
    throw new SiteError(
      problem('DEPLOY_LOCKED', `The target is locked by another deploy: ${describeHolder(holder, Date.now())}. The lock object is ${key}.`),
    );
  }
}

/** Deploys the built folder to the target. Throws SiteError for whatever stops it. */
export async function publish(options: DeployOptions): Promise<DeployResult> {
  const { target, dryRun } = options;
  const moved = await movedFiles(options.outDir, await builtFiles(options.outDir, options.cacheDir));
  const { files } = moved;
  const untyped = files.filter((f) => !headersOf(f.file));
  if (untyped.length) {
    throw new SiteError(
      untyped.map((f) =>
        problem('DEPLOY_TYPE_UNKNOWN', `No Content-Type is known for this file; nothing was uploaded.`, {
          file: join(options.outDir, f.file),
        }),
      ),
    );
  }
  const bucket = options.open(target);
  const lock = lockKey(target.prefix);
  let locked = false;
  try {
    let tookOver: LockHolder | undefined;
    if (!dryRun) {
      tookOver = await takeLock(bucket, lock);
      locked = true;
    }
    const [remote, manifestText] = await Promise.all([
      bucket.list(target.prefix).catch((error: unknown) => {
        throw new SiteError(requestProblem(error, `Listing s3://${target.bucket}/${target.prefix}`));
      }),
      bucket.read(manifestKey(target.prefix)).catch((error: unknown) => {
        throw new SiteError(requestProblem(error, 'Reading the deploy manifest'));
      }),
    ]);
    const previous = parseManifest(manifestText);
    const plan = withRedirects(planDeploy(files, remote, previous, target.prefix), moved.redirects, previous, target.prefix);
    const result: DeployResult = { plan, uploaded: [], deleted: [], failed: [], manifestWritten: false, ...(tookOver ? { tookOver } : {}) };
    const removed = options.allowRemoved ? [] : removedPages(plan, previous, target.prefix);
    if (removed.length) {
      if (dryRun) return { ...result, refused: removedProblem(removed) };
      throw new SiteError(removedProblem(removed));
    }
    if (plan.deletes.length > options.maxDeletes) {
      const refused = problem(
        'DEPLOY_TOO_MANY_DELETES',
        `The deploy would delete ${plan.deletes.length} objects, more than --max-deletes ${options.maxDeletes}; nothing was uploaded or deleted.`,
      );
      if (dryRun) return { ...result, refused };
      throw new SiteError(refused);
    }
    if (dryRun) return result;

    const uploads = allUploads(plan);
    const total = uploads.length + plan.deletes.length;
    let done = 0;
    for (const phase of PHASES) {
      await eachLimited(
        plan.uploads[phase],
        async (upload) => {
          try {
            const body = await readFile(join(options.outDir, upload.file));
            await bucket.put(upload.key, body, upload);
            result.uploaded.push(upload);
          } catch (error) {
            result.failed.push({ key: upload.key, file: upload.file, problem: requestProblem(error, `Uploading ${upload.key}`) });
          }
          options.onProgress?.(++done, total);
        },
        options.signal,
      );
      if (result.failed.length || options.signal?.aborted) return stopped(result, options);
    }
    if (plan.manifestChanged) {
      try {
        await bucket.put(manifestKey(target.prefix), serializeManifest(plan.manifest), {
          contentType: 'application/json',
          cacheControl: 'no-store',
        });
        result.manifestWritten = true;
      } catch (error) {
        result.failed.push({ key: manifestKey(target.prefix), problem: requestProblem(error, 'Writing the deploy manifest') });
        return stopped(result, options);
      }
    }
    await eachLimited(
      plan.deletes,
      async (entry) => {
        try {
          await bucket.remove(entry.key);
          result.deleted.push(entry.key);
        } catch (error) {
          result.failed.push({ key: entry.key, problem: requestProblem(error, `Deleting ${entry.key}`) });
        }
        options.onProgress?.(++done, total);
      },
      options.signal,
    );
    return result.failed.length || options.signal?.aborted ? stopped(result, options) : result;
  } finally {
    if (locked) await bucket.remove(lock).catch(() => undefined);
    bucket.close();
  }
}

/** Ends a deploy that failed or was stopped part-way: one error naming every file that failed. */
function stopped(result: DeployResult, options: DeployOptions): never {
  const failed = result.failed.map((f) => ({ ...f.problem, ...(f.file ? { file: join(options.outDir, f.file) } : {}) }));
  const summary = problem(
    'DEPLOY_FAILED',
    options.signal?.aborted && !result.failed.length
      ? `The deploy was stopped after ${result.uploaded.length} upload(s) and ${result.deleted.length} delete(s).`
      : `${result.failed.length} request(s) failed after retries; ${result.uploaded.length} upload(s) and ${result.deleted.length} delete(s) were done. Later phases${result.manifestWritten ? '' : ', the manifest'} and ${result.manifestWritten ? 'the remaining deletes' : 'the deletes'} were held back.`,
  );
  throw Object.assign(new SiteError([...failed, summary]), { result });
}
