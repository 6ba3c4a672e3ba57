import { defineConfig } from 'vitest/config';
import { QUICK, SLOW } from './vitest.config.ts';

/**
 * The quick lane alone, as one flat project, for `npm run mutate` (stryker.config.mjs): StrykerJS runs each
 * mutant against the quick-lane tests that cover it, so a mutant costs seconds, not a whole-lane run.
 */
export default defineConfig({
  test: {
    include: QUICK,
    exclude: [...SLOW, 'node_modules/**', 'test/readme.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['test/helpers/temp-cleanup.ts'],
  },
});
