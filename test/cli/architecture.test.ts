/**
 * The house (docs/architecture.md): shared/ is the floor, which the browser scripts (client/), the templates
 * and the generator (cli/) stand on; client/ and cli/ never import each other; templates/ import nothing
 * from cli/; the folders of cli/core/ show the pipeline and imports flow one way: a stage may import from
 * the stages before it and from common/, never from a later stage or from the orchestration above them,
 * which the commands stand on, and cli/index.ts on them. Imports are read with TypeScript's own parser:
 * static and type-only imports, re-exports, `import()`, `typeof import()` and `require()` all count.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stronglyConnected } from '../../cli/core/common/graph.ts';
import { specifiersOf } from '../../scripts/imports.ts';
import { GRAIN, TOOLKITS, walkBuild } from '../../scripts/walk.ts';
import { ROOT } from '../helpers/cli.ts';

/**
 * The stages in import order, which is the order the build runs them in; each may import from the ones
 * before it. Below load lie the toolkits: common/, text/ (placeholders, terms, prose checks and the UI-text
 * lookup, which load's checks and render's pages both use) and images/ (probing, encoding and drawing, with
 * which load probes public/'s photos). Each stage takes the one before's result: load, l10n, plan, render,
 * then write; the executor (cli/core/apply.ts, orchestration) drives the render threads and hands their
 * pages to write's sinks.
 */
const ORDER = [...TOOLKITS, ...GRAIN];

/**
 * Every floor of the house, lowest first: a file may import from its own floor and the ones below it, and
 * client/ from shared/ and itself alone (the browser never reaches the generator, nor it the browser).
 */
const FLOORS = ['shared', 'templates', ...ORDER.map((stage) => `core/${stage}`), 'core', 'commands', 'index'];

/** The floor of a file: a stage of cli/core, `core` for the orchestration beside them, or a top folder. */
function floorOf(file: string): string {
  const parts = relative(ROOT, file).split('/');
  if (parts[0] !== 'cli') return parts[0] as string;
  if (parts[1] === 'index.ts' || parts[1] === 'commands') return parts[1] === 'index.ts' ? 'index' : 'commands';
  // cli/core/<stage>/… or a file of cli/core itself
  return parts.length > 3 ? `core/${parts[2]}` : 'core';
}

function filesOf(dir: string, pattern = /\.tsx?$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(join(dir, entry.name), pattern) : pattern.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

const importsRead = new Map<string, string[]>();

/** The files of the project a source file imports by a relative path (each file parsed once). */
function importsOf(file: string): string[] {
  let found = importsRead.get(file);
  if (!found) {
    found = specifiersOf(readFileSync(file, 'utf8'), file)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolve(dirname(file), specifier));
    importsRead.set(file, found);
  }
  return found;
}

/** Why `from` may not import `to`, or undefined when it may. */
function wrongWay(from: string, to: string): string | undefined {
  if (from === to) return undefined;
  if (to === 'client') return 'only client/ imports client/';
  if (from === 'client') return to === 'shared' ? undefined : 'client/ imports only shared/';
  const [a, b] = [FLOORS.indexOf(from), FLOORS.indexOf(to)];
  if (a < 0 || b < 0) return `${a < 0 ? from : to} is no floor of the house`;
  return b < a ? undefined : 'back up the order';
}

/** Every import of `files` that goes the wrong way, as `file imports target (why)`. */
function wrongImports(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    importsOf(file).flatMap((target) => {
      if (relative(ROOT, target).startsWith('..')) return [`${relative(ROOT, file)} imports ${target} (outside the project)`];
      const why = wrongWay(floorOf(file), floorOf(target));
      return why ? [`${relative(ROOT, file)} imports ${relative(ROOT, target)} (${why})`] : [];
    }),
  );
}

const SOURCES = ['shared', 'client', 'templates', 'cli'].flatMap((dir) => filesOf(join(ROOT, dir)));

/** The circles of the import graph of `files`: each group of files that import one another, round and round. */
function circles(files: readonly string[]): string[][] {
  const edges = new Map(files.map((file) => [file, importsOf(file).filter((target) => target !== file)]));
  return stronglyConnected(files, edges)
    .filter((group) => group.length > 1)
    .map((group) => group.map((file) => relative(ROOT, file)).sort());
}

describe('reading imports', () => {
  it('finds a circle of imports (the check itself)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ecom-circles-'));
    const write = (name: string, text: string): string => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const files = [
      write('a.ts', "import type { B } from './b.ts';"),
      write('b.ts', "export const b = () => import('./c.ts');"),
      write('c.ts', "export * from './a.ts';"),
      write('d.ts', "import './a.ts';"),
    ];
    expect(circles(files).map((group) => group.map((file) => file.split('/').pop()))).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('finds every kind of import TypeScript knows, and none in comments or strings', () => {
    const source = [
      "import a from './a.ts';",
      "import type { B } from './b.ts';",
      "import { type C, d } from './c.ts';",
      "import './side-effect.ts';",
      "export { e } from './e.ts';",
      "export * from './f.ts';",
      "export type { G } from './g.ts';",
      "import h = require('./h.ts');",
      "const i = await import('./i.ts');",
      "type J = typeof import('./j.ts');",
      "const k = require('./k.ts');",
      "// import l from './l.ts';",
      'const m = "from \'./m.ts\'";',
    ].join('\n');
    expect(specifiersOf(source)).toEqual([
      './a.ts',
      './b.ts',
      './c.ts',
      './side-effect.ts',
      './e.ts',
      './f.ts',
      './g.ts',
      './h.ts',
      './i.ts',
      './j.ts',
      './k.ts',
    ]);
  });

  it('places each file on its floor', () => {
    expect(
      [
        'shared/constants.ts',
        'client/index.ts',
        'templates/Home.tsx',
        'cli/core/text/terms.ts',
        'cli/core/load/loaded-site.ts',
        'cli/core/build.ts',
        'cli/commands/watch.ts',
        'cli/index.ts',
      ].map((file) => floorOf(join(ROOT, file))),
    ).toEqual(['shared', 'client', 'templates', 'core/text', 'core/load', 'core', 'commands', 'index']);
  });

  it('tells each wrong way from the right ones', () => {
    expect(wrongWay('core/render', 'client')).toBe('only client/ imports client/');
    expect(wrongWay('client', 'core/common')).toBe('client/ imports only shared/');
    expect(wrongWay('client', 'templates')).toBe('client/ imports only shared/');
    expect(wrongWay('templates', 'core/common')).toBe('back up the order');
    expect(wrongWay('shared', 'templates')).toBe('back up the order');
    expect(wrongWay('core/load', 'core/render')).toBe('back up the order');
    expect(wrongWay('core/common', 'core/text')).toBe('back up the order');
    expect(wrongWay('core/text', 'core/load')).toBe('back up the order');
    expect(wrongWay('core/text', 'core/images')).toBe('back up the order');
    expect(wrongWay('core/plan', 'core/render')).toBe('back up the order');
    expect(wrongWay('core/render', 'core/write')).toBe('back up the order');
    expect(wrongWay('core/render', 'core')).toBe('back up the order');
    expect(wrongWay('core', 'commands')).toBe('back up the order');
    expect(wrongWay('commands', 'index')).toBe('back up the order');
    expect([
      wrongWay('client', 'shared'),
      wrongWay('core/render', 'core/load'),
      wrongWay('commands', 'core/plan'),
      wrongWay('core/common', 'shared'),
      wrongWay('core/load', 'core/text'),
      wrongWay('core/render', 'core/text'),
      wrongWay('core/text', 'core/common'),
    ]).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('the house', () => {
  it('holds the orchestration beside one folder per pipeline stage in cli/core', () => {
    const core = SOURCES.filter((file) => file.startsWith(join(ROOT, 'cli', 'core')));
    expect(new Set(core.map(floorOf))).toEqual(new Set(['core', ...ORDER.map((stage) => `core/${stage}`)]));
  });

  it('imports only down the floors: shared/ below all, client/ apart from cli/, the stages in pipeline order', () => {
    expect(wrongImports(SOURCES)).toEqual([]);
  });

  it('is walked straight by build: no step back, no call back into an earlier stage, each stage entered once', () => {
    // A later stage takes what an earlier one found as data (its result), never by calling its code
    // (docs/architecture.md, "The walk"); what several stages use lies on a toolkit floor below them.
    const walked = walkBuild();
    expect({ against: walked.againstGrain, climbs: walked.climbs, callsBack: walked.callsBack }).toEqual({
      against: [],
      climbs: [],
      callsBack: [],
    });
    expect(walked.stays).toEqual(['load', 'l10n', 'plan', 'render', 'write']);
  });

  it('has no circle of imports: no file imports, through others, one that imports it', () => {
    expect(circles(SOURCES)).toEqual([]);
  });

  it('has the tests of cli/core in the same folders', () => {
    const tests = filesOf(join(ROOT, 'test', 'cli', 'core'), /\.ts$/).map((f) =>
      relative(join(ROOT, 'test', 'cli', 'core'), f).replace(/(\.[\w-]+)*\.test(-d)?\.ts$/, '.ts'),
    );
    const sources = new Set(
      SOURCES.filter((f) => f.startsWith(join(ROOT, 'cli', 'core'))).map((f) => relative(join(ROOT, 'cli', 'core'), f)),
    );
    expect(tests.filter((t) => !sources.has(t))).toEqual([]);
  });
});
