/**
 * `ecom-site watch` (README, "watch"). The tests share one watch process over one copy of the real content,
 * started by the first test that needs it, but none depends on another: each edit goes through `edit`,
 * and after each test every edited file is put back and the test waits until the output is byte-identical
 * to the first build again. So any test runs alone (`vitest run -t`) and in any order.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { copyContent, makeContent, waitFor as pollFor, spawnWatch, type WatchProcess } from '../../helpers/cli.ts';
import { treeDigest } from '../../helpers/site.ts';
import { SEARCH_CSP, SITE_CSP } from '../../../cli/core/serve/csp.ts';

/** A running `ecom-site watch` and everything it printed so far, with its address and output folder. */
interface Watch extends WatchProcess {
  url: string;
  out: string;
}

/**
 * Polls `probe` as the shared `waitFor` does, for at most `ms`; the error shows what `output` holds and what
 * `explain` says about the state reached.
 */
function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  output: Watch['output'],
  ms = 10_000,
  explain = (): string => '',
): Promise<T> {
  return pollFor(probe, () => `${explain()}\nstdout:\n${output.stdout}\nstderr:\n${output.stderr}`, ms);
}

/** Starts `ecom-site watch` on `content` (output beside it), on any free port unless `port` is given. */
async function startWatch(content: string, out = join(dirname(content), 'dist'), port = 0): Promise<Watch> {
  const watch = spawnWatch(content, out, { port });
  const url = await waitFor(() => /Serving (http:\/\/[\d.]+:\d+)/.exec(watch.output.stdout)?.[1], watch.output, 60_000);
  return { ...watch, url, out };
}

/** Sends SIGINT and resolves with the exit code. */
async function stop(watch: Watch): Promise<number | null> {
  if (watch.child.exitCode !== null) return watch.child.exitCode;
  watch.child.kill('SIGINT');
  return (await watch.exited)[0];
}

/** The shared process, its content copy and a digest of its first build: the state every test starts from. */
interface Shared extends Watch {
  content: string;
  firstBuild: Record<string, string>;
}

let started: Promise<Shared> | undefined;
/** The shared watch process, started on first use. */
function shared(): Promise<Shared> {
  started ??= (async () => {
    const content = copyContent();
    const watch = await startWatch(content);
    return { ...watch, content, firstBuild: treeDigest(watch.out) };
  })();
  return started;
}

/** Content files a test changed (path relative to the content folder) and their text before, `null` if new. */
const originals = new Map<string, string | null>();

/** Writes a content file of the shared copy, remembering what it held so that `afterEach` puts it back. */
async function edit(path: string, text: string): Promise<void> {
  const file = join((await shared()).content, path);
  if (!originals.has(path)) originals.set(path, existsSync(file) ? readFileSync(file, 'utf8') : null);
  writeFileSync(file, text);
}

/** Reads a content file of the shared copy. */
async function read(path: string): Promise<string> {
  return readFileSync(join((await shared()).content, path), 'utf8');
}

/** Deletes a content file of the shared copy (put back after the test). */
async function remove(path: string): Promise<void> {
  const file = join((await shared()).content, path);
  if (!originals.has(path)) originals.set(path, existsSync(file) ? readFileSync(file, 'utf8') : null);
  rmSync(file, { force: true });
}

/**
 * Whether the shared process has finished every batch of changes it announced: each `Change detected` line
 * is followed by `Rebuilt …` (stdout) or by an error report (`N error(s):`, stderr). The events of a batch
 * (reload, warnings) are sent before that line is printed.
 */
function idle({ output }: Watch): boolean {
  const announced = output.stdout.match(/^Change detected: /gm)?.length ?? 0;
  const finished = (output.stdout.match(/^Rebuilt \d+ page/gm)?.length ?? 0) + (output.stderr.match(/^\d+ error\(s\):/gm)?.length ?? 0);
  return announced === finished;
}

/** The digest of the output, or undefined while a rebuild is replacing a file. */
function digestOf(out: string): Record<string, string> | undefined {
  try {
    return treeDigest(out);
  } catch {
    return undefined;
  }
}

/** The files by which two digests differ. */
function differences(a: Record<string, string> | undefined, b: Record<string, string>): string[] {
  if (!a) return ['(unreadable)'];
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((file) => a[file] !== b[file]).sort();
}

afterEach(async () => {
  if (!originals.size) return;
  const watch = await shared();
  for (const [path, text] of originals) {
    if (text === null) rmSync(join(watch.content, path), { force: true });
    else writeFileSync(join(watch.content, path), text);
  }
  originals.clear();
  // Idle, with the output back to the first build byte for byte (README: once idle, the output is that of a
  // fresh build). A rebuild still to come (a second look at a file) reads the content as restored: it
  // writes nothing and sends no event.
  const same = (): boolean => JSON.stringify(digestOf(watch.out)) === JSON.stringify(watch.firstBuild);
  await waitFor(
    () => (idle(watch) && same() ? true : undefined),
    watch.output,
    30_000,
    () =>
      `idle: ${idle(watch)}; files that differ from the first build: ${differences(digestOf(watch.out), watch.firstBuild).join(', ') || 'none'}`,
  );
});

afterAll(async () => {
  if (started) await stop(await started);
});

async function get(path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${(await shared()).url}${path}`);
  return { status: res.status, text: await res.text() };
}

/** Polls until the page at `path` satisfies `test`. */
async function waitForPage(path: string, test: (page: { status: number; text: string }) => boolean, ms = 10_000): Promise<void> {
  const { output } = await shared();
  await waitFor(async () => (test(await get(path)) ? true : undefined), output, ms);
}

/** Collects the Server-Sent Events of the live-reload stream, from now on. */
async function events(): Promise<{ seen: string[]; close(): void }> {
  const controller = new AbortController();
  const res = await fetch(`${(await shared()).url}/__ecom/events`, { signal: controller.signal });
  const seen: string[] = [];
  const reader = res.body!.getReader();
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const match of decoder.decode(value).matchAll(/event: (\w+)/g)) seen.push(match[1]!);
      }
    } catch {
      // aborted
    }
  })();
  return { seen, close: () => controller.abort() };
}

describe('ecom-site watch', () => {
  it('listens on 127.0.0.1 only, by default', async () => {
    const { url } = await shared();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const port = Number(new URL(url).port);
    // Every 127.x.y.z address is this machine's loopback: a server listening on all addresses answers on
    // 127.0.0.2 too, one bound to 127.0.0.1 alone does not. Any host can try it, so nothing is skipped.
    const reached = (host: string): Promise<boolean> =>
      fetch(`http://${host}:${port}/`).then(
        () => true,
        () => false,
      );
    expect(await reached('127.0.0.1')).toBe(true);
    expect(await reached('127.0.0.2')).toBe(false);
  });

  it('serves every route like production, with the live-reload script injected only here', async () => {
    const { url, out } = await shared();
    const page = await get('/en/DROC');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<script src="/__ecom/live.js" defer></script>');
    expect(readFileSync(join(out, 'en', 'DROC.html'), 'utf8')).not.toContain('__ecom');
    expect((await get('/company')).status).toBe(200);
    const missing = await get('/en/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('This page could not be found');
    expect((await fetch(`${url}/`, { method: 'POST' })).status).toBe(405);
  });

  it("serves the search pages and index under the site's policy, WebAssembly allowed there only", async () => {
    const { url } = await shared();
    for (const [path, policy] of [
      ['/search?q=DICOM', SEARCH_CSP],
      ['/en/search', SEARCH_CSP],
      ['/pagefind/pagefind-worker.js', SEARCH_CSP],
      ['/', SITE_CSP],
      ['/en/DROC', SITE_CSP],
    ] as const) {
      const res = await fetch(`${url}${path}`);
      await res.arrayBuffer();
      expect([path, res.status, res.headers.get('content-security-policy')]).toEqual([path, 200, policy]);
    }
  });

  it('never serves a file outside the output folder', async () => {
    const { url } = await shared();
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/en/..%2f..%2fpackage.json',
      '/..%5c..%5cpackage.json',
      '/%2e%2e%2f%2e%2e%2fetc/passwd',
      '/.ecom-site',
    ]) {
      const res = await fetch(`${url}${path}`);
      const text = await res.text();
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(text, path).not.toContain('"name": "ecom-site"');
      expect(text, path).not.toContain('root:');
    }
  });

  it('serves a page edit and sends a reload event', async () => {
    const stream = await events();
    const text = await read('en/DROC.md');
    await edit('en/DROC.md', text.replace('## About', '## About\n\nLIVE-EDIT-MARKER.'));
    await waitForPage('/en/DROC', (page) => page.text.includes('LIVE-EDIT-MARKER'));
    await waitFor(() => (stream.seen.includes('reload') ? true : undefined), (await shared()).output);
    stream.close();
  });

  it('sends the reload before it rewrites the search index, and re-indexes the edited locale only', async () => {
    const { output, out } = await shared();
    const stream = await events();
    const zh = digestOf(join(out, 'pagefind'));
    const printed = output.stdout.length;
    const text = await read('en/DROC.md');
    await edit('en/DROC.md', text.replace('## About', '## About\n\nXylophoneword.'));
    const news = (): string[] => output.stdout.slice(printed).split('\n');
    const rebuilt = (): number => news().findIndex((line) => line.startsWith('Rebuilt '));
    // The reload is sent before `Rebuilt …` is printed (cli/commands/watch.ts); the index is rewritten after.
    // A pass begun for the test before (its edit put back) may still end first and print its own line
    // before this rebuild's: this edit's pass cannot start until the rebuild has ended.
    const indexedAfter = (): boolean =>
      rebuilt() >= 0 &&
      news()
        .slice(rebuilt() + 1)
        .some((line) => line.startsWith('Search index updated (en)'));
    await waitFor(() => (indexedAfter() ? true : undefined), output, 30_000);
    await waitFor(() => (stream.seen.includes('reload') ? true : undefined), output);
    expect(digestOf(join(out, 'pagefind'))).toEqual(zh);
    stream.close();
    // The shared process may start with this test: its first build, then a pass of Pagefind.
  }, 120_000);

  it('keeps serving the last good page on a broken edit, reports it, and recovers on the fix', async () => {
    const { output } = await shared();
    const stream = await events();
    const good = await read('en/DROC.md');
    const before = await get('/en/DROC');
    const printed = output.stderr.length;
    await edit('en/DROC.md', good.replace('## About', '## About\n\nBROKEN [link](/NOPE-PAGE).'));
    await waitFor(() => (output.stderr.includes('LINK_BROKEN', printed) ? true : undefined), output);
    expect(output.stderr.slice(printed)).toMatch(/en\/DROC\.md:\d+:\d+\s+LINK_BROKEN/);
    await waitFor(() => (stream.seen.includes('error') ? true : undefined), output);
    expect(stream.seen).not.toContain('reload');
    expect(await get('/en/DROC')).toEqual(before);

    await edit('en/DROC.md', good.replace('## About', '## About\n\nFIXED-MARKER.'));
    await waitForPage('/en/DROC', (page) => page.text.includes('FIXED-MARKER'));
    await waitFor(() => (stream.seen.includes('reload') ? true : undefined), output);
    stream.close();
  });

  it('never loses a second save made right after the first', async () => {
    const text = await read('en/DROC.md');
    const { child, output } = await shared();
    const announced = output.stdout.match(/^Change detected: /gm)?.length ?? 0;
    // The second save follows the moment watch reports the first, inside chokidar's 50 ms window in which it
    // drops a second change of one file (README, "watch"): an event, not a fixed sleep, starts it.
    const noticed = new Promise<void>((done) => {
      const look = (): void => {
        if ((output.stdout.match(/^Change detected: /gm)?.length ?? 0) <= announced) return;
        child.stdout?.off('data', look);
        done();
      };
      child.stdout?.on('data', look);
    });
    await edit('en/DROC.md', text.replace('## About', '## About\n\nFIRST-SAVE.'));
    await noticed;
    await edit('en/DROC.md', text.replace('## About', '## About\n\nSECOND-SAVE.'));
    await waitForPage('/en/DROC', (page) => page.text.includes('SECOND-SAVE'));
  });

  it('carries a text edit to the fallback copy and to the page showing the article in full; a title edit to the lists', async () => {
    await edit('zh/only-zh.md', '---\ntitle: 仅中文\ndescription: 只有中文的页面\n---\n\n第一版。\n');
    await waitForPage('/en/only-zh', (page) => page.status === 200, 20_000);
    await edit('zh/only-zh.md', '---\ntitle: 仅中文\ndescription: 只有中文的页面\n---\n\n第二版 TWIN-MARKER。\n');
    await waitForPage('/en/only-zh', (page) => page.text.includes('TWIN-MARKER'));
    expect((await get('/only-zh')).text).toContain('TWIN-MARKER');

    // The newest article is shown in full on /newsDetail.
    const article = 'en/news/radiology-trade-show-2024.md';
    const text = await read(article);
    await edit(article, `${text}\nFEATURED-MARKER.\n`);
    await waitForPage('/en/newsDetail', (page) => page.text.includes('FEATURED-MARKER'));
    expect((await get('/en/news/radiology-trade-show-2024')).text).toContain('FEATURED-MARKER');

    await edit(article, `${text.replace(/^title: (.*)$/m, 'title: $1 TITLE-MARKER')}\nFEATURED-MARKER.\n`);
    await waitForPage('/en/news', (page) => page.text.includes('TITLE-MARKER'), 20_000);
  });

  it('adds a new page and removes a deleted one', async () => {
    await edit('en/fresh-page.md', '---\ntitle: Fresh\ndescription: A new page\n---\n\nFresh text.\n');
    await waitForPage('/en/fresh-page', (page) => page.status === 200, 20_000);
    await remove('en/fresh-page.md');
    await waitForPage('/en/fresh-page', (page) => page.status === 404, 20_000);
  });

  it('moves to the next port when the one asked for is busy', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    const watch = await startWatch(makeContent(), undefined, port);
    try {
      expect(watch.output.stdout + watch.output.stderr).toContain(`Port ${port} is busy`);
      expect(watch.url).toBe(`http://127.0.0.1:${port + 1}`);
    } finally {
      await stop(watch);
      blocker.close();
    }
  });

  it('stops cleanly on Ctrl-C and leaves no temporary folders', async () => {
    const content = makeContent();
    const watch = await startWatch(content);
    writeFileSync(join(content, 'en', 'index.md'), '---\ntitle: Home\ndescription: Test home\nkeywords: test\n---\n\nEdited.\n');
    await waitFor(() => (/^Rebuilt /m.test(watch.output.stdout) ? true : undefined), watch.output);
    expect(await stop(watch)).toBe(0);
    expect(watch.output.stdout).toContain('Stopped.');
    expect(readdirSync(dirname(watch.out)).filter((n) => n.includes('.tmp'))).toEqual([]);
  });
});
