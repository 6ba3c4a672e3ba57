/**
 * Builds whose index is begun before the search stage (docs/search.md, "How it fits the build"): a build
 * after an edit completes the edited locale's index sent ahead where it can and throws it away where it
 * cannot; a new output folder's locales are indexed while their pages render. Either way each locale's
 * index is the one Pagefind makes of the written pages afterwards, and the output a fresh build's. Which
 * path a build took is counted by wrapping the two modules' entry points.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { build } from '../../../../cli/core/build.ts';
import { makeContent, tempDir } from '../../../helpers/cli.ts';
import { ageSources, expectIndexOfPages, inProcessBuild, saveEdited } from '../../../helpers/search-builds.ts';
import { treeDigest } from '../../../helpers/site.ts';

const seen = vi.hoisted(() => ({ completed: [] as boolean[], alongside: [] as string[][] }));

vi.mock('../../../../cli/core/write/search-early.ts', async (importOriginal) =>
  (await import('../../../helpers/count-early.ts')).countingCompletions(await importOriginal(), seen.completed),
);

vi.mock('../../../../cli/core/write/search-alongside.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../cli/core/write/search-alongside.ts')>();
  return {
    ...original,
    indexAlongside: (...args: Parameters<typeof original.indexAlongside>) => {
      const alongside = original.indexAlongside(...args);
      seen.alongside.push([...(alongside?.locales ?? [])]);
      return alongside;
    },
  };
});

beforeEach(() => {
  seen.completed.length = 0;
  seen.alongside.length = 0;
});

const page = (title: string, text: string): string => `---\ntitle: ${title}\ndescription: ${title}\n---\n\n${text}\n`;

describe('an index begun before the search stage', () => {
  it('is completed after an edit where it can be, thrown away where not, and ends as Pagefind’s index of the pages', async () => {
    const files: Record<string, string> = { 'en/alpha.md': page('Alpha', 'The alpha console.') };
    for (let i = 0; i < 12; i++) files[`zh/p${i}.md`] = page(`第${i}页`, `影像工作站第${i}页。`);
    const content = makeContent(files);
    const out = join(dirname(content), 'dist');
    await build(inProcessBuild(content, out));
    const steps: Array<[string, () => void, boolean]> = [
      [
        'an edit of the main content, and a page written over by hand in the output',
        () => {
          saveEdited(content, 'zh/p3.md', page('第3页', '影像工作站第3页。斑马词。'));
          writeFileSync(join(out, 'p5.html'), '<html><body><main>手改的页面</main></body></html>');
        },
        true,
      ],
      ['a title alone', () => saveEdited(content, 'zh/p4.md', page('第四页', '影像工作站第4页。')), true],
      ['a page sorting after every other', () => saveEdited(content, 'zh/z9.md', page('末页', '最后一页。')), true],
      ['an English edit', () => saveEdited(content, 'en/alpha.md', page('Alpha', 'The alpha console, edited.')), true],
      ['a page sorting among the others', () => saveEdited(content, 'zh/p10x.md', page('中页', '中间一页。')), false],
      [
        'a page removed',
        () => {
          rmSync(join(content, 'zh/p7.md'));
          saveEdited(content, 'zh/p2.md', readFileSync(join(content, 'zh/p2.md'), 'utf8'));
        },
        false,
      ],
    ];
    for (const [name, step, completed] of steps) {
      seen.completed.length = 0;
      ageSources(content);
      step();
      const result = await build(inProcessBuild(content, out));
      expect(seen.completed, name).toEqual([completed]);
      await expectIndexOfPages(out, result);
      const fresh = join(tempDir(), 'fresh');
      await build(inProcessBuild(content, fresh));
      expect(treeDigest(out), name).toEqual(treeDigest(fresh));
    }
    const zh = treeDigest(join(out, 'pagefind'));
    expect(Object.keys(zh).length).toBeGreaterThan(3);
  });

  it('indexes a new output folder’s locales while its pages render, as Pagefind indexes them afterwards', async () => {
    const content = makeContent({
      'en/alpha.md': page('Alpha', 'The alpha console.'),
      'zh/alpha.md': page('阿尔法', '阿尔法控制台。'),
      'zh/beta.md': page('贝塔', '贝塔工作站。'),
    });
    const out = join(dirname(content), 'dist');
    const result = await build(inProcessBuild(content, out));
    expect(seen.alongside).toEqual([['zh', 'en']]);
    await expectIndexOfPages(out, result);
    // After an edit the edited locale's index is begun early instead; with the output folder removed, the
    // last build's record keeps no index, and both are made alongside again.
    saveEdited(content, 'zh/beta.md', page('贝塔', '贝塔工作站，已编辑。'));
    await build(inProcessBuild(content, out));
    expect([seen.alongside.length, seen.completed]).toEqual([1, [true]]);
    ageSources(content);
    rmSync(out, { recursive: true });
    await expectIndexOfPages(out, await build(inProcessBuild(content, out)));
    expect(seen.alongside).toEqual([
      ['zh', 'en'],
      ['zh', 'en'],
    ]);
  });
});
