/**
 * The live-reload client that `watch` injects into every HTML response (never into `build` output). It
 * listens to Server-Sent Events: `reload` reloads the page, `css` swaps the stylesheet in place, `error`
 * shows an overlay with the problems (file and line), `ok` removes it.
 */

/** Path of the event stream and of the script, outside any route the site can have. */
export const LIVE_EVENTS = '/__ecom/events';
export const LIVE_SCRIPT = '/__ecom/live.js';

/** The tag injected before `</body>`. */
export const LIVE_TAG = `<script src="${LIVE_SCRIPT}" defer></script>`;

/** The client script itself (plain ES2020, no dependencies). */
export const LIVE_CLIENT = `(() => {
  const source = new EventSource(${JSON.stringify(LIVE_EVENTS)});
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
