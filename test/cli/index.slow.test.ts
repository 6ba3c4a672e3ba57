/**
 * The one error boundary (docs/errors.md; docs/hosting.md, "Signals and pipes"): usage errors are USAGE
 * problems with exit 2, system errors one line with exit 1, a stack trace only with --debug, a closed
 * pipe ends a command quietly with exit 0.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeContent, ROOT, runCli, runProjectCli, tempDir } from '../helpers/cli.ts';
import { copyProject } from '../helpers/project.ts';

const STACK = /^\s+at .+/m;

describe('usage errors', () => {
  it.each([
    [['build', '--nope'], /USAGE {2}Unknown option '--nope'/],
    [['--bogus'], /USAGE {2}Unknown option '--bogus'/],
    [['frob'], /USAGE {2}Unknown command 'frob'/],
    [['build', '--content'], /USAGE {2}Option '--content <dir>' argument missing/],
    [['watch', '--port', 'x'], /USAGE {2}--port must be a number/],
  ])('ecom-site %j is a USAGE problem with its hint, exit 2', async (args, pattern) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(pattern);
    expect(result.stderr).toContain('hint: Run `ecom-site <command> --help`');
    expect(result.stderr).not.toMatch(/^error:/m);
  });
});

describe('system errors', () => {
  it("an address that is not this machine's is one line, exit 1, no stack", async () => {
    const result = await runCli([
      'watch',
      '--host',
      '203.0.113.7',
      '--port',
      '0',
      '--content',
      makeContent(),
      '--out',
      join(tempDir(), 'dist'),
      '--quiet',
    ]);
    expect(result.code).toBe(1);
    // The warnings of the first build come first; the failure is the last line, and the only one after them.
    expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(
      /^ADDRESS_UNAVAILABLE {2}Cannot listen on 203\.0\.113\.7(:0)?: .+ Use an address of this machine with --host/,
    );
    expect(result.stderr).not.toMatch(STACK);
  }, 60_000);

  it('an output folder below a file is one line naming it, exit 1; --debug adds the stack', async () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'x');
    const args = ['build', '--content', makeContent(), '--out', join(file, 'dist'), '--quiet'];
    const result = await runCli(args);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^[A-Z_]+ {2}Cannot create the folder .*a-file.*: .+\. .+/)]);
    const debug = await runCli(['--debug', ...args]);
    expect(debug.code).toBe(1);
    expect(debug.stderr).toMatch(STACK);
    // The stack names the TypeScript sources, through the bundle's source map.
    expect(debug.stderr).toMatch(/^\s+at .+cli\/core\/write\/output\.ts:\d+/m);
  }, 60_000);

  it('check of a folder that was never built is NOT_BUILT', async () => {
    const result = await runCli(['check', '--out', join(tempDir(), 'nothing')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/NOT_BUILT {2}.*nothing\/index\.html not found/);
    expect(result.stderr).not.toMatch(STACK);
  });
});

describe('start-up', () => {
  it('compiles the CLI from a V8 code cache per command, made when it first finishes and again when V8 rejects it', async () => {
    // A project of its own: its own bundle and code caches.
    const root = copyProject();
    const content = makeContent();
    const run = async (args: string[]): Promise<void> => {
      const result = await runProjectCli(root, args);
      expect(result.code, result.stderr).toBe(0);
    };
    const build = (out: string): Promise<void> => run(['build', '--content', content, '--out', join(root, out), '--quiet']);
    const cacheDir = join(root, 'node_modules', '.cache', 'ecom-site');
    await run(['--version']);
    const bundles = readdirSync(cacheDir).filter((name) => /^cli-[0-9a-f]+$/.test(name));
    expect(bundles).toHaveLength(1);
    const bundle = join(cacheDir, bundles[0] ?? '');
    // The sources are ES modules: the bundle runs in strict mode, as they did.
    expect(readFileSync(join(bundle, 'index.cjs'), 'utf8')).toMatch(/^'use strict';\n/);
    expect(readdirSync(bundle).filter((name) => name.endsWith('.code-cache'))).toEqual(['index.cjs.other.code-cache']);
    // The first build makes the build's own cache: --version's would lack the build's functions.
    await build('first');
    const cacheFile = join(bundle, 'index.cjs.build.code-cache');
    const made = readFileSync(cacheFile);
    expect(made.length).toBeGreaterThan(readFileSync(join(bundle, 'index.cjs.other.code-cache')).length);
    // Accepted: the next build starts from it and leaves it as it is.
    const stamp = statSync(cacheFile).mtimeMs;
    await build('second');
    expect(statSync(cacheFile).mtimeMs).toBe(stamp);
    expect(readFileSync(join(root, 'second', 'index.html'))).toEqual(readFileSync(join(root, 'first', 'index.html')));
    // A damaged cache is rejected by V8: the command still works, and the cache is made again.
    writeFileSync(cacheFile, Buffer.alloc(made.length, 7));
    await build('third');
    expect(readFileSync(join(root, 'third', 'index.html'))).toEqual(readFileSync(join(root, 'first', 'index.html')));
    expect(readFileSync(cacheFile).equals(Buffer.alloc(made.length, 7))).toBe(false);
    expect(readdirSync(bundle).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  }, 120_000);

  it('names top-level await in the templates, which the CommonJS CLI cannot load, as TEMPLATE_BUILD', async () => {
    const root = copyProject();
    appendFileSync(join(root, 'templates', 'index.ts'), '\nexport const ready = await Promise.resolve(true);\n');
    const result = await runProjectCli(root, ['build', '--content', makeContent(), '--out', join(root, 'dist')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/templates\/index\.ts {2}TEMPLATE_BUILD {2}The templates use top-level `await`/);
    expect(result.stderr).not.toMatch(STACK);
  }, 120_000);
});

describe('unknown locale folders', () => {
  const content = (): string => {
    const dir = makeContent({ 'fr/index.md': '---\ntitle: Accueil\n---\n', '_drafts/x.md': '---\ntitle: x\n---\n' });
    mkdirSync(join(dir, '.git'));
    return dir;
  };

  it('are a LOCALE_UNKNOWN warning naming the folder and the locales', async () => {
    const result = await runCli(['build', '--content', content(), '--out', join(tempDir(), 'dist')]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/content\/fr {2}LOCALE_UNKNOWN {2}The folder .*content\/fr\/ is not a configured locale \(zh, en\)/);
    expect(result.stderr.match(/LOCALE_UNKNOWN/g)).toHaveLength(1);
  }, 60_000);

  it('are fatal with --strict', async () => {
    const result = await runCli(['build', '--strict', '--content', content(), '--out', join(tempDir(), 'dist')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('LOCALE_UNKNOWN');
    expect(result.stderr).toContain('STRICT');
  }, 60_000);
});

/** Runs the CLI with its stdout or stderr going into a pipe whose reader is gone before anything is written. */
function runIntoClosedPipe(args: string[], stream: 'stdout' | 'stderr'): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'ecom-site.js'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    if (stream === 'stdout') {
      child.stdout.destroy();
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    } else {
      child.stderr.destroy();
      child.stdout.resume();
    }
    child.once('close', (code) => done({ code, stderr }));
  });
}

describe('a closed pipe', () => {
  it('on stdout (`build --report | head -1`) ends the command quietly with exit 0', async () => {
    const result = await runIntoClosedPipe(['build', '--report', '--content', makeContent(), '--out', join(tempDir(), 'dist')], 'stdout');
    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(/EPIPE|Error|hint: This is a bug/);
    expect(result.stderr).not.toMatch(STACK);
  }, 60_000);

  it('on stderr ends the command quietly with exit 0', async () => {
    const result = await runIntoClosedPipe(
      ['build', '--content', makeContent({ 'zh/x.md': '---\ntitle: x\n---\n' }), '--out', join(tempDir(), 'dist')],
      'stderr',
    );
    expect(result.code).toBe(0);
  }, 60_000);

  it('through a real shell pipe into head', async () => {
    const out = join(tempDir(), 'dist');
    // With pipefail, the pipe's status is the command's: it must end with 0 when `head` closes the pipe.
    const script = `set -o pipefail; "${process.execPath}" "${join(ROOT, 'bin', 'ecom-site.js')}" build --report --content "${makeContent()}" --out "${out}" | head -1; s=$?; echo "status $s"`;
    const result = await new Promise<{ stdout: string; stderr: string }>((done) => {
      const child = spawn('bash', ['-c', script]);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.once('close', () => done({ stdout, stderr }));
    });
    expect(result.stdout).toBe('Translation report\nstatus 0\n');
    expect(result.stderr).not.toMatch(/EPIPE|Error/);
    expect(result.stderr).not.toMatch(STACK);
  }, 60_000);
});
