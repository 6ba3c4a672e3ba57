import { appendFileSync, cpSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeContent, runCli, tempDir } from '../../helpers/cli.ts';
import { treeDigest } from '../../helpers/site.ts';

/**
 * Pages per locale of the corpus. Small, so that the builds are quick: every build here pins two render
 * threads (ECOM_SITE_THREADS), which a build starts on its own only from ~300 pages (cli/core/render/pool.ts), so
 * the cache is still exercised with pages rendered in worker threads.
 */
const PAGES = 30;
const THREADS = { ECOM_SITE_THREADS: '2' };

/** Builds `content` into `out` with two render threads, quietly; returns the exit code. */
async function build(content: string, out: string): Promise<number> {
  return (await runCli(['build', '--content', content, '--out', out, '--quiet'], undefined, THREADS)).code;
}

/** A corpus of `pages` pages per locale, each linking to the next. */
function corpus(pages: number): string {
  const files: Record<string, string> = {};
  for (let i = 0; i < pages; i++) {
    for (const locale of ['zh', 'en'] as const) {
      const text =
        locale === 'zh' ? '影像工作站支持多种测量工具与挂片协议。' : 'The workstation offers measurement tools and hanging protocols.';
      files[`${locale}/p${i}.md`] =
        `---\ntitle: P${i}\ndescription: Page ${i}\n---\n\n## One\n\n${text} [next](/p${(i + 1) % pages})\n\n- a\n- b\n\n| x | y |\n| - | - |\n| 1 | 2 |\n`;
    }
  }
  return makeContent(files);
}

/** A copy of the corpus (to edit) and its first build's output folder. */
async function builtCopy(): Promise<{ dir: string; out: string }> {
  const dir = join(tempDir(), 'content');
  cpSync(content, dir, { recursive: true });
  const out = join(tempDir(), 'dist');
  expect(await build(dir, out)).toBe(0);
  return { dir, out };
}

let content: string;
beforeAll(() => {
  content = corpus(PAGES);
});

describe('build speed features keep the output exact', () => {
  it('writes byte-identical output with worker threads and in one thread', async () => {
    const [one, many] = [join(tempDir(), 'one'), join(tempDir(), 'many')];
    const a = await runCli(['build', '--content', content, '--out', one, '--quiet'], undefined, { ECOM_SITE_THREADS: '1' });
    const b = await runCli(['build', '--content', content, '--out', many, '--quiet'], undefined, THREADS);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(b.stderr).toBe(a.stderr); // the same warnings, in the same order
    expect(Object.keys(treeDigest(one)).length).toBeGreaterThan(2 * PAGES);
    expect(treeDigest(many)).toEqual(treeDigest(one));
  });

  it('reuses unchanged pages on a rebuild and gives the same bytes as a cold build', async () => {
    const { dir, out } = await builtCopy();
    const first = treeDigest(out);
    expect(await build(dir, out)).toBe(0);
    expect(treeDigest(out)).toEqual(first);

    appendFileSync(join(dir, 'en', 'p7.md'), '\nAn edited sentence.\n');
    expect(await build(dir, out)).toBe(0);
    expect(readFileSync(join(out, 'en', 'p7.html'), 'utf8')).toContain('An edited sentence.');
    const cold = join(tempDir(), 'cold');
    expect(await build(dir, cold)).toBe(0);
    expect(treeDigest(out)).toEqual(treeDigest(cold));
  });

  it('writes nothing when nothing changed, and puts back an output changed by hand', async () => {
    const { dir, out } = await builtCopy();
    const first = treeDigest(out);
    const folder = statSync(out).ino;
    const page = statSync(join(out, 'en', 'p1.html')).mtimeMs;
    expect(await build(dir, out)).toBe(0);
    // The same folder, not a new one swapped in, and the page untouched.
    expect(statSync(out).ino).toBe(folder);
    expect(statSync(join(out, 'en', 'p1.html')).mtimeMs).toBe(page);

    writeFileSync(join(out, 'stray.html'), 'left by hand');
    rmSync(join(out, 'en', 'p2.html'));
    writeFileSync(join(out, '404.html'), 'tampered');
    expect(await build(dir, out)).toBe(0);
    expect(treeDigest(out)).toEqual(first);

    // Front matter taken from the cache is still read anew when its file changes.
    writeFileSync(
      join(dir, 'en', 'p4.md'),
      readFileSync(join(dir, 'en', 'p4.md'), 'utf8').replace('title: P4', 'title: Page four renamed'),
    );
    expect(await build(dir, out)).toBe(0);
    expect(readFileSync(join(out, 'en', 'p4.html'), 'utf8')).toContain('Page four renamed');
  });

  it('reports front matter lines exactly for a page whose parse came from the cache', async () => {
    const dir = makeContent({
      'en/a.md': '---\ntitle: A\ndescription: Page A\nsee:\n  note: x\n  route: /b\n---\n\nText.\n',
      'en/b.md': '---\ntitle: B\ndescription: Page B\n---\n\nText.\n',
    });
    const out = join(tempDir(), 'dist');
    expect((await runCli(['build', '--content', dir, '--out', out])).code).toBe(0);
    rmSync(join(dir, 'en', 'b.md'));
    const broken = await runCli(['build', '--content', dir, '--out', out]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/en\/a\.md:6(:\d+)?\s+LINK_BROKEN/);
  });

  it('renders again what a change of settings touches, and never trusts a file changed by hand', async () => {
    const { dir, out } = await builtCopy();
    writeFileSync(join(dir, 'en', '_strings.yaml'), readFileSync(join(dir, 'en', '_strings.yaml'), 'utf8').replace('Main', 'Main menu'));
    writeFileSync(join(out, 'p3.html'), 'tampered');
    expect(await build(dir, out)).toBe(0);
    expect(readFileSync(join(out, 'en', 'p1.html'), 'utf8')).toContain('Main menu');
    expect(readFileSync(join(out, 'p3.html'), 'utf8')).toContain('<!doctype html>');
  });
});
