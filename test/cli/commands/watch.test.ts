import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyContent, ROOT } from '../../helpers/cli.ts';

let child: ChildProcess;
let url: string;
let content: string;
let out: string;
let stdout = '';
let stderr = '';

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out; stdout:\n${stdout}\nstderr:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const get = async (path: string): Promise<{ status: number; text: string }> => {
  const res = await fetch(`${url}${path}`);
  return { status: res.status, text: await res.text() };
};

/** Collects the Server-Sent Events of the live-reload stream. */
async function events(): Promise<{ seen: string[]; close(): void }> {
  const controller = new AbortController();
  const res = await fetch(`${url}/__ecom/events`, { signal: controller.signal });
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

beforeAll(async () => {
  content = copyContent();
  out = join(dirname(content), 'dist');
  child = spawn(process.execPath, [join(ROOT, 'bin', 'ecom-site.js'), 'watch', '--content', content, '--out', out, '--port', '0'], { cwd: ROOT });
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  url = await waitFor(() => /Serving (http:\/\/[\d.]+:\d+)/.exec(stdout)?.[1], 60_000);
});

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
});

describe('ecom-site watch', () => {
  it('listens on 127.0.0.1 only, by default', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const port = Number(new URL(url).port);
    const other = Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
    if (other) {
      const reached = await fetch(`http://${other.address}:${port}/`).then(() => true, () => false);
      expect(reached).toBe(false);
    }
  });

  it('serves every route like production, with the live-reload script injected only here', async () => {
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

  it('never serves a file outside the output folder', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/en/..%2f..%2fpackage.json', '/..%5c..%5cpackage.json', '/%2e%2e%2f%2e%2e%2fetc/passwd', '/.ecom-site']) {
      const res = await fetch(`${url}${path}`);
      const text = await res.text();
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(text, path).not.toContain('"name": "ecom-site"');
      expect(text, path).not.toContain('root:');
    }
  });

  it('serves a page edit within a second and sends a reload event', async () => {
    const stream = await events();
    const file = join(content, 'en', 'DROC.md');
    const started = Date.now();
    writeFileSync(file, readFileSync(file, 'utf8').replace('## About', '## About\n\nLIVE-EDIT-MARKER.'));
    await waitFor(async () => ((await get('/en/DROC')).text.includes('LIVE-EDIT-MARKER') ? true : undefined));
    expect(Date.now() - started).toBeLessThan(1000);
    await waitFor(() => (stream.seen.includes('reload') ? true : undefined));
    stream.close();
  });

  it('keeps serving the last good page on a broken edit, reports it, and recovers on the fix', async () => {
    const stream = await events();
    const file = join(content, 'en', 'DROC.md');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace('LIVE-EDIT-MARKER.', 'BROKEN [link](/NOPE-PAGE).'));
    await waitFor(() => (stderr.includes('LINK_BROKEN') ? true : undefined));
    expect(stderr).toMatch(/en\/DROC\.md:\d+:\d+\s+LINK_BROKEN/);
    await waitFor(() => (stream.seen.includes('error') ? true : undefined));
    const served = await get('/en/DROC');
    expect(served.status).toBe(200);
    expect(served.text).toContain('LIVE-EDIT-MARKER');
    expect(served.text).not.toContain('BROKEN');

    writeFileSync(file, good.replace('LIVE-EDIT-MARKER.', 'FIXED-MARKER.'));
    await waitFor(async () => ((await get('/en/DROC')).text.includes('FIXED-MARKER') ? true : undefined));
    await waitFor(() => (stream.seen.includes('reload') ? true : undefined));
    stream.close();
  });

  it('never loses a second save made right after the first', async () => {
    const file = join(content, 'en', 'DROC.md');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('## About', '## About\n\nFIRST-SAVE.'));
    await new Promise((r) => setTimeout(r, 30));
    writeFileSync(file, text.replace('## About', '## About\n\nSECOND-SAVE.'));
    await waitFor(async () => ((await get('/en/DROC')).text.includes('SECOND-SAVE') ? true : undefined));
  });

  it('carries a text edit to the fallback copy and to the page showing the article in full; a title edit to the lists', async () => {
    const only = join(content, 'zh', 'only-zh.md');
    writeFileSync(only, '---\ntitle: 仅中文\ndescription: 只有中文的页面\n---\n\n第一版。\n');
    await waitFor(async () => ((await get('/en/only-zh')).status === 200 ? true : undefined), 20_000);
    writeFileSync(only, '---\ntitle: 仅中文\ndescription: 只有中文的页面\n---\n\n第二版 TWIN-MARKER。\n');
    await waitFor(async () => ((await get('/en/only-zh')).text.includes('TWIN-MARKER') ? true : undefined));
    expect((await get('/only-zh')).text).toContain('TWIN-MARKER');

    // The newest article is shown in full on /newsDetail.
    const article = join(content, 'en', 'news', 'rsna-2024.md');
    writeFileSync(article, `${readFileSync(article, 'utf8')}\nFEATURED-MARKER.\n`);
    await waitFor(async () => ((await get('/en/newsDetail')).text.includes('FEATURED-MARKER') ? true : undefined));
    expect((await get('/en/news/rsna-2024')).text).toContain('FEATURED-MARKER');

    writeFileSync(article, readFileSync(article, 'utf8').replace(/^title: (.*)$/m, 'title: $1 TITLE-MARKER'));
    await waitFor(async () => ((await get('/en/news')).text.includes('TITLE-MARKER') ? true : undefined), 20_000);
    rmSync(only);
    await waitFor(async () => ((await get('/en/only-zh')).status === 404 ? true : undefined), 20_000);
  });

  it('adds a new page and removes a deleted one', async () => {
    writeFileSync(join(content, 'en', 'fresh-page.md'), '---\ntitle: Fresh\ndescription: A new page\n---\n\nFresh text.\n');
    await waitFor(async () => ((await get('/en/fresh-page')).status === 200 ? true : undefined), 20_000);
    rmSync(join(content, 'en', 'fresh-page.md'));
    await waitFor(async () => ((await get('/en/fresh-page')).status === 404 ? true : undefined), 20_000);
  });

  it('moves to the next port when the one asked for is busy', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    const second = spawn(process.execPath, [join(ROOT, 'bin', 'ecom-site.js'), 'watch', '--content', content, '--out', join(dirname(content), 'dist2'), '--port', String(port)], { cwd: ROOT });
    let text = '';
    second.stdout!.on('data', (d: Buffer) => (text += d.toString()));
    second.stderr!.on('data', (d: Buffer) => (text += d.toString()));
    await waitFor(() => (/Serving http:\/\/127\.0\.0\.1:(\d+)/.exec(text) ? true : undefined), 60_000);
    expect(text).toContain(`Port ${port} is busy`);
    expect(text).toContain(`Serving http://127.0.0.1:${port + 1}`);
    second.kill('SIGINT');
    await new Promise((r) => second.once('exit', r));
    blocker.close();
  });

  it('stops cleanly on Ctrl-C and leaves no temporary folders', async () => {
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(code).toBe(0);
    expect(stdout).toContain('Stopped.');
    expect(readdirSync(dirname(out)).filter((n) => n.includes('.tmp'))).toEqual([]);
  });
});
