/** The tests' temp folders (test/helpers/temp.ts) are removed once their test file has run. */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from './temp.ts';

describe('tempDir', () => {
  it('makes fresh folders that removeTempDirs deletes, contents and all', () => {
    const [a, b] = [tempDir(), tempDir('ecom-other-')];
    writeFileSync(join(a, 'file.txt'), 'x');
    expect(a).not.toBe(b);
    expect(existsSync(a) && existsSync(b)).toBe(true);
    expect(removeTempDirs()).toBeGreaterThanOrEqual(2);
    expect(existsSync(a) || existsSync(b)).toBe(false);
    expect(removeTempDirs()).toBe(0);
  });
});
