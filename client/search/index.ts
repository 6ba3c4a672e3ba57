/**
 * The search script (docs/search.md, "In the browser"): loaded by the client script on the search page
 * (or ahead of it, when a header search box gets focus), it runs `?q=` and what the reader types against the locale's Pagefind index, shows the results in
 * `<main>` and, when this language has none, which other languages have. It is a separate file so the
 * base script stays small; Pagefind's own script, worker and WebAssembly load on the first search.
 */
import { once } from './once.ts';
import { holdsLatinWords, latinWords, literalFirst, phraseFirst, punctuatedTerms, queriesOf, type Hit } from './rank.ts';

/** What this script uses of a Pagefind result. */
interface Result extends Hit {
  data(): Promise<{ url: string; content: string; excerpt: string; meta: { title?: string } }>;
}

/** What this script uses of Pagefind's module (`pagefind.js` of an index). */
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  search(query: string): Promise<{ results: Result[] } | null>;
}

/** Another locale's search, for the hint. */
interface Other {
  lang: string;
  label: string;
  href: string;
  index: string;
}

/** Results shown at once, and added by each "show more". */
const PAGE_SIZE = 10;
/** Typing pauses this long before the search runs. */
const TYPING_PAUSE_MS = 250;
/** Length of an excerpt in Pagefind's words: more than its default, as a Chinese word is short. */
const EXCERPT_WORDS = 36;

const indexes = new Map<string, Promise<Pagefind>>();

/** The Pagefind module of the index at `index` (a folder URL ending in `/`), loaded once. */
function pagefindOf(index: string): Promise<Pagefind> {
  // Resolved against the page, not this module: with a CDN the search script comes from another origin,
  // while the index is the site's own (its worker must be same-origin).
  const url = new URL(`${index}pagefind.js`, document.baseURI).href;
  return once(indexes, index, async () => {
    const pagefind = (await import(url)) as Pagefind;
    // The index lists every page at its full path (`/en/MA`): without `baseUrl`, Pagefind would put the
    // index folder's prefix before it (`/en/en/MA`).
    await pagefind.options({ excerptLength: EXCERPT_WORDS, baseUrl: '/' });
    return pagefind;
  });
}

/** The pages of `index` matching `query`, the phrase's first (client/search/rank.ts). */
export async function find(index: string, lang: string, query: string): Promise<Result[]> {
  const pagefind = await pagefindOf(index);
  const { phrase, words } = queriesOf(query, lang);
  const [exact, loose] = await Promise.all([phrase ? pagefind.search(phrase) : null, pagefind.search(words)]);
  const hits = phraseFirst(exact?.results ?? [], loose?.results ?? []);
  const latin = latinWords(query);
  const literal = punctuatedTerms(query);
  if (!latin.length && !literal.length) return hits;
  // A Latin word the index lacks is answered with pages holding a start of it (client/search/rank.ts
  // `holdsLatinWords`), and a term with punctuation (`R&D`) with pages holding its parts anywhere: each
  // page is checked against its text, which Pagefind caches for the results shown.
  const texts = await Promise.all(hits.map((hit) => hit.data().then((page) => page.content)));
  const kept = hits.flatMap((hit, i) => (holdsLatinWords(texts[i] ?? '', latin) ? [{ hit, text: texts[i] ?? '' }] : []));
  return literalFirst(
    kept.map((k) => k.hit),
    kept.map((k) => k.text),
    literal,
  );
}

/** `text` with `{name}` replaced by `values[name]`. */
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * Pagefind's excerpt as nodes: its text with `<` and `>` escaped and the matched words in `<mark>`. Only
 * those marks become elements; everything else is text, so no page's content is ever parsed as HTML.
 */
function excerptNodes(doc: Document, excerpt: string): Node[] {
  const text = (s: string): Text => doc.createTextNode(s.replace(/&lt;/g, '<').replace(/&gt;/g, '>'));
  return excerpt.split(/(<mark>[^<]*<\/mark>)/).map((part) => {
    const marked = /^<mark>([^<]*)<\/mark>$/.exec(part);
    if (!marked) return text(part);
    const mark = doc.createElement('mark');
    mark.append(text(marked[1] ?? ''));
    return mark;
  });
}

/** Starts the search of the search page `root` (templates/Search.tsx); runs `?q=` at once. */
export function mountSearch(root: HTMLElement): void {
  const doc = root.ownerDocument;
  const form = root.querySelector<HTMLFormElement>('.search-form');
  const input = root.querySelector<HTMLInputElement>('input[name=q]');
  const status = root.querySelector<HTMLElement>('.search-status');
  const list = root.querySelector<HTMLOListElement>('.search-results');
  const elsewhere = root.querySelector<HTMLElement>('.search-elsewhere');
  const more = root.querySelector<HTMLButtonElement>('.search-more');
  // Set up once per element: an empty data attribute reads back as '' (falsy), so its presence is what counts.
  if (!form || !input || !status || !list || !elsewhere || !more || root.dataset.mounted !== undefined) return;
  root.dataset.mounted = '';
  const texts = root.dataset;
  const lang = doc.documentElement.lang;
  const index = texts.searchIndex ?? '/pagefind/';
  const others = JSON.parse(texts.searchOthers ?? '[]') as Other[];
  // The count's plural rules are those of the language its text is in: a language whose text stands in
  // (docs/locales.md) brings its own rules, so a Japanese page showing the English text says "1 result".
  const plural = new Intl.PluralRules(texts.textCountLang || lang);
  let ticket = 0;
  let timer = 0;
  let shown: Result[] = [];
  let next = 0;

  const clear = (): void => {
    ticket++;
    shown = [];
    next = 0;
    status.textContent = '';
    list.replaceChildren();
    elsewhere.replaceChildren();
    elsewhere.hidden = true;
    more.hidden = true;
  };

  /** Keeps `?q=` in the address, so the results can be shared and come back with the page. */
  const remember = (query: string): void => {
    const url = new URL(location.href);
    if (query) url.searchParams.set('q', query);
    else url.searchParams.delete('q');
    if (url.href !== location.href) history.replaceState(history.state, '', url.href);
  };

  /**
   * Adds the next `count` results to the list; `focus` moves focus to the first one added ("show more").
   * The batch is claimed before its pages load, so a second click takes the next one.
   */
  const showNext = async (mine: number, focus: boolean, count = PAGE_SIZE): Promise<void> => {
    const batch = shown.slice(next, next + count);
    next += batch.length;
    const pages = await Promise.all(batch.map((hit) => hit.data()));
    if (mine !== ticket) return;
    // How many are shown, with the page's history entry: coming Back to it shows as many again.
    history.replaceState({ ...(history.state as object | null), searchShown: next }, '');
    const items = pages.map((page) => {
      const item = doc.createElement('li');
      const heading = doc.createElement('h2');
      const link = doc.createElement('a');
      link.href = page.url;
      link.textContent = page.meta.title || page.url;
      heading.append(link);
      const excerpt = doc.createElement('p');
      excerpt.className = 'search-excerpt';
      excerpt.append(...excerptNodes(doc, page.excerpt));
      item.append(heading, excerpt);
      return item;
    });
    list.append(...items);
    more.hidden = next >= shown.length;
    if (focus) items[0]?.querySelector('a')?.focus();
  };

  /**
   * Shows which other languages have pages for `query`, linking to their search pages, and returns what
   * the live region should add (the same, as text), or '' when none has.
   */
  const hint = async (mine: number, query: string): Promise<string> => {
    const counts = await Promise.all(
      others.map((other) =>
        find(other.index, other.lang, query).then(
          (hits) => hits.length,
          () => 0,
        ),
      ),
    );
    if (mine !== ticket) return '';
    const links = others.flatMap((other, i) => {
      const count = counts[i] ?? 0;
      if (!count) return [];
      const link = doc.createElement('a');
      link.href = `${other.href}?q=${encodeURIComponent(query.trim())}`;
      link.lang = other.lang;
      link.hreflang = other.lang;
      link.textContent = `${other.label} (${count})`;
      return [link];
    });
    if (!links.length) return '';
    const lead = doc.createElement('p');
    lead.textContent = texts.textElsewhere ?? '';
    const items = doc.createElement('ul');
    items.append(
      ...links.map((link) => {
        const item = doc.createElement('li');
        item.append(link);
        return item;
      }),
    );
    elsewhere.replaceChildren(lead, items);
    elsewhere.hidden = false;
    return [lead.textContent, ...links.map((link) => link.textContent)].join(' ');
  };

  /** Runs `query`, showing at least `count` results (more when the reader had shown more before). */
  const run = async (query: string, count = PAGE_SIZE): Promise<void> => {
    clear();
    remember(query.trim());
    if (!query.trim()) return;
    const mine = ticket;
    status.textContent = texts.textLoading ?? '';
    let hits: Result[];
    try {
      hits = await find(index, lang, query);
    } catch {
      if (mine === ticket) status.textContent = texts.textFailed ?? '';
      return;
    }
    if (mine !== ticket) return;
    shown = hits;
    const values = { query: query.trim(), count: String(hits.length) };
    if (!hits.length) {
      const elsewhereText = await hint(mine, query);
      if (mine !== ticket) return;
      // One announcement: nothing here, and where there is something (read out, shown below).
      status.textContent = fill(texts.textNone ?? '', values);
      if (elsewhereText) {
        const also = doc.createElement('span');
        also.className = 'visually-hidden';
        also.textContent = ` ${elsewhereText}`;
        status.append(also);
      }
      return;
    }
    await showNext(mine, false, Math.max(count, PAGE_SIZE));
    if (mine !== ticket) return;
    // The count is announced once the results it counts are on the page.
    status.textContent = fill((plural.select(hits.length) === 'one' ? texts.textCountOne : texts.textCountOther) ?? '', values);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    void run(input.value);
  });
  const later = (): void => {
    clearTimeout(timer);
    timer = window.setTimeout(() => {
      if (root.isConnected) void run(input.value);
    }, TYPING_PAUSE_MS);
  };
  // While an input method composes (pinyin becoming 乳腺), the field holds letters the reader has not
  // chosen yet: the search waits for the composition to end.
  input.addEventListener('input', (event) => {
    if (!(event as InputEvent).isComposing) later();
  });
  input.addEventListener('compositionend', later);
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.isComposing || !input.value) return;
    // Escape clears the query and the results (the browser would clear the field only).
    event.preventDefault();
    clearTimeout(timer);
    input.value = '';
    void run('');
  });
  more.addEventListener('click', () => void showNext(ticket, true));

  // `?q=` wins; without it, what the reader typed before this script arrived is searched, not erased.
  const asked = new URL(location.href).searchParams.get('q');
  if (asked !== null) input.value = asked;
  const query = input.value;
  const before = history.state as { searchShown?: number; y?: number } | null;
  if (query.trim())
    void run(query, before?.searchShown).then(() => {
      // Back to this page: navigation restored the position before the results were there.
      if (before?.y) scrollTo({ top: before.y, behavior: 'instant' });
    });
  else input.focus();
}
