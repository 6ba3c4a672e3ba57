/**
 * Mutation testing (docs/testing.md, "Mutation testing"): `npm run mutate` plants small bugs in cli/core and
 * client one at a time and runs the quick-lane tests that cover each; a mutant no test kills is a gap.
 * One folder at a time: `MUTATE_FOLDER=cli/core/common npm run mutate` mutates that folder only, runs only the
 * tests under the matching test folder (vitest.mutate.config.ts), and keeps its own incremental file, so a
 * rerun tests only the mutants whose code or tests changed.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const folder = process.env.MUTATE_FOLDER;
const name = folder ? folder.replaceAll('/', '-') : 'all';

export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutate.config.ts' },
  // The first run measures which tests cover which mutant: every selected test once, under coverage.
  dryRunTimeoutMinutes: 30,
  mutate: folder ? [`${folder}/**/*.ts`, '!**/*.d.ts'] : ['cli/core/**/*.ts', 'client/**/*.ts', '!**/*.d.ts'],
  coverageAnalysis: 'perTest',
  // The machine is shared: one test process (`--concurrency 2` where a core is free).
  concurrency: 1,
  // Reruns test only the mutants whose code or covering tests changed since the last run of the same folder.
  incremental: true,
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  // A mutant that loops forever is a kill, found by a timeout well above a quick-lane file's run time.
  timeoutMS: 20_000,
  // Mutants in module-level constants would need every test re-run each; they are left to the tests' review.
  ignoreStatic: true,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  // A folder of its own per run, so runs of two folders at once do not share (or copy) each other's sandbox.
  tempDirName: `.stryker-tmp-${name}`,
  ignorePatterns: ['/.stryker-tmp*', '/reports', '/dist', '/coverage'],
  cleanTempDir: true,
  thresholds: { high: 80, low: 60, break: null },
};
