/** Test helpers: run the real CLI, make content fixtures in temp folders, parse built HTML. */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { tempDir } from './temp.ts';

/** The repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The real content folder. */
export const CONTENT = join(ROOT, 'content');
const BIN = join(ROOT, 'bin', 'ecom-site.js');

/** The outcome of one CLI run. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `ecom-site <args>` as a user would (a real process), in `cwd`. */
export function runCli(args: string[], cwd = ROOT, env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runBin(BIN, args, cwd, env);
}

/** Runs the `ecom-site` of the project copy at `root` (test/helpers/project.ts), in that copy. */
export function runProjectCli(root: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runBin(join(root, 'bin', 'ecom-site.js'), args, root, env);
}

function runBin(bin: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { cwd, env: { ...process.env, ...env, FORCE_COLOR: '0' }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

/**
 * Polls `probe` every 20 ms until it returns a value (anything but undefined), for at most `ms`; the error
 * says what `explain` tells of the state reached.
 */
export async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, explain: () => string, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out; ${explain()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A running `ecom-site watch`: the process, what it printed so far (each stream, and both in order), its end. */
export interface WatchProcess {
  child: ChildProcess;
  output: { stdout: string; stderr: string; all: string };
  /** The exit code and the signal that ended it. */
  exited: Promise<[number | null, NodeJS.Signals | null]>;
}

/**
 * Starts `ecom-site watch` of `content` into `out`: the command of the project at `root`, on any free port
 * unless `port` is given, with `args` added.
 */
export function spawnWatch(
  content: string,
  out: string,
  { root = ROOT, port = 0, args = [] }: { root?: string; port?: number; args?: readonly string[] } = {},
): WatchProcess {
  const child = spawn(
    process.execPath,
    [join(root, 'bin', 'ecom-site.js'), 'watch', '--content', content, '--out', out, '--port', String(port), ...args],
    {
      cwd: root,
    },
  );
  const output = { stdout: '', stderr: '', all: '' };
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((r) => child.once('exit', (code, signal) => r([code, signal])));
  child.stdout.on('data', (d: Buffer) => {
    output.stdout += d.toString();
    output.all += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output.stderr += d.toString();
    output.all += d.toString();
  });
  return { child, output, exited };
}

export { tempDir } from './temp.ts';

/** Copies the real content into a temp folder, so a test may break it. */
export function copyContent(): string {
  const dir = join(tempDir(), 'content');
  cpSync(CONTENT, dir, { recursive: true });
  return dir;
}

/**
 * The smallest valid content folder, plus `files` (paths relative to the content folder): it builds
 * without a warning. Its _strings.yaml hold only the menu's labels; the templates' text is built in
 * (templates/strings.ts).
 */
export function makeContent(files: Record<string, string> = {}): string {
  const dir = join(tempDir(), 'content');
  const base: Record<string, string> = {
    'site.yaml': 'baseUrl: https://example.test\ncompany:\n  zh: 测试公司\n  en: Test Co\nphone: "+86 000"\nemail: test@example.test\n',
    'menu.yaml': 'groups:\n  - label: menu.main\n    items:\n      - { route: /, label: nav.home }\nlinks: []\n',
    'zh/_strings.yaml': 'menu.main: 主菜单\nnav.home: 首页\n',
    'en/_strings.yaml': 'menu.main: Main\nnav.home: Home\n',
    'zh/index.md': '---\ntitle: 首页\ndescription: 测试首页\nkeywords: 测试\n---\n\n你好。\n',
    'en/index.md': '---\ntitle: Home\ndescription: Test home\nkeywords: test\n---\n\nHello.\n',
  };
  for (const [path, text] of Object.entries({ ...base, ...files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** A small site: two pages in both locales and one page in Chinese only (shown in English as a fallback). */
export function smallSite(): string {
  return makeContent({
    'zh/a.md': '---\ntitle: 甲\ndescription: 甲页\n---\n\n甲的文字。\n',
    'en/a.md': '---\ntitle: A\ndescription: Page A\n---\n\nText of A.\n',
    'zh/b.md': '---\ntitle: 乙\ndescription: 乙页\n---\n\n乙的文字。\n',
    'en/b.md': '---\ntitle: B\ndescription: Page B\n---\n\nText of B.\n',
    'zh/only-zh.md': '---\ntitle: 仅中文\ndescription: 只有中文\n---\n\n中文。\n',
  });
}

/** Parses a built HTML file. */
export function readHtml(file: string): Root {
  return fromHtml(readFileSync(file, 'utf8'));
}
