/**
 * The locales are site.yaml's (docs/locales.md): no code of the generator or the client script names one.
 * The only places allowed to write 'zh' or 'en' are the default configuration (cli/core/common/defaults.ts)
 * and the built-in UI text (templates/strings.ts, outside the scanned folders).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.ts';

/** Files that may name the default locales. */
const ALLOWED = new Set(['cli/core/common/defaults.ts']);

/** A quoted locale code of the default configuration: `'zh'`, `"en"`, `` `zh` ``, also inside a longer expression. */
const LITERAL = /(['"`])(zh|en)\1/;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** The lines of `text` holding a locale literal in code, comments left out (they may give examples). */
export function literalLines(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
    .map((line) => line.replace(/\/\/.*$/, ''))
    .filter((line) => LITERAL.test(line));
}

describe('locale literals', () => {
  it('finds a literal in code and not in a comment (the check itself)', () => {
    expect(literalLines("const a = 'zh';\n// 'en' is an example\n * `zh` too\nif (x === \"en\") y();")).toEqual([
      "const a = 'zh';",
      'if (x === "en") y();',
    ]);
  });

  it('appear nowhere in cli/ or client/ but the default configuration', () => {
    const found = [...sources('cli'), ...sources('client'), ...sources('shared')]
      .filter((file) => !ALLOWED.has(file))
      .flatMap((file) => literalLines(readFileSync(join(ROOT, file), 'utf8')).map((line) => `${file}: ${line.trim()}`));
    expect(found).toEqual([]);
  });
});
