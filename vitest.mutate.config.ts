import { defineConfig } from 'vitest/config';
import { QUICK, SLOW } from './vitest.config.ts';

/** The quick-lane test files that test one source folder (`MUTATE_FOLDER`, stryker.config.mjs). */
function testsOf(folder: string): string[] {
  if (folder === 'client') return ['test/client/**/*.unit.test.ts'];
  return [`test/${folder}/**/*.test.ts`];
}

const folder = process.env.MUTATE_FOLDER;

/**
 * Quick-lane files left out of mutation runs: each of their tests builds a site and runs Pagefind (seconds a
 * test), and StrykerJS would run them again for every mutant they reach, most of a folder's. What they go
 * through has unit tests of its own that the runs do use (docs/testing.md, "Mutation testing").
 */
const NOT_IN_MUTATION_RUNS = ['test/cli/core/write/search-stage.test.ts'];

/**
 * The quick lane as one flat project, for `npm run mutate` (stryker.config.mjs): StrykerJS runs each
 * mutant against the quick-lane tests that cover it. With `MUTATE_FOLDER` set, only the tests of that folder
 * run, so the first run (every test once, under coverage) takes seconds, not the whole quick lane.
 */
export default defineConfig({
  test: {
    include: folder ? testsOf(folder) : QUICK,
    exclude: [...SLOW, 'node_modules/**', 'test/readme.test.ts', ...NOT_IN_MUTATION_RUNS],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['test/helpers/temp-cleanup.ts'],
  },
});
