/** The product dropdown: the button toggles it, Escape and a click outside close it. */

/** Wires every `[data-menu]` dropdown of the document. */
export function initMenu(doc: Document): void {
  for (const item of doc.querySelectorAll<HTMLElement>('[data-menu]')) {
    const button = item.querySelector<HTMLButtonElement>('button[aria-controls]');
    if (!button) continue;
    const set = (open: boolean): void => {
      button.setAttribute('aria-expanded', String(open));
      item.classList.toggle('open', open);
    };
    button.addEventListener('click', () => set(button.getAttribute('aria-expanded') !== 'true'));
    item.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && button.getAttribute('aria-expanded') === 'true') {
        set(false);
        button.focus();
      }
    });
    doc.addEventListener('click', (event) => {
      if (!item.contains(event.target as Node)) set(false);
    });
  }
}
