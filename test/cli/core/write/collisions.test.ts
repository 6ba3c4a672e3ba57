/**
 * One source per output file (cli/core/write/collisions.ts, cli/core/write/targets.ts): two sources for one
 * path, or a file where another needs a folder, are OUTPUT_COLLISION naming both; nothing is written.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../../../cli/core/build.ts';
import { SiteError, type Problem } from '../../../../cli/core/common/errors.ts';
import { OutputClaims } from '../../../../cli/core/write/collisions.ts';
import { makeContent } from '../../../helpers/cli.ts';
import { copyProject } from '../../../helpers/project.ts';

describe('OutputClaims', () => {
  it('names both sources of one path, keeping the first claim', () => {
    const claims = new OutputClaims();
    claims.claim('DROC.html', { source: 'content/zh/DROC.md', file: 'content/zh/DROC.md' });
    claims.claim('DROC.html', { source: 'public/DROC.html', file: 'public/DROC.html' });
    claims.claim('sitemap.xml', { source: "the build's own sitemap.xml" });
    claims.claim('sitemap.xml', { source: 'public/sitemap.xml', file: 'public/sitemap.xml' });
    expect(claims.result().map((p) => [p.code, p.file, p.message])).toEqual([
      ['OUTPUT_COLLISION', 'content/zh/DROC.md', 'content/zh/DROC.md and public/DROC.html both write DROC.html of the output.'],
      [
        'OUTPUT_COLLISION',
        'public/sitemap.xml',
        "the build's own sitemap.xml and public/sitemap.xml both write sitemap.xml of the output.",
      ],
    ]);
  });

  it('lets one source write a path twice, and names a file where another claim needs a folder', () => {
    const claims = new OutputClaims();
    claims.claim('en.html', { source: 'content/en/index.md' });
    claims.claim('en.html', { source: 'content/en/index.md' });
    claims.claim('files', { source: 'public/files', file: 'public/files' });
    claims.claim('files/contactUs.html', { source: 'content/files/contactUs.md' });
    expect(claims.result().map((p) => p.message)).toEqual([
      'public/files writes the file files of the output, where content/files/contactUs.md needs a folder (for files/contactUs.html).',
    ]);
  });

  it('finds nothing among distinct paths', () => {
    const claims = new OutputClaims();
    for (const path of ['a.html', 'a/b.html', 'a/c/d.html', 'b.html']) claims.claim(path, { source: path });
    expect(claims.result()).toEqual([]);
  });
});

/** The problems of a build of `content` in a copy of the project whose public/ also holds `publicFiles`. */
async function buildProblems(publicFiles: Record<string, string>, content: string): Promise<{ problems: Problem[]; out: string }> {
  const root = copyProject();
  for (const [path, text] of Object.entries(publicFiles)) {
    mkdirSync(join(root, 'public', path, '..'), { recursive: true });
    writeFileSync(join(root, 'public', path), text);
  }
  const out = join(root, 'out');
  try {
    await build({ root, contentDir: content, outDir: out, drafts: false, strict: false, threads: 0 });
  } catch (error) {
    if (error instanceof SiteError) return { problems: error.problems, out };
    throw error;
  }
  return { problems: [], out };
}

describe('a build with two sources for one output file', () => {
  it('fails naming the page and the public file, the generated file and the public file, writing nothing', async () => {
    const content = makeContent({ 'zh/DROC.md': '---\ntitle: DROC\ndescription: d\nkeywords: k\n---\n\n正文。\n' });
    const { problems, out } = await buildProblems(
      { 'DROC.html': '<p>old</p>', 'robots.txt': 'User-agent: *\n', 'pagefind/pagefind.js': '//' },
      content,
    );
    const page = problems.find((p) => p.message.includes('DROC'))?.file ?? '';
    expect(page).toMatch(/content\/zh\/DROC\.md$/);
    expect(problems.map((p) => `${p.code} ${p.message}`).sort()).toEqual(
      [
        "OUTPUT_COLLISION public/pagefind/pagefind.js and the build's own search index both write pagefind/pagefind.js of the output.",
        "OUTPUT_COLLISION public/robots.txt and the build's own robots.txt both write robots.txt of the output.",
        `OUTPUT_COLLISION ${page} and public/DROC.html both write DROC.html of the output.`,
      ].sort(),
    );
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a locale whose code is a folder of public/ (CONFIG_INVALID with the line)', async () => {
    const site = [
      'locales:',
      '  - { code: zh, lang: zh-CN, label: 中文 }',
      '  - { code: files, lang: en, label: English }',
      'baseUrl: https://example.test',
      'company:\n  zh: 测试公司',
      'phone: "+86 000"',
      'email: test@example.test',
      '',
    ].join('\n');
    const content = makeContent({ 'site.yaml': site, 'files/_strings.yaml': 'menu.main: Main\nnav.home: Home\n' });
    const { problems } = await buildProblems({ 'files/contactUs.html': '<p>old</p>' }, content);
    expect(problems.map((p) => [p.code, p.line])).toEqual([['CONFIG_INVALID', 3]]);
    expect(problems[0]?.message).toContain('public/files');
  });
});
