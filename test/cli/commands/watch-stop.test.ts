/**
 * `watch` stops within a second on Ctrl-C or SIGTERM, even while a huge page is being rendered (issue 11),
 * and in its first build too, which it runs as `build` does (README, "Signals and pipes").
 */
import { spawn } from 'node:child_process';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeContent, ROOT, runCli } from '../../helpers/cli.ts';
import { treeDigest } from '../../helpers/site.ts';

/** A page that takes seconds to parse: many short paragraphs, each followed by a two-item list. */
function hugePage(bytes: number): string {
  const unit = 'A short paragraph of text.\n\n- first item\n- second item\n\n';
  return `---\ntitle: Huge\ndescription: A very long page\n---\n\n${unit.repeat(Math.ceil(bytes / unit.length))}`;
}

async function until(probe: () => boolean, what: () => string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > end) throw new Error(`timed out waiting; output:\n${what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** `ecom-site watch` of `content` into `out` on a free port: the process, all it printed so far, and its end. */
function startWatch(content: string, out: string) {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'ecom-site.js'), 'watch', '--content', content, '--out', out, '--port', '0'], {
    cwd: ROOT,
  });
  const watch = {
    child,
    text: '',
    exited: new Promise<[number | null, NodeJS.Signals | null]>((r) => child.once('exit', (code, signal) => r([code, signal]))),
  };
  child.stdout.on('data', (d: Buffer) => (watch.text += d.toString()));
  child.stderr.on('data', (d: Buffer) => (watch.text += d.toString()));
  return watch;
}

describe('ecom-site watch stops at once', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`on ${signal} while a huge page renders, leaving the served pages whole`, async () => {
      const content = makeContent();
      const out = join(dirname(content), 'dist');
      const watch = startWatch(content, out);
      await until(
        () => watch.text.includes('Serving http'),
        () => watch.text,
      );
      const before = treeDigest(out);

      writeFileSync(join(content, 'en', 'huge.md'), hugePage(3_000_000));
      await until(
        () => watch.text.includes('Change detected'),
        () => watch.text,
      );
      const sent = Date.now();
      watch.child.kill(signal);
      const [code] = await watch.exited;
      expect(Date.now() - sent).toBeLessThan(1000);
      expect(code).toBe(0);
      expect(watch.text).toContain('Stopped.');
      // The rebuild never wrote: the output is the first build's, and no temporary file is left in it.
      expect(treeDigest(out)).toEqual(before);
      expect(readdirSync(dirname(out)).filter((n) => n.includes('.tmp'))).toEqual([]);
    }, 120_000);
  }

  it('on SIGINT during its first build, leaving the previous output as it was, and the next build sweeps the temp folder', async () => {
    const content = makeContent();
    const out = join(dirname(content), 'dist');
    expect((await runCli(['build', '--content', content, '--out', out, '--quiet'])).code).toBe(0);
    const before = treeDigest(out);
    writeFileSync(join(content, 'en', 'huge.md'), hugePage(3_000_000));
    const watch = startWatch(content, out);
    // The first build has begun writing once its temp folder is there beside the output.
    const temps = (): string[] => readdirSync(dirname(out)).filter((n) => n.includes('.tmp'));
    await until(
      () => temps().length > 0,
      () => watch.text,
    );
    const sent = Date.now();
    watch.child.kill('SIGINT');
    const ended = await watch.exited;
    expect(Date.now() - sent).toBeLessThan(1000);
    // Ended by the signal itself, as `build` is (a shell shows exit 130): no handler runs mid-build.
    expect(ended).toEqual([null, 'SIGINT']);
    expect(watch.text).not.toContain('Serving');
    expect(treeDigest(out)).toEqual(before);
    rmSync(join(content, 'en', 'huge.md'));
    expect((await runCli(['build', '--content', content, '--out', out, '--quiet'])).code).toBe(0);
    expect(temps()).toEqual([]);
  }, 120_000);
});
