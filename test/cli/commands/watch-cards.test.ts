/** `watch` and social cards (docs/hosting.md, "Search engines and feeds"): an edited title remakes that page's card only. */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { makeContent, spawnWatch, waitFor } from '../../helpers/cli.ts';

it('remakes only the card of a page whose title was edited, and removes its old one', async () => {
  const content = makeContent({
    'zh/a.md': '---\ntitle: 甲页面\ndescription: 甲\nkeywords: 甲\n---\n\n甲。\n',
    'en/a.md': '---\ntitle: Page A\ndescription: A\nkeywords: a\n---\n\nA.\n',
  });
  const out = join(dirname(content), 'dist');
  const cardsDir = join(out, 'assets', 'cards');
  const watch = spawnWatch(content, out);
  try {
    await waitFor(
      () => (/Serving http/.test(watch.output.all) ? true : undefined),
      () => watch.output.all,
    );
    const inodes = (): Map<string, number> => new Map(readdirSync(cardsDir).map((name) => [name, statSync(join(cardsDir, name)).ino]));
    const before = inodes();
    const old = [...before.keys()].find((name) => name.startsWith('a___en.'));
    expect(before.size).toBe(8); // index, a, 404 and search, in both locales
    expect(old).toBeDefined();

    writeFileSync(join(content, 'en', 'a.md'), '---\ntitle: Page A, renamed\ndescription: A\nkeywords: a\n---\n\nA.\n');
    const after = await waitFor(
      () => {
        const now = inodes();
        return !now.has(old as string) && [...now.keys()].some((name) => name.startsWith('a___en.')) ? now : undefined;
      },
      () => watch.output.all,
    );
    expect(after.size).toBe(8);
    for (const [name, ino] of after) {
      if (name.startsWith('a___en.')) continue;
      expect(ino, name).toBe(before.get(name));
    }
  } finally {
    watch.child.kill('SIGINT');
    await watch.exited;
  }
});
