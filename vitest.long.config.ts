import { defineConfig } from 'vitest/config';
import { GLOBAL_SETUP, LONG } from './vitest.config.ts';

/**
 * The long lane (`npm run test:long`, docs/testing.md, "The long lane"): tests whose inputs are big enough to
 * take minutes (files of gigabytes), kept out of `npm test`, which runs the same behaviour on small inputs.
 * Same set-up as the whole lane: system packages, the shared build and the shared Ceph cluster.
 */
export default defineConfig({
  test: {
    include: LONG.map((folder) => `${folder}/*.test.ts`),
    testTimeout: 600_000,
    hookTimeout: 300_000,
    maxWorkers: 1,
    setupFiles: ['test/helpers/temp-cleanup.ts'],
    globalSetup: GLOBAL_SETUP,
  },
});
