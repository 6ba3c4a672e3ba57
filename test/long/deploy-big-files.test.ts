/**
 * The long lane's deploy of big files (`npm run test:long`, docs/testing.md, "The long lane"): files of
 * several hundred MB go up in parts within 300 MB of memory, and one over 2 GiB is built, hashed and
 * planned without being read whole. `npm test` keeps the multipart upload on files around the part size
 * (test/cli/commands/deploy.test.ts); these sizes are what prove the memory bound, and cost minutes.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type CephGateway, cliCredentials } from '../helpers/ceph.ts';
import { makeContent, runProjectCli } from '../helpers/cli.ts';
import { copyProject } from '../helpers/project.ts';
import { sharedCephClient } from '../helpers/shared-ceph.ts';

let ceph: CephGateway;
let s3: S3Client;

beforeAll(async () => {
  ({ ceph, s3 } = await sharedCephClient());
}, 300_000);

afterAll(() => {
  s3?.destroy();
});

/** A deploy of the project copy at `root`, run under `/usr/bin/time`: its exit code, `--json` report and peak memory. */
function measuredDeploy(
  root: string,
  url: string,
  args: string[],
): { code: number | null; report: Record<string, unknown>; rssMb: number } {
  const child = spawnSync(
    '/usr/bin/time',
    ['-f', 'MAXRSS %M', process.execPath, join(root, 'bin', 'ecom-site.js'), 'deploy', '--to', url, '--json', ...args],
    { cwd: root, env: { ...process.env, ...cliCredentials(ceph) }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const rss = /MAXRSS (\d+)/.exec(child.stderr);
  if (!rss) throw new Error(`no memory figure: ${child.stderr}`);
  let report: Record<string, unknown>;
  try {
    report = JSON.parse(child.stdout) as Record<string, unknown>;
  } catch {
    throw new Error(`not JSON (exit ${child.status}):\n${child.stdout}\n${child.stderr}`);
  }
  return { code: child.status, report, rssMb: Number(rss[1]) / 1024 };
}

it('deploys files of hundreds of MB in parts within 300 MB of memory, and plans one over 2 GiB without reading it whole', async () => {
  const root = copyProject();
  const small = makeContent();
  // Two files of several hundred MB (sparse: no disk blocks), uploaded in parts.
  mkdirSync(join(root, 'public', 'files'), { recursive: true });
  for (const name of ['film-1.mp4', 'film-2.mp4']) {
    writeFileSync(join(root, 'public', 'files', name), `${name}\n`);
    truncateSync(join(root, 'public', 'files', name), 300 * 1024 * 1024 + 17);
  }
  const built = await runProjectCli(root, ['build', '--quiet', '--content', small]);
  expect(built.stderr).toBe('');
  expect(built.code).toBe(0);
  const dist = join(root, 'dist');

  const bucket = `big-files-${Date.now().toString(36)}`;
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  const url = `s3://${bucket}?region=us-east-1&endpoint=${ceph.endpoint}&use_path_style=true`;
  const first = measuredDeploy(root, url, []);
  expect(first.report.errors).toEqual([]);
  expect(first.code).toBe(0);
  expect(first.rssMb).toBeLessThan(300);
  const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'files/film-1.mp4' }));
  expect(head.ContentLength).toBe(300 * 1024 * 1024 + 17);
  expect(head.ETag).toMatch(/-\d+"$/);
  const md5 = createHash('md5')
    .update(readFileSync(join(dist, 'files', 'film-1.mp4')))
    .digest('hex');
  expect(head.Metadata?.md5chksum).toBe(md5);
  // Compared by the MD5 the manifest keeps, not the multipart ETag: nothing to upload again.
  const again = measuredDeploy(root, url, []);
  expect(again.report).toMatchObject({ ok: true, uploaded: 0 });

  // Over 2 GiB: built, hashed and planned without reading it whole (a dry run; the test cluster keeps
  // its objects in 2 GiB of memory).
  const HUGE = Math.round(2.3 * 1024 ** 3);
  const huge = join(root, 'public', 'files', 'huge.mp4');
  writeFileSync(huge, 'huge\n');
  truncateSync(huge, HUGE);
  unlinkSync(join(root, 'public', 'files', 'film-2.mp4'));
  expect((await runProjectCli(root, ['build', '--quiet', '--content', small])).code).toBe(0);
  unlinkSync(huge);
  const dry = measuredDeploy(root, url, ['--dry-run']);
  expect(dry.code).toBe(0);
  expect(dry.report.uploads).toEqual([expect.objectContaining({ key: 'files/huge.mp4', bytes: HUGE, reason: 'new' })]);
  expect(dry.rssMb).toBeLessThan(300);
}, 600_000);
