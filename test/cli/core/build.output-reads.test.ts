/**
 * A build records the MD5 of every file it writes (cli/core/write/cache.ts) as the bytes pass through its
 * sink (cli/core/write/sinks.ts), so it never opens a file of its output to read it back: counted, for a
 * cold build and a rebuild after an edit, by wrapping every fs call that opens or reads a file by its path.
 * The record's sizes, mtimes and MD5s are then checked against the files themselves, and by deploy.
 */
import { describe, expect, it, vi } from 'vitest';

/** The paths opened or read while `on`, each with the call that did it; `wrap` makes a call note its path. */
const spy = vi.hoisted(() => {
  const state = { on: false, reads: [] as Array<{ call: string; path: string }> };
  /** Whether an open's flags allow reading: anything but write-only. */
  const reading = (flags: unknown): boolean =>
    flags === undefined || (typeof flags === 'string' ? /r|\+/.test(flags) : ((flags as number) & 3) !== 1);
  /** `fn`, noting its path when it reads one (`opens`: its second argument is an open's flags). */
  const wrap = <F extends (...args: never[]) => unknown>(call: string, fn: F, opens = false): F =>
    ((...args: Parameters<F>) => {
      const [path, flags] = args as unknown[];
      if (state.on && typeof path === 'string' && (!opens || reading(flags))) state.reads.push({ call, path });
      return fn(...args);
    }) as F;
  return { state, wrap };
});

vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>();
  return {
    ...fs,
    openSync: spy.wrap('openSync', fs.openSync, true),
    readFileSync: spy.wrap('readFileSync', fs.readFileSync),
    readFile: spy.wrap('readFile', fs.readFile),
    createReadStream: spy.wrap('createReadStream', fs.createReadStream),
  };
});

vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  return { ...fs, open: spy.wrap('open', fs.open, true), readFile: spy.wrap('readFile', fs.readFile) };
});

const { appendFileSync, readFileSync, statSync } = await import('node:fs');
const { createHash } = await import('node:crypto');
const { dirname, join, relative } = await import('node:path');
const { build } = await import('../../../cli/core/build.ts');
const { cacheDirOf } = await import('../../../cli/core/common/paths.ts');
const { recordedFiles } = await import('../../../cli/core/write/cache.ts');
const { builtFiles } = await import('../../../cli/core/deploy/built.ts');
const { makeContent, ROOT } = await import('../../helpers/cli.ts');

/** Builds `content` into `out` in this process (pages render here); returns the paths it read, by call. */
async function readsOfBuild(content: string, out: string): Promise<Array<{ call: string; path: string }>> {
  spy.state.reads = [];
  spy.state.on = true;
  try {
    await build({ root: ROOT, contentDir: content, outDir: out, drafts: false, strict: false, threads: 0 });
  } finally {
    spy.state.on = false;
  }
  return spy.state.reads;
}

/** The reads of the output folder or of the temporary folder a build fills beside it. */
function ofOutput(reads: ReadonlyArray<{ call: string; path: string }>, out: string): string[] {
  const name = relative(dirname(out), out);
  return reads
    .map(({ call, path }) => `${call} ${relative(dirname(out), path)}`)
    .filter((read) => read.split(' ')[1]?.startsWith(name) || read.split(' ')[1]?.startsWith(`.${name}.tmp-`));
}

/** Each recorded file whose size, mtime or MD5 is not the file's: none, for a true record. */
async function untrue(out: string): Promise<string[]> {
  const record = (await recordedFiles(cacheDirOf(ROOT), out)) ?? {};
  return Object.entries(record).flatMap(([file, known]) => {
    const bytes = readFileSync(join(out, file));
    const md5 = createHash('md5').update(bytes).digest('hex');
    const { mtimeMs } = statSync(join(out, file));
    return bytes.length === known.size && mtimeMs === known.mtimeMs && md5 === known.md5 ? [] : [file];
  });
}

describe('a build records what it wrote without reading its output back', () => {
  it('opens no file of its output for reading, cold or after an edit, and records every file truly', async () => {
    // Without search: the index is made from the written pages, which it reads (cli/core/write/search-index.ts).
    const content = makeContent({
      'site.yaml': `${readFileSync(join(makeContent(), 'site.yaml'), 'utf8')}search: false\n`,
      'en/alpha.md': '---\ntitle: Alpha\ndescription: Alpha page\nkeywords: alpha\n---\n\nThe alpha console.\n',
      'zh/alpha.md': '---\ntitle: 阿尔法\ndescription: 阿尔法页\nkeywords: 阿尔法\n---\n\n阿尔法控制台。\n',
    });
    const out = join(dirname(content), 'dist');

    const cold = await readsOfBuild(content, out);
    // The wrappers do see reads: the build read its content.
    expect(cold.filter(({ path }) => path.startsWith(content)).length).toBeGreaterThan(3);
    expect(ofOutput(cold, out)).toEqual([]);
    const record = (await recordedFiles(cacheDirOf(ROOT), out)) ?? {};
    // Pages written, and files copied (public/ and the social cards), all recorded.
    expect(Object.keys(record).filter((file) => file.endsWith('.html')).length).toBeGreaterThan(4);
    expect(Object.keys(record).filter((file) => file.endsWith('.png')).length).toBeGreaterThan(2);
    expect(await untrue(out)).toEqual([]);
    // And deploy, which hashes the folder and compares it with the record, takes it as a build's output.
    expect((await builtFiles(out, cacheDirOf(ROOT))).length).toBe(Object.keys(record).length);

    appendFileSync(join(content, 'en', 'alpha.md'), '\nAn edited sentence.\n');
    const edit = await readsOfBuild(content, out);
    expect(readFileSync(join(out, 'en', 'alpha.html'), 'utf8')).toContain('An edited sentence.');
    expect(ofOutput(edit, out)).toEqual([]);
    expect(await untrue(out)).toEqual([]);
  });
});
