import { describe, expect, it } from 'vitest';
import { planDeploy } from '../../../../cli/core/deploy/diff.ts';
import { changedPaths, deployJson, deployNotes, formatBytes, formatPlan } from '../../../../cli/core/deploy/report.ts';

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
