/**
 * What a build loads (docs/performance.md, "Start-up"): a build whose bundles, cards and photos come from
 * their caches loads no tool that only makes them (esbuild, sharp): each would be loaded from
 * node_modules on every start, outside the CLI's code cache; nor react-dom's server
 * renderers, one of them unused (the other is bundled). Nor does it require an ES module (the compiled
 * templates, Pagefind's JavaScript), which costs Node's ES module loader.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeContent, runCli, tempDir } from '../../helpers/cli.ts';

/** Modules that only make what the caches hold, or that no build needs at all. */
const UNNEEDED = ['esbuild', 'sharp'];

/**
 * Runs `ecom-site build` with a preloaded script that lists, when the process exits, every module file
 * Node loaded by `require` (the CLI bundle loads its external packages that way); returns those paths.
 */
async function modulesOfBuild(content: string, out: string): Promise<string[]> {
  const dir = tempDir();
  const list = join(dir, 'modules.txt');
  const hook = join(dir, 'hook.cjs');
  writeFileSync(
    hook,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, Object.keys(require.cache).join('\\n')));\n`,
  );
  const result = await runCli(['build', '--content', content, '--out', out, '--quiet'], undefined, {
    NODE_OPTIONS: `--require ${hook}`,
  });
  expect(result.code, result.stderr).toBe(0);
  return readFileSync(list, 'utf8').split('\n');
}

/** The packages of `UNNEEDED` whose code `paths` holds (reading a package.json for its version loads no code). */
function unneededIn(paths: readonly string[]): string[] {
  return UNNEEDED.filter((name) => paths.some((path) => path.includes(`/node_modules/${name}/`) && !path.endsWith('/package.json')));
}

describe('a build with warm caches', () => {
  it('loads no module it does not use: esbuild, sharp, a second React renderer, an ES module', async () => {
    const content = makeContent();
    // The first build fills the caches (bundles, cards); it may load what it needs to.
    const first = await modulesOfBuild(content, join(tempDir(), 'out'));
    // The hook sees what the bundle requires: React is required from node_modules by every build.
    expect(first.some((path) => path.includes('/node_modules/react/'))).toBe(true);
    // A new output folder: every page is rendered again and indexed, with the bundles, cards and photos cached.
    const second = await modulesOfBuild(content, join(tempDir(), 'out'));
    expect(unneededIn(second)).toEqual([]);
    expect(second.filter((path) => path.endsWith('.mjs') || path.includes('/node_modules/pagefind/'))).toEqual([]);
    expect(second.filter((path) => /\/templates-[0-9a-f]+\.cjs$/.test(path))).toHaveLength(1);
    // renderToStaticMarkup's renderer is bundled into the CLI; react-dom's streaming renderer is never loaded.
    expect(second.filter((path) => path.includes('/node_modules/react-dom/cjs/react-dom-server'))).toEqual([]);
  }, 120_000);
});
