import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/bench/**', 'node_modules/**'],
    // A folder for one shared build of the real site, made on first use (test/helpers/shared-site.ts).
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Builds and browsers compete for the 2 cores; a few files at a time keeps timings sane.
    maxWorkers: 2,
  },
});
