/**
 * esbuild bundles: the templates (TSX, imported fresh on every build so `watch` never serves a stale
 * template from Node's module cache), the client scripts and the stylesheet (minified, and hashed where
 * the output holds them). esbuild is loaded only when a bundle is made: a build whose bundles are all
 * cached never loads it (docs/performance.md, "Start-up").
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { BuildFailure, Message } from 'esbuild';
import { problem, SiteError } from '../common/errors.ts';
import { contentHash, writeFileAtomic } from '../common/files.ts';
import { displayPath } from '../common/paths.ts';

/** A built asset: its bytes and its content-hashed file name under `assets/`. */
export interface Asset {
  name: string;
  contents: Uint8Array;
}

function toSiteError(error: unknown): never {
  const failure = error as Partial<BuildFailure>;
  const messages: Message[] = failure.errors ?? [];
  if (messages.length === 0) throw error;
  throw new SiteError(
    messages.map((m) =>
      problem(
        'TEMPLATE_BUILD',
        m.text,
        m.location ? { file: displayPath(m.location.file), line: m.location.line, column: m.location.column + 1 } : {},
      ),
    ),
  );
}

/** What a cached bundle was made from: each input file (relative to the root) and its content hash. */
interface BundleRecord {
  inputs: Record<string, string>;
}

type Esbuild = typeof import('esbuild');

let esbuildCache: Promise<Esbuild> | undefined;

/** The esbuild module, loading it the first time (kept in `esbuildCache`). */
function loadEsbuild(): Promise<Esbuild> {
  esbuildCache ??= import('esbuild');
  return esbuildCache;
}

let esbuildVersionCache: string | undefined;

/**
 * The installed esbuild's version, part of every bundle's cache key, read from its package.json: the
 * module itself is not loaded to ask it.
 */
function esbuildVersion(): string {
  esbuildVersionCache ??= (load('esbuild/package.json') as { version: string }).version;
  return esbuildVersionCache;
}

async function inputsUnchanged(root: string, record: BundleRecord): Promise<boolean> {
  try {
    const checks = await Promise.all(
      Object.entries(record.inputs).map(async ([path, hash]) => contentHash(await readFile(join(root, path))) === hash),
    );
    return checks.every(Boolean);
  } catch {
    return false;
  }
}

/**
 * Bundles one entry with esbuild. The output is cached under `cacheDir/bundles/` with the list of files it
 * was made from (esbuild's metafile); while none of them changed, the cached bytes are used and esbuild
 * does not run, which keeps a build with unchanged templates fast.
 */
async function bundleOne(
  root: string,
  cacheDir: string,
  entry: string,
  platform: 'node' | 'browser',
  minify: boolean,
  format: 'esm' | 'iife' | 'cjs' = platform === 'node' ? 'esm' : 'iife',
): Promise<Uint8Array> {
  const dir = join(cacheDir, 'bundles');
  const key = contentHash(`${entry}|${platform}|${minify}|${format}|${esbuildVersion()}`);
  try {
    const record = JSON.parse(await readFile(join(dir, `${key}.json`), 'utf8')) as BundleRecord;
    if (await inputsUnchanged(root, record)) return await readFile(join(dir, `${key}.out`));
  } catch {
    // no usable cache entry: bundle below
  }
  try {
    const { build } = await loadEsbuild();
    const result = await build({
      entryPoints: [entry],
      absWorkingDir: root,
      bundle: true,
      write: false,
      metafile: true,
      platform,
      format,
      target: platform === 'node' ? 'node20' : ['chrome100', 'firefox100', 'safari15'],
      jsx: 'automatic',
      packages: platform === 'node' ? 'external' : undefined,
      minify,
      legalComments: 'none',
      logLevel: 'silent',
      outdir: 'out',
    });
    const file = result.outputFiles[0];
    if (!file) throw new Error(`esbuild produced no output for ${entry}`);
    const inputs: Record<string, string> = {};
    await Promise.all(
      Object.keys(result.metafile.inputs).map(async (path) => {
        inputs[path] = contentHash(await readFile(join(root, path)));
      }),
    );
    // The record goes first and comes back last: a command killed between the two writes leaves no
    // record, never an old record beside new bytes (which a later run could take for its inputs' bundle).
    await rm(join(dir, `${key}.json`), { force: true });
    await writeFileAtomic(join(dir, `${key}.out`), file.contents);
    await writeFileAtomic(join(dir, `${key}.json`), JSON.stringify({ inputs } satisfies BundleRecord));
    return file.contents;
  } catch (error) {
    return toSiteError(error);
  }
}

/** The compiled templates: the loaded module, its file (for worker threads) and its content hash. */
export interface TemplateBundle<T> {
  module: T;
  file: string;
  hash: string;
}

/** What esbuild says of a top-level `await` in a CommonJS bundle (its message has said so since 0.8). */
const TOP_LEVEL_AWAIT = /top-level await/i;

/**
 * Compiles `templates/index.ts` into a CommonJS module and loads it. The module file is named by its
 * content hash inside `cacheDir`, so an unchanged template set comes from Node's cache and a changed one
 * is loaded anew (`watch` never serves a stale template). CommonJS, not an ES module: the CLI bundle is
 * CommonJS compiled from a code cache, where `import()` is not available (bin/ecom-site.js), and Node
 * loads an ES module through `require()` only by starting its ES module loader, which reads React's files
 * again to find their exports: several times the cost of loading the templates themselves
 * (docs/performance.md, "Start-up"). A CommonJS bundle cannot hold a top-level `await`.
 */
export async function loadTemplateModule<T>(root: string, cacheDir: string): Promise<TemplateBundle<T>> {
  let code: Uint8Array;
  try {
    code = await bundleOne(root, cacheDir, join(root, 'templates', 'index.ts'), 'node', false, 'cjs');
  } catch (error) {
    if (!(error instanceof SiteError && error.problems.some((p) => TOP_LEVEL_AWAIT.test(p.message)))) throw error;
    throw new SiteError([
      problem('TEMPLATE_BUILD', 'The templates use top-level `await`, which the build cannot load; await inside a function instead.', {
        file: displayPath(join(root, 'templates', 'index.ts')),
      }),
    ]);
  }
  const hash = contentHash(code);
  const file = join(cacheDir, `templates-${hash}.cjs`);
  if (!existsSync(file)) await writeFileAtomic(file, code);
  return { module: load(file) as T, file, hash };
}

const load = createRequire(import.meta.url);

/** Bundles and minifies the client script into `app.<hash>.js`. */
export async function buildClientScript(root: string, cacheDir: string): Promise<Asset> {
  const contents = await bundleOne(root, cacheDir, join(root, 'client', 'index.ts'), 'browser', true);
  return { name: `app.${contentHash(contents)}.js`, contents };
}

/**
 * Bundles and minifies the search script into `search.<hash>.js`: an ES module, as the client script
 * imports it only on the search page or when a search box is focused (docs/search.md, "In the browser").
 */
export async function buildSearchScript(root: string, cacheDir: string): Promise<Asset> {
  const contents = await bundleOne(root, cacheDir, join(root, 'client', 'search', 'index.ts'), 'browser', true, 'esm');
  return { name: `search.${contentHash(contents)}.js`, contents };
}

/**
 * Bundles and minifies the root-path locale detection script into `detect.<hash>.js`: client/detect.ts for
 * a site at `/`, client/detect-under-base.ts for one under a base path (whose root is that path).
 */
export async function buildDetectScript(root: string, cacheDir: string, underBase = false): Promise<Asset> {
  const entry = underBase ? 'detect-under-base.ts' : 'detect.ts';
  const contents = await bundleOne(root, cacheDir, join(root, 'client', entry), 'browser', true);
  return { name: `detect.${contentHash(contents)}.js`, contents };
}

/**
 * Bundles and minifies `watch`'s live-reload client (client/live.ts), which `watch` serves beside the site
 * and never writes to the output.
 */
export async function buildLiveScript(root: string, cacheDir: string): Promise<string> {
  return new TextDecoder().decode(await bundleOne(root, cacheDir, join(root, 'client', 'live.ts'), 'browser', true));
}

/** Bundles and minifies the stylesheet into `site.<hash>.css`. */
export async function buildStylesheet(root: string, cacheDir: string): Promise<Asset> {
  const contents = await bundleOne(root, cacheDir, join(root, 'templates', 'site.css'), 'browser', true);
  return { name: `site.${contentHash(contents)}.css`, contents };
}

/**
 * The template registry (templates/index.ts) as the generator loads it: the module's own type, so the
 * templates' specs (fields, sections, article) are read without a cast.
 */
export type TemplateModule = Pick<
  typeof import('../../../templates/index.ts'),
  'templates' | 'NotFound' | 'Search' | 'UI_STRINGS' | 'UI_TEXT'
>;
