import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { defineConfig } from 'vitest/config';

/**
 * The quick lane (`npm run test:quick`): what an edit usually needs, chosen by where a test lives — pure
 * modules, schema, planner, templates, and builds in this process on small fixtures; under test/client,
 * the files named `.unit.test.ts` (client modules run in Node, no browser). A file in these
 * folders whose name ends in `.slow.test.ts` (real threads, heaps filled up) runs in the whole lane
 * instead. Every other test file (the CLI run as a process, browsers, nginx, the parser proofs, the watch
 * fuzz) belongs to the whole lane. `npm test` runs both lanes; docs/testing.md says when to run which. The
 * quick lane is two projects, `quick` and `quick-isolated` (below): `npm run test:quick` runs both.
 */
export const QUICK = [
  'test/*.test.ts',
  'test/cli/*.test.ts',
  'test/cli/core/**/*.test.ts',
  'test/templates/**/*.test.ts',
  'test/helpers/**/*.test.ts',
  'test/client/**/*.unit.test.ts',
];
/** Files in the quick folders that belong to the whole lane. */
export const SLOW = ['**/*.slow.test.ts'];
/**
 * Quick-lane files that replace a module or a global (`vi.mock`, `vi.doMock`, `vi.stubGlobal`,
 * `vi.stubEnv`) or run in another environment (`@vitest-environment`): they need modules loaded afresh, so
 * they run isolated, each in its own module registry. The rest of the quick lane shares one registry per
 * worker, which halves its time (its modules are loaded once instead of once per file).
 */
const NEEDS_ISOLATION = /\bvi\.(?:do)?[mM]ock\(|\bvi\.stub(?:Global|Env)\(|@vitest-environment\b/;
export const QUICK_ISOLATED = fg.sync(QUICK, { ignore: SLOW }).filter((file) => NEEDS_ISOLATION.test(readFileSync(file, 'utf8')));
/** The long lane (`npm run test:long`, vitest.long.config.ts): runs of minutes that neither lane holds. */
export const LONG = ['test/long/**'];
/** What the whole lane's files need before they run: system packages, the shared build and Ceph cluster. */
export const GLOBAL_SETUP = ['test/helpers/global-setup.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Builds and browsers compete for the 2 cores; a few files at a time keeps timings sane.
    maxWorkers: 2,
    // Each test file's temp folders are removed once it has run.
    setupFiles: ['test/helpers/temp-cleanup.ts'],
    projects: [
      { extends: true, test: { name: 'quick', include: QUICK, exclude: [...SLOW, ...QUICK_ISOLATED], isolate: false } },
      { extends: true, test: { name: 'quick-isolated', include: QUICK_ISOLATED } },
      {
        extends: true,
        test: {
          name: 'whole',
          include: ['test/**/*.test.ts'],
          // Each file runs in one lane: the whole lane leaves out the quick lane's files (a glob cannot).
          exclude: ['test/bench/**', 'node_modules/**', ...LONG, ...fg.sync(QUICK, { ignore: SLOW })],
          // The system packages the browser and hosting tests need (test/helpers/system.ts), a folder for
          // one shared build of the real site, made on first use (test/helpers/shared-site.ts), and one Ceph
          // cluster for the deploy files, started on first use (test/helpers/shared-ceph.ts).
          globalSetup: GLOBAL_SETUP,
        },
      },
    ],
  },
});
