// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true,"disableCSSFileLoading":true,"disableJavaScriptFileLoading":true,"navigation":{"disableMainFrameNavigation":true}}}
/**
 * client/navigation.ts in Node, on happy-dom's window with a fake `fetch` of our own: what a page swap
 * moves and keeps (swapPage), the reload guard (mayReload), and initNavigation's loads as a reader meets
 * them: the requests made, the history entries written, the title, content, focus, scroll position and
 * announcement after a click or Back, and the error state or full load when a request fails.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initNavigation, mayReload, swapPage } from '../../client/navigation.ts';
import { RELOAD_GUARD_MS, STORAGE_PREFIX } from '../../shared/constants.ts';

const ORIGIN = location.origin;

interface PageParts {
  lang?: string;
  route?: string;
  title?: string;
  main?: string;
  nav?: string;
  stylesheet?: string;
  script?: string;
  footer?: string;
  texts?: { skip?: string; loading?: string; offline?: string; loaded?: string; toTop?: string };
}

/** A page as the layout (templates/parts/Layout.tsx) writes it, reduced to what navigation reads. */
function pageHtml({
  lang = 'en',
  route = 'A___en',
  title = 'A',
  main = '<h1>A</h1>',
  nav = '<a href="/en/A" aria-current="page">A</a><a href="/en/B">B</a>',
  stylesheet = '/assets/site.1.css',
  script = '/assets/client.1.js',
  footer = 'Footer',
  texts: { skip = 'Skip', loading = 'Loading', offline = 'Offline', loaded = 'Page loaded:', toTop = 'Top' } = {},
}: PageParts = {}): string {
  return (
    `<!doctype html><html lang="${lang}" data-route="${route}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width"><title>${title}</title>` +
    `<meta name="description" content="About ${title}"><link rel="stylesheet" href="${stylesheet}">` +
    `<link rel="icon" href="/favicon.ico"><link rel="preload" href="/font.woff2" as="font"><script defer src="${script}"></script>` +
    `<link rel="alternate" hreflang="zh" href="/zh/${title}"></head><body>` +
    `<a class="skip-link" href="#main">${skip}</a><div class="progress" role="progressbar" aria-label="${loading}"></div>` +
    `<header class="site-header"><a class="brand" href="/${lang}/">Brand</a><nav>${nav}</nav></header>` +
    `<main id="main" tabindex="-1" data-error-not-found="Not found (${lang})" data-error-generic="Failed (${lang})">${main}</main>` +
    `<footer class="site-footer">${footer}</footer>` +
    `<div class="net-status" role="status" data-offline-text="${offline}" data-loaded-text="${loaded}"></div>` +
    `<button type="button" class="back-to-top">${toTop}</button></body></html>`
  );
}

const parse = (html: string): Document => new DOMParser().parseFromString(html, 'text/html');

/** Makes the global document the page `html`, at `path`. */
function show(html: string, path = '/en/A'): void {
  const next = parse(html);
  for (const name of ['lang', 'data-route']) document.documentElement.setAttribute(name, next.documentElement.getAttribute(name) ?? '');
  document.head.innerHTML = next.head.innerHTML;
  document.body.innerHTML = next.body.innerHTML;
  history.replaceState(null, '', path);
}

const text = (selector: string, doc: Document = document): string | undefined => doc.querySelector(selector)?.textContent ?? undefined;
const attr = (selector: string, name: string, doc: Document = document): string | null | undefined =>
  doc.querySelector(selector)?.getAttribute(name);

describe('swapPage', () => {
  beforeEach(() => show(pageHtml()));

  it('moves the page’s language, route, own head elements, main, footer and localised texts, keeping shared assets', () => {
    const stylesheet = document.querySelector('link[rel=stylesheet]');
    const icon = document.querySelector('link[rel=icon]');
    const next = parse(
      pageHtml({
        lang: 'zh',
        route: 'B___zh',
        title: 'B',
        main: '<h1>乙</h1>',
        nav: '<a href="/zh/A">甲</a><a href="/zh/B" aria-current="page">乙</a>',
        footer: '页脚',
        texts: { skip: '跳过', loading: '加载中', offline: '离线', loaded: '已加载：', toTop: '顶部' },
      }),
    );
    expect(swapPage(document, next)).toBe(true);
    expect([document.documentElement.lang, document.documentElement.dataset.route]).toEqual(['zh', 'B___zh']);
    expect(document.title).toBe('B');
    expect(attr('meta[name=description]', 'content')).toBe('About B');
    expect(document.querySelectorAll('meta[name=description], title, link[rel=alternate]')).toHaveLength(3);
    expect(attr('link[rel=alternate]', 'href')).toBe('/zh/B');
    expect(document.querySelector('link[rel=stylesheet]')).toBe(stylesheet);
    expect(document.querySelector('link[rel=icon]')).toBe(icon);
    expect(document.querySelectorAll('meta[charset], meta[name=viewport], link[rel=preload], script[src]')).toHaveLength(4);
    expect(text('main')).toBe('乙');
    expect(text('.site-header nav')).toBe('甲乙');
    expect([text('.skip-link'), text('.site-footer'), text('.back-to-top')]).toEqual(['跳过', '页脚', '顶部']);
    expect(attr('.progress', 'aria-label')).toBe('加载中');
    expect([attr('.net-status', 'data-offline-text'), attr('.net-status', 'data-loaded-text')]).toEqual(['离线', '已加载：']);
  });

  it('keeps a header of the same text, moving only its links’ targets, language and current page', () => {
    const header = document.querySelector('.site-header');
    header?.classList.add('open');
    const next = parse(pageHtml({ nav: '<a href="/en/A2" hreflang="en" lang="en">A</a><a href="/en/B" aria-current="page">B</a>' }));
    expect(swapPage(document, next)).toBe(true);
    expect(document.querySelector('.site-header')).toBe(header);
    expect(header?.classList.contains('open')).toBe(true);
    const links = [...document.querySelectorAll('.site-header nav a')].map((a) =>
      ['href', 'hreflang', 'lang', 'aria-current'].map((name) => a.getAttribute(name)),
    );
    expect(links).toEqual([
      ['/en/A2', 'en', 'en', null],
      ['/en/B', null, null, 'page'],
    ]);
  });

  it('strips the attributes of header links the next page does not have, and removes a missing route', () => {
    const next = parse(pageHtml({ nav: '<a href="/en/A">A</a>B' }));
    next.documentElement.removeAttribute('data-route');
    expect(swapPage(document, next)).toBe(true);
    expect([...document.querySelectorAll('.site-header nav a')].map((a) => a.getAttribute('href'))).toEqual(['/en/A', null]);
    expect(document.documentElement.hasAttribute('data-route')).toBe(false);
  });

  it('keeps the footer, skip link and texts a next page lacks', () => {
    const next = parse(pageHtml({ main: '<p>new</p>', footer: 'other' }));
    for (const selector of ['.site-footer', '.skip-link', '.back-to-top']) next.querySelector(selector)?.remove();
    next.querySelector('.back-to-top')?.remove();
    expect(swapPage(document, next)).toBe(true);
    expect([text('.site-footer'), text('.skip-link'), text('.back-to-top'), text('main')]).toEqual(['Footer', 'Skip', 'Top', 'new']);
  });

  it('works on a page without header, footer, skip link, progress bar, status or button, on either side', () => {
    const parts = ['.site-header', '.site-footer', '.skip-link', '.progress', '.net-status', '.back-to-top'];
    for (const selector of parts) document.querySelector(selector)?.remove();
    expect(swapPage(document, parse(pageHtml({ main: '<p>new</p>' })))).toBe(true);
    expect(text('main')).toBe('new');
    expect(parts.map((selector) => document.querySelector(selector))).toEqual(parts.map(() => null));
    const bare = (): Document => {
      const next = parse(pageHtml({ main: '<p>bare</p>' }));
      for (const selector of parts) next.querySelector(selector)?.remove();
      return next;
    };
    expect(swapPage(document, bare())).toBe(true);
    expect(text('main')).toBe('bare');
    show(pageHtml());
    expect(swapPage(document, bare())).toBe(true);
    expect([text('.site-header nav'), text('.site-footer')]).toEqual(['AB', 'Footer']);
  });

  it('changes nothing and says so when the next document is not a page of this build', () => {
    const before = document.documentElement.outerHTML;
    const noMain = parse(pageHtml({ title: 'X' }));
    noMain.querySelector('main')?.remove();
    const otherMain = parse(pageHtml({ title: 'X' }).replace('id="main"', 'id="content"'));
    for (const next of [
      noMain,
      otherMain,
      parse(pageHtml({ title: 'X', stylesheet: '/assets/site.2.css' })),
      parse(pageHtml({ title: 'X', script: '/assets/client.2.js' })),
    ]) {
      expect(swapPage(document, next)).toBe(false);
      expect(document.documentElement.outerHTML).toBe(before);
    }
    document.querySelector('main')?.remove();
    expect(swapPage(document, parse(pageHtml({ title: 'X' })))).toBe(false);
    expect(document.title).toBe('A');
  });
});

describe('mayReload', () => {
  beforeEach(() => sessionStorage.clear());

  it('allows one reload per guard period in the tab, recording when', () => {
    expect(mayReload(1_000_000)).toBe(true);
    expect(sessionStorage.getItem(`${STORAGE_PREFIX}reloadedAt`)).toBe('1000000');
    expect(mayReload(1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(sessionStorage.getItem(`${STORAGE_PREFIX}reloadedAt`)).toBe('1000000');
    expect(mayReload(1_000_000 + RELOAD_GUARD_MS)).toBe(true);
    expect(sessionStorage.getItem(`${STORAGE_PREFIX}reloadedAt`)).toBe(String(1_000_000 + RELOAD_GUARD_MS));
  });

  it('reads the clock when given no time', () => {
    vi.spyOn(Date, 'now').mockReturnValue(5 * RELOAD_GUARD_MS);
    expect(mayReload()).toBe(true);
    expect(sessionStorage.getItem(`${STORAGE_PREFIX}reloadedAt`)).toBe(String(5 * RELOAD_GUARD_MS));
    vi.restoreAllMocks();
  });
});

/** A response the fake server gives for a path, or a network failure. */
interface Served {
  html?: string;
  status?: number;
  statusText?: string;
  type?: string;
  redirectedTo?: string;
  /** Resolves only when the test calls `release`. */
  held?: boolean;
  fails?: boolean;
}

/** The fake network: what each path serves, the requests made, and held responses to release. */
const net = {
  served: new Map<string, Served>(),
  requests: [] as string[],
  held: [] as Array<() => void>,
};

function respond(key: string): Promise<Response> {
  net.requests.push(key.slice(ORIGIN.length));
  const served = net.served.get(new URL(key).pathname);
  const answer = (): Promise<Response> => {
    if (!served || served.fails) return Promise.reject(new TypeError('Failed to fetch'));
    const status = served.status ?? 200;
    return Promise.resolve({
      ok: status < 400,
      status,
      statusText: served.statusText ?? '',
      redirected: served.redirectedTo !== undefined,
      url: served.redirectedTo ? ORIGIN + served.redirectedTo : key,
      headers: new Headers({ 'content-type': served.type ?? 'text/html; charset=utf-8' }),
      text: () => Promise.resolve(served.html ?? ''),
    } as Response);
  };
  if (!served?.held) return answer();
  return new Promise((resolve, reject) => net.held.push(() => answer().then(resolve, reject)));
}

/** Every history call, as the entries written: `push` or `replace`, with the state and URL path. */
let entries: Array<[string, unknown, string | undefined]> = [];
let calls: string[] = [];
let stopListening: () => void = () => undefined;

/** The listener registrations of the window and the document, before any test replaces them. */
const ADD = new Map<EventTarget, EventTarget['addEventListener']>(
  ([window, document] as EventTarget[]).map((target) => [target, target.addEventListener.bind(target)]),
);

/** Runs initNavigation as the client script does, recording its listeners to remove after the test. */
function start(): void {
  const added: Array<[EventTarget, string, EventListenerOrEventListenerObject]> = [];
  for (const [target, add] of ADD) {
    vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
      if (listener) added.push([target, type, listener]);
      add(type, listener, options);
    });
  }
  initNavigation(document, {
    progress: {
      start: () => calls.push('start'),
      finish: () => calls.push('finish'),
      fail: () => calls.push('fail'),
    },
    onPage: () => calls.push('onPage'),
  });
  stopListening = () => {
    for (const [target, type, listener] of added) target.removeEventListener(type, listener);
  };
}

/**
 * Clicks `target` like a reader; returns whether the browser's own navigation was prevented. happy-dom's
 * own navigation is then prevented in any case: it would leave the page the test runs on.
 */
function click(target: Element, init: MouseEventInit = {}): boolean {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  let prevented = false;
  const settle = (seen: Event): void => {
    prevented = seen.defaultPrevented;
    seen.preventDefault();
  };
  window.addEventListener('click', settle);
  target.dispatchEvent(event);
  window.removeEventListener('click', settle);
  return prevented;
}
const link = (href: string): HTMLAnchorElement => {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = href;
  (document.querySelector('main') ?? document.body).append(a);
  return a;
};
/** Back or Forward to `path`, whose entry holds `state`. */
function back(path: string, state: unknown): void {
  history.replaceState(state, '', path);
  entries = [];
  dispatchEvent(new PopStateEvent('popstate', { state }));
}
/** Lets every pending promise and its follow-ups run. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
};
const status = (): string | undefined => text('.net-status');

describe('initNavigation', () => {
  let assigned: string[];
  let reloads: number;

  beforeEach(() => {
    show(pageHtml());
    sessionStorage.clear();
    scrollTo({ top: 0, behavior: 'instant' });
    net.served.clear();
    net.requests = [];
    net.held = [];
    net.served.set('/en/B', {
      html: pageHtml({ title: 'B', route: 'B___en', main: '<h1>B</h1><p id="café">part</p>' }),
    });
    entries = [];
    calls = [];
    assigned = [];
    reloads = 0;
    vi.stubGlobal('fetch', (key: string) => respond(key));
    vi.spyOn(location, 'assign').mockImplementation((url) => void assigned.push(String(url)));
    vi.spyOn(location, 'reload').mockImplementation(() => void reloads++);
    const record = (kind: string) => (state: unknown, _title: string, url?: string | URL | null) =>
      void entries.push([kind, state, url == null ? undefined : new URL(url, location.href).pathname + new URL(url, location.href).hash]);
    const push = history.pushState.bind(history);
    const replace = history.replaceState.bind(history);
    vi.spyOn(history, 'pushState').mockImplementation((...args) => {
      record('push')(...args);
      push(...args);
    });
    vi.spyOn(history, 'replaceState').mockImplementation((...args) => {
      record('replace')(...args);
      replace(...args);
    });
  });
  afterEach(() => {
    stopListening();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('takes over a click on a site link: one request, a new entry, the page swapped, focus and announcement', async () => {
    start();
    expect(history.scrollRestoration).toBe('manual');
    scrollTo({ top: 300, behavior: 'instant' });
    const scrolls = vi.spyOn(window, 'scrollTo');
    const focused: unknown[] = [];
    vi.spyOn(HTMLElement.prototype, 'focus').mockImplementation(function (this: HTMLElement, options?: FocusOptions) {
      focused.push([this.id, options]);
    });
    expect(click(link('/en/B'))).toBe(true);
    await settle();
    // At once, not smoothly, and focus moves to the content without scrolling it away from the top.
    expect(scrolls.mock.calls).toEqual([[{ top: 0, behavior: 'instant' }]]);
    expect(focused).toEqual([['main', { preventScroll: true }]]);
    vi.mocked(HTMLElement.prototype.focus).mockRestore();
    scrolls.mockRestore();
    expect(net.requests).toEqual(['/en/B']);
    expect(entries).toEqual([
      ['replace', { y: 300 }, undefined],
      ['push', { y: 0 }, '/en/B'],
    ]);
    expect(location.pathname).toBe('/en/B');
    expect([document.title, text('main h1'), document.documentElement.dataset.route]).toEqual(['B', 'B', 'B___en']);
    expect(scrollY).toBe(0);
    expect(status()).toBe('Page loaded: B');
    expect(calls).toEqual(['start', 'finish', 'onPage']);
    expect(assigned).toEqual([]);
  });

  it('leaves modified clicks, other buttons, handled clicks and links it may not load to the browser', async () => {
    start();
    const target = link('/en/B');
    for (const init of [{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      expect(click(target, init)).toBe(false);
    }
    const handled = link('/en/B');
    handled.addEventListener('click', (event) => event.preventDefault());
    click(handled);
    expect(click(link('https://elsewhere.example/en/B'))).toBe(false);
    expect(click(document.querySelector('h1') as Element)).toBe(false);
    await settle();
    expect(net.requests).toEqual([]);
    expect(entries).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('replaces the entry rather than adding one for a link to the page shown', async () => {
    net.served.set('/en/A', { html: pageHtml({ main: '<h1>A again</h1>' }) });
    start();
    click(link('/en/A?'));
    await settle();
    expect(entries.map(([kind]) => kind)).toEqual(['replace', 'replace']);
    expect(text('main h1')).toBe('A again');
  });

  it('scrolls to the target of a link’s hash on the new page, decoded', async () => {
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    start();
    scrollTo({ top: 200, behavior: 'instant' });
    click(link('/en/B#caf%C3%A9'));
    await settle();
    expect(net.requests).toEqual(['/en/B']);
    expect(entries.at(-1)).toEqual(['push', { y: 0 }, '/en/B#caf%C3%A9']);
    expect(scrolled).toEqual(['café']);
    expect(scrollY).toBe(200);
  });

  it('scrolls to the top when the hash names nothing on the new page', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    start();
    scrollTo({ top: 200, behavior: 'instant' });
    click(link('/en/B#nothing'));
    await settle();
    expect(scrolled).not.toHaveBeenCalled();
    expect(scrollY).toBe(0);
  });

  it('follows a redirect: the entry is the final address, with the link’s hash', async () => {
    net.served.set('/en/old', { html: pageHtml({ title: 'B' }), redirectedTo: '/en/B' });
    start();
    click(link('/en/old#top'));
    await settle();
    expect(net.requests).toEqual(['/en/old']);
    expect(entries.at(-1)).toEqual(['push', { y: 0 }, '/en/B#top']);
    expect(document.title).toBe('B');
  });

  it('restores the position of the entry Back goes to, without a new entry, and ignores a change of hash', async () => {
    net.served.set('/en/A', { html: pageHtml({ main: '<h1>A back</h1>' }) });
    start();
    click(link('/en/B'));
    await settle();
    back('/en/A', { y: 420 });
    await settle();
    expect(net.requests).toEqual(['/en/B', '/en/A']);
    expect(entries).toEqual([]);
    expect([text('main h1'), scrollY]).toEqual(['A back', 420]);
    expect(calls.filter((c) => c === 'onPage')).toHaveLength(2);
    back('/en/A#part', { y: 10 });
    await settle();
    expect(net.requests).toHaveLength(2);
    expect(scrollY).toBe(420);
  });

  it('scrolls to the top for an entry without a position', async () => {
    net.served.set('/en/A', { html: pageHtml({ main: '<h1>A back</h1><p id="x"></p>' }) });
    start();
    click(link('/en/B'));
    await settle();
    scrollTo({ top: 90, behavior: 'instant' });
    back('/en/A#x', null);
    await settle();
    expect([text('main h1'), scrollY]).toEqual(['A back', 0]);
  });

  it('saves the scroll position into the entry once scrolling pauses, and not into the entry Back went to', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    start();
    scrollTo({ top: 100, behavior: 'instant' });
    dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(100);
    scrollTo({ top: 150, behavior: 'instant' });
    dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(149);
    expect(entries).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(entries).toEqual([['replace', { y: 150 }, undefined]]);
    expect(history.state).toEqual({ y: 150 });
    dispatchEvent(new Event('scroll'));
    back('/en/C#same', { y: 7 });
    history.replaceState({ y: 7 }, '', '/en/C');
    entries = [];
    dispatchEvent(new PopStateEvent('popstate', { state: { y: 7 } }));
    vi.advanceTimersByTime(1000);
    expect(entries).toEqual([]);
  });

  it('saves the position at once on a click, and no pending save lands on the new entry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    history.replaceState({ other: 1 }, '', '/en/A');
    start();
    entries = [];
    scrollTo({ top: 80, behavior: 'instant' });
    dispatchEvent(new Event('scroll'));
    click(link('/en/B'));
    expect(entries).toEqual([['replace', { other: 1, y: 80 }, undefined]]);
    await vi.runAllTimersAsync();
    expect(entries.map(([kind]) => kind)).toEqual(['replace', 'push']);
  });

  it('restores the position of the entry it starts on, and leaves the page where it is without one', () => {
    scrollTo({ top: 50, behavior: 'instant' });
    history.replaceState({ y: 0 }, '', '/en/A');
    start();
    expect(scrollY).toBe(50);
    stopListening();
    history.replaceState({ y: 640 }, '', '/en/A');
    const scrolls = vi.spyOn(window, 'scrollTo');
    start();
    expect(scrollY).toBe(640);
    expect(scrolls.mock.calls).toEqual([[{ top: 640, behavior: 'instant' }]]);
  });

  it('shows the error state on a page without content of its own, offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    document.querySelector('main')?.remove();
    net.served.set('/en/B', { fails: true });
    start();
    expect(click(link('/en/B'))).toBe(true);
    await settle();
    expect(entries.at(-1)).toEqual(['push', { y: 0 }, '/en/B']);
    expect(calls).toEqual(['start', 'fail', 'onPage']);
  });

  it('shows the error state for an error status, titled by it, with its own entry', async () => {
    net.served.set('/en/gone', { status: 404, statusText: 'Not Found', html: 'no' });
    net.served.set('/en/broken', { status: 503, statusText: 'Service Unavailable', html: 'no' });
    start();
    click(link('/en/gone'));
    await settle();
    expect([document.title, text('main h1'), text('.error-code'), status()]).toEqual([
      'Not found (en)',
      'Not found (en)',
      '404',
      'Page loaded: Not found (en)',
    ]);
    expect(entries.at(-1)).toEqual(['push', { y: 0 }, '/en/gone']);
    expect(calls).toEqual(['start', 'fail', 'onPage']);
    click(link('/en/broken'));
    await settle();
    expect([document.title, text('.error-code')]).toEqual(['Service Unavailable', '503']);
    expect(assigned).toEqual([]);
  });

  it('loads the page itself once when the network fails, then shows the error state within the guard', async () => {
    net.served.set('/en/B', { fails: true });
    start();
    click(link('/en/B'));
    await settle();
    expect(assigned).toEqual([`${ORIGIN}/en/B`]);
    expect(calls).toEqual(['start', 'fail']);
    expect(document.title).toBe('A');
    click(link('/en/B'));
    await settle();
    expect(assigned).toHaveLength(1);
    expect([document.title, text('.error-code')]).toEqual(['Failed (en)', '500']);
    expect(entries.at(-1)).toEqual(['push', { y: 0 }, '/en/B']);
  });

  it('reloads, rather than loading a new address, when the failed load came from Back', async () => {
    net.served.set('/en/C', { fails: true });
    start();
    back('/en/C', { y: 5 });
    await settle();
    expect([reloads, assigned]).toEqual([1, []]);
  });

  it('offline, shows the error state without reloading', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    net.served.set('/en/B', { fails: true });
    start();
    click(link('/en/B'));
    await settle();
    expect([assigned, reloads]).toEqual([[], 0]);
    expect(text('.error-code')).toBe('500');
    expect(sessionStorage.length).toBe(0);
  });

  it('loads the page itself when the response is not HTML or not a page of this build', async () => {
    net.served.set('/en/file', { type: 'application/pdf', html: pageHtml({ title: 'PDF' }) });
    net.served.set('/en/untyped', { type: '', html: pageHtml({ title: 'Untyped' }) });
    net.served.set('/en/new-build', { html: pageHtml({ title: 'New', stylesheet: '/assets/site.9.css' }) });
    start();
    for (const path of ['/en/file', '/en/untyped', '/en/new-build']) click(link(path));
    await settle();
    expect(assigned).toEqual([`${ORIGIN}/en/new-build`]);
    click(link('/en/file'));
    await settle();
    click(link('/en/untyped'));
    await settle();
    expect(assigned).toEqual([`${ORIGIN}/en/new-build`, `${ORIGIN}/en/file`, `${ORIGIN}/en/untyped`]);
    expect(document.title).toBe('A');
    expect(entries.filter(([kind]) => kind === 'push')).toEqual([]);
  });

  it('loads the page itself when the swap breaks halfway', async () => {
    start();
    vi.stubGlobal(
      'DOMParser',
      class {
        parseFromString(): never {
          throw new Error('broken');
        }
      },
    );
    click(link('/en/B'));
    await settle();
    expect(assigned).toEqual([`${ORIGIN}/en/B`]);
  });

  it('drops a load overtaken by a newer one, whether it succeeds or fails', async () => {
    net.served.set('/en/slow', { held: true, html: pageHtml({ title: 'Slow' }) });
    net.served.set('/en/slow-fail', { held: true, fails: true });
    start();
    click(link('/en/slow'));
    click(link('/en/slow-fail'));
    click(link('/en/B'));
    await settle();
    for (const release of net.held) release();
    await settle();
    expect(document.title).toBe('B');
    expect(location.pathname).toBe('/en/B');
    expect(calls).toEqual(['start', 'start', 'start', 'finish', 'onPage']);
    expect(assigned).toEqual([]);
  });

  it('takes over nothing where fetch, DOMParser or pushState is missing', async () => {
    for (const [owner, name] of [
      [window, 'fetch'],
      [window, 'DOMParser'],
      [history, 'pushState'],
    ] as const) {
      const saved = Object.getOwnPropertyDescriptor(owner, name);
      if (owner === history) Object.defineProperty(history, name, { value: undefined, configurable: true });
      else Reflect.deleteProperty(owner, name);
      history.scrollRestoration = 'auto';
      start();
      expect(click(link('/en/B'))).toBe(false);
      expect(history.scrollRestoration).toBe('auto');
      stopListening();
      if (saved) Object.defineProperty(owner, name, saved);
    }
    await settle();
    expect(net.requests).toEqual([]);
  });
});
