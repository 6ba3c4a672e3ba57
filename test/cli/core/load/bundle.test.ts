/**
 * cli/core/load/bundle.ts: `watch`'s live-reload client is client/live.ts bundled by esbuild. The bundle runs
 * here against a small stand-in for the browser (an event source the test drives, a document of plain
 * objects); the real browser runs it in test/cli/commands/watch-warnings.test.ts.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { buildLiveScript } from '../../../../cli/core/load/bundle.ts';
import { LIVE_EVENTS } from '../../../../shared/live-paths.ts';
import { ROOT, tempDir } from '../../../helpers/cli.ts';

interface FakeElement {
  tag: string;
  id: string;
  textContent: string;
  style: Record<string, string>;
  attributes: Map<string, string>;
  children: FakeElement[];
  parent: FakeElement | undefined;
  setAttribute(name: string, value: string): void;
  getAttribute(name: string): string | null;
  append(...children: FakeElement[]): void;
  remove(): void;
}

function element(tag: string): FakeElement {
  const self: FakeElement = {
    tag,
    id: '',
    textContent: '',
    style: {},
    attributes: new Map(),
    children: [],
    parent: undefined,
    setAttribute: (name, value) => self.attributes.set(name, value),
    getAttribute: (name) => self.attributes.get(name) ?? null,
    append(...children) {
      for (const child of children) {
        child.parent = self;
        self.children.push(child);
      }
    },
    remove() {
      if (self.parent) self.parent.children.splice(self.parent.children.indexOf(self), 1);
      self.parent = undefined;
    },
  };
  return self;
}

/** Runs the bundle in a fresh context; returns what it opened and a way to send it events. */
function runLive(script: string) {
  const body = element('body');
  const stylesheets = ['/assets/site.0123abcd.css', '/vendor/other.css'].map((href) => {
    const link = element('link');
    link.setAttribute('href', href);
    return link;
  });
  const listeners = new Map<string, (event: { data?: string }) => void>();
  const urls: string[] = [];
  let reloads = 0;
  class EventSource {
    constructor(url: string | URL) {
      urls.push(String(url));
    }
    addEventListener(type: string, listener: (event: { data?: string }) => void): void {
      listeners.set(type, listener);
    }
  }
  const document = {
    body,
    // The script finds the server's endpoints beside its own URL: here, a site served under a base path.
    currentScript: { src: SCRIPT_URL },
    createElement: element,
    querySelectorAll: (selector: string) => (selector === 'link[rel="stylesheet"]' ? stylesheets : []),
  };
  runInNewContext(script, { EventSource, URL, document, location: { reload: () => reloads++ } });
  const send = (type: string, data?: unknown): void => listeners.get(type)?.(data === undefined ? {} : { data: JSON.stringify(data) });
  return { body, stylesheets, urls, send, events: () => [...listeners.keys()].sort(), reloads: () => reloads };
}

/** Where the stand-in page loaded the live-reload script from: under a base path, as `watch --base-path` serves it. */
const SCRIPT_URL = 'http://127.0.0.1:4000/preview/pr-12/__ecom/live.js';

describe('the live-reload client', () => {
  it('is client/live.ts bundled into one script that listens to the event stream', async () => {
    const script = await buildLiveScript(ROOT, tempDir());
    expect(script).not.toMatch(/^\s*import\b|\brequire\(/m);
    const live = runLive(script);
    expect(live.urls).toEqual([`http://127.0.0.1:4000/preview/pr-12${LIVE_EVENTS}`]);
    expect(live.events()).toEqual(['css', 'error', 'ok', 'reload', 'warnings']);
  });

  it('reloads, swaps the built stylesheet, shows and clears the overlay and the warnings panel', async () => {
    const live = runLive(await buildLiveScript(ROOT, tempDir()));
    live.send('reload');
    expect(live.reloads()).toBe(1);

    live.send('error');
    expect(live.body.children).toEqual([]);
    live.send('error', { text: 'content/en/DROC.md:3 broken' });
    const [overlay] = live.body.children;
    expect(overlay?.id).toBe('ecom-overlay');
    expect(overlay?.children.map((child) => child.textContent)).toEqual([
      'ecom-site: the last change did not build. The page shows the last good build.',
      'content/en/DROC.md:3 broken',
    ]);
    live.send('ok');
    expect(live.body.children).toEqual([]);

    live.send('warnings', { count: 2, text: 'two warnings' });
    expect(live.body.children.map((child) => [child.id, child.children[0]?.textContent])).toEqual([
      ['ecom-warnings', 'ecom-site: 2 warnings'],
    ]);
    live.send('warnings', { count: 0, text: '' });
    expect(live.body.children).toEqual([]);

    live.send('error', { text: 'x' });
    live.send('css', { href: '/assets/site.4567cdef.css' });
    expect(live.stylesheets.map((link) => link.getAttribute('href'))).toEqual(['/assets/site.4567cdef.css', '/vendor/other.css']);
    expect(live.body.children).toEqual([]);
  });
});
