/**
 * `watch` stops at once on Ctrl-C or SIGTERM, even while a huge page is being rendered, and in its first
 * build too, which it runs as `build` does (docs/hosting.md, "Signals and pipes"). "At once" is shown by what
 * never happened, not by a clock: the rebuild under way never finished nor wrote, or the first build was
 * ended by the signal itself with its temporary folder still beside the output. Stopped while its search
 * index is made again in the background, it leaves the served index whole and no Pagefind process behind.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeContent, runCli, spawnWatch, waitFor } from '../../helpers/cli.ts';
import { treeDigest } from '../../helpers/site.ts';

/** A page that takes seconds to parse: many short paragraphs, each followed by a two-item list. */
/** The processes whose parent is `pid`, with their command names (Linux's /proc). */
function childrenOf(pid: number): Array<{ pid: number; name: string }> {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        // "pid (name) state ppid …": the name may hold spaces and parentheses, so it is cut at the last ")".
        const stat = readFileSync(join('/proc', name, 'stat'), 'utf8');
        const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        return Number(parent) === pid && state !== 'Z' ? [{ pid: Number(name), name: command }] : [];
      } catch {
        return [];
      }
    });
}

/** Every leftover of a folder swap (`.name.tmp-…`, `.name.old-…`) under `dir`, relative. */
function leftovers(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => /(^|\/)\.[^/]+\.(tmp|old)-/.test(path));
}

function hugePage(bytes: number): string {
  const unit = 'A short paragraph of text.\n\n- first item\n- second item\n\n';
  return `---\ntitle: Huge\ndescription: A very long page\n---\n\n${unit.repeat(Math.ceil(bytes / unit.length))}`;
}

describe('ecom-site watch stops at once', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`on ${signal} while a huge page renders, leaving the served pages whole`, async () => {
      const content = makeContent();
      const out = join(dirname(content), 'dist');
      const watch = spawnWatch(content, out);
      await waitFor(
        () => watch.output.all.includes('Serving http') || undefined,
        () => watch.output.all,
      );
      const before = treeDigest(out);

      writeFileSync(join(content, 'en', 'huge.md'), hugePage(3_000_000));
      await waitFor(
        () => watch.output.all.includes('Change detected') || undefined,
        () => watch.output.all,
      );
      watch.child.kill(signal);
      const [code] = await watch.exited;
      expect(code).toBe(0);
      expect(watch.output.all).toContain('Stopped.');
      // Stopped mid-way: the rebuild it had announced never ended.
      expect(watch.output.stdout).not.toMatch(/^Rebuilt /m);
      // The rebuild never wrote: the output is the first build's, and no temporary file is left in it.
      expect(treeDigest(out)).toEqual(before);
      expect(readdirSync(dirname(out)).filter((n) => n.includes('.tmp'))).toEqual([]);
    }, 120_000);
  }

  it('on SIGINT while the search index is rebuilt after a save, leaving the served index whole and no Pagefind process', async () => {
    // Enough Chinese pages that Pagefind takes a while to index them again.
    const pages = Object.fromEntries(
      Array.from({ length: 300 }, (_, i) => [
        `zh/p${i}.md`,
        `---\ntitle: 第${i}页\ndescription: 第${i}页\nkeywords: 测试\n---\n\n${'影像工作站与小型影像归档系统的说明文字。'.repeat(40)}\n`,
      ]),
    );
    const content = makeContent(pages);
    const out = join(dirname(content), 'dist');
    const watch = spawnWatch(content, out);
    await waitFor(
      () => watch.output.all.includes('Serving http') || undefined,
      () => watch.output.all,
    );
    const index = join(out, 'pagefind');
    const before = treeDigest(index);
    writeFileSync(join(content, 'zh', 'p7.md'), pages['zh/p7.md']?.replace('说明文字', '新的说明文字') ?? '');
    // The pass is under way once its Pagefind service runs (on a machine fast enough to end the pass between
    // two looks, the signal comes after it, and the index must then be the new one).
    const { service } = await waitFor(
      () => {
        const [found] = childrenOf(watch.child.pid as number).filter(({ name }) => name.includes('pagefind'));
        if (found) return { service: found };
        return /^Search index updated \(zh\)/m.test(watch.output.all) ? { service: undefined } : undefined;
      },
      () => watch.output.all,
    );
    watch.child.kill('SIGINT');
    const [code] = await watch.exited;
    expect(code).toBe(0);
    expect(watch.output.all).toContain('Stopped.');
    // The service went with it, and the pass left no temporary or old index folder behind.
    if (service) {
      await waitFor(
        () => !existsSync(join('/proc', String(service.pid))) || undefined,
        () => `Pagefind (${service.pid}) still runs`,
        10_000,
      );
    }
    expect(leftovers(dirname(out))).toEqual([]);
    // The served index is whole: the one it had, or (the pass having ended first) the new one.
    if (!/^Search index updated \(zh\)/m.test(watch.output.all)) expect(treeDigest(index)).toEqual(before);
    else {
      const fresh = join(dirname(content), 'fresh');
      expect((await runCli(['build', '--content', content, '--out', fresh, '--quiet'])).code).toBe(0);
      expect(treeDigest(index)).toEqual(treeDigest(join(fresh, 'pagefind')));
    }
  }, 180_000);

  it('on SIGINT during its first build, leaving the previous output as it was, and the next build sweeps the temp folder', async () => {
    const content = makeContent();
    const out = join(dirname(content), 'dist');
    expect((await runCli(['build', '--content', content, '--out', out, '--quiet'])).code).toBe(0);
    const before = treeDigest(out);
    writeFileSync(join(content, 'en', 'huge.md'), hugePage(3_000_000));
    const watch = spawnWatch(content, out);
    // The first build has begun writing once its temp folder is there beside the output.
    const temps = (): string[] => readdirSync(dirname(out)).filter((n) => n.includes('.tmp'));
    await waitFor(
      () => temps().length > 0 || undefined,
      () => watch.output.all,
    );
    watch.child.kill('SIGINT');
    const ended = await watch.exited;
    // Ended by the signal itself, as `build` is (a shell shows exit 130): no handler runs mid-build, so
    // nothing waits for the huge page; the temp folder it was filling is still there.
    expect(ended).toEqual([null, 'SIGINT']);
    expect(temps()).toHaveLength(1);
    expect(watch.output.all).not.toContain('Serving');
    expect(treeDigest(out)).toEqual(before);
    rmSync(join(content, 'en', 'huge.md'));
    expect((await runCli(['build', '--content', content, '--out', out, '--quiet'])).code).toBe(0);
    expect(temps()).toEqual([]);
  }, 120_000);
});
