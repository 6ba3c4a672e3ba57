import { describe, expect, it } from 'vitest';
import { allUploads, type LocalFile, planDeploy, type RemoteObject } from '../../../../cli/core/deploy/diff.ts';
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
