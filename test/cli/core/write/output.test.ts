/** Atomic output (cli/core/write/output.ts; docs/hosting.md, "Safety"): refusals, write-then-swap, recovery. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutputDir, MARKER, openOutput, recover } from '../../../../cli/core/write/output.ts';
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
