/** Reading a site's pages (cli/core/load/content.ts `loadPages`) holds a bounded number of files open, whatever the site's size. */
import { describe, expect, it, vi } from 'vitest';

const reads = vi.hoisted(() => ({ open: 0, most: 0, total: 0 }));

vi.mock('../../../../cli/core/common/files.ts', async (original) => {
  const actual = await original<typeof import('../../../../cli/core/common/files.ts')>();
  return {
    ...actual,
    // Counts the reads under way: each holds its file open until it ends.
    readText: async (path: string): Promise<string> => {
      reads.open += 1;
      reads.total += 1;
      reads.most = Math.max(reads.most, reads.open);
      try {
        return await actual.readText(path);
      } finally {
        reads.open -= 1;
      }
    },
  };
});

const { loadPages } = await import('../../../../cli/core/load/content.ts');
const { makeContent } = await import('../../../helpers/cli.ts');
const { fieldsOfTemplates } = await import('../../../../cli/core/load/loaded-site.ts');
const { templates, NotFound, Search, UI_STRINGS, UI_TEXT } = await import('../../../../templates/index.ts');

describe('loadPages', () => {
  it('reads a thousand pages a few at a time, never all at once', async () => {
    const pages = Object.fromEntries(
      Array.from({ length: 1000 }, (_, i) => [
        `zh/p${i}.md`,
        `---\ntitle: 页面${i}\ndescription: 页面\nkeywords: 页面\n---\n\n正文${i}。\n`,
      ]),
    );
    const { pages: loaded } = await loadPages(makeContent(pages), fieldsOfTemplates({ templates, NotFound, Search, UI_STRINGS, UI_TEXT }));
    expect(loaded).toHaveLength(1002);
    expect(reads.total).toBe(1002);
    expect(reads.most).toBeGreaterThan(1);
    expect(reads.most).toBeLessThanOrEqual(64);
  });
});
