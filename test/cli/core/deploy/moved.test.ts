/**
 * Moved pages on object storage (cli/core/deploy/moved.ts): each old address is stored with its website
 * redirect, the manifest records which keys are redirects, and deleting a live page that keeps no
 * redirect is refused.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allUploads, type LocalFile, planDeploy, type RemoteObject } from '../../../../cli/core/deploy/diff.ts';
import { parseManifest, serializeManifest, type DeployManifest } from '../../../../cli/core/deploy/manifest.ts';
import { movedFiles, removedPages, removedProblem, withRedirects } from '../../../../cli/core/deploy/moved.ts';
import { tempDir } from '../../../helpers/cli.ts';

const PREFIX = 'site/';
const page = (file: string, md5: string): LocalFile => ({ file, md5, size: 10 });
const BEFORE = [
  page('index.html', 'i1'),
  page('DMOC.html', 'd1'),
  page('en/DMOC.html', 'e1'),
  page('Gone.html', 'g1'),
  page('logo.svg', 'l1'),
];
const AFTER = [
  page('index.html', 'i1'),
  page('Mobile.html', 'm1'),
  page('DMOC.html', 'r1'),
  page('en/Mobile.html', 'm2'),
  page('en/DMOC.html', 'r2'),
  page('logo.svg', 'l1'),
];
const REDIRECTS = new Map([
  ['DMOC', '/Mobile'],
  ['en/DMOC', '/en/Mobile'],
]);

/** What one complete deploy of `files` leaves: the bucket and the manifest. */
function deployed(files: LocalFile[], redirects: ReadonlyMap<string, string> = new Map()) {
  const plan = withRedirects(planDeploy(files, new Map(), undefined, PREFIX), redirects, undefined, PREFIX);
  const remote = new Map<string, RemoteObject>(allUploads(plan).map((u) => [u.key, { etag: u.md5, size: u.size }]));
  return { plan, remote, manifest: parseManifest(serializeManifest(plan.manifest)) as DeployManifest };
}

describe('redirect objects', () => {
  it('carry the new URL on their upload and in the manifest, which reads back', () => {
    const { remote, manifest } = deployed(BEFORE);
    const plan = withRedirects(planDeploy(AFTER, remote, manifest, PREFIX), REDIRECTS, manifest, PREFIX);
    const uploads = Object.fromEntries(allUploads(plan).map((u) => [u.key, u.redirect]));
    expect(uploads).toEqual({
      'site/DMOC': '/Mobile',
      'site/en/DMOC': '/en/Mobile',
      'site/Mobile': undefined,
      'site/en/Mobile': undefined,
    });
    const stored = parseManifest(serializeManifest(plan.manifest)) as DeployManifest;
    expect(stored.files['site/DMOC']?.redirect).toBe('/Mobile');
    expect(stored.files['site/Mobile']?.redirect).toBeUndefined();
  });

  it('rewrite a manifest that does not yet know a key is a redirect', () => {
    const { remote, manifest } = deployed(AFTER);
    const plan = withRedirects(planDeploy(AFTER, remote, manifest, PREFIX), REDIRECTS, manifest, PREFIX);
    expect(allUploads(plan)).toEqual([]);
    expect(plan.manifestChanged).toBe(true);
    const again = deployed(AFTER, REDIRECTS);
    const next = withRedirects(planDeploy(AFTER, again.remote, again.manifest, PREFIX), REDIRECTS, again.manifest, PREFIX);
    expect(next.manifestChanged).toBe(false);
  });
});

describe('the removed-page guard', () => {
  it('names the live pages a deploy would delete, not the redirects, files or pages kept as redirects', () => {
    const { remote, manifest } = deployed([...AFTER, page('Old.html', 'o1'), page('en/Old.html', 'o2')], REDIRECTS);
    const next = [...AFTER.filter((f) => f.file !== 'en/DMOC.html' && f.file !== 'logo.svg')];
    const plan = withRedirects(planDeploy(next, remote, manifest, PREFIX), new Map([['DMOC', '/Mobile']]), manifest, PREFIX);
    expect(plan.deletes.map((d) => d.key).sort()).toEqual(['site/Old', 'site/en/DMOC', 'site/en/Old', 'site/logo.svg']);
    expect(removedPages(plan, manifest, PREFIX)).toEqual(['/Old', '/en/Old']);
  });

  it('knows no live page without a manifest', () => {
    const plan = planDeploy(AFTER, new Map([['site/Gone', { etag: 'g1', size: 10 }]]), undefined, PREFIX);
    expect(removedPages(plan, undefined, PREFIX)).toEqual([]);
  });

  it('says what to do, listing the addresses', () => {
    const problem = removedProblem(['/DMOC', '/en/DMOC']);
    expect(problem.code).toBe('DEPLOY_PAGES_REMOVED');
    expect(problem.message).toBe(
      'The deploy would delete 2 live page(s) with no alias or redirect for their address: /DMOC, /en/DMOC. Nothing was uploaded or deleted.',
    );
  });
});

describe('the redirect map in the output', () => {
  it('is read for the redirects and never published itself', async () => {
    const out = tempDir();
    mkdirSync(join(out, 'en'));
    writeFileSync(
      join(out, '.redirects.nginx'),
      '# x\nlocation = "/DMOC" { return 301 "/Mobile"; }\nlocation = "/en/旧" { return 302 "/en/%E6%96%B0"; }\n',
    );
    const moved = await movedFiles(out, [page('.redirects.nginx', 'x'), page('DMOC.html', 'r1')]);
    expect(moved.files.map((f) => f.file)).toEqual(['DMOC.html']);
    expect([...moved.redirects]).toEqual([
      ['DMOC', '/Mobile'],
      ['en/旧', '/en/%E6%96%B0'],
    ]);
  });
});
