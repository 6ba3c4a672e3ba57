import { describe, expect, it } from 'vitest';
import { planDeploy, type Upload } from '../../../../cli/core/deploy/diff.ts';
import { SiteError, problem } from '../../../../cli/core/common/errors.ts';
import {
  changedPaths,
  deployJson,
  deployNotes,
  failedDeployJson,
  formatBytes,
  formatPlan,
  summaryLine,
} from '../../../../cli/core/deploy/report.ts';

const PLAN = planDeploy(
  [
    { file: 'index.html', md5: 'i', size: 2048 },
    { file: 'en/DROC.html', md5: 'd', size: 100 },
    { file: 'assets/app.aaaaaaaaaa.js', md5: 'a', size: 10 },
  ],
  new Map([['www/old', { etag: 'o', size: 1 }]]),
  undefined,
  'www/',
);

describe('the deploy report', () => {
  it('lists every upload and delete with its reason, then the totals per phase', () => {
    const text = formatPlan(PLAN);
    expect(text).toContain('upload  www/en/DROC  (new, 100 B)\n');
    expect(text).toContain('upload  www/index.html  (new, 2.0 KB)\n');
    expect(text).toContain('  assets and images: 1 upload(s), 10 B\n');
    expect(text).toContain('delete  www/old  (gone)\n');
    expect(text).toContain('  deletes: 1\n');
  });

  it('names the URL paths a CDN must purge, leaving out hashed assets', () => {
    expect(changedPaths(PLAN, 'www/')).toEqual(['/', '/en/DROC', '/old']);
  });

  it('writes the same as one JSON document', () => {
    const doc = deployJson(
      { plan: PLAN, uploaded: [], withdrawn: [], deleted: [], failed: [], manifestWritten: false },
      { bucket: 'b-1', pathStyle: false, prefix: 'www/' },
      true,
      1.23456,
      [],
    );
    expect(doc).toMatchObject({
      ok: true,
      dryRun: true,
      target: 's3://b-1?prefix=www%2F',
      uploaded: 3,
      bytes: 2158,
      seconds: 1.235,
      changedPaths: ['/', '/en/DROC', '/old'],
    });
  });

  it('notes a stale lock taken over and other sites left alone, and nothing when neither happened', () => {
    const result = { plan: PLAN, uploaded: [], withdrawn: [], deleted: [], failed: [], manifestWritten: false };
    expect(deployNotes(result)).toBe('');
    const notes = deployNotes({
      ...result,
      plan: { ...PLAN, otherSites: ['blog/', 'shop/'] },
      tookOver: { pid: 4242, since: '2026-11-29T06:00:00.000Z', host: 'ci', user: 'writer' },
    });
    expect(notes).toBe(
      'Took over the lock of a deploy killed on this machine (pid 4242, 2026-11-29T06:00:00.000Z).\n' +
        "Left alone: blog/, shop/ (another site's deploy owns each; it holds its .ecom-site/).\n",
    );
  });

  it('says in one line what a deploy did, and what a dry run would do', () => {
    const target = { bucket: 'b-1', pathStyle: false, prefix: 'www/' };
    const uploads = [...PLAN.uploads.assets, ...PLAN.uploads.pages, ...PLAN.uploads.roots];
    const done = { plan: PLAN, uploaded: uploads.slice(0, 2), withdrawn: [], deleted: ['www/old'], failed: [], manifestWritten: true };
    const bytes = formatBytes(uploads.slice(0, 2).reduce((sum, u) => sum + u.size, 0));
    expect(summaryLine(done, target, false, 2.04)).toBe(
      `Uploaded 2 file(s) (${bytes}) to s3://b-1?prefix=www%2F · 0 unchanged · 1 deleted · 0 kept a while · 2.0 s\n`,
    );
    expect(summaryLine(done, target, true, 0.5)).toBe(
      'Would upload 3 file(s) (2.1 KB) to s3://b-1?prefix=www%2F · 0 unchanged · 1 to delete · 0 kept a while · 0.5 s\n',
    );
    const idle = { ...done, uploaded: [], deleted: [] };
    expect(summaryLine(idle, target, false, 1)).toContain(' · 0 kept a while · nothing changed · 1.0 s\n');
  });

  it('lists in its JSON only the uploads that were made, in plan order, with their headers', () => {
    const target = { bucket: 'b-1', pathStyle: false, prefix: 'www/' };
    const [page] = PLAN.uploads.pages;
    const [root] = PLAN.uploads.roots;
    expect([page?.key, root?.key]).toEqual(['www/en/DROC', 'www/index.html']);
    // Finished in the other order; listed in the plan's.
    const result = { plan: PLAN, uploaded: [root, page] as Upload[], withdrawn: [], deleted: [], failed: [], manifestWritten: true };
    const doc = deployJson(result, target, false, 3, []);
    expect((doc.uploads as Array<{ key: string }>).map((u) => u.key)).toEqual(['www/en/DROC', 'www/index.html']);
    expect(doc).toMatchObject({ ok: true, dryRun: false, uploaded: 2, bytes: 2148, deleted: 0, manifest: 'changed', errors: [] });
    expect((doc.uploads as Array<Record<string, unknown>>)[0]).toEqual({
      key: 'www/en/DROC',
      file: 'en/DROC.html',
      phase: 'pages',
      reason: 'new',
      bytes: 100,
      contentType: 'text/html; charset=utf-8',
      cacheControl: 'no-cache',
    });
    expect(doc.phases).toEqual([
      { phase: 'assets', uploads: 1, bytes: 10 },
      { phase: 'pages', uploads: 1, bytes: 100 },
      { phase: 'roots', uploads: 1, bytes: 2048 },
      { phase: 'indexes', uploads: 0, bytes: 0 },
    ]);
  });

  it('writes a failed deploy as JSON with its catalogued errors, or INTERNAL, and what it did before', () => {
    const target = { bucket: 'b-1', pathStyle: false, prefix: 'www/' };
    const partial = { plan: PLAN, uploaded: [], withdrawn: [], deleted: [], failed: [], manifestWritten: false };
    const refused = new SiteError(problem('DEPLOY_TOO_MANY_DELETES', 'Too many.'));
    expect(failedDeployJson(refused, partial, target, false, 1)).toMatchObject({
      ok: false,
      target: 's3://b-1?prefix=www%2F',
      errors: [{ code: 'DEPLOY_TOO_MANY_DELETES', message: 'Too many.' }],
      manifest: 'changed',
    });
    expect(failedDeployJson(new Error('socket hang up'), undefined, undefined, false, 1)).toMatchObject({
      ok: false,
      target: null,
      uploaded: 0,
      manifest: null,
      changedPaths: [],
      errors: [{ code: 'INTERNAL', message: 'The deploy failed; see stderr.' }],
    });
    // A result carried by the error wins over the partial one.
    const carried = Object.assign(new Error('x'), { result: { ...partial, deleted: ['www/old'] } });
    expect(failedDeployJson(carried, partial, target, false, 1).deleted).toBe(1);
  });

  it('formats sizes', () => {
    expect([formatBytes(512), formatBytes(14540), formatBytes(6.6 * 1024 * 1024)]).toEqual(['512 B', '14.2 KB', '6.6 MB']);
  });
});

describe('changedPaths, encoded', () => {
  it('percent-encodes each path as a request carries it', () => {
    const plan = planDeploy(
      [
        { file: 'files/a b.txt', md5: '1', size: 1 },
        { file: 'files/100%.txt', md5: '2', size: 1 },
        { file: 'files/q?#.txt', md5: '3', size: 1 },
        { file: '关于.html', md5: '4', size: 1 },
      ],
      new Map(),
      undefined,
      '',
    );
    expect(changedPaths(plan, '')).toEqual(['/%E5%85%B3%E4%BA%8E', '/files/100%25.txt', '/files/a%20b.txt', '/files/q%3F%23.txt']);
  });
});
