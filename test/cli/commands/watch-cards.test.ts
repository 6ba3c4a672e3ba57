/** `watch` and social cards (README, "Search engines and feeds"): an edited title remakes that page's card only. */
import { spawn } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { makeContent, ROOT } from '../../helpers/cli.ts';

/** Polls `probe` every 20 ms until it returns a value, for at most `ms`. */
async function waitFor<T>(probe: () => T | undefined, what: () => string, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out; ${what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

it('remakes only the card of a page whose title was edited, and removes its old one', async () => {
  const content = makeContent({
    'zh/a.md': '---\ntitle: 甲页面\ndescription: 甲\nkeywords: 甲\n---\n\n甲。\n',
    'en/a.md': '---\ntitle: Page A\ndescription: A\nkeywords: a\n---\n\nA.\n',
  });
  const out = join(dirname(content), 'dist');
  const cardsDir = join(out, 'assets', 'cards');
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'ecom-site.js'), 'watch', '--content', content, '--out', out, '--port', '0'], {
    cwd: ROOT,
  });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stdout += d.toString()));
  try {
    await waitFor(
      () => (/Serving http/.test(stdout) ? true : undefined),
      () => stdout,
    );
    const inodes = (): Map<string, number> => new Map(readdirSync(cardsDir).map((name) => [name, statSync(join(cardsDir, name)).ino]));
    const before = inodes();
    const old = [...before.keys()].find((name) => name.startsWith('a___en.'));
    expect(before.size).toBe(6); // index, a and 404, in both locales
    expect(old).toBeDefined();

    writeFileSync(join(content, 'en', 'a.md'), '---\ntitle: Page A, renamed\ndescription: A\nkeywords: a\n---\n\nA.\n');
    const after = await waitFor(
      () => {
        const now = inodes();
        return !now.has(old as string) && [...now.keys()].some((name) => name.startsWith('a___en.')) ? now : undefined;
      },
      () => stdout,
    );
    expect(after.size).toBe(6);
    for (const [name, ino] of after) {
      if (name.startsWith('a___en.')) continue;
      expect(ino, name).toBe(before.get(name));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    await exited;
  }
});
