/** The pages of a content folder as the `l10n` commands read them (cli/core/l10n/pages.ts). */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentHash } from '../../../../cli/core/common/files.ts';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import { SiteError } from '../../../../cli/core/common/errors.ts';
import { readPages } from '../../../../cli/core/l10n/pages.ts';
import { makeContent, tempDir } from '../../../helpers/cli.ts';

/** The problems `readPages` throws for `contentDir`, as `CODE file:line`. */
async function refused(contentDir: string): Promise<string[]> {
  const error = await readPages(contentDir, DEFAULTS.locales).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SiteError);
  return (error as SiteError).problems.map((p) =>
    p.file ? `${p.code} ${p.file.split('/content/')[1]}:${p.line}` : `${p.code} ${p.message}`,
  );
}

describe('readPages', () => {
  it('reads each page with its file, locale, route, hash, fields and body, and no file whose name makes no route', async () => {
    const text = '---\ntitle: 甲\nsource: { version: "v" }\n---\n\n甲的文字。\n';
    const dir = makeContent({ 'en/a b.md': text, 'en/en.md': text, 'en/_hidden.md': text, 'zh/.md': text });
    const pages = await readPages(dir, DEFAULTS.locales);
    expect(pages.map((p) => `${p.locale} ${p.route}`)).toEqual(['en /a-b', 'en /', 'zh /']);
    const page = pages[0];
    expect(page).toMatchObject({
      file: `${dir}/en/a b.md`,
      path: join(dir, 'en', 'a b.md'),
      locale: 'en',
      route: '/a-b',
      hash: contentHash(text),
      data: { title: '甲', source: { version: 'v' } },
      body: '\n甲的文字。\n',
      bodyLine: 5,
    });
    expect(page?.lineOf?.(['source', 'version'])).toBe(3);
  });

  it('refuses a content folder that does not exist, or is a file', async () => {
    const none = join(tempDir(), 'none');
    expect(await refused(none)).toEqual([`CONTENT_MISSING The content folder ${none} does not exist.`]);
    const file = join(makeContent(), 'site.yaml');
    expect(await refused(file)).toEqual([`CONTENT_MISSING The content folder ${file} does not exist.`]);
  });

  it('refuses every page it cannot read, together', async () => {
    const dir = makeContent({ 'en/a.md': 'No front matter.\n', 'zh/b.md': '---\ntitle: [\n---\n' });
    // In the order the reads end, which varies: sorted here.
    expect((await refused(dir)).sort()).toEqual([
      'FRONTMATTER_INVALID en/a.md:1',
      expect.stringMatching(/^FRONTMATTER_SYNTAX zh\/b\.md:\d+$/),
    ]);
  });
});
