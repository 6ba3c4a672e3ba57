/**
 * One build of the real content per test run, shared by the test files that only read it (the browser
 * tests, the hosting tests): a build of the real site costs about 1.2 s of CPU, and a dozen files used to
 * make their own. The vitest global setup (`test/helpers/global-setup.ts`) gives the run a folder; the
 * first file to ask builds into it, under a lock (a directory made atomically), and the others wait for
 * it. Files that read it must never write into it; a test that changes the output builds its own.
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { writeFileAtomic } from '../../cli/core/common/files.ts';
import { runCli } from './cli.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's shared build (empty until a file asks for it). */
    sharedBuild: string;
  }
}

/** How long a file waits for another one's build before it gives up: within vitest's hook timeout. */
const WAIT_MS = 100_000;

const builds = new Map<string, Promise<string>>();

/** The output folder of the real content built with the default options (`ecom-site build`); read only. */
export function sharedSite(): Promise<string> {
  return sharedBuild('', []);
}

/** The base path of the shared preview build (docs/hosting.md, "Previews"). */
export const PREVIEW_BASE_PATH = '/preview/pr-12/';

/**
 * The real content built for the base path `/preview/pr-12/`, read only: `<root>/preview/pr-12/` of the
 * folder returned, laid out as a host or a bucket holds a preview (docs/hosting.md, "Previews").
 */
export async function sharedPreviewSite(): Promise<{ root: string; dir: string }> {
  const root = await sharedBuild('preview-', ['--base-path', PREVIEW_BASE_PATH], PREVIEW_BASE_PATH);
  // The folder stands for the live site's, whose build always leaves the redirect map the shipped nginx
  // block includes (docs/hosting.md, "Moved pages"); here it has no live site, so an empty map.
  appendFileSync(join(root, '.redirects.nginx'), '');
  return { root, dir: join(root, PREVIEW_BASE_PATH) };
}

/**
 * One build per run of the real content with `args`, named by `name` in the run's folder: the first file to
 * ask builds it, under a lock, into `<name>dist` (into `<name>dist<under>` when `under` is given, so the
 * folder returned holds it at that path), the others wait for it.
 */
function sharedBuild(name: string, args: readonly string[], under = '/'): Promise<string> {
  const known = builds.get(name);
  if (known) return known;
  const made = (async () => {
    const root = inject('sharedBuild');
    const dist = join(root, `${name}dist`);
    const out = join(dist, under);
    const outcome = join(root, `${name}outcome`);
    try {
      mkdirSync(join(root, `${name}lock`));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Another file builds: wait for its outcome.
      for (const end = Date.now() + WAIT_MS; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
        const text = readOr(outcome);
        if (text === undefined) continue;
        if (text !== 'ok') throw new Error(`the shared build failed:\n${text}`);
        return dist;
      }
      throw new Error(`the shared build in ${root} did not finish within ${WAIT_MS / 1000} s`);
    }
    let result: Awaited<ReturnType<typeof runCli>> = { code: 1, stdout: '', stderr: 'the build did not run' };
    try {
      result = await runCli(['build', '--out', out, '--quiet', ...args]);
    } finally {
      // Whole or not at all: a waiting file never reads half of it.
      await writeFileAtomic(outcome, result.code === 0 ? 'ok' : `exit ${result.code}\n${result.stderr}`);
    }
    if (result.code !== 0) throw new Error(`the shared build failed (${result.code}):\n${result.stderr}`);
    return dist;
  })();
  builds.set(name, made);
  return made;
}

function readOr(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
