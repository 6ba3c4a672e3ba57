/**
 * The product dropdown and the language list of a site with three or more locales (docs/hosting.md, "Output"). The stylesheet already opens it on hover and focus-within
 * (so it works before and without the script) and on `.open`; the script adds the button's toggle and
 * `aria-expanded`, Escape and a click outside to close it, and arrow keys, Home and End to move through
 * its links. `.closed` hides it even while the pointer or focus is inside (after Escape, or after the
 * button or a link in it was clicked) until the pointer leaves or focus comes back from outside.
 * Listeners sit on the document, so a header swapped in by navigation works without wiring it again.
 */

const MENU = '[data-menu]';

const buttonOf = (item: Element): HTMLButtonElement | null => item.querySelector('button[aria-controls]');
const linksOf = (item: Element): HTMLAnchorElement[] => [
  ...item.querySelectorAll<HTMLAnchorElement>('.mega-menu a[href], .language-list a[href]'),
];
const itemOf = (target: EventTarget | null): HTMLElement | null => (target instanceof Element ? target.closest<HTMLElement>(MENU) : null);

/** Opens or closes `item`; `hide` also overrides the stylesheet's hover and focus-within. */
function setOpen(item: Element, open: boolean, hide = !open): void {
  buttonOf(item)?.setAttribute('aria-expanded', String(open));
  item.classList.toggle('open', open);
  item.classList.toggle('closed', hide);
}

/** The link to focus after `key` when link `index` (-1: the button) has focus, if the key moves. */
function nextIndex(key: string, index: number, count: number): number | undefined {
  if (key === 'ArrowDown') return (index + 1) % count;
  if (key === 'ArrowUp') return (Math.max(index, 0) + count - 1) % count;
  if (key === 'Home' && index >= 0) return 0;
  if (key === 'End' && index >= 0) return count - 1;
  return undefined;
}

/** Wires every `[data-menu]` dropdown of the document, present and future. */
export function initMenu(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const target = event.target as Node;
    for (const item of doc.querySelectorAll(MENU)) {
      const button = buttonOf(item);
      if (button?.contains(target)) setOpen(item, button.getAttribute('aria-expanded') !== 'true');
      // A chosen link closes the menu; the page behind it loads.
      else if (item.contains(target)) setOpen(item, !(target instanceof Element && target.closest('a')));
      else if (item.classList.contains('open')) setOpen(item, false, false);
    }
  });

  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      for (const item of doc.querySelectorAll(MENU)) {
        const hasFocus = item.contains(doc.activeElement);
        if (!hasFocus && !item.classList.contains('open') && !item.matches(':hover')) continue;
        // Focus goes back to the button first, so hiding the menu never drops focus to the page start.
        if (hasFocus) buttonOf(item)?.focus();
        setOpen(item, false);
      }
      return;
    }
    const item = itemOf(event.target);
    if (!item) return;
    const links = linksOf(item);
    const next = nextIndex(event.key, links.indexOf(doc.activeElement as HTMLAnchorElement), links.length);
    if (next === undefined || !links[next]) return;
    event.preventDefault();
    setOpen(item, true);
    links[next].focus();
  });

  // Focus coming in from outside lifts `.closed`; focus on one of the links means the menu is open.
  doc.addEventListener('focusin', (event) => {
    const item = itemOf(event.target);
    if (!item) return;
    if (!item.contains(event.relatedTarget as Node | null)) item.classList.remove('closed');
    if (event.target instanceof HTMLAnchorElement && !item.classList.contains('closed')) setOpen(item, true);
  });
  // Focus leaving closes it; `.closed` stays while the pointer is still over it (a link was just chosen).
  doc.addEventListener('focusout', (event) => {
    const item = itemOf(event.target);
    if (!item || item.contains(event.relatedTarget as Node | null)) return;
    setOpen(item, false, item.classList.contains('closed') && item.matches(':hover'));
  });
  // The pointer leaving lifts `.closed`, unless focus is still inside (the stylesheet would reopen it).
  doc.addEventListener('mouseout', (event) => {
    const item = itemOf(event.target);
    if (item && !item.contains(event.relatedTarget as Node | null) && !item.contains(doc.activeElement)) item.classList.remove('closed');
  });
}
