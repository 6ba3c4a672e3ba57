/**
 * esbuild bundles: the templates (TSX, imported fresh on every build so `watch` never serves a stale
 * template from Node's module cache), the client script and the stylesheet (both minified and hashed).
 */
import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile, access } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildFailure, type Message } from 'esbuild';
import { problem, SiteError } from './errors.ts';
import { displayPath } from './paths.ts';

/** A built asset: its bytes and its content-hashed file name under `assets/`. */
export interface Asset {
  name: string;
  contents: Uint8Array;
}

/** A short content hash, the same for the same bytes on every machine. */
export function contentHash(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 10);
}

function toSiteError(error: unknown): never {
  const failure = error as Partial<BuildFailure>;
  const messages: Message[] = failure.errors ?? [];
  if (messages.length === 0) throw error;
  throw new SiteError(
    messages.map((m) =>
      problem('TEMPLATE_BUILD', m.text, m.location ? { file: displayPath(m.location.file), line: m.location.line, column: m.location.column + 1 } : {}),
    ),
  );
}

async function bundleOne(entry: string, platform: 'node' | 'browser', minify: boolean): Promise<Uint8Array> {
  try {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      platform,
      format: platform === 'node' ? 'esm' : 'iife',
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
    return file.contents;
  } catch (error) {
    return toSiteError(error);
  }
}

/**
 * Compiles `templates/index.ts` and imports it. The module file is named by its content hash inside
 * `cacheDir`, so an unchanged template set is imported from Node's cache and a changed one is loaded anew.
 */
export async function loadTemplateModule<T>(root: string, cacheDir: string): Promise<T> {
  const code = await bundleOne(join(root, 'templates', 'index.ts'), 'node', false);
  const file = join(cacheDir, `templates-${contentHash(code)}.mjs`);
  try {
    await access(file);
  } catch {
    await mkdir(cacheDir, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, code);
    await rename(temp, file);
  }
  return (await import(pathToFileURL(file).href)) as T;
}

/** Bundles and minifies the client script into `app.<hash>.js`. */
export async function buildClientScript(root: string): Promise<Asset> {
  const contents = await bundleOne(join(root, 'client', 'index.ts'), 'browser', true);
  return { name: `app.${contentHash(contents)}.js`, contents };
}

/** Bundles and minifies the root-path locale detection script into `detect.<hash>.js`. */
export async function buildDetectScript(root: string): Promise<Asset> {
  const contents = await bundleOne(join(root, 'client', 'detect.ts'), 'browser', true);
  return { name: `detect.${contentHash(contents)}.js`, contents };
}

/** Bundles and minifies the stylesheet into `site.<hash>.css`. */
export async function buildStylesheet(root: string): Promise<Asset> {
  const contents = await bundleOne(join(root, 'templates', 'site.css'), 'browser', true);
  return { name: `site.${contentHash(contents)}.css`, contents };
}
