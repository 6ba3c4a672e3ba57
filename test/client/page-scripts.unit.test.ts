// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true,"disableCSSFileLoading":true,"disableJavaScriptFileLoading":true,"navigation":{"disableMainFrameNavigation":true}}}
/**
 * The small scripts of every page in Node, on happy-dom's document: the back-to-top button, the old
 * `/newsDetail?id=` addresses, the search script loaded by the search page and the header box (a `data:`
 * module stands in for it), the root path's locale detection at the site's root and under a base path
 * (scripts that run when imported, so each is imported anew), and the client script's wiring.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initBackToTop } from '../../client/backToTop.ts';
import { redirectNewsDetail } from '../../client/newsDetail.ts';
import { initSearchBox, mountSearchPage } from '../../client/search/box.ts';

let replaced: string[] = [];

beforeEach(() => {
  replaced = [];
  vi.spyOn(location, 'replace').mockImplementation((url) => void replaced.push(String(url)));
  document.cookie = 'i18n_redirected=; max-age=0; path=/';
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('back to top', () => {
  it('shows the button past half a screen of scrolling, and takes the reader and focus to the top', () => {
    document.body.innerHTML =
      '<main id="main" tabindex="-1"><p class="inner">text</p></main><button class="back-to-top"><span>Top</span></button>';
    const button = document.querySelector('.back-to-top') as HTMLElement;
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
    scrollTo({ top: 0, behavior: 'instant' });
    initBackToTop(document);
    expect(button.dataset.visible).toBe('false');
    scrollTo({ top: 400, behavior: 'instant' });
    dispatchEvent(new Event('scroll'));
    expect(button.dataset.visible).toBe('false');
    scrollTo({ top: 401, behavior: 'instant' });
    dispatchEvent(new Event('scroll'));
    expect(button.dataset.visible).toBe('true');
    const scrolls = vi.spyOn(window, 'scrollTo');
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    document.querySelector('.inner')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(scrolls).not.toHaveBeenCalled();
    document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(scrolls).not.toHaveBeenCalled();
    button.querySelector('span')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(scrolls).toHaveBeenCalledWith({ top: 0 });
    expect(document.activeElement).toBe(document.getElementById('main'));
    // The scroll to the top is the stylesheet's smooth one; focus must not jump there first.
    expect(focus.mock.calls).toEqual([[{ preventScroll: true }]]);
  });

  it('works on a page without the button or main', () => {
    document.body.innerHTML = '<p>text</p>';
    initBackToTop(document);
    dispatchEvent(new Event('scroll'));
    expect(document.body.innerHTML).toBe('<p>text</p>');
  });
});

describe('old news addresses', () => {
  const page = (articles: string): void => {
    document.body.innerHTML = '<div data-news-detail=""></div>';
    (document.querySelector('[data-news-detail]') as HTMLElement).dataset.articles = articles;
  };

  it('sends a known id to its article, replacing the entry', () => {
    history.replaceState(null, '', '/en/newsDetail?id=b');
    page('a=/en/news/a b=/en/news/b');
    redirectNewsDetail(document);
    expect(replaced).toEqual(['/en/news/b']);
  });

  it('stays for an unknown id, no id, no list, or a target that is not a path of this site', () => {
    history.replaceState(null, '', '/en/newsDetail?id=c');
    page('a=/en/news/a');
    redirectNewsDetail(document);
    history.replaceState(null, '', '/en/newsDetail');
    redirectNewsDetail(document);
    history.replaceState(null, '', '/en/newsDetail?id=x');
    page('x=//evil.example/ x=https://evil.example/ x');
    redirectNewsDetail(document);
    document.body.innerHTML = '';
    redirectNewsDetail(document);
    expect(replaced).toEqual([]);
  });
});

/** The search script as a module: `mountSearch` records the roots it is given. */
const mounted: Element[] = [];
(globalThis as { mountedSearch?: Element[] }).mountedSearch = mounted;
let made = 0;
const searchScript = (body = 'export const mountSearch = (root) => globalThis.mountedSearch.push(root);'): string =>
  `data:text/javascript,${encodeURIComponent(`${body}//${++made}`)}`;
const until = (check: () => void): Promise<void> => vi.waitFor(check, { timeout: 10_000, interval: 5 });

describe('the search script', () => {
  beforeEach(() => {
    mounted.length = 0;
  });

  it('is run on the search page, once loaded, with its root', async () => {
    document.body.innerHTML = '<div class="search"><p class="search-status"></p></div>';
    const root = document.querySelector('.search') as HTMLElement;
    root.dataset.search = searchScript();
    mountSearchPage(document);
    await until(() => expect(mounted).toEqual([root]));
  });

  it('says the search could not load when the script fails', async () => {
    document.body.innerHTML = '<div class="search"><p class="search-status"></p></div>';
    const root = document.querySelector('.search') as HTMLElement;
    Object.assign(root.dataset, { search: searchScript('throw new Error("offline");'), textFailed: 'Could not load.' });
    mountSearchPage(document);
    await until(() => expect(root.querySelector('.search-status')?.textContent).toBe('Could not load.'));
  });

  it('does nothing on another page, or without a script address', () => {
    document.body.innerHTML = '<div class="search" data-search=""></div>';
    mountSearchPage(document);
    document.body.innerHTML = '<p>text</p>';
    mountSearchPage(document);
    expect(mounted).toEqual([]);
  });

  it('is loaded ahead when a header search box gets focus', async () => {
    const script = searchScript('globalThis.mountedSearch.push("loaded"); export const mountSearch = () => undefined;');
    document.body.innerHTML = '<form data-search-box><input name="q"></form><input id="other">';
    (document.querySelector('form') as HTMLElement).dataset.searchBox = script;
    initSearchBox(document);
    (document.getElementById('other') as HTMLElement).focus();
    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    (document.querySelector('input[name=q]') as HTMLElement).focus();
    await until(() => expect(mounted).toEqual(['loaded']));
  });
});

/** Runs a detection script on `path`, its tag naming `locales`, with the reader's `languages`. */
async function detect(script: 'detect' | 'detect-under-base', path: string, languages: string[], basePath?: string): Promise<void> {
  history.replaceState(null, '', path);
  if (basePath === undefined) delete document.documentElement.dataset.basePath;
  else document.documentElement.dataset.basePath = basePath;
  const tag = document.createElement('script');
  tag.dataset.locales = 'zh:zh-CN en:en ja:ja';
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(tag);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.resetModules();
  await import(script === 'detect' ? '../../client/detect.ts' : '../../client/detect-under-base.ts');
}

describe('locale detection on the root path', () => {
  it('sends a reader to the locale of their languages, keeping query and hash, and leaves the default', async () => {
    await detect('detect', '/?utm=1#top', ['ja-JP', 'en']);
    await detect('detect', '/', ['zh-CN']);
    await detect('detect', '/', ['fr']);
    expect(replaced).toEqual(['/ja?utm=1#top']);
  });

  it('lets the cookie win over the languages, and leaves every other path alone', async () => {
    document.cookie = 'i18n_redirected=en; path=/';
    await detect('detect', '/', ['zh-CN']);
    await detect('detect', '/home', ['ja']);
    await detect('detect-under-base', '/preview/', ['zh-CN'], '/preview/');
    expect(replaced).toEqual(['/en', '/preview/en']);
  });

  it('names no locale without its script element', async () => {
    history.replaceState(null, '', '/');
    delete document.documentElement.dataset.basePath;
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(null);
    for (const script of ['detect', 'detect-under-base']) {
      vi.resetModules();
      await import(`../../client/${script}.ts`);
    }
    expect(replaced).toEqual([]);
  });

  it('under a base path, does the same at the base path only', async () => {
    await detect('detect-under-base', '/preview/pr-1/?q=1', ['en-GB'], '/preview/pr-1/');
    await detect('detect-under-base', '/', ['en-GB'], '/preview/pr-1/');
    await detect('detect-under-base', '/', ['ja'], undefined);
    await detect('detect-under-base', '/preview/pr-1/', ['zh'], '/preview/pr-1/');
    expect(replaced).toEqual(['/preview/pr-1/en?q=1', '/ja']);
  });

  it('falls back to the browser’s one language where it lists none', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('ja');
    for (const script of ['detect', 'detect-under-base'] as const) {
      history.replaceState(null, '', '/');
      delete document.documentElement.dataset.basePath;
      const tag = document.createElement('script');
      tag.dataset.locales = 'zh:zh-CN ja:ja';
      vi.spyOn(document, 'currentScript', 'get').mockReturnValue(tag);
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(undefined as unknown as string[]);
      vi.resetModules();
      await import(`../../client/${script}.ts`);
    }
    expect(replaced).toEqual(['/ja', '/ja']);
  });
});
