/**
 * Mutation testing (docs/testing.md, "Mutation testing"): `npm run mutate` plants small bugs in cli/core and
 * client one at a time and runs the quick-lane tests that cover each; a mutant no test kills is a gap.
 * Narrow a run to one folder with `npm run mutate -- --mutate 'cli/core/write/**\/*.ts'`.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutate.config.ts' },
  // The first run measures which tests cover which mutant: the quick lane once, under coverage, on a shared machine.
  dryRunTimeoutMinutes: 30,
  mutate: ['cli/core/**/*.ts', 'client/**/*.ts', '!**/*.d.ts'],
  coverageAnalysis: 'perTest',
  // The machine is shared: two test processes at most.
  concurrency: 2,
  // A mutant that loops forever is a kill, found by a timeout well above a quick-lane file's run time.
  timeoutMS: 20_000,
  // Mutants in module-level constants would need every test re-run each; they are left to the tests' review.
  ignoreStatic: true,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  thresholds: { high: 80, low: 60, break: null },
};
