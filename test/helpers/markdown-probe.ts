/**
 * Test helpers for the patched Markdown packages (patches/README.md): the project's Markdown parser
 * (remark-parse + remark-gfm) bundled by esbuild either as installed (patched by patch-package) or with
 * the published files kept under test/vendor/fixtures in their place, so that both can run side by side in
 * one test (`bundleModule`); here with the published micromark-util-edit-map 1.0.0 (`loadProbe`).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Root } from 'mdast';
import { build, type Plugin } from 'esbuild';
import { ROOT, tempDir } from './cli.ts';

/** The parser of one edit-map version, and a probe of how much work its `consume()` does. */
export interface MarkdownProbe {
  /** The mdast of a document, positions included. */
  parse(doc: string): Root;
  /** How many event-list elements `EditMap#consume` read or wrote while parsing `doc`. */
  touched(doc: string): number;
}

/** The published module, as npm served it before the patch. */
export const PUBLISHED_EDIT_MAP = join(ROOT, 'test', 'vendor', 'fixtures', 'micromark-util-edit-map-1.0.0', 'index.js');

const ENTRY = `
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { EditMap } from 'micromark-util-edit-map';

const processor = unified().use(remarkParse).use(remarkGfm);
export function parse(doc) {
  return processor.parse(doc);
}
// Counts the index reads and writes consume() makes on the event list, through a Proxy around it.
export function touched(doc) {
  const consume = EditMap.prototype.consume;
  let count = 0;
  const counting = {
    get(target, key, receiver) { if (typeof key === 'string' && /^\\d+$/.test(key)) count++; return Reflect.get(target, key, receiver); },
    set(target, key, value, receiver) { if (typeof key === 'string' && /^\\d+$/.test(key)) count++; return Reflect.set(target, key, value, receiver); },
  };
  EditMap.prototype.consume = function (events) { return consume.call(this, new Proxy(events, counting)); };
  try { processor.parse(doc); } finally { EditMap.prototype.consume = consume; }
  return count;
}
`;

/**
 * Bundles `entry` (ES module source that imports the project's packages) with esbuild, with `plugins` (to
 * put published files in place of patched ones), into a file of its own; returns its path. `check` sees the
 * bundled code first (that a patch is in it, or not).
 */
export async function bundleFile(entry: string, name: string, plugins: Plugin[], check?: (code: string) => void): Promise<string> {
  const result = await build({
    stdin: { contents: entry, resolveDir: ROOT, sourcefile: `${name}.js`, loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'error',
    plugins,
  });
  const code = result.outputFiles[0]?.text ?? '';
  check?.(code);
  const file = join(tempDir('ecom-bundle-'), `${name}.mjs`);
  writeFileSync(file, code);
  return file;
}

/** Bundles `entry` as `bundleFile` does and imports the bundle. */
export async function bundleModule<T>(entry: string, name: string, plugins: Plugin[], check?: (code: string) => void): Promise<T> {
  return (await import(pathToFileURL(await bundleFile(entry, name, plugins, check)).href)) as T;
}

/** One measurement for `countWork`: what the bundle's `prepare(kind, doc)` makes, then `work(kind, …)` counted. */
export interface WorkJob {
  kind: string;
  doc: string;
}

/**
 * The work each job does in `bundle` (a `bundleFile` exporting `prepare` and `work`), counted, not timed: V8's
 * block-coverage counts summed over the bundle's code, every function call and every block entered, in a
 * process whose code runs in the interpreter only, so the counts are exact and the same on any machine
 * (test/helpers/count-work.mjs).
 */
export function countWork(bundle: string, jobs: WorkJob[]): number[] {
  const flags = ['--no-opt', '--no-maglev', '--no-sparkplug'];
  const out = execFileSync(process.execPath, [...flags, join(ROOT, 'test', 'helpers', 'count-work.mjs')], {
    input: JSON.stringify({ bundle, jobs }),
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  return JSON.parse(out) as number[];
}

/** How many times the work of `small` the work of `large` is, in `bundle`. */
export function workRatio(bundle: string, kind: string, small: string, large: string): number {
  const [one = 1, four = 0] = countWork(bundle, [
    { kind, doc: small },
    { kind, doc: large },
  ]);
  return four / one;
}

/** Bundles the parser with the installed edit map, or with the published one in its place. */
export function loadProbe(version: 'installed' | 'published'): Promise<MarkdownProbe> {
  const publishedEditMap: Plugin = {
    name: 'published-edit-map',
    setup(plugin): void {
      plugin.onResolve({ filter: /^micromark-util-edit-map$/ }, () => ({ path: PUBLISHED_EDIT_MAP }));
    },
  };
  return bundleModule<MarkdownProbe>(ENTRY, `probe-${version}`, version === 'published' ? [publishedEditMap] : []);
}

/**
 * A page of many short paragraphs, each followed by a two-item list: a shape once found quadratic.
 * The shorter the blocks, the more lists per kilobyte, and the sooner the quadratic cost shows.
 */
export function listPage(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const part = `P${i}\n- a\n- b\n\n`;
    parts.push(part);
    size += part.length;
  }
  return parts.join('');
}
