/**
 * cli/core/serve/reload.ts: watch's live-reload endpoints. Every HTML page carries the client, the event
 * stream tells open pages what changed, and a page that connects late is told the failure and warnings
 * that the pages before it saw.
 */
import { writeFileSync } from 'node:fs';
import { createServer, get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { problem, type Problem } from '../../../../cli/core/common/errors.ts';
import { formatWarnings } from '../../../../cli/core/reporter.ts';
import { liveReload as liveReloadServing, liveTag, serveLive, type LiveReload } from '../../../../cli/core/serve/reload.ts';
import type { RunningServer } from '../../../../cli/core/serve/serve.ts';
import { LIVE_EVENTS } from '../../../../shared/live-paths.ts';
import { tempDir, waitFor } from '../../../helpers/cli.ts';

/** What the channels of these tests serve as their script; the real one is client/live.ts, bundled. */
const SCRIPT = '/* the live-reload client */';
const liveReload = (describe: (list: readonly Problem[], limit?: number) => string): LiveReload => liveReloadServing(describe, SCRIPT);

const describeWarnings = (list: readonly Problem[]): string => `\n${list.map((p) => p.message).join('\n')}\n`;
const warning = problem('TRANSLATION_MISSING', 'a page is taken from the other locale');
const broken = problem('LINK_BROKEN', 'a link leads nowhere', { file: 'content/en/DROC.md', line: 3 });

const open: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const thing of open.splice(0)) await thing.close();
});

async function serve(live: LiveReload): Promise<RunningServer> {
  const dir = tempDir();
  writeFileSync(join(dir, 'index.html'), '<html><body><p>home</p></body></html>');
  const server = await serveLive(dir, '127.0.0.1', 0, live, () => undefined);
  open.push(server, live);
  return server;
}

function fetchText(url: string): Promise<{ status: number; type: string; body: string }> {
  return fetch(url).then(async (res) => ({ status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() }));
}

/** Opens the event stream; `text()` is what arrived so far. */
function listen(server: RunningServer): Promise<{ text(): string }> {
  return new Promise((done, fail) => {
    get(`${server.url}${LIVE_EVENTS}`, (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      done({ text: () => text });
    }).on('error', fail);
  });
}

describe('live reload', () => {
  it('puts its client into every HTML page and serves the script', async () => {
    const server = await serve(liveReload(describeWarnings));
    expect((await fetchText(`${server.url}/`)).body).toBe(`<html><body><p>home</p>${liveTag('/')}</body></html>`);
    const script = await fetchText(`${server.url}/__ecom/live.js`);
    expect(script.type).toBe('text/javascript; charset=utf-8');
    expect(script.body).toBe(SCRIPT);
  });

  it('serves the folder, the client and its endpoints under the base path the build was made for, nothing outside it', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'index.html'), '<html><body><p>home</p></body></html>');
    let basePath = '/preview/pr-12/';
    const live = liveReload(describeWarnings);
    const server = await serveLive(
      dir,
      '127.0.0.1',
      0,
      live,
      () => undefined,
      () => basePath,
    );
    open.push(server, live);
    expect((await fetchText(`${server.url}/preview/pr-12/`)).body).toBe(
      '<html><body><p>home</p><script src="/preview/pr-12/__ecom/live.js" defer></script></body></html>',
    );
    expect((await fetchText(`${server.url}/preview/pr-12/__ecom/live.js`)).body).toBe(SCRIPT);
    expect((await fetchText(`${server.url}/preview/pr-12/__ecom/warnings`)).body).toBe('No warnings.\n');
    for (const path of ['/', '/__ecom/live.js', '/__ecom/warnings', '/preview/pr-1/'])
      expect([path, (await fetchText(`${server.url}${path}`)).status]).toEqual([path, 404]);
    // A rebuild for another base path moves the site there.
    basePath = '/';
    expect((await fetchText(`${server.url}/`)).status).toBe(200);
    expect((await fetchText(`${server.url}/preview/pr-12/`)).status).toBe(404);
  });

  it('tells open pages to reload and to swap the stylesheet', async () => {
    const live = liveReload(describeWarnings);
    const server = await serve(live);
    const page = await listen(server);
    await waitFor(() => (page.text().includes(': connected') ? true : undefined), page.text);
    live.reload();
    live.swapStylesheet('/assets/site.123.css');
    await waitFor(() => (page.text().includes('event: css') ? true : undefined), page.text);
    expect(page.text()).toBe(': connected\n\nevent: reload\ndata: {}\n\nevent: css\ndata: {"href":"/assets/site.123.css"}\n\n');
  });

  it('shows a failure and the warnings to a page that connects after them, until the failure is recovered', async () => {
    const live = liveReload(describeWarnings);
    const server = await serve(live);
    expect((await fetchText(`${server.url}/__ecom/warnings`)).body).toBe('No warnings.\n');
    live.setWarnings([warning]);
    live.fail([broken]);
    expect((await fetchText(`${server.url}/__ecom/warnings`)).body).toBe('a page is taken from the other locale\n');
    const late = await listen(server);
    await waitFor(() => (late.text().includes('event: warnings') ? true : undefined), late.text);
    expect(late.text()).toContain('event: error\ndata: {"text":"content/en/DROC.md:3');
    expect(late.text()).toContain(
      'event: warnings\ndata: {"count":1,"text":"a page is taken from the other locale\\n","truncated":false,"full":"/__ecom/warnings"}',
    );
    expect(live.recover()).toBe(true);
    expect(live.recover()).toBe(false);
    const later = await listen(server);
    await waitFor(() => (later.text().includes('event: warnings') ? true : undefined), later.text);
    expect(later.text()).not.toContain('event: error');
  });

  it('sends counts and the first places of each kind with 5,000 warnings, and the whole list on request', async () => {
    // The terminal's format, as watch gives it (cli/commands/watch.ts).
    const live = liveReload((list, limit) => formatWarnings(list, undefined, limit === undefined ? {} : { limit, more: 'open the panel' }));
    const server = await serve(live);
    const warnings = Array.from({ length: 5000 }, (_, i) =>
      problem(i % 2 ? 'CJK_SPACING' : 'DESCRIPTION_MISSING', `Problem ${i}.`, { file: `content/zh/p${i}.md`, line: 1 }),
    );
    live.setWarnings(warnings);
    const page = await listen(server);
    await waitFor(() => (page.text().includes('event: warnings') ? true : undefined), page.text);
    const data = JSON.parse(page.text().split('event: warnings\ndata: ')[1]?.split('\n')[0] ?? '') as {
      count: number;
      text: string;
      truncated: boolean;
      full: string;
    };
    expect(data).toMatchObject({ count: 5000, truncated: true, full: '/__ecom/warnings' });
    // Two kinds, ten places each, "… and 2490 more" under each: a few lines, not 5,000.
    expect(data.text.match(/ {2}content\/zh\/p\d+\.md:1 /g)).toHaveLength(20);
    expect(data.text.match(/… and 2490 more: open the panel/g)).toHaveLength(2);
    expect(Buffer.byteLength(page.text())).toBeLessThan(5000);
    const full = (await fetchText(`${server.url}/__ecom/warnings`)).body;
    expect(full.match(/ {2}content\/zh\/p\d+\.md:1 /g)).toHaveLength(5000);
    expect(full).not.toContain('more');
  });

  it('tries the next port when the one asked for is busy', async () => {
    const busy = createServer();
    await new Promise<void>((ready) => busy.listen(0, '127.0.0.1', ready));
    open.push(busy);
    const { port } = busy.address() as AddressInfo;
    const told: number[] = [];
    const live = liveReload(describeWarnings);
    const server = await serveLive(tempDir(), '127.0.0.1', port, live, (p) => told.push(p));
    open.push(server);
    expect(told[0]).toBe(port);
    expect(Number(new URL(server.url).port)).toBeGreaterThan(port);
  });
});
