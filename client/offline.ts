/**
 * The `role="status"` element (docs/hosting.md, "Output"): it shows the offline notice while the browser is
 * offline (docs/architecture.md, "Client script") and, visually hidden, announces each newly loaded page to screen readers.
 * Its texts come localised from `data-offline-text` and `data-loaded-text`.
 */

const statusOf = (doc: Document): HTMLElement | null => doc.querySelector<HTMLElement>('.net-status[role=status]');

/** Shows or clears the offline notice to match `navigator.onLine`. */
export function showNetworkState(doc: Document): void {
  const status = statusOf(doc);
  if (!status) return;
  if (navigator.onLine) {
    if (!('announce' in status.dataset)) status.textContent = '';
  } else {
    delete status.dataset.announce;
    status.textContent = status.dataset.offlineText ?? '';
  }
}

/** Follows the browser's online and offline events. */
export function initNetworkState(doc: Document): void {
  const update = (): void => showNetworkState(doc);
  addEventListener('online', update);
  addEventListener('offline', update);
  update();
}

/** Announces a newly shown page ("Page loaded: DROC") unless the offline notice holds the element. */
export function announcePage(doc: Document, title: string): void {
  const status = statusOf(doc);
  if (!status || !navigator.onLine) return;
  status.dataset.announce = '';
  status.textContent = `${status.dataset.loadedText ?? ''} ${title}`.trim();
}
