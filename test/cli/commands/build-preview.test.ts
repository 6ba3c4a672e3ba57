/**
 * `build` and `watch` for a base path and previews (docs/hosting.md, "Under a sub-path" and "Previews"):
 * site.yaml `basePath` checked with its line, a production base path that is no preview, `--preview` at the
 * root, `--base-path /` the same output as none, and the real site watched under `/preview/pr-12/`:
 * served there with its live reload, crawled by linkinator without a broken link or a request outside it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SEARCH_CSP } from '../../../cli/core/serve/csp.ts';
import { copyContent, makeContent, runCli, spawnWatch, tempDir, waitFor, type WatchProcess } from '../../helpers/cli.ts';
import { crawl } from '../../helpers/crawl.ts';
import { treeDigest } from '../../helpers/site.ts';

const SITE_YAML = 'baseUrl: https://example.test\ncompany:\n  zh: 测试公司\n  en: Test Co\nphone: "+86 000"\nemail: test@example.test\n';

async function build(content: string, args: string[] = []): Promise<{ out: string; stdout: string }> {
  const out = join(tempDir(), 'dist');
  const result = await runCli(['build', '--content', content, '--out', out, ...args]);
  if (result.code !== 0) throw new Error(`build failed (${result.code}):\n${result.stderr}`);
  return { out, stdout: result.stdout };
}

const read = (out: string, file: string): string => readFileSync(join(out, file), 'utf8');

describe('a base path in site.yaml and on the command line', () => {
  it('refuses a site.yaml basePath that breaks the rule, naming the file and line', async () => {
    const content = makeContent({ 'site.yaml': `${SITE_YAML}basePath: /a/../b/\n` });
    const result = await runCli(['build', '--content', content, '--out', join(tempDir(), 'dist')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/site\.yaml:7(:\d+)?\s+CONFIG_INVALID\s+`basePath` must be a path that starts and ends with "\/"/);
    expect(result.stderr).toContain('found "/a/../b/"');
  });

  it('builds a production site under site.yaml basePath: every URL under it, indexed, listed in the sitemap', async () => {
    const { out, stdout } = await build(makeContent({ 'site.yaml': `${SITE_YAML}basePath: /site/\n` }));
    expect(stdout).not.toContain('preview');
    const home = read(out, 'index.html');
    expect(home).toContain('data-base-path="/site/"');
    expect(home).not.toContain('noindex');
    expect(home).toContain('<link rel="canonical" href="https://example.test/site/"/>');
    expect(home).toContain('<a class="locale-switch" href="/site/en"');
    expect(home).toMatch(/<link rel="stylesheet" href="\/site\/assets\/site\.[0-9a-f]+\.css"\/>/);
    expect(read(out, 'sitemap.xml')).toContain('<loc>https://example.test/site/en</loc>');
    expect(read(out, 'robots.txt')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://example.test/site/sitemap.xml\n');
  });

  it('makes a preview of --preview at the root: noindex, no page in the sitemap, robots.txt disallows, said in the summary', async () => {
    const { out, stdout } = await build(makeContent(), ['--preview']);
    expect(stdout).toMatch(/^Built \d+ pages \(.*\) into .*\/ · preview under \/: not indexed, no page in the sitemap · 0 warning/m);
    for (const file of ['index.html', 'en.html', 'home.html', '404.html'])
      expect(read(out, file).match(/<meta name="robots" content="noindex"\/>/g)).toHaveLength(1);
    expect(read(out, 'index.html')).not.toContain('data-base-path');
    expect(read(out, 'sitemap.xml')).not.toContain('<url>');
    expect(read(out, 'robots.txt')).toBe('User-agent: *\nDisallow: /\n\nSitemap: https://example.test/sitemap.xml\n');
  });

  it('writes the same output with --base-path / as without it, and a preview for any other base path', async () => {
    const content = makeContent();
    const [plain, root, sub] = await Promise.all([
      build(content),
      build(content, ['--base-path', '/']),
      build(content, ['--base-path', '/p/']),
    ]);
    expect(treeDigest(root.out)).toEqual(treeDigest(plain.out));
    expect(root.stdout).not.toContain('preview');
    expect(sub.stdout).toContain('preview under /p/');
    expect(read(sub.out, 'en.html')).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe('watch under a base path', () => {
  let watch: WatchProcess | undefined;
  afterAll(async () => {
    if (watch && watch.child.exitCode === null) {
      watch.child.kill('SIGINT');
      await watch.exited;
    }
  });

  it('serves the real site there with live reload, crawled without a broken link or a request outside it', async () => {
    const content = copyContent();
    const out = join(dirname(content), 'dist');
    const running = spawnWatch(content, out, { args: ['--base-path', '/preview/pr-12/'] });
    watch = running;
    const explain = (): string => `stdout:\n${running.output.stdout}\nstderr:\n${running.output.stderr}`;
    const url = await waitFor(
      () => /Serving (http:\/\/[\d.]+:\d+)\/preview\/pr-12\/ with live reload/.exec(running.output.stdout)?.[1],
      explain,
      180_000,
    );
    const base = `${url}/preview/pr-12`;

    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<script src="/preview/pr-12/__ecom/live.js" defer></script></body>');
    expect((await fetch(`${base}/__ecom/live.js`)).status).toBe(200);
    for (const path of ['/', '/DROC', '/__ecom/live.js']) expect([path, (await fetch(`${url}${path}`)).status]).toEqual([path, 404]);
    expect((await fetch(`${base}/en/search`)).headers.get('content-security-policy')).toBe(SEARCH_CSP);
    const missing = await fetch(`${base}/en/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('data-route="404___en" data-base-path="/preview/pr-12/"');

    const { broken, requested } = await crawl(`${base}/`, url);
    expect(broken).toEqual([]);
    expect(requested.filter((u) => !u.startsWith(`${base}/`))).toEqual([]);
    expect(requested.length).toBeGreaterThan(200);

    // An edit reaches the pages open under the base path through the events beside the live script.
    const controller = new AbortController();
    const stream = await fetch(`${base}/__ecom/events`, { signal: controller.signal });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const seen: string[] = [];
    void (async () => {
      const reader = stream.body?.getReader();
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const chunk = await reader?.read();
          if (!chunk || chunk.done) break;
          for (const match of decoder.decode(chunk.value).matchAll(/event: (\w+)/g)) seen.push(match[1] ?? '');
        }
      } catch {
        // aborted
      }
    })();
    const page = join(content, 'zh', 'DROC.md');
    writeFileSync(page, readFileSync(page, 'utf8').replace(/^title: .*$/m, 'title: 预览标题'));
    await waitFor(() => (seen.includes('reload') ? true : undefined), explain, 60_000);
    expect(await (await fetch(`${base}/DROC`)).text()).toContain('<title>预览标题</title>');
    controller.abort();
  });
});
