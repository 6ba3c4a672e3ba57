/**
 * Page size (README, "site.yaml: maxPageSize"): build cost grows linearly with a page's size, and a page above
 * `maxPageSize` is refused before it is parsed.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeContent, ROOT, runCli, tempDir } from '../../helpers/cli.ts';
import { listPage } from '../../helpers/markdown-probe.ts';
import { treeDigest } from '../../helpers/site.ts';

const page = (body: string): string => `---\ntitle: 列表\ndescription: 列表\n---\n\n${body}`;

const REPORT_CPU = pathToFileURL(join(ROOT, 'test', 'helpers', 'report-cpu.mjs')).href;

/**
 * CPU time (ms, all threads) of one build of a fresh copy of the content into a fresh folder, so the build
 * cache reuses nothing. CPU time rather than wall time: other processes on the machine barely change it.
 */
async function timeBuild(files: Record<string, string>): Promise<number> {
  const content = makeContent(files);
  const result = await runCli(['build', '--content', content, '--out', join(tempDir(), 'dist'), '--quiet'], ROOT, {
    NODE_OPTIONS: `--import=${REPORT_CPU}`,
  });
  expect(result.code, result.stderr).toBe(0);
  const cpu = /ecom-cpu-us (\d+)\s*$/.exec(result.stderr);
  expect(cpu, result.stderr).not.toBeNull();
  return Number(cpu?.[1]) / 1000;
}

describe('build cost and page size', () => {
  it('builds a page of lists 4× as large in under 6× the time (best of three builds each)', async () => {
    // 32 KB and 128 KB: ~2.5× apart with the patched edit map, ~10× with the published one (patches/README.md).
    const one = { 'zh/lists.md': page(listPage(32 * 1024)) };
    const four = { 'zh/lists.md': page(listPage(128 * 1024)) };
    let small = Infinity;
    for (let run = 0; run < 3; run++) small = Math.min(small, await timeBuild(one));
    // One after the other; the larger page gets up to three tries, stopping at the first that passes, or
    // at one over 10× (the quadratic parser's ~50 s builds would only delay the failure).
    let large = await timeBuild(four);
    for (let run = 1; run < 3 && large >= 6 * small && large < 10 * small; run++) large = Math.min(large, await timeBuild(four));
    expect(large / small, `${Math.round(large)} ms CPU at 4×, ${Math.round(small)} ms at 1×`).toBeLessThan(6);
  }, 240_000);

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
