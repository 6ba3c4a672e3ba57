/**
 * The term base (content/_terms.yaml) in a build of the CLI: variants warned with file, line and column,
 * a malformed base refused, the translation report's one-locale concepts, and the spacing rule of Chinese
 * pages. The matching itself is tested on its own in test/cli/core/text/terms.test.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyContent, makeContent, runCli, tempDir } from '../../helpers/cli.ts';

describe('the term base in a build', () => {
  it('warns on a planted variant with file, line, column and the preferred term; --strict refuses', async () => {
    const content = copyContent();
    writeFileSync(join(content, 'zh', 'DROC.md'), `${readFileSync(join(content, 'zh', 'DROC.md'), 'utf8')}\n支持心椎比测量。\n`);
    const out = join(tempDir(), 'dist');
    const loose = await runCli(['build', '--content', content, '--out', out]);
    expect(loose.code).toBe(0);
    expect(loose.stderr).toMatch(/content\/zh\/DROC\.md:\d+:3\s+TERM_VARIANT\s+"心椎比" is a variant of "椎体心脏评分"/);
    const strict = await runCli(['build', '--content', content, '--out', join(tempDir(), 'dist'), '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('TERM_VARIANT');
  });

  it('finds variants in front matter at the line of their field', async () => {
    const content = makeContent({
      '_terms.yaml':
        'terms:\n  - concept: MPR\n    zh: { use: 多平面重建, avoid: [多平面重组] }\n    en: { use: multiplanar reconstruction }\n',
      'zh/index.md': '---\ntitle: 首页\ndescription: 支持多平面重组\n---\n\n你好。\n',
    });
    const result = await runCli(['build', '--content', content, '--out', join(tempDir(), 'dist')]);
    expect(result.stderr).toMatch(/zh\/index\.md:3\s+TERM_VARIANT/);
  });

  it('reports a malformed term base as TERMS_INVALID with its line', async () => {
    const content = makeContent({ '_terms.yaml': 'terms:\n  - concept: MPR\n    zh: { avoid: [多平面重组] }\n    en: { use: x }\n' });
    const result = await runCli(['build', '--content', content, '--out', join(tempDir(), 'dist')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/_terms\.yaml:\d+.*TERMS_INVALID/);
  });

  it('shows in the translation report the concepts a page names in one locale only', async () => {
    const content = copyContent();
    const file = join(content, 'zh', 'DROC.md');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n支持多平面重建。\n`);
    const result = await runCli(['build', '--content', content, '--out', join(tempDir(), 'dist'), '--report']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/terms named in one locale only[\s\S]*\/DROC\s+en lacks multiplanar reconstruction/);
  });
});

describe('the spacing rule of Chinese pages in a build', () => {
  it('is checked by the build on Chinese pages, with file and line', async () => {
    const content = makeContent({ 'zh/index.md': '---\ntitle: 首页\ndescription: 测试首页\n---\n\n我们的 DROC 操作台。\n' });
    const result = await runCli(['build', '--content', content, '--out', join(tempDir(), 'dist')]);
    expect(result.stderr).toMatch(/zh\/index\.md:6:4\s+CJK_SPACING/);
    expect(result.stderr).toMatch(/zh\/index\.md:6:9\s+CJK_SPACING/);
  });
});
