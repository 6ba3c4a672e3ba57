/**
 * The packages patches/ patches are installed once each, at the version the patch names, and patched: a
 * copy that patch-package did not reach (a nested one at another version, which npm installs when a
 * dependency asks for a range the top-level copy does not satisfy) would run the published, quadratic code
 * for whoever imports it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.ts';

const PATCHES = join(ROOT, 'patches');

/** The patch files, by package name and version (`<name>+<version>.patch`, patch-package's naming). */
const patches = readdirSync(PATCHES)
  .filter((file) => file.endsWith('.patch'))
  .map((file) => {
    const match = /^(.+)\+(\d+\.\d+\.\d+)\.patch$/.exec(file);
    if (!match) throw new Error(`patches/${file} is not named <package>+<version>.patch`);
    return { file, name: match[1] as string, version: match[2] as string };
  });

/** Every folder under `dir`'s node_modules trees that holds a package named `name`, nested ones included. */
function copiesOf(name: string, dir = join(ROOT, 'node_modules')): string[] {
  const found: string[] = [];
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    const packages = entry.name.startsWith('@') ? readdirSync(path).map((scoped) => join(path, scoped)) : [path];
    for (const pkg of packages) {
      if (existsSync(join(pkg, 'package.json')) && JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).name === name)
        found.push(pkg);
      found.push(...copiesOf(name, join(pkg, 'node_modules')));
    }
  }
  return found;
}

/**
 * Each hunk of a patch as the text it leaves in its file (context and added lines), by the file's path in
 * the package: patch-package writes paths as `a/node_modules/<name>/<path>`.
 */
function patchedTexts(patch: string, name: string): Array<{ path: string; text: string }> {
  const hunks: Array<{ path: string; text: string }> = [];
  let path = '';
  let lines: string[] | undefined;
  const flush = (): void => {
    if (lines) hunks.push({ path, text: lines.join('\n') });
    lines = undefined;
  };
  for (const line of patch.split('\n')) {
    if (line.startsWith('+++ ')) {
      flush();
      path = line.slice(`+++ b/node_modules/${name}/`.length);
    } else if (line.startsWith('@@')) {
      flush();
      lines = [];
    } else if (line.startsWith('diff --git') || line.startsWith('--- ') || line.startsWith('index ')) flush();
    else if (lines && (line.startsWith(' ') || line.startsWith('+'))) lines.push(line.slice(1));
  }
  flush();
  return hunks;
}

describe('the packages patches/ patches', () => {
  it('are all there is to patch: eleven packages', () => {
    expect(patches.map((patch) => patch.name).sort()).toEqual([
      'mdast-util-from-markdown',
      'mdast-util-to-hast',
      'micromark',
      'micromark-core-commonmark',
      'micromark-extension-gfm-autolink-literal',
      'micromark-extension-gfm-footnote',
      'micromark-extension-gfm-strikethrough',
      'micromark-extension-gfm-table',
      'micromark-util-edit-map',
      'micromark-util-subtokenize',
      'unist-util-visit-parents',
    ]);
  });

  it.each(patches)('$name is installed once, at $version, and patched ($file)', ({ file, name, version }) => {
    const copies = copiesOf(name).map((dir) => relative(ROOT, dir));
    expect(copies, `every copy of ${name} in node_modules`).toEqual([join('node_modules', name)]);
    const dir = join(ROOT, 'node_modules', name);
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version).toBe(version);
    // And pinned: package.json asks for exactly that version, and overrides every range to it.
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(manifest.dependencies[name]).toBe(version);
    expect(manifest.overrides[name]).toBe(`$${name}`);
    const hunks = patchedTexts(readFileSync(join(PATCHES, file), 'utf8'), name);
    expect(hunks.length).toBeGreaterThan(0);
    for (const { path, text } of hunks) expect(readFileSync(join(dir, path), 'utf8'), `${name}/${path}`).toContain(text);
  });

  it('runs patch-package at install, failing on a patch that does not apply or a version that moved', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(manifest.scripts.postinstall).toBe('patch-package --error-on-fail --error-on-warn');
    expect(manifest.dependencies['patch-package']).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
