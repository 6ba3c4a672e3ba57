/**
 * Vitest global setup: a folder for this run's shared build of the real site (test/helpers/shared-site.ts),
 * built only if a test file asks for it, and removed when the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

export default function setup(project: TestProject): () => void {
  const root = mkdtempSync(join(tmpdir(), 'ecom-shared-build-'));
  project.provide('sharedBuild', root);
  return () => rmSync(root, { recursive: true, force: true });
}
