/**
 * The live-reload client that `watch` serves and injects into every HTML response (never into `build`
 * output; README, "watch"). It listens to the server's events (cli/core/serve/reload.ts): `reload` reloads
 * the page, `css` swaps the stylesheet in place, `error` shows an overlay with the problems (file and line),
 * `ok` removes it, `warnings` shows the build's warnings in a small amber panel of their own (collapsed to a
 * count; the list on a click, its first places of each kind from the event and the whole list fetched from
 * `/__ecom/warnings` when opened), apart from errors, which cover the page. Bundled on its own by
 * cli/core/load/bundle.ts; it imports nothing of the client script.
 */
import { LIVE_EVENTS, LIVE_WARNINGS } from '../shared/live-paths.ts';

/** The built stylesheet's path, the one `css` swaps. */
const STYLESHEET = /\/assets\/site\.[0-9a-f]+\.css$/;

// The server's endpoints sit beside this script, under whatever base path the site is served from.
const here = (document.currentScript as HTMLScriptElement).src;
const beside = (path: string): URL => new URL(path.slice(path.lastIndexOf('/') + 1), here);
const source = new EventSource(beside(LIVE_EVENTS));
let overlay: HTMLElement | null = null;
let panel: HTMLElement | null = null;

/** A fixed box of its own over the page, styled inline: the site's stylesheet knows nothing of it. */
function box(tag: string, id: string, role: string, style: Partial<CSSStyleDeclaration>): HTMLElement {
  const element = document.createElement(tag);
  element.id = id;
  element.setAttribute('role', role);
  Object.assign(element.style, { position: 'fixed', overflow: 'auto', ...style });
  return element;
}

const clear = (): void => {
  overlay?.remove();
  overlay = null;
};

source.addEventListener('reload', () => location.reload());

source.addEventListener('css', (event) => {
  const { href } = JSON.parse((event as MessageEvent<string>).data) as { href: string };
  for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
    if (STYLESHEET.test(link.getAttribute('href') ?? '')) link.setAttribute('href', href);
  }
  clear();
});

source.addEventListener('ok', clear);

source.addEventListener('warnings', (event) => {
  const { count, text, truncated } = JSON.parse((event as MessageEvent<string>).data) as {
    count: number;
    text: string;
    truncated: boolean;
  };
  panel?.remove();
  panel = null;
  if (!count) return;
  panel = box('details', 'ecom-warnings', 'status', {
    right: '12px',
    bottom: '12px',
    zIndex: '2147483646',
    maxWidth: 'min(720px, calc(100vw - 24px))',
    maxHeight: '60vh',
    background: '#fff8e1',
    color: '#4a3500',
    border: '2px solid #f0b400',
    borderRadius: '6px',
    font: '13px/1.5 ui-monospace, monospace',
    padding: '6px 10px',
    boxShadow: '0 2px 8px rgba(0,0,0,.2)',
  });
  const summary = document.createElement('summary');
  summary.textContent = `ecom-site: ${count} warning${count === 1 ? '' : 's'}`;
  summary.style.cursor = 'pointer';
  const list = document.createElement('pre');
  list.style.whiteSpace = 'pre-wrap';
  list.textContent = text;
  // An event carries the first places of each kind; the whole list is fetched when the panel opens.
  if (truncated) {
    let fetched = false;
    const shown = panel;
    shown.addEventListener('toggle', () => {
      if (!(shown as HTMLDetailsElement).open || fetched) return;
      fetched = true;
      fetch(beside(LIVE_WARNINGS), { cache: 'no-store' })
        .then((res) => (res.ok ? res.text() : Promise.reject(res.status)))
        .then(
          (all) => {
            if (shown === panel) list.textContent = all;
          },
          () => {
            fetched = false;
          },
        );
    });
  }
  panel.append(summary, list);
  document.body.append(panel);
});

// The server's `error` event carries data; the browser's own (a dropped connection) does not.
source.addEventListener('error', (event) => {
  const data = (event as MessageEvent<string>).data;
  if (!data) return;
  clear();
  overlay = box('div', 'ecom-overlay', 'alert', {
    inset: '0',
    zIndex: '2147483647',
    background: 'rgba(20,24,32,.94)',
    color: '#fff',
    font: '14px/1.5 ui-monospace, monospace',
    padding: '32px',
    whiteSpace: 'pre-wrap',
  });
  const title = document.createElement('strong');
  title.textContent = 'ecom-site: the last change did not build. The page shows the last good build.';
  const text = document.createElement('pre');
  text.textContent = (JSON.parse(data) as { text: string }).text;
  overlay.append(title, text);
  document.body.append(overlay);
});
