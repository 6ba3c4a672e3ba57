/**
 * cli/core/serve/watcher.ts: the changes `watch` rebuilds on come in batches, one at a time, each after
 * the task chained before it (the first build) is done; ignored names never come.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchInputs, type Change, type InputWatcher } from '../../../../cli/core/serve/watcher.ts';
import { tempDir, waitFor } from '../../../helpers/cli.ts';

let watcher: InputWatcher | undefined;
afterEach(async () => {
  await watcher?.close();
});

describe('watchInputs', () => {
  it('hands changes on after the task chained before them, and leaves ignored names out', async () => {
    const dir = tempDir();
    const seen: string[] = [];
    const batches: Change[][] = [];
    watcher = await watchInputs([dir], async (batch) => {
      seen.push('batch');
      batches.push(batch);
    });
    let release = (): void => undefined;
    const gate = new Promise<void>((go) => (release = go));
    const first = watcher.chain(async () => {
      await gate;
      seen.push('first build');
    });
    writeFileSync(join(dir, '.hidden.md'), 'x');
    writeFileSync(join(dir, 'page.md'), 'x');
    release();
    await first;
    await waitFor(
      () => (batches.flat().some((c) => c.path === join(dir, 'page.md')) ? true : undefined),
      () => JSON.stringify(batches),
    );
    expect(seen[0]).toBe('first build');
    expect(batches.flat().map((c) => c.path)).not.toContain(join(dir, '.hidden.md'));
  });
});
