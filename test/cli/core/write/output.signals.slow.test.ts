/**
 * SIGINT and SIGTERM stop a build at once even while the main thread is busy with a huge page, and leave
 * the previous output exactly as it was; the next build removes the leftovers (docs/hosting.md, "Signals and
 * pipes"). "At once" is shown without a clock: the process ends by the signal itself (no JavaScript handler,
 * which could not run while the thread is busy, delays it) and its temporary folder is left half-filled.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeContent, ROOT, runCli, tempDir, waitFor } from '../../../helpers/cli.ts';
import { treeDigest } from '../../../helpers/site.ts';

let out: string;
let before: Record<string, string>;
let slow: string;

beforeAll(async () => {
  out = join(tempDir(), 'dist');
  const good = await runCli(['build', '--content', makeContent(), '--out', out, '--quiet']);
  expect(good.code).toBe(0);
  before = treeDigest(out);
  // About 1 MB of short paragraphs: tens of seconds of Markdown work on the main thread (a one-page site
  // renders there), during which no JavaScript signal handler could run.
  const paragraphs = Array.from({ length: 30_000 }, (_, i) => `Paragraph ${i} with *some* text.`).join('\n\n');
  slow = makeContent({
    'en/huge.md': `---\ntitle: Huge\ndescription: A huge page\n---\n\n${paragraphs}\n`,
    'zh/huge.md': `---\ntitle: 大\ndescription: 大页\n---\n\n${paragraphs}\n`,
  });
}, 60_000);

describe('a signal during a build', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s ends it mid-way by the signal itself, the previous output untouched',
    async (signal) => {
      const parent = dirname(out);
      const child = spawn(process.execPath, [join(ROOT, 'bin', 'ecom-site.js'), 'build', '--content', slow, '--out', out, '--quiet'], {
        stdio: 'ignore',
      });
      const exited = new Promise<NodeJS.Signals | null>((done) => child.once('exit', (_code, sig) => done(sig)));
      // The temp folder appears once pages are parsed and rendering starts: from then on the main thread
      // is busy with the huge page for seconds, which is when the signal must still be heard.
      // This build's own temp folder, named by its process id (a killed build's leftover is another's).
      const mine = (): string[] => readdirSync(parent).filter((name) => name.includes(`.tmp-${child.pid}-`));
      await waitFor(
        () => (mine().length > 0 ? true : undefined),
        () => `no temp folder beside ${out}: ${readdirSync(parent).join(', ')}`,
        60_000,
      );
      child.kill(signal);
      expect(await exited).toBe(signal);
      expect(mine()).toHaveLength(1);
      expect(treeDigest(out)).toEqual(before);
    },
    90_000,
  );

  it('is followed by a build that succeeds and leaves no leftovers', async () => {
    const next = await runCli(['build', '--content', makeContent(), '--out', out, '--quiet']);
    expect(next.code).toBe(0);
    expect(readdirSync(dirname(out))).toEqual(['dist']);
    expect(treeDigest(out)).toEqual(before);
  }, 60_000);
});
