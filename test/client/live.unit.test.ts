// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true,"disableCSSFileLoading":true,"disableJavaScriptFileLoading":true}}
/**
 * client/live.ts in Node, on happy-dom's document, with an event stream and `fetch` of our own: what each
 * of `watch`'s events does to the open page (reload, the stylesheet swapped in place, the error overlay
 * shown and cleared, the warnings panel and its whole list fetched when opened), and the endpoints it asks
 * for beside its own script under a base path. The script runs when imported, so each test imports it anew.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const SCRIPT = 'http://localhost:3000/preview/pr-1/__ecom/live.js';

/** The server's event stream, as the script sees it: the address asked for and the listeners added. */
class FakeEventSource {
  static made: FakeEventSource[] = [];
  readonly url: string;
  readonly listeners = new Map<string, Array<(event: Event) => void>>();
  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.made.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  /** Sends event `type`, with `data` as its JSON, or none (the browser's own `error` on a dropped connection). */
  emit(type: string, data?: unknown): void {
    const event = data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/** Answers for the warnings endpoint, in order; each is the text or a status that failed. */
let answers: Array<string | number> = [];
let requests: Array<[string, RequestInit | undefined]> = [];
let held: Array<() => void> = [];
let hold = false;
let reloads = 0;

/** Runs the script as a page of `watch` does; returns its event stream. */
async function start(): Promise<FakeEventSource> {
  vi.resetModules();
  FakeEventSource.made = [];
  await import('../../client/live.ts');
  const [source] = FakeEventSource.made;
  if (!source) throw new Error('no event stream');
  return source;
}

const overlay = (): HTMLElement | null => document.getElementById('ecom-overlay');
const panel = (): HTMLDetailsElement | null => document.getElementById('ecom-warnings') as HTMLDetailsElement | null;
/** Opens or closes the warnings panel as a click on its summary does. */
function toggle(open: boolean): void {
  const details = panel() as HTMLDetailsElement;
  details.open = open;
  details.dispatchEvent(new Event('toggle'));
}
const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  document.head.innerHTML =
    '<link rel="stylesheet" href="/preview/pr-1/assets/site.0a1b.css"><link rel="stylesheet" href="/preview/pr-1/assets/site.css">' +
    '<link rel="stylesheet" href="/preview/pr-1/assets/vendor.0a1b.css"><link rel="preload" href="/preview/pr-1/assets/site.0a1b.css">';
  document.body.innerHTML = '<main><p>page</p></main>';
  answers = [];
  requests = [];
  held = [];
  hold = false;
  reloads = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(Object.assign(document.createElement('script'), { src: SCRIPT }));
  vi.spyOn(location, 'reload').mockImplementation(() => void reloads++);
  vi.stubGlobal('fetch', (url: URL, init?: RequestInit) => {
    requests.push([String(url), init]);
    const answer = answers.shift() ?? 500;
    const response =
      typeof answer === 'number' ? { ok: false, status: answer } : { ok: true, status: 200, text: () => Promise.resolve(answer) };
    if (!hold) return Promise.resolve(response);
    return new Promise((resolve) => held.push(() => resolve(response)));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the live-reload client', () => {
  it('listens to the events beside its own script, under the base path', async () => {
    const source = await start();
    expect(source.url).toBe('http://localhost:3000/preview/pr-1/__ecom/events');
  });

  it('reloads the page on `reload`', async () => {
    const source = await start();
    source.emit('reload', {});
    expect(reloads).toBe(1);
  });

  it('swaps the built stylesheet in place on `css`, and no other link', async () => {
    const source = await start();
    source.emit('css', { href: '/preview/pr-1/assets/site.ff00.css' });
    expect([...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'))).toEqual([
      '/preview/pr-1/assets/site.ff00.css',
      '/preview/pr-1/assets/site.css',
      '/preview/pr-1/assets/vendor.0a1b.css',
      '/preview/pr-1/assets/site.0a1b.css',
    ]);
    expect(reloads).toBe(0);
  });

  it('covers the page with the problems on `error`, one overlay at a time, and clears it on `ok` or `css`', async () => {
    const source = await start();
    source.emit('error', { text: 'content/en/A.md:3:1  E_YAML  bad' });
    const shown = overlay();
    expect(shown?.getAttribute('role')).toBe('alert');
    expect(shown?.querySelector('strong')?.textContent).toBe(
      'ecom-site: the last change did not build. The page shows the last good build.',
    );
    expect(shown?.querySelector('pre')?.textContent).toBe('content/en/A.md:3:1  E_YAML  bad');
    expect(shown?.parentElement).toBe(document.body);
    // Over the whole page and everything on it, in a style of its own.
    expect(shown?.getAttribute('style')).toBe(
      'position: fixed; overflow: auto; inset: 0; z-index: 2147483647; background: rgba(20, 24, 32, .94); color: #fff; ' +
        'font: 14px / 1.5 ui-monospace, monospace; padding: 32px; white-space: pre-wrap;',
    );
    source.emit('error', { text: 'second' });
    expect(document.querySelectorAll('#ecom-overlay')).toHaveLength(1);
    expect(overlay()?.querySelector('pre')?.textContent).toBe('second');
    source.emit('ok', {});
    expect(overlay()).toBeNull();
    source.emit('error', { text: 'third' });
    source.emit('css', { href: '/preview/pr-1/assets/site.ff00.css' });
    expect(overlay()).toBeNull();
    source.emit('ok', {});
    expect(overlay()).toBeNull();
  });

  it('leaves the page alone when the connection drops (an `error` without data)', async () => {
    const source = await start();
    source.emit('error', { text: 'shown' });
    source.emit('error');
    expect(overlay()?.querySelector('pre')?.textContent).toBe('shown');
  });

  it('shows the warnings in a collapsed panel of their own, counted, and replaces or removes it', async () => {
    const source = await start();
    source.emit('warnings', { count: 1, text: 'content/en/A.md  W_ALT  no alt text', truncated: false });
    const first = panel();
    expect(first?.tagName).toBe('DETAILS');
    expect([first?.getAttribute('role'), first?.open, first?.parentElement]).toEqual(['status', false, document.body]);
    expect(first?.querySelector('summary')?.textContent).toBe('ecom-site: 1 warning');
    expect(first?.querySelector('summary')?.style.cursor).toBe('pointer');
    expect(first?.querySelector('pre')?.textContent).toBe('content/en/A.md  W_ALT  no alt text');
    expect(first?.querySelector('pre')?.style.whiteSpace).toBe('pre-wrap');
    // In a corner, below the overlay, in amber.
    expect(first?.getAttribute('style')).toBe(
      'position: fixed; overflow: auto; right: 12px; bottom: 12px; z-index: 2147483646; max-width: min(720px, calc(100vw - 24px)); ' +
        'max-height: 60vh; background: #fff8e1; color: #4a3500; border: 2px solid #f0b400; border-radius: 6px; ' +
        'font: 13px / 1.5 ui-monospace, monospace; padding: 6px 10px; box-shadow: 0 2px 8px rgba(0,0,0,.2);',
    );
    source.emit('warnings', { count: 3, text: 'three', truncated: false });
    expect(document.querySelectorAll('#ecom-warnings')).toHaveLength(1);
    expect(panel()?.querySelector('summary')?.textContent).toBe('ecom-site: 3 warnings');
    toggle(true);
    await flush();
    expect(requests).toEqual([]);
    source.emit('warnings', { count: 0, text: '', truncated: false });
    expect(panel()).toBeNull();
    source.emit('warnings', { count: 0, text: '', truncated: false });
    expect(panel()).toBeNull();
  });

  it('fetches the whole list of a shortened panel when it is first opened, and again only after a failure', async () => {
    const source = await start();
    source.emit('warnings', { count: 40, text: 'the first places', truncated: true });
    const list = panel()?.querySelector('pre');
    toggle(false);
    await flush();
    expect(requests).toEqual([]);
    answers = [503, 'all forty places'];
    toggle(true);
    await flush();
    expect(requests).toEqual([['http://localhost:3000/preview/pr-1/__ecom/warnings', { cache: 'no-store' }]]);
    expect(list?.textContent).toBe('the first places');
    toggle(false);
    toggle(true);
    await flush();
    expect(requests).toHaveLength(2);
    expect(list?.textContent).toBe('all forty places');
    toggle(false);
    toggle(true);
    await flush();
    expect(requests).toHaveLength(2);
  });

  it('never writes a list fetched for a panel that newer warnings replaced', async () => {
    const source = await start();
    source.emit('warnings', { count: 40, text: 'old places', truncated: true });
    const old = panel()?.querySelector('pre');
    hold = true;
    answers = ['old whole list'];
    toggle(true);
    source.emit('warnings', { count: 2, text: 'new places', truncated: false });
    for (const release of held) release();
    await flush();
    expect(requests).toHaveLength(1);
    expect(old?.textContent).toBe('old places');
    expect(panel()?.querySelector('pre')?.textContent).toBe('new places');
  });
});
