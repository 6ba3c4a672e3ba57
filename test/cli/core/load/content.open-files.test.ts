/** Reading a site's pages (cli/core/load/content.ts `loadPages`) holds a bounded number of files open, whatever the site's size. */
import { readdirSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';

const reads = vi.hoisted(() => ({ total: 0, mostOpen: 0 }));

vi.mock('node:fs', async (original) => {
  const actual = await original<typeof import('node:fs')>();
  const readFileSync = ((path: Parameters<typeof actual.readFileSync>[0], ...rest: unknown[]) => {
    if (String(path).endsWith('.md')) {
      reads.total += 1;
      // The files this process holds open as a page is read: a read under way holds its own.
      reads.mostOpen = Math.max(reads.mostOpen, actual.readdirSync('/proc/self/fd').length);
    }
    return (actual.readFileSync as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof actual.readFileSync;
  return { ...actual, default: { ...actual, readFileSync }, readFileSync };
});

const { loadPages } = await import('../../../../cli/core/load/content.ts');
const { makeContent } = await import('../../../helpers/cli.ts');
const { fieldsOfTemplates } = await import('../../../../cli/core/load/loaded-site.ts');
const { templates, NotFound, Search, UI_STRINGS, UI_TEXT } = await import('../../../../templates/index.ts');

describe('loadPages', () => {
  it('reads a thousand pages one at a time, never holding them open together', async () => {
    const pages = Object.fromEntries(
      Array.from({ length: 1000 }, (_, i) => [
        `zh/p${i}.md`,
        `---\ntitle: 页面${i}\ndescription: 页面\nkeywords: 页面\n---\n\n正文${i}。\n`,
      ]),
    );
    const before = readdirSync('/proc/self/fd').length;
    const { pages: loaded } = await loadPages(makeContent(pages), fieldsOfTemplates({ templates, NotFound, Search, UI_STRINGS, UI_TEXT }));
    expect(loaded).toHaveLength(1002);
    expect(reads.total).toBe(1002);
    // What the test's own process holds aside, a few: never the hundreds a read of every page at once would.
    expect(reads.mostOpen - before).toBeLessThanOrEqual(8);
  });
});
