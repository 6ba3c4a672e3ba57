import { describe, expect, it } from 'vitest';
import {
  allUploads,
  controlOwners,
  type LocalFile,
  planDeploy,
  type RemoteObject,
  sameManifest,
} from '../../../../cli/core/deploy/diff.ts';
import { headersOf } from '../../../../cli/core/deploy/headers.ts';
import type { DeployManifest } from '../../../../cli/core/deploy/manifest.ts';

const FILES: LocalFile[] = [
  { file: 'index.html', md5: 'i1', size: 10 },
  { file: 'DROC.html', md5: 'd1', size: 20 },
  { file: 'assets/app.aaaaaaaaaa.js', md5: 'a1', size: 30 },
  { file: 'sitemap.xml', md5: 's1', size: 5 },
];

/** The bucket and manifest a complete deploy of `files` leaves under `prefix`. */
function deployed(files: LocalFile[], prefix = ''): { remote: Map<string, RemoteObject>; manifest: DeployManifest } {
  const plan = planDeploy(files, new Map(), undefined, prefix);
  const remote = new Map(allUploads(plan).map((u) => [u.key, { etag: u.md5, size: u.size }]));
  return { remote, manifest: plan.manifest };
}

describe('planDeploy', () => {
  it('uploads everything to an empty bucket, phase by phase, each new', () => {
    const plan = planDeploy(FILES, new Map(), undefined, '');
    expect(plan.uploads.assets.map((u) => u.key)).toEqual(['assets/app.aaaaaaaaaa.js']);
    expect(plan.uploads.pages.map((u) => u.key)).toEqual(['DROC']);
    expect(plan.uploads.roots.map((u) => u.key)).toEqual(['index.html']);
    expect(plan.uploads.indexes.map((u) => u.key)).toEqual(['sitemap.xml']);
    expect(allUploads(plan).every((u) => u.reason === 'new')).toBe(true);
    expect(plan.manifestChanged).toBe(true);
  });

  it('uploads nothing when the bucket and the manifest match the build', () => {
    const { remote, manifest } = deployed(FILES);
    const plan = planDeploy(FILES, remote, manifest, '');
    expect(allUploads(plan)).toEqual([]);
    expect(plan.unchanged).toBe(4);
    expect(plan.deletes).toEqual([]);
    expect(plan.manifestChanged).toBe(false);
  });

  it('notices changed content by the ETag and changed headers by the manifest', () => {
    const { remote, manifest } = deployed(FILES);
    const edited = FILES.map((f) => (f.file === 'DROC.html' ? { ...f, md5: 'd2' } : f));
    const headers = headersOf('index.html');
    const older: DeployManifest = {
      ...manifest,
      files: { ...manifest.files, 'index.html': { md5: 'i1', contentType: headers?.contentType ?? '', cacheControl: 'max-age=600' } },
    };
    const plan = planDeploy(edited, remote, older, '');
    expect(allUploads(plan).map((u) => [u.key, u.reason])).toEqual([
      ['DROC', 'changed content'],
      ['index.html', 'changed headers'],
    ]);
  });

  it('re-uploads what the bucket holds without a manifest entry, since its headers are unknown', () => {
    const { remote } = deployed(FILES);
    expect(allUploads(planDeploy(FILES, remote, undefined, '')).every((u) => u.reason === 'changed headers')).toBe(true);
  });

  it('deletes gone files at once, but keeps a gone hashed asset for one more deploy', () => {
    const { remote, manifest } = deployed([
      ...FILES,
      { file: 'old.html', md5: 'o', size: 1 },
      { file: 'assets/app.bbbbbbbbbb.js', md5: 'b', size: 1 },
    ]);
    const first = planDeploy(FILES, remote, manifest, '');
    expect(first.deletes).toEqual([{ key: 'old', reason: 'gone', hashed: false }]);
    expect(first.kept).toEqual(['assets/app.bbbbbbbbbb.js']);
    expect(first.manifestChanged).toBe(true);
    remote.delete('old');
    const second = planDeploy(FILES, remote, first.manifest, '');
    expect(second.deletes).toEqual([{ key: 'assets/app.bbbbbbbbbb.js', reason: 'gone', hashed: true }]);
    expect(second.kept).toEqual([]);
  });

  it("never deletes deploy's own objects, and works under a prefix", () => {
    const { remote, manifest } = deployed(FILES, 'www/');
    remote.set('www/.ecom-site/manifest.json', { etag: 'm', size: 1 });
    remote.set('www/.ecom-site/lock.json', { etag: 'l', size: 1 });
    const plan = planDeploy(FILES, remote, manifest, 'www/');
    expect(plan.deletes).toEqual([]);
    expect(Object.keys(plan.manifest.files).sort()).toEqual([
      'www/DROC',
      'www/assets/app.aaaaaaaaaa.js',
      'www/index.html',
      'www/sitemap.xml',
    ]);
  });

  it('sets aside files without a known type', () => {
    expect(planDeploy([...FILES, { file: 'notes.docx', md5: 'n', size: 1 }], new Map(), undefined, '').untyped).toEqual(['notes.docx']);
  });
});

describe('planDeploy, what a target owns', () => {
  it("leaves keys under another site's prefix alone at the root, and refuses to upload into it", () => {
    const { remote, manifest } = deployed(FILES);
    for (const key of [
      'site-b/index.html',
      'site-b/.ecom-site/manifest.json',
      'site-b/.ecom-site/lock.json',
      'x/y/.ecom-site/lock.json',
      'stray',
    ]) {
      remote.set(key, { etag: 'z', size: 1 });
    }
    const plan = planDeploy(FILES, remote, manifest, '');
    expect(plan.otherSites).toEqual(['site-b/', 'x/y/']);
    expect(plan.deletes.map((d) => d.key)).toEqual(['stray']);
    expect(plan.conflicts).toEqual([]);
    const clash = planDeploy([...FILES, { file: 'site-b/page.html', md5: 'p', size: 1 }], remote, manifest, '');
    expect(clash.conflicts).toEqual(['site-b/page']);
  });

  it('compares an object uploaded in parts by the MD5 and ETag the manifest recorded', () => {
    const files: LocalFile[] = [{ file: 'files/big.mp4', md5: 'm1', size: 9e8 }];
    const remote = new Map([['files/big.mp4', { etag: 'abc-108', size: 9e8 }]]);
    const entry = { ...(headersOf('files/big.mp4') as NonNullable<ReturnType<typeof headersOf>>), md5: 'm1', etag: 'abc-108' };
    const manifest: DeployManifest = { version: 1, files: { 'files/big.mp4': entry }, kept: [] };
    expect(allUploads(planDeploy(files, remote, manifest, ''))).toEqual([]);
    expect(allUploads(planDeploy([{ ...files[0], md5: 'm2' } as LocalFile], remote, manifest, ''))[0]?.reason).toBe('changed content');
    const other = { ...manifest, files: { 'files/big.mp4': { ...entry, etag: 'def-108' } } };
    expect(allUploads(planDeploy(files, remote, other, ''))[0]?.reason).toBe('changed content');
  });

  it('keeps a dropped hashed file for the keep period and at least one more deploy', () => {
    const { remote, manifest } = deployed(FILES);
    remote.set('assets/app.bbbbbbbbbb.js', { etag: 'b', size: 1 });
    const day = 24 * 3_600_000;
    const first = planDeploy(FILES, remote, manifest, '', { now: 10 * day, keepMs: 7 * day });
    expect(first.kept).toEqual(['assets/app.bbbbbbbbbb.js']);
    const soon = planDeploy(FILES, remote, first.manifest, '', { now: 10 * day + 60_000, keepMs: 7 * day });
    expect(soon.kept).toEqual(['assets/app.bbbbbbbbbb.js']);
    expect(soon.deletes).toEqual([]);
    expect(soon.manifestChanged).toBe(false);
    const later = planDeploy(FILES, remote, first.manifest, '', { now: 17 * day, keepMs: 7 * day });
    expect(later.deletes.map((d) => d.key)).toEqual(['assets/app.bbbbbbbbbb.js']);
  });
});

describe('planDeploy, the order and the details of its plan', () => {
  it('lists uploads, deletes, untyped files and conflicts each by key, whatever order the build and bucket give', () => {
    const files: LocalFile[] = ['c', 'a', 'b'].flatMap((n) => [
      { file: `${n}.html`, md5: n, size: 1 },
      { file: `site-b/${n}.docx`, md5: n, size: 1 },
      { file: `site-b/${n}.html`, md5: n, size: 1 },
    ]);
    const remote = new Map<string, RemoteObject>(
      ['z/.ecom-site/lock.json', 'site-b/.ecom-site/lock.json', 'gone-2', 'gone-1'].map((key) => [key, { etag: 'x', size: 1 }]),
    );
    const plan = planDeploy(files, remote, undefined, '');
    expect(plan.uploads.pages.map((u) => u.key)).toEqual(['a', 'b', 'c', 'site-b/a', 'site-b/b', 'site-b/c']);
    expect(plan.untyped).toEqual(['site-b/a.docx', 'site-b/b.docx', 'site-b/c.docx']);
    expect(plan.conflicts).toEqual(['site-b/a', 'site-b/b', 'site-b/c']);
    expect(plan.otherSites).toEqual(['site-b/', 'z/']);
    expect(plan.deletes.map((d) => d.key)).toEqual(['gone-1', 'gone-2']);
  });

  it('puts a locale root beside its folder with the roots, after the pages', () => {
    const files: LocalFile[] = ['en.html', 'en/index.html', 'en/DROC.html'].map((file) => ({ file, md5: file, size: 1 }));
    const plan = planDeploy(files, new Map(), undefined, '');
    expect(plan.uploads.pages.map((u) => u.key)).toEqual(['en/DROC']);
    expect(plan.uploads.roots.map((u) => u.key)).toEqual(['en', 'en/index.html']);
  });

  it('re-uploads a file whose Content-Type changed, with the same bytes and caching', () => {
    const { remote, manifest } = deployed(FILES);
    const entry = manifest.files.DROC as DeployManifest['files'][string];
    const older = { ...manifest, files: { ...manifest.files, DROC: { ...entry, contentType: 'text/plain' } } };
    expect(allUploads(planDeploy(FILES, remote, older, '')).map((u) => [u.key, u.reason])).toEqual([['DROC', 'changed headers']]);
  });

  it('uploads again an object stored in parts that the manifest does not record, and records the ETag of one it does', () => {
    const files: LocalFile[] = [{ file: 'files/big.mp4', md5: 'm1', size: 9e8 }];
    const remote = new Map([['files/big.mp4', { etag: 'abc-108', size: 9e8 }]]);
    expect(allUploads(planDeploy(files, remote, undefined, ''))[0]?.reason).toBe('changed content');
    const entry = { ...(headersOf('files/big.mp4') as NonNullable<ReturnType<typeof headersOf>>), md5: 'm1', etag: 'abc-108' };
    const plan = planDeploy(files, remote, { version: 1, files: { 'files/big.mp4': entry }, kept: [] }, '');
    expect(plan.manifest.files['files/big.mp4']).toEqual(entry);
    expect(plan.manifestChanged).toBe(false);
  });

  it('keeps a gone hashed asset under a prefix too, and starts its clock now when the manifest has no drop time', () => {
    const { remote, manifest } = deployed(FILES, 'www/');
    remote.set('www/assets/app.bbbbbbbbbb.js', { etag: 'b', size: 1 });
    const day = 24 * 3_600_000;
    const first = planDeploy(FILES, remote, manifest, 'www/', { now: 10 * day, keepMs: 7 * day });
    expect([first.kept, first.deletes]).toEqual([['www/assets/app.bbbbbbbbbb.js'], []]);
    const withoutTimes = { ...first.manifest, dropped: undefined };
    const second = planDeploy(FILES, remote, withoutTimes, 'www/', { now: 12 * day, keepMs: 7 * day });
    expect(second.kept).toEqual(['www/assets/app.bbbbbbbbbb.js']);
    expect(second.manifest.dropped).toEqual({ 'www/assets/app.bbbbbbbbbb.js': new Date(12 * day).toISOString() });
  });
});

describe('controlOwners', () => {
  it("finds a deploy's control folder at the root or after a slash, never inside a name", () => {
    const keys = ['.ecom-site/manifest.json', 'site-b/.ecom-site/lock.json', 'notes.ecom-site/x', 'a/b.ecom-site/c', 'a/x/.ecom-site/y'];
    expect([...controlOwners(keys)].sort()).toEqual(['', 'a/x/', 'site-b/']);
    expect([...controlOwners(['notes.ecom-site/.ecom-site/m'])]).toEqual(['notes.ecom-site/']);
  });
});

describe('sameManifest', () => {
  const entry = { md5: 'm', contentType: 'text/html; charset=utf-8', cacheControl: 'no-cache' };
  const base: DeployManifest = {
    version: 1,
    files: { a: entry, b: { ...entry, etag: 'e-2', redirect: '/a' } },
    kept: ['assets/x.aaaaaaaaaa.js'],
    dropped: { 'assets/x.aaaaaaaaaa.js': '2026-01-01T00:00:00.000Z' },
  };

  it('holds for the same records in any order', () => {
    expect(sameManifest(base, { ...base, files: { b: base.files.b as typeof entry, a: entry } })).toBe(true);
  });

  it.each([
    ['a file more', { files: { ...base.files, c: entry } }],
    ['a file less', { files: { a: entry } }],
    ['another key', { files: { a: entry, c: entry } }],
    ['another MD5', { files: { ...base.files, a: { ...entry, md5: 'n' } } }],
    ['another type', { files: { ...base.files, a: { ...entry, contentType: 'text/plain' } } }],
    ['another caching', { files: { ...base.files, a: { ...entry, cacheControl: 'max-age=60' } } }],
    ['another ETag', { files: { ...base.files, b: { ...entry, etag: 'f-2', redirect: '/a' } } }],
    ['another redirect', { files: { ...base.files, b: { ...entry, etag: 'e-2', redirect: '/c' } } }],
    ['a kept key more', { kept: [...base.kept, 'assets/y.bbbbbbbbbb.js'] }],
    ['a kept key less', { kept: [] }],
    ['another kept key', { kept: ['assets/y.bbbbbbbbbb.js'], dropped: { 'assets/y.bbbbbbbbbb.js': '2026-01-01T00:00:00.000Z' } }],
    ['another drop time', { dropped: { 'assets/x.aaaaaaaaaa.js': '2026-02-01T00:00:00.000Z' } }],
    ['no drop time', { dropped: undefined }],
  ] as Array<[string, Partial<DeployManifest>]>)('fails for %s, either way round', (_, change) => {
    const other = { ...base, ...change };
    expect(sameManifest(base, other)).toBe(false);
    expect(sameManifest(other, base)).toBe(false);
  });
});
