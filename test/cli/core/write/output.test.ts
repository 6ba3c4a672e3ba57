/** Atomic output (cli/core/write/output.ts; docs/hosting.md, "Safety"): refusals, write-then-swap, recovery. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  checkOutputDir,
  listOutput,
  MARKER,
  openOutput,
  processAlive,
  recover,
  swapDone,
  type SwapSteps,
} from '../../../../cli/core/write/output.ts';
import { hintOf, type Problem, type SiteError } from '../../../../cli/core/common/errors.ts';
import { tempDir } from '../../../helpers/cli.ts';
import { treeDigest } from '../../../helpers/site.ts';

/** The code of the SiteError that `promise` rejects with, or `resolved`. */
async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return (error as { problems?: { code: string }[] }).problems?.map((p) => p.code).join(',') ?? String(error);
  }
}

/** The id of a process that has ended. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  return pid!;
}

/** A project layout in a temp folder: a root with a content folder. */
function project(): { root: string; content: string } {
  const root = join(tempDir('ecom-output-'), 'site');
  const content = join(root, 'content');
  mkdirSync(content, { recursive: true });
  return { root, content };
}

/** A previous build's output: a folder with the marker and one page. */
function previousOutput(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, MARKER), 'ours');
  writeFileSync(join(dir, 'index.html'), 'previous');
}

describe('checkOutputDir', () => {
  it('accepts a folder that does not exist yet, an empty one and one a build of ours wrote', async () => {
    const { root, content } = project();
    const sources = { root, inputs: [content] };
    expect(await codeOf(checkOutputDir(join(root, 'dist'), sources))).toBe('resolved');
    mkdirSync(join(root, 'empty'));
    expect(await codeOf(checkOutputDir(join(root, 'empty'), sources))).toBe('resolved');
    previousOutput(join(root, 'built'));
    expect(await codeOf(checkOutputDir(join(root, 'built'), sources))).toBe('resolved');
  });

  it('refuses (OUT_UNSAFE) the working folder, the project root, an input or a parent of them', async () => {
    const { root, content } = project();
    const sources = { root, inputs: [content] };
    expect(await codeOf(checkOutputDir(process.cwd(), sources))).toBe('OUT_UNSAFE');
    expect(await codeOf(checkOutputDir(dirname(process.cwd()), sources))).toBe('OUT_UNSAFE');
    expect(await codeOf(checkOutputDir(root, sources))).toBe('OUT_UNSAFE');
    expect(await codeOf(checkOutputDir(dirname(root), sources))).toBe('OUT_UNSAFE');
    expect(await codeOf(checkOutputDir(content, sources))).toBe('OUT_UNSAFE');
  });

  it('refuses (OUT_UNSAFE) a folder inside an input, naming it', async () => {
    const { root, content } = project();
    const error = await checkOutputDir(join(content, 'dist'), { root, inputs: [content] }).catch(
      (e: unknown) => e as Error & { problems: { code: string }[] },
    );
    expect(error?.problems.map((p) => p.code)).toEqual(['OUT_UNSAFE']);
    expect(error?.message).toContain('is inside');
  });

  it('refuses (OUT_NOT_OURS) a non-empty folder without the marker, and a file', async () => {
    const { root, content } = project();
    const sources = { root, inputs: [content] };
    mkdirSync(join(root, 'photos'));
    writeFileSync(join(root, 'photos', 'holiday.jpg'), 'x');
    expect(await codeOf(checkOutputDir(join(root, 'photos'), sources))).toBe('OUT_NOT_OURS');
    writeFileSync(join(root, 'notes.txt'), 'x');
    expect(await codeOf(checkOutputDir(join(root, 'notes.txt'), sources))).toBe('OUT_NOT_OURS');
    expect(readFileSync(join(root, 'photos', 'holiday.jpg'), 'utf8')).toBe('x');
  });
});

describe('openOutput', () => {
  it('writes into a temporary folder and leaves the previous output intact until commit', async () => {
    const dir = join(tempDir('ecom-output-'), 'dist');
    previousOutput(dir);
    const before = treeDigest(dir);
    const output = await openOutput(dir);
    await output.write('index.html', 'next');
    await output.write('en/DROC.html', 'droc');
    expect(dirname(output.temp)).toBe(dirname(dir));
    expect(treeDigest(dir)).toEqual(before);

    await output.commit();
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('next');
    expect(readFileSync(join(dir, 'en/DROC.html'), 'utf8')).toBe('droc');
    expect(existsSync(join(dir, MARKER))).toBe(true);
    expect(readdirSync(dirname(dir))).toEqual([basename(dir)]);
  });

  it('on abort removes the temporary folder and leaves the previous output exactly as it was', async () => {
    const dir = join(tempDir('ecom-output-'), 'dist');
    previousOutput(dir);
    const before = treeDigest(dir);
    const output = await openOutput(dir);
    await output.write('index.html', 'half-built');
    await output.abort();
    expect(treeDigest(dir)).toEqual(before);
    expect(readdirSync(dirname(dir))).toEqual([basename(dir)]);
  });

  it('creates the output on the first commit', async () => {
    const dir = join(tempDir('ecom-output-'), 'nested', 'dist');
    const output = await openOutput(dir);
    await output.write('index.html', 'first');
    expect(existsSync(dir)).toBe(false);
    await output.commit();
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('first');
  });

  it('refuses writes outside its folder, whatever the file name says', async () => {
    const dir = join(tempDir('ecom-output-'), 'dist');
    const output = await openOutput(dir);
    for (const name of ['../escape.html', '../../escape.html', '/etc/escape.html', 'a/../../escape.html', '.', '']) {
      await expect(output.write(name, 'x'), name).rejects.toThrow(/outside the output folder/);
    }
    expect(readdirSync(dirname(dir)).filter((n) => n.includes('escape'))).toEqual([]);
    await output.abort();
  });
});

describe('recover', () => {
  it('removes the temporary folders of builds that died, and keeps those of a build still running', async () => {
    const dir = join(tempDir('ecom-output-'), 'dist');
    previousOutput(dir);
    const dead = `.dist.tmp-${deadPid()}-0a1b2c3d`;
    const running = `.dist.tmp-${process.pid}-0a1b2c3d`;
    for (const name of [dead, running]) mkdirSync(join(dirname(dir), name));
    await recover(dir);
    expect(readdirSync(dirname(dir)).sort()).toEqual([running, 'dist'].sort());
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('previous');
  });

  it('restores an output lost mid-swap (moved aside, the new one not yet in place)', async () => {
    const dir = join(tempDir('ecom-output-'), 'dist');
    const aside = join(dirname(dir), `.dist.old-${deadPid()}-0a1b2c3d`);
    previousOutput(aside);
    await recover(dir);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(dirname(dir))).toEqual(['dist']);
  });

  it('removes the moved-aside copy of a dead build when the output is in place', async () => {
    const dir = join(tempDir('ecom-output-'), 'dist');
    previousOutput(dir);
    writeFileSync(join(dir, 'index.html'), 'current');
    previousOutput(join(dirname(dir), `.dist.old-${deadPid()}-0a1b2c3d`));
    await recover(dir);
    expect(readdirSync(dirname(dir))).toEqual(['dist']);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('current');
  });

  it('leaves other folders beside the output alone', async () => {
    const dir = join(tempDir('ecom-output-'), 'dist');
    previousOutput(dir);
    for (const name of [`.other.tmp-${deadPid()}-0a1b2c3d`, 'notes', `.dist.tmp-x-0a1b2c3d`]) mkdirSync(join(dirname(dir), name));
    await recover(dir);
    expect(readdirSync(dirname(dir)).length).toBe(4);
  });

  it('is also run by openOutput, so a new build cleans up after a killed one', async () => {
    const dir = join(tempDir('ecom-output-'), 'dist');
    previousOutput(dir);
    mkdirSync(join(dirname(dir), `.dist.tmp-${deadPid()}-0a1b2c3d`));
    const output = await openOutput(dir);
    expect(readdirSync(dirname(dir)).sort()).toEqual([basename(output.temp), 'dist'].sort());
    await output.abort();
  });
});

describe('recover, by name', () => {
  it('reads the output folder’s name literally, and only whole leftover names', async () => {
    const parent = tempDir('ecom-output-');
    const dir = join(parent, 'a+b.c');
    previousOutput(dir);
    const dead = deadPid();
    const ours = `.a+b.c.tmp-${dead}-0a1b2c3d`;
    const others = [`.aab.c.tmp-${dead}-0a1b2c3d`, `.a+bxc.tmp-${dead}-0a1b2c3d`, `x.a+b.c.tmp-${dead}-0a1b2c3d`];
    const notLeftovers = [`.a+b.c.tmp-${dead}-0a1b2c3d.bak`, `.a+b.c.tmp-${dead}-0a1b2c3g`, `.a+b.c.new-${dead}-0a1b2c3d`];
    for (const name of [ours, ...others, ...notLeftovers]) mkdirSync(join(parent, name));
    await recover(dir);
    expect(readdirSync(parent).sort()).toEqual(['a+b.c', ...others, ...notLeftovers].sort());
  });

  it('does nothing when the output’s parent folder does not exist', async () => {
    const dir = join(tempDir('ecom-output-'), 'missing', 'dist');
    await recover(dir);
    expect(existsSync(dirname(dir))).toBe(false);
  });
});

describe('processAlive', () => {
  it('is true for this process, false for one that ended, and true for one of another user', () => {
    expect(processAlive(process.pid)).toBe(true);
    expect(processAlive(deadPid())).toBe(false);
    const kill = vi.spyOn(process, 'kill').mockImplementation(() => {
      throw Object.assign(new Error('kill EPERM'), { code: 'EPERM' });
    });
    try {
      expect(processAlive(12345)).toBe(true);
    } finally {
      kill.mockRestore();
    }
  });
});

describe('checkOutputDir, its messages', () => {
  it('names the folder the output would replace, and why it refuses the others', async () => {
    const { root, content } = project();
    const message = async (dir: string): Promise<string> =>
      (await checkOutputDir(dir, { root, inputs: [content] }).catch((e: Error) => e))?.message ?? 'resolved';
    expect(await message(process.cwd())).toBe(
      `The output folder ${process.cwd()} contains ${process.cwd()}, which the build would replace.`,
    );
    expect(await message(dirname(root))).toMatch(/contains \S*site, which the build would replace\.$/);
    mkdirSync(join(root, 'photos'));
    writeFileSync(join(root, 'photos', 'a.jpg'), 'x');
    expect(await message(join(root, 'photos'))).toMatch(/photos is not empty and was not written by ecom-site/);
    writeFileSync(join(root, 'notes.txt'), 'x');
    expect(await message(join(root, 'notes.txt'))).toMatch(/notes\.txt exists and is not a folder\.$/);
  });

  it('hints to remove a file in the way, and to empty a folder', async () => {
    const { root, content } = project();
    const hint = async (dir: string): Promise<string> => {
      const error = (await checkOutputDir(dir, { root, inputs: [content] }).catch((e: unknown) => e)) as SiteError;
      return hintOf(error.problems[0] as Problem);
    };
    writeFileSync(join(root, 'notes.txt'), 'x');
    expect(await hint(join(root, 'notes.txt'))).toMatch(/Remove the file/);
    mkdirSync(join(root, 'photos'));
    writeFileSync(join(root, 'photos', 'a.jpg'), 'x');
    expect(await hint(join(root, 'photos'))).toMatch(/Empty it/);
  });
});

describe('listOutput', () => {
  it('lists every file of an output, dotfiles and nested ones included, and nothing for a missing one', async () => {
    const dir = join(tempDir('ecom-output-'), 'dist');
    previousOutput(dir);
    mkdirSync(join(dir, 'en', 'deep'), { recursive: true });
    writeFileSync(join(dir, 'en', 'deep', 'a.html'), 'a');
    expect((await listOutput(dir)).sort()).toEqual([MARKER, 'en/deep/a.html', 'index.html'].sort());
    expect(await listOutput(join(dir, 'none'))).toEqual([]);
  });
});

describe('the commit', () => {
  it('marks the new output as ecom-site’s, so the next build may replace it', async () => {
    const { root, content } = project();
    const dir = join(root, 'dist');
    const output = await openOutput(dir);
    await output.write('a/b/c.html', 'c');
    await output.write('a/b/d.html', 'd');
    await output.commit();
    expect(readFileSync(join(dir, MARKER), 'utf8')).toMatch(/ecom-site/);
    expect(readdirSync(join(dir, 'a/b')).map((name) => readFileSync(join(dir, 'a/b', name), 'utf8'))).toEqual(['c', 'd']);
    await checkOutputDir(dir, { root, inputs: [content] });
  });

  it('is awaited by swapDone, which also resolves when the swap failed', async () => {
    await swapDone();
    for (const fails of [false, true]) {
      const dir = join(tempDir('ecom-output-'), 'dist');
      previousOutput(dir);
      const events: string[] = [];
      let release = (): void => undefined;
      let entered = false;
      const steps: SwapSteps = {
        writeFile,
        rename: async (from, to) => {
          if (!entered) {
            entered = true;
            await new Promise<void>((go) => (release = go));
          }
          events.push('rename');
          if (fails) throw new Error('disk gone');
          await rename(from, to);
        },
        rm,
      };
      const output = await openOutput(dir, steps);
      const committed = output.commit().catch(() => events.push('commit failed'));
      // The swap is under way, held in its first rename, when swapDone is asked.
      while (!entered) await new Promise((go) => setImmediate(go));
      const done = swapDone().then(() => events.push('swapDone'));
      release();
      await Promise.all([committed, done]);
      expect(events, fails ? 'failing' : 'working').toEqual(
        fails ? ['rename', 'swapDone', 'commit failed'] : ['rename', 'rename', 'swapDone'],
      );
    }
  });
});

describe('a signal during the swap', () => {
  /** Commits a new output over a previous one, `signal` arriving (as Ctrl-C would) during the first rename. */
  async function commitSignalled(signal: NodeJS.Signals, events: string[]): Promise<string> {
    const dir = join(tempDir('ecom-output-'), 'dist');
    previousOutput(dir);
    const steps: SwapSteps = {
      writeFile,
      rename: async (from, to) => {
        events.push(`rename ${basename(from).replace(/-.*/, '')}`);
        if (events.length === 1) process.emit(signal, signal);
        await rename(from, to);
      },
      rm: async (path, options) => {
        events.push('remove old');
        await rm(path, options);
      },
    };
    const output = await openOutput(dir, steps);
    await output.write('index.html', 'new');
    await output.commit();
    return dir;
  }

  /** Runs `body` with no listener of SIGINT and SIGTERM but its own, and `process.kill` recorded into `events`. */
  async function withSignalsWatched(events: string[], body: () => Promise<void>): Promise<void> {
    const saved = (['SIGINT', 'SIGTERM'] as const).map((signal) => [signal, process.listeners(signal)] as const);
    for (const [signal] of saved) process.removeAllListeners(signal);
    const kill = vi.spyOn(process, 'kill').mockImplementation((pid, signal) => {
      events.push(`raised ${String(signal)} in ${pid === process.pid ? 'this process' : pid}`);
      return true;
    });
    try {
      await body();
    } finally {
      kill.mockRestore();
      for (const [signal, listeners] of saved) {
        process.removeAllListeners(signal);
        for (const listener of listeners) process.on(signal, listener);
      }
    }
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`holds ${signal} until both renames are done, then raises it again`, async () => {
      const events: string[] = [];
      await withSignalsWatched(events, async () => {
        const dir = await commitSignalled(signal, events);
        expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('new');
        expect(process.listenerCount(signal)).toBe(0);
      });
      expect(events).toEqual(['rename dist', 'rename .dist.tmp', `raised ${signal} in this process`, 'remove old']);
    });
  }

  it('leaves a signal another listener has seen to that listener', async () => {
    const events: string[] = [];
    await withSignalsWatched(events, async () => {
      const mine = (): void => void events.push('seen by watch');
      process.on('SIGINT', mine);
      await commitSignalled('SIGINT', events);
      expect(process.listeners('SIGINT')).toEqual([mine]);
    });
    expect(events).toEqual(['rename dist', 'seen by watch', 'rename .dist.tmp', 'remove old']);
  });

  it('raises nothing when no signal came', async () => {
    const events: string[] = [];
    await withSignalsWatched(events, async () => {
      const dir = join(tempDir('ecom-output-'), 'dist');
      const output = await openOutput(dir);
      await output.commit();
    });
    expect(events).toEqual([]);
  });
});

describe('abort', () => {
  it('never fails, even when the temporary folder cannot be removed', async () => {
    const dir = join(tempDir('ecom-output-'), 'dist');
    const output = await openOutput(dir, {
      writeFile,
      rename,
      rm: async () => {
        throw Object.assign(new Error('busy'), { code: 'EBUSY' });
      },
    });
    await output.abort();
    expect(existsSync(output.temp)).toBe(true);
  });
});
