/** The back-to-top button (docs/hosting.md, "Output"): visible once the reader has scrolled half a screen. */

/** Shows the button after scrolling and scrolls to the top (and moves focus there) when it is pressed. */
export function initBackToTop(doc: Document): void {
  const update = (): void => {
    doc.querySelector('.back-to-top')?.setAttribute('data-visible', String(scrollY > innerHeight / 2));
  };
  addEventListener('scroll', update, { passive: true });
  doc.addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || !event.target.closest('.back-to-top')) return;
    // The stylesheet's `scroll-behavior: smooth` animates this, except for readers who prefer less motion.
    scrollTo({ top: 0 });
    // Focus follows the view, so the next Tab starts at the top of the content, not after the button.
    doc.getElementById('main')?.focus({ preventScroll: true });
  });
  update();
}
