/**
 * `watch` keeps translation tracking live (docs/l10n.md, "While writing"): an edit of a Chinese source
 * turns its English translation outdated (terminal, warnings list, the page's notice), and undoing it or
 * stamping the translation turns it current again; the output stays what a fresh build makes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyContent, runCli, spawnWatch, tempDir, waitFor, type WatchProcess } from '../../helpers/cli.ts';

let watch: WatchProcess;
let url: string;
let content: string;
let out: string;

function until<T>(probe: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> {
  return waitFor(probe, () => `stdout:\n${watch.output.stdout}\nstderr:\n${watch.output.stderr}`, ms);
}

const warningsList = async (): Promise<string> => (await fetch(`${url}/__ecom/warnings`)).text();
const hasNotice = (): boolean => readFileSync(join(out, 'en', 'DROC.html'), 'utf8').includes('role="note"');

beforeAll(async () => {
  content = copyContent();
  out = join(dirname(content), 'dist');
  watch = spawnWatch(content, out);
  url = await until(() => /Serving (http:\/\/[\d.]+:\d+)/.exec(watch.output.stdout)?.[1], 90_000);
}, 120_000);

afterAll(() => {
  if (watch?.child.exitCode === null) watch.child.kill('SIGKILL');
});

describe('watch tracks translations', () => {
  it('reports a translation turning outdated and current again, with its notice, as a fresh build would', async () => {
    const source = join(content, 'zh', 'DROC.md');
    const original = readFileSync(source, 'utf8');
    expect(hasNotice()).toBe(false);

    writeFileSync(source, original.replace('处理和发送', '处理、打印和发送'));
    await until(() => (/Translation outdated: \S*en\/DROC\.md/.test(watch.output.stdout) ? true : undefined));
    await until(() => (hasNotice() ? true : undefined));
    // The warning goes to stderr after the turn is printed to stdout: two pipes, so it may arrive later.
    await until(() => (/new warning\(s\):[\s\S]*en\/DROC\.md:\d+ {2}TRANSLATION_OUTDATED/.test(watch.output.stderr) ? true : undefined));
    expect(await warningsList()).toContain('TRANSLATION_OUTDATED');

    // Idle now: the page equals a fresh build's.
    await until(() => (/Rebuilt/.test(watch.output.stdout.split('Translation outdated')[1] ?? '') ? true : undefined));
    const fresh = join(tempDir(), 'dist');
    expect((await runCli(['build', '--content', content, '--out', fresh, '--quiet'])).code).toBe(0);
    expect(readFileSync(join(out, 'en', 'DROC.html'), 'utf8')).toBe(readFileSync(join(fresh, 'en', 'DROC.html'), 'utf8'));

    writeFileSync(source, original);
    await until(() => (/Translation current again: \S*en\/DROC\.md/.test(watch.output.stdout) ? true : undefined));
    await until(() => (hasNotice() ? undefined : true));
    await until(async () => ((await warningsList()) === 'No warnings.\n' ? true : undefined));
  }, 120_000);

  it('turns current again when the translation is stamped', async () => {
    const source = join(content, 'zh', 'DROC.md');
    writeFileSync(source, readFileSync(source, 'utf8').replace('处理和发送', '处理与发送'));
    const printed = watch.output.stdout.length;
    await until(() => (/Translation outdated: \S*en\/DROC\.md/.test(watch.output.stdout.slice(printed)) ? true : undefined));
    expect((await runCli(['l10n', 'stamp', '--content', content, join(content, 'en', 'DROC.md')])).code).toBe(0);
    await until(() => (/Translation current again: \S*en\/DROC\.md/.test(watch.output.stdout.slice(printed)) ? true : undefined));
    await until(() => (hasNotice() ? undefined : true));
  }, 120_000);
});
