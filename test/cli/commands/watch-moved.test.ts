/**
 * `watch` and moved pages (docs/hosting.md, "Moved pages"): an alias added while watching is answered with
 * a 301 once rebuilt, one taken away is a 404 again, and the idle output equals a fresh build's.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { makeContent, runCli, spawnWatch, tempDir, waitFor, type WatchProcess } from '../../helpers/cli.ts';
import { treeDigest } from '../../helpers/site.ts';

const page = (title: string, extra = ''): string => `---\ntitle: ${title}\ndescription: d\nkeywords: k\n${extra}---\n\nText.\n`;

let watch: WatchProcess | undefined;

afterAll(async () => {
  if (watch && watch.child.exitCode === null) {
    watch.child.kill('SIGINT');
    await watch.exited;
  }
});

/** The status and Location of `path` on the watch server. */
async function answer(url: string, path: string): Promise<string> {
  const response = await fetch(`${url}${path}`, { redirect: 'manual' });
  await response.arrayBuffer();
  return `${response.status} ${response.headers.get('location')}`;
}

it('answers an alias added while watching with a 301, and forgets it when it is taken away', async () => {
  const content = makeContent({ 'zh/Mobile.md': page('移动'), 'en/Mobile.md': page('Mobile') });
  const out = join(dirname(content), 'dist');
  watch = spawnWatch(content, out);
  const output = watch.output;
  const explain = (): string => `stdout:\n${output.stdout}\nstderr:\n${output.stderr}`;
  const url = await waitFor(() => /Serving (http:\/\/[\d.]+:\d+)/.exec(output.stdout)?.[1], explain);
  expect(await answer(url, '/DMOC')).toBe('404 null');

  writeFileSync(join(content, 'zh', 'Mobile.md'), page('移动', 'aliases: [/DMOC]\n'));
  await waitFor(async () => ((await answer(url, '/en/DMOC')) === '301 /en/Mobile' ? true : undefined), explain);
  expect(await answer(url, '/DMOC')).toBe('301 /Mobile');

  // Idle, the output is what a fresh build of the same content writes.
  const fresh = join(tempDir(), 'dist');
  const built = await runCli(['build', '--content', content, '--out', fresh, '--quiet']);
  expect(built.code, built.stderr).toBe(0);
  await waitFor(() => (JSON.stringify(treeDigest(out)) === JSON.stringify(treeDigest(fresh)) ? true : undefined), explain);
  expect(readFileSync(join(out, '.redirects.nginx'), 'utf8')).toContain('location = "/DMOC" { return 301 "/Mobile"; }');

  writeFileSync(join(content, 'zh', 'Mobile.md'), page('移动'));
  await waitFor(async () => ((await answer(url, '/DMOC')) === '404 null' ? true : undefined), explain);
}, 120_000);
