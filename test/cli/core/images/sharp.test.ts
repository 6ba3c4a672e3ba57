/**
 * sharp is loaded on first use (cli/core/images/sharp.ts): loading its native libvips would otherwise be
 * part of every start. No source of the CLI may import it as a value.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../helpers/cli.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

describe('sharp', () => {
  it('is imported as a value nowhere in the CLI: only loadSharp() loads it', () => {
    const eager = sources(join(ROOT, 'cli')).filter((file) =>
      /^import\s+(?!type\b)[^;]*from\s+['"]sharp['"]/m.test(readFileSync(file, 'utf8')),
    );
    expect(eager).toEqual([]);
    expect(readFileSync(join(ROOT, 'cli', 'core', 'images', 'sharp.ts'), 'utf8')).toContain("import('sharp')");
  });
});
