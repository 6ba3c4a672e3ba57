/**
 * The output swap under interruption (cli/core/write/output.ts; docs/hosting.md, "Safety"): the build ends
 * between any two of the swap's filesystem steps, as a killed process would, and the next build's recovery
 * leaves the output folder whole, either the previous build's or the new one, never missing or mixed, with no
 * leftover beside it. A failed write is cleaned up by `abort`.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MARKER, openOutput, recover, type SwapSteps } from '../../../../cli/core/write/output.ts';
import { tempDir } from '../../../helpers/cli.ts';
import { treeDigest } from '../../../helpers/site.ts';

/** Thrown by a step the "killed" process never took. */
class Killed extends Error {}

/**
 * The real steps, counting each one; from step number `killAt` on (0-based), none runs: the first throws and
 * the process counts as dead, so no clean-up of its own runs either.
 */
function stepsKilledAt(killAt: number): { steps: SwapSteps; taken: string[] } {
  const taken: string[] = [];
  const step =
    <A extends unknown[]>(name: string, run: (...args: A) => Promise<void>) =>
    async (...args: A): Promise<void> => {
      if (taken.length >= killAt) throw new Killed(`killed before ${name}`);
      taken.push(name);
      await run(...args);
    };
  return {
    steps: { writeFile: step('writeFile', writeFile), rename: step('rename', rename), rm: step('rm', rm) },
    taken,
  };
}

/** The files of the output folder and their digests, or `none` when there is no such folder. */
function state(dir: string): string {
  return existsSync(dir) ? JSON.stringify(treeDigest(dir)) : 'none';
}

/** A parent folder for `dist`, holding the output of a previous build when `previous`, and its state. */
function site(previous: boolean): { dir: string; before: string } {
  const dir = join(tempDir('ecom-swap-'), 'dist');
  if (!previous) return { dir, before: state(dir) };
  mkdirSync(join(dir, 'en'), { recursive: true });
  writeFileSync(join(dir, MARKER), 'ours');
  writeFileSync(join(dir, 'index.html'), 'previous home');
  writeFileSync(join(dir, 'en', 'gone.html'), 'a page the new build no longer has');
  return { dir, before: state(dir) };
}

/** Writes the new build into an output opened with `steps` and commits it; resolves with what was thrown. */
async function build(dir: string, steps: SwapSteps): Promise<unknown> {
  const output = await openOutput(dir, steps);
  await output.write('index.html', 'new home');
  await output.write('en/index.html', 'new English home');
  try {
    await output.commit();
    return undefined;
  } catch (error) {
    return error;
  }
}

/** What a complete new build leaves, for comparison. */
async function newBuild(): Promise<string> {
  const { dir } = site(false);
  expect(await build(dir, stepsKilledAt(Number.POSITIVE_INFINITY).steps)).toBeUndefined();
  return state(dir);
}

describe('the output swap, ended between any two of its steps', () => {
  for (const previous of [true, false]) {
    it(`${previous ? 'over a previous output' : 'into a new folder'}: after recovery the output is the old or the new one, whole`, async () => {
      const fresh = await newBuild();
      const full = stepsKilledAt(Number.POSITIVE_INFINITY);
      const whole = site(previous);
      await build(whole.dir, full.steps);
      // Every step of an uninterrupted commit: the marker, the renames, the removal of the old folder.
      expect(full.taken).toEqual(previous ? ['writeFile', 'rename', 'rename', 'rm'] : ['writeFile', 'rename']);

      const outcomes: string[] = [];
      for (let killAt = 0; killAt <= full.taken.length; killAt++) {
        const { dir, before } = site(previous);
        const { steps, taken } = stepsKilledAt(killAt);
        const thrown = await build(dir, steps);
        expect(taken, `killed at step ${killAt}`).toEqual(full.taken.slice(0, killAt));
        expect(thrown instanceof Killed, `killed at step ${killAt}`).toBe(killAt < full.taken.length);
        // The next build, in another process: the killed one's leftovers name a process that is gone.
        await recover(dir, () => false);
        const after = state(dir);
        const which = after === before ? 'old' : after === fresh ? 'new' : 'broken';
        outcomes.push(which);
        expect(which, `killed at step ${killAt}: ${after}`).not.toBe('broken');
        expect(readdirSync(dirname(dir)), `killed at step ${killAt}`).toEqual(after === 'none' ? [] : ['dist']);
      }
      // The swap turns from old to new at one step and never back; a complete commit gives the new one.
      const firstNew = outcomes.indexOf('new');
      expect(outcomes.at(-1)).toBe('new');
      expect(outcomes.slice(firstNew).every((o) => o === 'new')).toBe(true);
      expect(outcomes.slice(0, firstNew).every((o) => o === 'old')).toBe(true);
    });
  }

  it('leaves a folder of a build still running alone', async () => {
    const { dir, before } = site(true);
    const { steps } = stepsKilledAt(2);
    await build(dir, steps);
    // Killed between the renames: the output is missing, and a build that is still running owns its folders.
    expect(readdirSync(dirname(dir)).filter((n) => n !== 'dist')).toHaveLength(2);
    await recover(dir, () => true);
    expect(readdirSync(dirname(dir)).filter((n) => n !== 'dist')).toHaveLength(2);
    await recover(dir, () => false);
    expect(state(dir)).toBe(before);
  });
});

describe('a failed write', () => {
  it('is cleaned up by abort: no temp folder left, the previous output untouched', async () => {
    const { dir, before } = site(true);
    const output = await openOutput(dir);
    await output.write('en/index.html', 'new');
    // A page where a folder already is: the write fails as a full disk or a bad name would.
    const failed = await output.write('en', 'not a folder').then(
      () => undefined,
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(failed).toBe('EISDIR');
    await output.abort();
    expect(readdirSync(dirname(dir))).toEqual(['dist']);
    expect(state(dir)).toBe(before);
  });
});
