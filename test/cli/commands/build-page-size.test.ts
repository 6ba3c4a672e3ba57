/**
 * Page size (docs/writing.md, "maxPageSize"): build cost grows linearly with a page's size, and a page above
 * `maxPageSize` is refused before it is parsed.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../cli/core/render/render.ts';
import { prepareSite, type Staged } from '../../../cli/core/stages.ts';
import { makeContent, ROOT, runCli, tempDir } from '../../helpers/cli.ts';
import { listPage, loadProbe } from '../../helpers/markdown-probe.ts';
import { treeDigest } from '../../helpers/site.ts';
import { workRatio } from '../../helpers/work.ts';

const page = (body: string): string => `---\ntitle: 列表\ndescription: 列表\n---\n\n${body}`;

describe('build cost and page size', () => {
  it('renders a page of lists 4× as large with under 4.5× the array work, where the published edit map does over 12×', async () => {
    // Counted, not timed (test/helpers/work.ts): the page goes through the whole render in this process,
    // parse, plugins, HTML and layout. With the published micromark-util-edit-map (patches/README.md)
    // the same count grows with the square of the page.
    const site = (bytes: number): Promise<Staged> =>
      prepareSite({ root: ROOT, contentDir: makeContent({ 'zh/lists.md': page(listPage(bytes)) }), drafts: false });
    const render = (built: Staged) => (): void => {
      const lists = built.planned.pages.find((p) => p.route === '/lists' && p.locale === 'zh');
      if (!lists) throw new Error('no /lists page');
      const rendered = renderPage(lists, built.ctx);
      expect(rendered.errors).toEqual([]);
      expect(rendered.html).toContain('<li>b</li>');
    };
    const [one, four] = [await site(4 * 1024), await site(16 * 1024)];
    const linear = workRatio(render(one), render(four));
    expect(linear, `${linear.toFixed(2)} ×`).toBeLessThan(4.5);
    const published = await loadProbe('published');
    const quadratic = workRatio(
      () => published.parse(listPage(4 * 1024)),
      () => published.parse(listPage(16 * 1024)),
    );
    expect(quadratic, `${quadratic.toFixed(2)} ×`).toBeGreaterThan(12);
  }, 120_000);

  it('refuses a page above maxPageSize, naming file, size and setting, and keeps the previous output', async () => {
    const siteYaml =
      'baseUrl: https://example.test\ncompany:\n  zh: 测试公司\n  en: Test Co\nphone: "+86 000"\nemail: test@example.test\nmaxPageSize: 2 KB\n';
    const content = makeContent({ 'site.yaml': siteYaml, 'zh/big.md': page('Short for now.\n') });
    const out = join(tempDir(), 'dist');
    expect((await runCli(['build', '--content', content, '--out', out, '--quiet'])).code).toBe(0);
    const before = treeDigest(out);

    writeFileSync(join(content, 'zh', 'big.md'), page('x'.repeat(3000)));
    const result = await runCli(['build', '--content', content, '--out', out]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /content\/zh\/big\.md\s+PAGE_TOO_LARGE\s+The page file is [\d.]+ KB \(3,0\d\d bytes\), above the page size limit of 2 KB \(2,048 bytes\) set by `maxPageSize` in site\.yaml/,
    );
    expect(result.stderr).toContain('hint:');
    expect(treeDigest(out)).toEqual(before);
  });

  it('refuses a page whose tables leave out more than 200,000 cells, naming the line of the table that goes over, and keeps the previous output', async () => {
    // A header of `columns` cells over `rows` rows of one cell: GFM fills each row up with empty cells.
    const table = (columns: number, rows: number): string =>
      `|${' h |'.repeat(columns)}\n|${' - |'.repeat(columns)}\n${'| x |\n'.repeat(rows)}`;
    const content = makeContent({ 'zh/tables.md': page(`${table(401, 500)}\nText.\n`) });
    const out = join(tempDir(), 'dist');
    // 500 rows × 400 missing cells: 200,000, the most a page may have filled in.
    const built = await runCli(['build', '--content', content, '--out', out, '--quiet'], ROOT);
    expect(built.code, built.stderr).toBe(0);
    const html = readFileSync(join(out, 'tables.html'), 'utf8');
    expect(html.match(/<td><\/td>/g)).toHaveLength(200_000);
    const before = treeDigest(out);

    // Two tables: 100,000 missing cells, then 100,200 more in the one at line 509.
    const second = `${table(201, 500)}\n${table(201, 501)}`;
    writeFileSync(join(content, 'zh', 'tables.md'), page(second));
    expect(
      page(second)
        .split('\n')
        .indexOf(`|${' h |'.repeat(201)}`, 10) + 1,
    ).toBe(509);
    const result = await runCli(['build', '--content', content, '--out', out], ROOT);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /content\/zh\/tables\.md:509\s+TABLE_TOO_SPARSE\s+The page's tables leave out 200,200 cells, which would be filled in empty .*at most 200,000 are filled in on a page\. The table here has 201 columns and 502 rows\./,
    );
    expect(result.stderr).toContain('hint: Give each row of the table its cells');
    expect(treeDigest(out)).toEqual(before);
  }, 120_000);

  it('fails a page that needs more memory than a thread may have with PAGE_OUT_OF_MEMORY, instead of ending the process, and keeps the previous output', async () => {
    // 70,000 table rows (280 KB) take ~2 GB to render; the large-page thread gets 64 MB here (by default,
    // as much as the main thread: a 1.6 MB page of such rows ended the process with V8's fatal error).
    const content = makeContent({ 'zh/rows.md': page('Short for now.\n') });
    const out = join(tempDir(), 'dist');
    expect((await runCli(['build', '--content', content, '--out', out, '--quiet'])).code).toBe(0);
    const before = treeDigest(out);
    writeFileSync(join(content, 'zh', 'rows.md'), page(`a|b\n-|-\n${'x|y\n'.repeat(70_000)}`));
    const result = await runCli(['build', '--content', content, '--out', out], ROOT, { ECOM_SITE_PAGE_HEAP_MB: '64' });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(
      /content\/zh\/rows\.md\s+PAGE_OUT_OF_MEMORY\s+Rendering \/rows needs more than 64 MB of memory, the heap of the thread that renders large pages/,
    );
    expect(result.stderr).toContain('ECOM_SITE_PAGE_HEAP_MB');
    expect(treeDigest(out)).toEqual(before);
    // No half-built folder left beside the output.
    expect(readdirSync(dirname(out))).toEqual(['dist']);
  }, 120_000);
});
