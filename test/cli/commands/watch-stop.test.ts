/**
 * `watch` stops at once on Ctrl-C or SIGTERM, even while a huge page is being rendered, and in its first
 * build too, which it runs as `build` does (docs/hosting.md, "Signals and pipes"). "At once" is shown by what
 * never happened, not by a clock: the rebuild under way never finished nor wrote, or the first build was
 * ended by the signal itself with its temporary folder still beside the output.
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeContent, runCli, spawnWatch, waitFor } from '../../helpers/cli.ts';
import { treeDigest } from '../../helpers/site.ts';

/** A page that takes seconds to parse: many short paragraphs, each followed by a two-item list. */
function hugePage(bytes: number): string {
  const unit = 'A short paragraph of text.\n\n- first item\n- second item\n\n';
  return `---\ntitle: Huge\ndescription: A very long page\n---\n\n${unit.repeat(Math.ceil(bytes / unit.length))}`;
}

describe('ecom-site watch stops at once', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`on ${signal} while a huge page renders, leaving the served pages whole`, async () => {
      const content = makeContent();
      const out = join(dirname(content), 'dist');
      const watch = spawnWatch(content, out);
      await waitFor(
        () => watch.output.all.includes('Serving http') || undefined,
        () => watch.output.all,
      );
      const before = treeDigest(out);

      writeFileSync(join(content, 'en', 'huge.md'), hugePage(3_000_000));
      await waitFor(
        () => watch.output.all.includes('Change detected') || undefined,
        () => watch.output.all,
      );
      watch.child.kill(signal);
      const [code] = await watch.exited;
      expect(code).toBe(0);
      expect(watch.output.all).toContain('Stopped.');
      // Stopped mid-way: the rebuild it had announced never ended.
      expect(watch.output.stdout).not.toMatch(/^Rebuilt /m);
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
    const watch = spawnWatch(content, out);
    // The first build has begun writing once its temp folder is there beside the output.
    const temps = (): string[] => readdirSync(dirname(out)).filter((n) => n.includes('.tmp'));
    await waitFor(
      () => temps().length > 0 || undefined,
      () => watch.output.all,
    );
    watch.child.kill('SIGINT');
    const ended = await watch.exited;
    // Ended by the signal itself, as `build` is (a shell shows exit 130): no handler runs mid-build, so
    // nothing waits for the huge page; the temp folder it was filling is still there.
    expect(ended).toEqual([null, 'SIGINT']);
    expect(temps()).toHaveLength(1);
    expect(watch.output.all).not.toContain('Serving');
    expect(treeDigest(out)).toEqual(before);
    rmSync(join(content, 'en', 'huge.md'));
    expect((await runCli(['build', '--content', content, '--out', out, '--quiet'])).code).toBe(0);
    expect(temps()).toEqual([]);
  }, 120_000);
});
