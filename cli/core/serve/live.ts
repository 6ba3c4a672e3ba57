/**
 * The live-reload client that `watch` injects into every HTML response (never into `build` output). It
 * listens to Server-Sent Events: `reload` reloads the page, `css` swaps the stylesheet in place, `error`
 * shows an overlay with the problems (file and line), `ok` removes it, `warnings` shows the build's
 * warnings in a small amber panel of their own (collapsed to a count; the list on a click), apart from
 * errors, which cover the page.
 */

import { urlOf } from '../common/base-path.ts';

/** Path of the event stream and of the script, outside any route the site can have. */
export const LIVE_EVENTS = '/__ecom/events';
export const LIVE_SCRIPT = '/__ecom/live.js';
/** The warnings of the last good build, as text. */
export const LIVE_WARNINGS = '/__ecom/warnings';

/** The tag injected before `</body>`, the script under the site's base path (cli/core/common/base-path.ts). */
export function liveTag(basePath: string): string {
  return `<script src="${urlOf(basePath, LIVE_SCRIPT)}" defer></script>`;
}

/** The client script itself (plain ES2020, no dependencies). */
export const LIVE_CLIENT = `(() => {
  // The events are beside this script, under the site's base path.
  const source = new EventSource(new URL(${JSON.stringify(LIVE_EVENTS.split('/').pop())}, document.currentScript.src));
  let overlay = null;
  const clear = () => { if (overlay) { overlay.remove(); overlay = null; } };
  source.addEventListener('reload', () => location.reload());
  source.addEventListener('css', (event) => {
    const { href } = JSON.parse(event.data);
    for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
      if (/\\/assets\\/site\\.[0-9a-f]+\\.css$/.test(link.getAttribute('href') || '')) link.setAttribute('href', href);
    }
    clear();
  });
  source.addEventListener('ok', clear);
  let panel = null;
  source.addEventListener('warnings', (event) => {
    const { count, text } = JSON.parse(event.data);
    if (panel) { panel.remove(); panel = null; }
    if (!count) return;
    panel = document.createElement('details');
    panel.id = 'ecom-warnings';
    panel.setAttribute('role', 'status');
    Object.assign(panel.style, { position: 'fixed', right: '12px', bottom: '12px', zIndex: '2147483646', maxWidth: 'min(720px, calc(100vw - 24px))', maxHeight: '60vh', overflow: 'auto', background: '#fff8e1', color: '#4a3500', border: '2px solid #f0b400', borderRadius: '6px', font: '13px/1.5 ui-monospace, monospace', padding: '6px 10px', boxShadow: '0 2px 8px rgba(0,0,0,.2)' });
    const summary = document.createElement('summary');
    summary.textContent = 'ecom-site: ' + count + ' warning' + (count === 1 ? '' : 's');
    summary.style.cursor = 'pointer';
    const list = document.createElement('pre');
    list.style.whiteSpace = 'pre-wrap';
    list.textContent = text;
    panel.append(summary, list);
    document.body.append(panel);
  });
  source.addEventListener('error', (event) => {
    if (!event.data) return;
    clear();
    overlay = document.createElement('div');
    overlay.id = 'ecom-overlay';
    overlay.setAttribute('role', 'alert');
    Object.assign(overlay.style, { position: 'fixed', inset: '0', zIndex: '2147483647', background: 'rgba(20,24,32,.94)', color: '#fff', font: '14px/1.5 ui-monospace, monospace', padding: '32px', overflow: 'auto', whiteSpace: 'pre-wrap' });
    const title = document.createElement('strong');
    title.textContent = 'ecom-site: the last change did not build. The page shows the last good build.';
    const text = document.createElement('pre');
    text.textContent = JSON.parse(event.data).text;
    overlay.append(title, text);
    document.body.append(overlay);
  });
})();
`;
