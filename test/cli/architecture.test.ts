/**
 * The folders of cli/core/ show the pipeline (docs/architecture.md, "The pipeline"), and imports flow one way: a stage
 * may import from the stages before it and from common/, never from a later stage or from the
 * orchestration above them; common/ imports from no stage. Type-only imports count too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.ts';

const CORE = join(ROOT, 'cli', 'core');
/**
 * The stages in import order; each may import from the ones before it. The plan stage comes after render
 * and write although its decision is made before they run: its executor (plan/apply.ts) drives the render
 * threads and hands files to write's sinks, so it calls them, never the other way round.
 */
const ORDER = ['common', 'load', 'l10n', 'images', 'render', 'write', 'plan', 'serve', 'deploy'];

/** The stage a file of cli/core belongs to: its folder, or `top` for the orchestration beside them. */
function stageOf(file: string): string {
  const rel = relative(CORE, file);
  return rel.includes('/') ? (rel.split('/')[0] as string) : 'top';
}

function filesOf(dir: string, pattern = /\.ts$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(join(dir, entry.name), pattern) : pattern.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

/** The files a source file imports by a relative path, type-only imports and re-exports included. */
function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)].map((match) => resolve(dirname(file), match[1] as string));
}

describe('cli/core', () => {
  const files = filesOf(CORE);

  it('holds the orchestration beside one folder per pipeline stage', () => {
    expect(new Set(files.map(stageOf))).toEqual(new Set(['top', ...ORDER]));
  });

  it('imports only from earlier stages (and common/), never from later ones or the orchestration', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const from = stageOf(file);
      if (from === 'top') continue;
      for (const target of importsOf(file)) {
        if (!target.startsWith(CORE)) continue;
        const to = stageOf(target);
        const allowed = to !== 'top' && (to === from || ORDER.indexOf(to) < ORDER.indexOf(from));
        if (!allowed) wrong.push(`${relative(ROOT, file)} imports ${relative(ROOT, target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has its tests in the same folders', () => {
    const tests = filesOf(join(ROOT, 'test', 'cli', 'core')).map((f) =>
      relative(join(ROOT, 'test', 'cli', 'core'), f).replace(/(\.[\w-]+)*\.test(-d)?\.ts$/, '.ts'),
    );
    const sources = new Set(files.map((f) => relative(CORE, f)));
    expect(tests.filter((t) => !sources.has(t))).toEqual([]);
  });
});

describe('templates/', () => {
  it('imports nothing from cli/: the generator reads the templates, never the other way round', () => {
    // The field language both use is templates/schema.ts; cli/ imports it and the props of templates/types.ts.
    const CLI = join(ROOT, 'cli');
    const wrong = filesOf(join(ROOT, 'templates'), /\.tsx?$/).flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(`${CLI}/`))
        .map((target) => `${relative(ROOT, file)} imports ${relative(ROOT, target)}`),
    );
    expect(wrong).toEqual([]);
  });
});
