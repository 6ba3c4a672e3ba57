/**
 * One deploy, start to end (docs/deploy.md): check that the folder is a build's output, take the target's
 * lock, list the bucket and read the last manifest, plan, then publish: upload phase by phase (pages in
 * the order of their links), write the manifest, delete, and release the lock. A failure stops before
 * the next step, so the manifest and the deletes happen only once every upload succeeded; `dryRun` stops
 * after planning and writes nothing. The plan (cli/core/deploy/diff.ts) is data; this module only carries
 * it out.
 */
import { hostname, userInfo } from 'node:os';
import { join } from 'node:path';
import { DEFAULTS } from '../common/defaults.ts';
import { problem, SiteError, type Problem } from '../common/errors.ts';
import type { TargetUrl } from '../load/target-url.ts';
import { processAlive } from '../write/output.ts';
import { builtFiles } from './built.ts';
import type { Bucket } from './client.ts';
import { allUploads, planDeploy, type DeployPlan, type LocalFile, type Upload } from './diff.ts';
import { classifyFailure, factsOf } from './failures.ts';
import { headersOf } from './headers.ts';
import { keyOf } from './keys.ts';
import { deployLimits } from './limits.ts';
import { acquireLock, describeHolder, isStale, lockKey, parseLock, type LockHolder, type LockStore } from './lock.ts';
import { manifestKey, parseManifest, serializeManifest } from './manifest.ts';
import { pageWaves } from './order.ts';
import { movedFiles, removedPages, removedProblem, withRedirects } from './moved.ts';

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
  /** Opens the bucket (the S3 client; cli/core/deploy/client.ts); `signal` aborts its requests in flight. */
  open(target: TargetUrl, signal?: AbortSignal): Bucket;
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
  /** New pages uploaded and then removed again, since a page of their cycle failed. */
  withdrawn: string[];
  deleted: string[];
  failed: FailedRequest[];
  manifestWritten: boolean;
  /** A stale lock of a killed deploy on this machine that was taken over. */
  tookOver?: LockHolder;
  /** With `dryRun`, the deletes over the limit that a real run would refuse. */
  refused?: Problem;
}

/** The problem of a failed request, in the catalogue's words; a network failure names the endpoint (never a credential). */
export function requestProblem(error: unknown, what: string, target?: TargetUrl): Problem {
  const failure = classifyFailure(factsOf(error));
  const where =
    failure.code === 'DEPLOY_NETWORK' && target
      ? ` at ${target.endpoint ?? `the AWS S3 endpoint of ${target.region ?? process.env.AWS_REGION ?? 'the default region'}`}`
      : '';
  return problem(failure.code, `${what} failed${where} (${failure.detail}).`);
}

/** True for a request ended by the deploy's own signal (Ctrl-C), not by the storage. */
function aborted(error: unknown): boolean {
  return factsOf(error).name === 'AbortError';
}

/** Runs `work` over `items`, `CONCURRENCY` at a time; stops starting new ones once `signal` is aborted. */
async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !signal?.aborted) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

/** The lock object through the bucket: conditional writes, a refused condition read as `false`. */
function lockStore(bucket: Bucket, key: string): LockStore {
  const headers = { contentType: 'application/json', cacheControl: 'no-store' };
  const refused = (error: unknown): false => {
    const facts = factsOf(error);
    if (facts.name === 'PreconditionFailed' || facts.status === 412) return false;
    throw error;
  };
  return {
    create: (body) => bucket.put(key, body, headers, { ifNoneMatch: true }).then(() => true, refused),
    async replace(body, etag) {
      if (await bucket.put(key, body, headers, { ifMatch: etag }).then(() => true, refused)) return true;
      // S3 takes the ETag quoted, as it sends it; radosgw compares it without the quotes. The condition
      // holds either way, so trying the other spelling while the object is unchanged is safe.
      const bare = etag.replace(/"/g, '');
      if (bare === etag || (await bucket.read(key))?.etag.replace(/"/g, '') !== bare) return false;
      return bucket.put(key, body, headers, { ifMatch: bare }).then(() => true, refused);
    },
    read: () => bucket.read(key),
  };
}

/** Who this deploy is. */
function currentHolder(): LockHolder {
  return { host: hostname(), pid: process.pid, user: userInfo().username, since: new Date().toISOString() };
}

/** Takes the target's lock; throws DEPLOY_LOCKED naming the holder when another deploy has it. */
async function takeLock(bucket: Bucket, key: string, me: LockHolder, target: TargetUrl): Promise<LockHolder | undefined> {
  const outcome = await acquireLock(lockStore(bucket, key), me, (holder) => isStale(holder, me.host, processAlive)).catch(
    (error: unknown) => {
      throw new SiteError(requestProblem(error, 'Taking the deploy lock', target));
    },
  );
  if (outcome.taken) return outcome.over;
  throw new SiteError(
    problem(
      'DEPLOY_LOCKED',
      `The target is locked by another deploy: ${describeHolder(outcome.holder, Date.now())}. The lock object is ${key}.`,
    ),
  );
}

/** Removes the lock when it is still this deploy's, within a few seconds whatever the storage does. */
async function releaseLock(bucket: Bucket, key: string, me: LockHolder): Promise<void> {
  const signal = AbortSignal.timeout(deployLimits().releaseMs);
  const current = await bucket.read(key, signal).catch(() => undefined);
  const holder = current && parseLock(current.text);
  if (holder && holder.host === me.host && holder.pid === me.pid) await bucket.remove(key, signal).catch(() => undefined);
}

/** The error of a deploy stopped by Ctrl-C before it changed anything. */
function stoppedEarly(): SiteError {
  return new SiteError(problem('DEPLOY_FAILED', 'The deploy was stopped before anything was uploaded or deleted.'));
}

/** Deploys the built folder to the target. Throws SiteError for whatever stops it. */
export async function publish(options: DeployOptions): Promise<DeployResult> {
  const { target, dryRun, signal } = options;
  const built = await builtFiles(options.outDir, options.cacheDir, signal).catch((error: unknown) => {
    throw signal?.aborted ? stoppedEarly() : error;
  });
  const moved = await movedFiles(options.outDir, built);
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
  const bucket = options.open(target, signal);
  const lock = lockKey(target.prefix);
  const me = currentHolder();
  try {
    const tookOver = dryRun ? undefined : await takeLock(bucket, lock, me, target);
    const [remote, manifestText] = await Promise.all([
      bucket.list(target.prefix).catch((error: unknown) => {
        throw new SiteError(requestProblem(error, `Listing s3://${target.bucket}/${target.prefix}`, target));
      }),
      bucket.read(manifestKey(target.prefix)).catch((error: unknown) => {
        throw new SiteError(requestProblem(error, 'Reading the deploy manifest', target));
      }),
    ]);
    const previous = parseManifest(manifestText?.text);
    const plan = withRedirects(
      planDeploy(files, remote, previous, target.prefix, { now: Date.now(), keepMs: DEFAULTS.keepHashedMs }),
      moved.redirects,
      previous,
      target.prefix,
    );
    const result: DeployResult = {
      plan,
      uploaded: [],
      withdrawn: [],
      deleted: [],
      failed: [],
      manifestWritten: false,
      ...(tookOver ? { tookOver } : {}),
    };
    if (plan.conflicts.length) {
      throw new SiteError(
        problem(
          'DEPLOY_OTHER_SITE',
          `${plan.conflicts.length} file(s) of the build would go under ${plan.otherSites.join(', ')}, which another site deployed with ecom-site owns (it holds that prefix's .ecom-site/): ${plan.conflicts.slice(0, 5).join(', ')}${plan.conflicts.length > 5 ? ' …' : ''}; nothing was uploaded or deleted.`,
        ),
      );
    }
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
    return await carryOut(plan, result, files, remote, bucket, options);
  } catch (error) {
    if (signal?.aborted && !(error as { result?: unknown }).result) throw stoppedEarly();
    throw error;
  } finally {
    if (!dryRun) await releaseLock(bucket, lock, me);
    bucket.close();
  }
}

/**
 * Carries out a plan: the assets, then the pages and locale roots in waves ordered by their links
 * (cli/core/deploy/order.ts), then the indexes, the manifest and the deletes; each step only once the one
 * before succeeded in full.
 */
async function carryOut(
  plan: DeployPlan,
  result: DeployResult,
  files: readonly LocalFile[],
  remote: ReadonlyMap<string, unknown>,
  bucket: Bucket,
  options: DeployOptions,
): Promise<DeployResult> {
  const { target, signal } = options;
  const total = allUploads(plan).length + plan.deletes.length;
  let done = 0;
  const links = new Map(files.map((f) => [keyOf(f.file, target.prefix), (f.links ?? []).map((k) => `${target.prefix}${k}`)]));
  const steps: Upload[][] = [
    plan.uploads.assets,
    ...pageWaves([...plan.uploads.pages, ...plan.uploads.roots], links, new Set(remote.keys())),
    plan.uploads.indexes,
  ];
  const stored = new Set(remote.keys());
  for (const step of steps) {
    await eachLimited(
      step,
      async (upload) => {
        try {
          const etag = await bucket.upload(upload.key, join(options.outDir, upload.file), upload.size, upload);
          const entry = plan.manifest.files[upload.key];
          if (entry && etag) entry.etag = etag.replace(/"/g, '');
          result.uploaded.push(upload);
        } catch (error) {
          if (!aborted(error))
            result.failed.push({ key: upload.key, file: upload.file, problem: requestProblem(error, `Uploading ${upload.key}`, target) });
        }
        options.onProgress?.(++done, total);
      },
      signal,
    );
    for (const upload of result.uploaded) stored.add(upload.key);
    if (result.failed.length || signal?.aborted) {
      await withdraw(step, stored, links, bucket, result);
      return stopped(result, options);
    }
  }
  if (plan.manifestChanged) {
    try {
      await bucket.put(manifestKey(target.prefix), serializeManifest(plan.manifest), {
        contentType: 'application/json',
        cacheControl: 'no-store',
      });
      result.manifestWritten = true;
    } catch (error) {
      if (!aborted(error))
        result.failed.push({ key: manifestKey(target.prefix), problem: requestProblem(error, 'Writing the deploy manifest', target) });
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
        if (!aborted(error)) result.failed.push({ key: entry.key, problem: requestProblem(error, `Deleting ${entry.key}`, target) });
      }
      options.onProgress?.(++done, total);
    },
    signal,
  );
  return result.failed.length || signal?.aborted ? stopped(result, options) : result;
}

/**
 * After a wave that failed: removes the new pages of the wave that now link to a page the bucket does not
 * hold (the rest of a cycle of new pages whose other member failed), until none does. They were not in the
 * bucket before this deploy, so removing them gives back the state before it; within a few seconds,
 * whatever the storage does.
 */
async function withdraw(
  wave: readonly Upload[],
  stored: Set<string>,
  links: ReadonlyMap<string, readonly string[]>,
  bucket: Bucket,
  result: DeployResult,
): Promise<void> {
  const planned = new Set(allUploads(result.plan).map((u) => u.key));
  const signal = AbortSignal.timeout(deployLimits().releaseMs);
  for (let again = true; again; ) {
    again = false;
    for (const upload of wave) {
      if (upload.reason !== 'new' || !stored.has(upload.key)) continue;
      if (!(links.get(upload.key) ?? []).some((to) => planned.has(to) && !stored.has(to))) continue;
      await bucket.remove(upload.key, signal).catch(() => undefined);
      stored.delete(upload.key);
      result.uploaded = result.uploaded.filter((u) => u.key !== upload.key);
      result.withdrawn.push(upload.key);
      again = true;
    }
  }
}

/** Ends a deploy that failed or was stopped part-way: one error naming every file that failed. */
function stopped(result: DeployResult, options: DeployOptions): never {
  const failed = result.failed.map((f) => ({ ...f.problem, ...(f.file ? { file: join(options.outDir, f.file) } : {}) }));
  const summary = problem(
    'DEPLOY_FAILED',
    options.signal?.aborted && !result.failed.length
      ? `The deploy was stopped after ${result.uploaded.length} upload(s) and ${result.deleted.length} delete(s).`
      : `${result.failed.length} request(s) failed after retries; ${result.uploaded.length} upload(s) and ${result.deleted.length} delete(s) were done${result.withdrawn.length ? `; ${result.withdrawn.length} new page(s) linking to a failed one were removed again (${result.withdrawn.join(', ')})` : ''}. Later phases${result.manifestWritten ? '' : ', the manifest'} and ${result.manifestWritten ? 'the remaining deletes' : 'the deletes'} were held back.`,
  );
  throw Object.assign(new SiteError([...failed, summary]), { result });
}
