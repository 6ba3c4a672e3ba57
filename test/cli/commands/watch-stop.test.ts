/** `watch` stops within a second on Ctrl-C or SIGTERM, even while a huge page is being rendered (issue 11). */
import { spawn } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeContent, ROOT } from '../../helpers/cli.ts';
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

describe('ecom-site watch stops at once', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`on ${signal} while a huge page renders, leaving the served pages whole`, async () => {
      const content = makeContent();
      const out = join(dirname(content), 'dist');
      const child = spawn(
        process.execPath,
        [join(ROOT, 'bin', 'ecom-site.js'), 'watch', '--content', content, '--out', out, '--port', '0'],
        { cwd: ROOT },
      );
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.stderr.on('data', (d: Buffer) => (text += d.toString()));
      await until(
        () => text.includes('Serving http'),
        () => text,
      );
      const before = treeDigest(out);

      writeFileSync(join(content, 'en', 'huge.md'), hugePage(3_000_000));
      await until(
        () => text.includes('Change detected'),
        () => text,
      );
      const sent = Date.now();
      child.kill(signal);
      const code = await new Promise<number | null>((r) => child.once('exit', r));
      expect(Date.now() - sent).toBeLessThan(1000);
      expect(code).toBe(0);
      expect(text).toContain('Stopped.');
      // The rebuild never wrote: the output is the first build's, and no temporary file is left in it.
      expect(treeDigest(out)).toEqual(before);
      expect(readdirSync(dirname(out)).filter((n) => n.includes('.tmp'))).toEqual([]);
    }, 120_000);
  }
});
