/**
 * Vitest global setup of the whole lane: first the system packages the browser and hosting tests need
 * (test/helpers/system.ts: installed with apt-get when the run is root, or the run stops at once with the
 * command to type), then a folder for this run's shared build of the real site
 * (test/helpers/shared-site.ts), built only if a test file asks for it, and the endpoint of this run's
 * shared Ceph cluster (test/helpers/shared-ceph.ts), started only if a deploy file asks for it; both are
 * removed when the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { serveSharedCeph } from './ceph-on-demand.ts';
import { ensureSystem } from './system.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureSystem();
  const root = mkdtempSync(join(tmpdir(), 'ecom-shared-build-'));
  project.provide('sharedBuild', root);
  const ceph = await serveSharedCeph();
  project.provide('sharedCeph', ceph.url);
  return async () => {
    rmSync(root, { recursive: true, force: true });
    await ceph.close();
  };
}
