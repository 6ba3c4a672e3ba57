// @vitest-environment happy-dom
/**
 * client/search/index.ts in Node, on happy-dom's document, against Pagefind indexes of our own: each
 * index is a module (a `data:` URL, which the script imports as it imports an index's `pagefind.js`) that
 * forwards to a fake engine in this file. What is asserted is what a reader meets on the search page: the
 * results listed and their order, the status read out, the hint to other languages, "show more", the
 * query kept in the address, typing, Escape, and a failed load that is tried again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { find, mountSearch } from '../../../client/search/index.ts';

/** A page of a fake index. */
interface Page {
  url: string;
  title?: string;
  content: string;
  excerpt?: string;
}

/** A fake Pagefind engine: the queries put to it, the pages it loaded and how it fails, if it does. */
interface Engine {
  pages: Page[];
  queries: string[];
  loads: string[];
  optionsGiven: Array<Record<string, unknown>>;
  /** The next `options` call rejects (a load that failed), once. */
  failOptionsOnce?: boolean;
  /** Every search rejects. */
  failSearch?: boolean;
  /** Every search answers null, as Pagefind does for a search it dropped. */
  answerNull?: boolean;
  /** Searches wait until the test calls `release`. */
  hold?: boolean;
  held: Array<() => void>;
}

const engines = new Map<string, Engine>();
(globalThis as { pagefinds?: Map<string, Engine> }).pagefinds = engines;

const HAN = /\p{Script=Han}/u;

/**
 * What the fake engine finds for `query`, in the pages' order: a quoted query is a phrase (its spaces
 * between Chinese words dropped); otherwise every word, split at punctuation as Pagefind splits it, must
 * occur, a Latin word by its first three letters (Pagefind answers a word its index lacks with the pages
 * of the longest start of it that it has).
 */
function matches(engine: Engine, query: string): Page[] {
  const quoted = /^".*"$/.test(query);
  const terms = quoted
    ? [query.slice(1, -1).replace(/ /g, '')]
    : query
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
        .map((word) => (HAN.test(word) ? word : word.slice(0, 3)));
  return engine.pages.filter((page) => terms.every((term) => page.content.toLowerCase().includes(term)));
}

const engine = {
  options(name: string, options: Record<string, unknown>): Promise<void> {
    const e = engines.get(name) as Engine;
    e.optionsGiven.push(options);
    if (e.failOptionsOnce) {
      e.failOptionsOnce = false;
      return Promise.reject(new Error('network'));
    }
    return Promise.resolve();
  },
  search(name: string, query: string): Promise<unknown> {
    const e = engines.get(name) as Engine;
    e.queries.push(query);
    const answer = (): Promise<unknown> => {
      if (e.failSearch) return Promise.reject(new Error('search failed'));
      if (e.answerNull) return Promise.resolve(null);
      const results = matches(e, query).map((page) => ({
        id: page.url,
        data: () => {
          e.loads.push(page.url);
          return Promise.resolve({
            url: page.url,
            content: page.content,
            excerpt: page.excerpt ?? page.content,
            meta: { title: page.title },
          });
        },
      }));
      return Promise.resolve({ results });
    };
    if (!e.hold) return answer();
    return new Promise((resolve) => e.held.push(() => resolve(answer())));
  },
};
(globalThis as { pagefindEngine?: typeof engine }).pagefindEngine = engine;

let made = 0;
/**
 * A new index of `pages` and its URL (a folder URL, as `data-search-index` holds): the script appends
 * `pagefind.js`, which the module's trailing comment swallows.
 */
function newIndex(pages: Page[], options: Partial<Engine> = {}): { url: string; engine: Engine } {
  const name = `index-${++made}`;
  const e: Engine = { pages, queries: [], loads: [], optionsGiven: [], held: [], ...options };
  engines.set(name, e);
  const code =
    `const e = globalThis.pagefindEngine; export const options = (o) => e.options('${name}', o);` +
    ` export const search = (q) => e.search('${name}', q);//`;
  return { url: `data:text/javascript,${encodeURIComponent(code)}`, engine: e };
}

const scanners = (count: number): Page[] =>
  Array.from({ length: count }, (_, i) => ({
    url: `/en/scanner-${i + 1}`,
    title: `Scanner ${i + 1}`,
    content: `CT scanner number ${i + 1}`,
  }));

interface Other {
  lang: string;
  label: string;
  href: string;
  index: string;
}

/** The search page (templates/Search.tsx) as the script reads it, at `address`. */
function searchPage(index: string, { address = '/en/search', others = [] as Other[], countLang = '' } = {}): HTMLElement {
  history.replaceState(null, '', address);
  document.documentElement.lang = 'en';
  document.body.innerHTML = `
    <div class="search">
      <form class="search-form"><input type="search" name="q"><button type="submit">Search</button></form>
      <p class="search-status" role="status"></p>
      <div class="search-elsewhere" hidden></div>
      <ol class="search-results"></ol>
      <button type="button" class="search-more" hidden>More</button>
    </div>`;
  const root = document.querySelector('.search') as HTMLElement;
  Object.assign(root.dataset, {
    search: '/assets/search.js',
    searchIndex: index,
    searchOthers: JSON.stringify(others),
    textLoading: 'Searching…',
    textCountOne: '{count} result for “{query}”',
    textCountOther: '{count} results for “{query}”',
    textCountLang: countLang,
    textNone: 'Nothing for “{query}”.',
    textElsewhere: 'Other languages have pages:',
    textFailed: 'The search could not load.',
  });
  return root;
}

const $ = <T extends Element = HTMLElement>(selector: string): T => document.querySelector(selector) as T;
const status = (): string => document.querySelector('.search-status')?.textContent ?? '';
const titles = (): string[] => [...document.querySelectorAll('.search-results h2 a')].map((a) => a.textContent ?? '');
const input = (): HTMLInputElement => $<HTMLInputElement>('input[name=q]');
/** Waits until `check` passes; the deadline only guards against a hang. */
const until = (check: () => void): Promise<void> => vi.waitFor(check, { timeout: 10_000, interval: 5 });
/** Types `value` into the field as a reader does (an `input` event, composing or not). */
function type(value: string, isComposing = false): void {
  input().value = value;
  input().dispatchEvent(new InputEvent('input', { bubbles: true, isComposing }));
}
const submit = (): boolean => $('.search-form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('find', () => {
  it('puts the pages holding a Chinese phrase before those holding its words apart', async () => {
    const { url, engine: e } = newIndex([
      { url: '/zh/apart', content: '处理以后的图像' },
      { url: '/zh/phrase', content: '图像后处理软件' },
      { url: '/zh/none', content: '扫描' },
    ]);
    const hits = await find(url, 'zh', '后处理');
    expect(hits.map((hit) => hit.id)).toEqual(['/zh/phrase', '/zh/apart']);
    expect(e.queries).toEqual(['"后 处理"', '后 处理']);
    expect(e.optionsGiven).toEqual([{ excerptLength: 36, baseUrl: '/' }]);
    await find(url, 'zh', '扫描');
    expect(e.optionsGiven).toHaveLength(1);
  });

  it('drops pages that hold only a start of a Latin word, and puts pages holding a punctuated term first', async () => {
    const { url, engine: e } = newIndex([
      { url: '/en/scalpel', content: 'A scalpel' },
      { url: '/en/scanner', content: 'A scanner for scans' },
      { url: '/en/apart', content: 'r and d, for research and development' },
      { url: '/en/rnd', content: 'Our R&D lab' },
    ]);
    expect((await find(url, 'en', 'scanning')).map((hit) => hit.id)).toEqual(['/en/scanner']);
    expect(e.queries).toEqual(['scanning']);
    expect((await find(url, 'en', 'R&D')).map((hit) => hit.id)).toEqual(['/en/rnd', '/en/apart']);
  });

  it('answers a query without Latin words or punctuation in the engine’s order, without loading a page', async () => {
    const { url, engine: e } = newIndex([
      { url: '/zh/b', content: '扫描仪 乙' },
      { url: '/zh/a', content: '扫描仪 甲' },
    ]);
    expect((await find(url, 'zh', '"扫描仪"')).map((hit) => hit.id)).toEqual(['/zh/b', '/zh/a']);
    expect(e.loads).toEqual([]);
  });

  it('finds nothing where the engine answers null', async () => {
    const { url } = newIndex(scanners(2), { answerNull: true });
    expect(await find(url, 'en', '后处理')).toEqual([]);
    expect(await find(url, 'en', 'scanner')).toEqual([]);
  });
});

describe('the search page', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('runs ?q= at once: ten results, titled links and excerpts, the count read out, the query kept', async () => {
    const { url, engine: e } = newIndex(scanners(12));
    e.pages[0] = { ...(e.pages[0] as Page), excerpt: 'A <mark>scanner</mark> for &lt;b&gt; &amp; <img src=x>' };
    e.pages[1] = { ...(e.pages[1] as Page), title: '' };
    searchPage(url, { address: '/en/search?q=%20scanner%20' });
    mountSearch($('.search'));
    expect(status()).toBe('Searching…');
    expect(input().value).toBe(' scanner ');
    await until(() => expect(status()).toBe('12 results for “scanner”'));
    expect(titles()).toEqual(['Scanner 1', '/en/scanner-2', ...Array.from({ length: 8 }, (_, i) => `Scanner ${i + 3}`)]);
    expect($('.search-results a').getAttribute('href')).toBe('/en/scanner-1');
    const excerpt = $('.search-excerpt');
    expect([...excerpt.childNodes].map((node) => [node.nodeName, node.textContent])).toEqual([
      ['#text', 'A '],
      ['MARK', 'scanner'],
      ['#text', ' for <b> &amp; <img src=x>'],
    ]);
    expect($<HTMLButtonElement>('.search-more').hidden).toBe(false);
    expect($<HTMLElement>('.search-elsewhere').hidden).toBe(true);
    // The first results leave focus where it was; only "more" moves it.
    expect(document.activeElement).toBe(document.body);
    expect(location.search).toBe('?q=scanner');
    expect(history.state).toEqual({ searchShown: 10 });
  });

  it('shows the next results on “more”, focus on the first added, and hides the button at the end', async () => {
    const { url } = newIndex(scanners(23));
    searchPage(url, { address: '/en/search?q=scanner' });
    mountSearch($('.search'));
    await until(() => expect(titles()).toHaveLength(10));
    const more = $<HTMLButtonElement>('.search-more');
    more.click();
    more.click();
    await until(() => expect(titles()).toHaveLength(23));
    // Each click took its own batch: no result twice, none left out.
    expect(titles()).toEqual(Array.from({ length: 23 }, (_, i) => `Scanner ${i + 1}`));
    expect(document.activeElement?.textContent).toBe('Scanner 21');
    expect(more.hidden).toBe(true);
    expect(history.state).toEqual({ searchShown: 23 });
  });

  it('sets a search page up once, however often it is mounted: one search per query, ten more per “more”', async () => {
    const { url, engine: e } = newIndex(scanners(23));
    searchPage(url, { address: '/en/search?q=scanner' });
    mountSearch($('.search'));
    mountSearch($('.search'));
    await until(() => expect(titles()).toHaveLength(10));
    $<HTMLButtonElement>('.search-more').click();
    await until(() => expect(titles()).toHaveLength(20));
    expect(titles()).toEqual(Array.from({ length: 20 }, (_, i) => `Scanner ${i + 1}`));
    expect(e.queries).toEqual(['scanner']);
  });

  it('shows as many results as the entry it comes back to showed, and restores its position after them', async () => {
    const { url } = newIndex(scanners(25));
    history.replaceState({ searchShown: 20, y: 700 }, '', '/en/search?q=scanner');
    const scrolled = vi.spyOn(window, 'scrollTo');
    searchPage(url, { address: '/en/search?q=scanner' });
    history.replaceState({ searchShown: 20, y: 700 }, '', '/en/search?q=scanner');
    mountSearch($('.search'));
    await until(() => expect(scrolled).toHaveBeenCalledWith({ top: 700, behavior: 'instant' }));
    expect(titles()).toHaveLength(20);
    expect(history.state).toEqual({ searchShown: 20, y: 700 });
  });

  it('says “one result” by the plural rules of the count text’s language', async () => {
    const { url } = newIndex(scanners(1));
    searchPage(url, { address: '/en/search?q=scanner' });
    mountSearch($('.search'));
    await until(() => expect(status()).toBe('1 result for “scanner”'));
    expect($<HTMLButtonElement>('.search-more').hidden).toBe(true);
    const other = newIndex(scanners(1));
    searchPage(other.url, { address: '/en/search?q=scanner', countLang: 'ja' });
    mountSearch($('.search'));
    await until(() => expect(status()).toBe('1 results for “scanner”'));
  });

  it('with nothing found here, names the languages that have pages, linked to their searches', async () => {
    const { url } = newIndex(scanners(3));
    const zh = newIndex([
      { url: '/zh/a', content: 'angio 血管' },
      { url: '/zh/b', content: 'angio 造影' },
    ]);
    const ja = newIndex([{ url: '/ja/a', content: 'angio' }], { failSearch: true });
    const fr = newIndex([{ url: '/fr/a', content: 'autre' }]);
    const others = [
      { lang: 'zh', label: '中文', href: '/zh/search', index: zh.url },
      { lang: 'ja', label: '日本語', href: '/ja/search', index: ja.url },
      { lang: 'fr', label: 'Français', href: '/fr/search', index: fr.url },
    ];
    searchPage(url, { address: '/en/search?q=%20angio%20', others });
    mountSearch($('.search'));
    await until(() => expect(status()).toBe('Nothing for “angio”. Other languages have pages: 中文 (2)'));
    expect($('.search-status .visually-hidden').textContent).toBe(' Other languages have pages: 中文 (2)');
    const elsewhere = $<HTMLElement>('.search-elsewhere');
    expect(elsewhere.hidden).toBe(false);
    expect(elsewhere.querySelector('p')?.textContent).toBe('Other languages have pages:');
    const links = [...elsewhere.querySelectorAll('li > a')].map((a) => ['href', 'lang', 'hreflang'].map((name) => a.getAttribute(name)));
    expect(links).toEqual([['/zh/search?q=angio', 'zh', 'zh']]);
    expect(titles()).toEqual([]);
  });

  it('says only that nothing was found when no other language has pages either', async () => {
    const { url } = newIndex(scanners(3));
    const fr = newIndex([{ url: '/fr/a', content: 'autre' }]);
    searchPage(url, { address: '/en/search?q=angio', others: [{ lang: 'fr', label: 'Français', href: '/fr/search', index: fr.url }] });
    mountSearch($('.search'));
    await until(() => expect(status()).toBe('Nothing for “angio”.'));
    await until(() => expect(fr.engine.queries).toEqual(['angio']));
    expect($('.search-status').children).toHaveLength(0);
    expect($<HTMLElement>('.search-elsewhere').hidden).toBe(true);
  });

  it('says the search failed when its index cannot load, and loads it again on the next search', async () => {
    const { url, engine: e } = newIndex(scanners(2), { failOptionsOnce: true });
    searchPage(url, { address: '/en/search?q=scanner' });
    mountSearch($('.search'));
    await until(() => expect(status()).toBe('The search could not load.'));
    expect(submit()).toBe(false);
    await until(() => expect(status()).toBe('2 results for “scanner”'));
    expect(e.optionsGiven).toHaveLength(2);
  });

  it('searches what the reader typed before the script came, and focuses an empty field', async () => {
    const { url } = newIndex(scanners(2));
    searchPage(url);
    input().value = 'scanner';
    mountSearch($('.search'));
    await until(() => expect(status()).toBe('2 results for “scanner”'));
    const empty = newIndex(scanners(2));
    searchPage(empty.url, { address: '/en/search?q=' });
    input().value = 'typed';
    mountSearch($('.search'));
    expect(input().value).toBe('');
    expect(document.activeElement).toBe(input());
    expect(status()).toBe('');
    expect(empty.engine.queries).toEqual([]);
  });

  it('searches once typing pauses, the last text only, and not while an input method composes', async () => {
    const { url, engine: e } = newIndex(scanners(3));
    searchPage(url);
    mountSearch($('.search'));
    type('sc');
    type('scan');
    expect(e.queries).toEqual([]);
    await until(() => expect(status()).toBe('3 results for “scan”'));
    expect(e.queries).toEqual(['scan']);
    expect(location.search).toBe('?q=scan');
    type('scanner 后', true);
    input().dispatchEvent(new CompositionEvent('compositionend', { bubbles: true }));
    await until(() => expect(e.queries).toEqual(['scan', '"scanner 后"', 'scanner 后']));
  });

  it('does not search for typing once the page has been left', async () => {
    const { url, engine: e } = newIndex(scanners(3));
    searchPage(url);
    const root = $('.search');
    mountSearch(root);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    type('scan');
    root.remove();
    vi.runAllTimers();
    vi.useRealTimers();
    // A search would have put its query in the address at once.
    expect(location.search).toBe('');
    expect(e.queries).toEqual([]);
  });

  it('waits while an input method composes, and ignores a query of spaces', () => {
    const { url } = newIndex(scanners(3));
    searchPage(url);
    mountSearch($('.search'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    type('scanner 后', true);
    vi.runAllTimers();
    vi.useRealTimers();
    expect(location.search).toBe('');
    input().value = '   ';
    submit();
    expect([status(), location.search]).toEqual(['', '']);
  });

  it('clears the query, results and address on Escape, unless composing or empty', async () => {
    const { url } = newIndex(scanners(12));
    searchPage(url, { address: '/en/search?q=scanner' });
    mountSearch($('.search'));
    await until(() => expect(titles()).toHaveLength(10));
    const escape = (isComposing = false): boolean =>
      input().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', isComposing, bubbles: true, cancelable: true }));
    expect(input().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', cancelable: true }))).toBe(true);
    expect(escape(true)).toBe(true);
    expect(titles()).toHaveLength(10);
    expect(escape()).toBe(false);
    expect([input().value, status(), titles(), location.search]).toEqual(['', '', [], '']);
    expect($<HTMLButtonElement>('.search-more').hidden).toBe(true);
    expect(escape()).toBe(true);
  });

  it('shows only the last search’s results when an earlier one answers later', async () => {
    const { url, engine: e } = newIndex(scanners(3), { hold: true });
    searchPage(url, { address: '/en/search?q=scanner' });
    mountSearch($('.search'));
    await until(() => expect(e.held).toHaveLength(1));
    e.hold = false;
    input().value = 'scanner 2';
    submit();
    await until(() => expect(status()).toBe('1 result for “scanner 2”'));
    const loaded = e.loads.length;
    for (const release of e.held) release();
    // The earlier search goes on to load its pages' texts (a Latin query); a turn of the event loop
    // after that lets every promise that follows them run.
    await until(() => expect(e.loads.length).toBe(loaded + 3));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(titles()).toEqual(['Scanner 2']);
    expect(status()).toBe('1 result for “scanner 2”');
  });

  it('does not mount on a page that lacks a part', () => {
    for (const part of ['.search-form', 'input[name=q]', '.search-status', '.search-results', '.search-elsewhere', '.search-more']) {
      searchPage(newIndex(scanners(1)).url, { address: '/en/search?q=scanner' });
      $(part).remove();
      mountSearch($('.search'));
      expect($('.search').dataset.mounted).toBeUndefined();
      expect(status()).toBe('');
    }
  });
});
