/**
 * A site that shrank has a build cache that shrinks after the next builds (cli/core/write/cache-gc.ts;
 * docs/performance.md, "Caches"): real builds in this process, with cards drawn by sharp.
 */
import { readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../../../cli/core/build.ts';
import type { CacheUse } from '../../../../cli/core/write/cache-gc.ts';
import { makeContent } from '../../../helpers/cli.ts';
import { copyProject } from '../../../helpers/project.ts';

describe('a site that shrank', () => {
  it('has a cache that shrinks after the next builds', { timeout: 400_000 }, async () => {
    const root = copyProject({ sharedCaches: false, copiedPhotos: true });
    const page = (i: number): string => `---\ntitle: Page ${i}\ndescription: d\nkeywords: k\n---\n\nText ${i}.\n`;
    const pages = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`zh/p${i}.md`, page(i)]));
    const content = makeContent(pages);
    const out = join(root, 'out');
    const cards = join(root, 'node_modules', '.cache', 'ecom-site', 'cards');
    const options = { root, contentDir: content, outDir: out, drafts: false, strict: false, threads: 0 };
    /** Every cached file an hour and more older, as if the builds below ran later. */
    const age = (): void => {
      const then = new Date(Date.now() - 2 * 3600 * 1000);
      for (const name of readdirSync(cards)) utimesSync(join(cards, name), then, then);
    };
    await build(options);
    const before = readdirSync(cards).length;
    // Five of the six pages go (each had a card in both locales: its own, and the stand-in's).
    for (let i = 1; i < 6; i++) rmSync(join(content, 'zh', `p${i}.md`));
    for (let round = 0; round < 3; round++) {
      age();
      // An edit, so that each build writes (a build that changes nothing writes nothing and keeps the cache as it is).
      writeFileSync(join(content, 'zh', 'p0.md'), `${readFileSync(join(content, 'zh', 'p0.md'), 'utf8')}\nMore ${round}.\n`);
      await build(options);
    }
    // The first build after the pages went still keeps the cards of the builds before it; after three builds they are gone.
    const after = readdirSync(cards).length;
    expect(before - after).toBeGreaterThanOrEqual(10);
    const uses = JSON.parse(readFileSync(join(root, 'node_modules', '.cache', 'ecom-site', 'uses.json'), 'utf8')) as { uses: CacheUse[] };
    expect(uses.uses).toHaveLength(3);
  });
});
