/**
 * The error state (docs/architecture.md, "Error state"): a 404 shows 'This page could not be found' with a link back home;
 * any other error shows its status code (500 when none) and its message ('Error' when none). The texts
 * come localised from `data-error-*` attributes of `<main>`. The error page replaces `<main>`, so the
 * next navigation, which swaps `<main>` again, clears the state. If building it throws, a plain fallback
 * says 'An error occurred while showing the error page' with a link home.
 */

/** What went wrong: an HTTP status (0 or absent for a network failure) and a message. */
export interface PageError {
  statusCode?: number;
  message?: string;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Shows the error page in place of the content, titles the document after it and returns that title. */
export function showError(doc: Document, error: PageError): string {
  const main = doc.querySelector<HTMLElement>('main#main');
  if (!main) return '';
  const texts = main.dataset;
  const home = doc.querySelector('a.brand')?.getAttribute('href') ?? '/';
  const code = error.statusCode || 500;
  const title = code === 404 ? (texts.errorNotFound ?? 'This page could not be found') : error.message || texts.errorGeneric || 'Error';
  try {
    const page = main.cloneNode(false) as HTMLElement;
    page.removeAttribute('lang');
    page.dataset.template = 'error';
    page.dataset.error = String(code);
    page.innerHTML =
      `<div class="band error-page" data-error="${code}"><div class="container prose"><p class="error-code">${code}</p>` +
      `<h1>${escapeHtml(title)}</h1><p><a class="button" href="${escapeHtml(home)}">${escapeHtml(texts.errorBackHome ?? 'Back to the home page')}</a></p></div></div>`;
    main.replaceWith(page);
    doc.title = title;
    return title;
  } catch {
    const failed = texts.errorShowFailed ?? 'An error occurred while showing the error page';
    main.dataset.error = String(code);
    main.innerHTML = `<div class="band error-page"><div class="container prose"><h1>${escapeHtml(failed)}</h1><p><a href="${escapeHtml(home)}">${escapeHtml(texts.errorGoHome ?? 'Go back to home')}</a></p></div></div>`;
    doc.title = failed;
    return failed;
  }
}
