/**
 * client/storage.ts, client/locale.ts and client/page-links.ts in Node, the browser's globals stubbed: the
 * cookie and storage helpers (prefixed keys, failures swallowed), the root path's locale choice and the
 * links the script may load itself.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLocale, initLocaleSwitch, parseLocales } from '../../client/locale.ts';
import { linkOf, pageKey, pageUrl } from '../../client/page-links.ts';
import { getCookie, getStored, removeCookie, removeStored, setCookie, setStored } from '../../client/storage.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A `document` whose `cookie` reads `jar` and records what is written. */
function cookieDocument(jar: string): { document: { cookie: string }; written: string[] } {
  const written: string[] = [];
  const document = {
    get cookie(): string {
      return jar;
    },
    set cookie(value: string) {
      written.push(value);
    },
  };
  return { document, written };
}

/** A Web Storage area over a Map, or one that throws on every call. */
function storage(entries: Map<string, string> | 'throws'): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const fail = (): never => {
    throw new Error('SecurityError');
  };
  if (entries === 'throws') return { getItem: fail, setItem: fail, removeItem: fail };
  return {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

describe('cookies', () => {
  it('reads the prefixed cookie, or the exact name, decoded, and nothing that only starts alike', () => {
    const { document } = cookieDocument('x=1; ECOM_theme=dark%20blue; i18n_redirected=en; ECOM_themes=no');
    vi.stubGlobal('document', document);
    expect(getCookie('theme')).toBe('dark blue');
    expect(getCookie('i18n_redirected', true)).toBe('en');
    expect(getCookie('i18n_redirected')).toBeUndefined();
    expect(getCookie('x')).toBeUndefined();
    expect(getCookie('x', true)).toBe('1');
    expect(getCookie('them')).toBeUndefined();
  });

  it('counts a cookie it cannot read or decode as absent', () => {
    vi.stubGlobal('document', cookieDocument('ECOM_bad=%E0%A4%A').document);
    expect(getCookie('bad')).toBeUndefined();
    vi.stubGlobal('document', {
      get cookie(): string {
        throw new Error('SecurityError');
      },
    });
    expect(getCookie('theme')).toBeUndefined();
  });

  it('writes a site-wide Lax cookie for whole seconds of the days given, encoded, and removes with max-age 0', () => {
    const { document, written } = cookieDocument('');
    vi.stubGlobal('document', document);
    setCookie('theme', 'a b;c', 1.5);
    setCookie('i18n_redirected', 'ja', 365, true);
    removeCookie('theme');
    removeCookie('i18n_redirected', true);
    expect(written).toEqual([
      'ECOM_theme=a%20b%3Bc; max-age=129600; path=/; SameSite=Lax',
      'i18n_redirected=ja; max-age=31536000; path=/; SameSite=Lax',
      'ECOM_theme=; max-age=0; path=/; SameSite=Lax',
      'i18n_redirected=; max-age=0; path=/; SameSite=Lax',
    ]);
  });

  it('drops a write when cookies are disabled', () => {
    vi.stubGlobal('document', {
      set cookie(_value: string) {
        throw new Error('SecurityError');
      },
    });
    expect(() => setCookie('theme', 'dark', 1)).not.toThrow();
  });
});

describe('storage areas', () => {
  it('keeps local and session values apart, under the prefix', () => {
    const local = new Map<string, string>();
    const session = new Map<string, string>();
    vi.stubGlobal('localStorage', storage(local));
    vi.stubGlobal('sessionStorage', storage(session));
    setStored('local', 'a', '1');
    setStored('session', 'a', '2');
    expect([...local]).toEqual([['ECOM_a', '1']]);
    expect([...session]).toEqual([['ECOM_a', '2']]);
    expect(getStored('local', 'a')).toBe('1');
    expect(getStored('session', 'a')).toBe('2');
    expect(getStored('local', 'b')).toBeNull();
    removeStored('session', 'a');
    expect(session.size).toBe(0);
    expect(local.size).toBe(1);
    removeStored('local', 'a');
    expect(local.size).toBe(0);
  });

  it('reads nothing and drops writes where storage throws', () => {
    vi.stubGlobal('localStorage', storage('throws'));
    vi.stubGlobal('sessionStorage', storage('throws'));
    expect(getStored('local', 'a')).toBeNull();
    expect(() => setStored('session', 'a', '1')).not.toThrow();
    expect(() => removeStored('local', 'a')).not.toThrow();
  });
});

describe('locales', () => {
  const LOCALES = parseLocales('zh:zh-CN en:en ja:ja-JP pt:pt-BR tw:zh-TW');

  it('reads code:lang pairs, a bare code standing for its own tag, however spaced', () => {
    expect(parseLocales('  zh:zh-CN\ten   ja:ja-JP ')).toEqual([
      { code: 'zh', lang: 'zh-CN' },
      { code: 'en', lang: 'en' },
      { code: 'ja', lang: 'ja-JP' },
    ]);
    expect(parseLocales(null)).toEqual([]);
    expect(parseLocales(undefined)).toEqual([]);
    expect(parseLocales('')).toEqual([]);
  });

  it('takes a configured cookie first, then the first browser language that matches, else the default', () => {
    expect(chooseLocale('ja', ['en-US'], LOCALES)).toBe('ja');
    expect(chooseLocale('xx', ['en-US'], LOCALES)).toBe('en');
    expect(chooseLocale(undefined, ['fr-FR', 'JA'], LOCALES)).toBe('ja');
    expect(chooseLocale(undefined, ['fr-FR', 'de'], LOCALES)).toBe('zh');
    expect(chooseLocale(undefined, [], [])).toBeUndefined();
  });

  it('prefers an exact tag to a language match, and matches a language by code too', () => {
    expect(chooseLocale(undefined, ['zh-TW'], LOCALES)).toBe('tw');
    expect(chooseLocale(undefined, ['ZH-tw'], LOCALES)).toBe('tw');
    expect(chooseLocale(undefined, ['zh-HK'], LOCALES)).toBe('zh');
    expect(chooseLocale(undefined, ['pt-PT'], LOCALES)).toBe('pt');
    expect(chooseLocale(undefined, ['tw'], LOCALES)).toBe('tw');
  });

  it('remembers the locale of a language link when it is clicked, before navigation', () => {
    const { document, written } = cookieDocument('');
    vi.stubGlobal('document', document);
    const listeners: Array<{ type: string; listener: (event: { target: unknown }) => void; capture: unknown }> = [];
    const doc = {
      addEventListener: (type: string, listener: (event: { target: unknown }) => void, capture: unknown) =>
        listeners.push({ type, listener, capture }),
    } as unknown as Document;
    initLocaleSwitch(doc);
    expect(listeners.map(({ type, capture }) => [type, capture])).toEqual([['click', true]]);
    const click = listeners[0]?.listener ?? (() => undefined);
    const element = (switchTo: string | null) => ({
      closest: (selector: string) =>
        selector === 'a[data-locale-switch]' && switchTo !== null
          ? { getAttribute: (name: string) => (name === 'data-locale-switch' ? switchTo : null) }
          : null,
    });
    click({ target: element('ja') });
    click({ target: element(null) });
    click({ target: element('') });
    click({ target: null });
    click({ target: {} });
    expect(written).toEqual(['i18n_redirected=ja; max-age=31536000; path=/; SameSite=Lax']);
  });
});

describe('page links', () => {
  /** An anchor as pageUrl reads it. */
  const anchor = (href: string, attributes: Record<string, string> = {}): HTMLAnchorElement =>
    ({ href, target: attributes.target ?? '', hasAttribute: (name: string) => name in attributes }) as unknown as HTMLAnchorElement;

  it('lets the script load pages of this site only', () => {
    vi.stubGlobal('location', new URL('https://example.test/en/DROC?x=1'));
    expect(pageUrl(anchor('/en/news'))?.href).toBe('https://example.test/en/news');
    expect(pageUrl(anchor('news.html'))?.href).toBe('https://example.test/en/news.html');
    expect(pageUrl(anchor('/en/a.HTM'))?.href).toBe('https://example.test/en/a.HTM');
    expect(pageUrl(anchor('/en/v1.2/'))?.href).toBe('https://example.test/en/v1.2/');
    expect(pageUrl(anchor('/en/DROC#specs'))?.href).toBe('https://example.test/en/DROC#specs');
    expect(pageUrl(anchor('/en/DROC?x=2#specs'))?.href).toBe('https://example.test/en/DROC?x=2#specs');
    expect(pageUrl(anchor('/en/news', { target: '_self' }))?.href).toBe('https://example.test/en/news');
    // The page itself without a hash is loaded again; another page's hash is that page.
    expect(pageUrl(anchor('/en/DROC?x=1'))?.href).toBe('https://example.test/en/DROC?x=1');
    expect(pageUrl(anchor('/en/news?x=1#a'))?.href).toBe('https://example.test/en/news?x=1#a');
  });

  it('leaves other sites, schemes, targets, downloads, same-page hashes and files to the browser', () => {
    vi.stubGlobal('location', new URL('https://example.test/en/DROC?x=1'));
    expect(pageUrl(anchor('https://other.test/en/news'))).toBeUndefined();
    expect(pageUrl(anchor('mailto:a@example.test'))).toBeUndefined();
    expect(pageUrl(anchor('/en/news', { target: '_blank' }))).toBeUndefined();
    expect(pageUrl(anchor('/en/news', { download: '' }))).toBeUndefined();
    expect(pageUrl(anchor('/en/DROC?x=1#specs'))).toBeUndefined();
    expect(pageUrl(anchor('/sitemap.xml'))).toBeUndefined();
    expect(pageUrl(anchor('/files/brochure.PDF'))).toBeUndefined();
    expect(pageUrl(anchor('/files/page.htmlx'))).toBeUndefined();
  });

  it('keys a page by origin, path and query, without the hash', () => {
    expect(pageKey(new URL('https://example.test/en/DROC?x=1#specs'))).toBe('https://example.test/en/DROC?x=1');
  });

  it('finds the closest link around an element only', () => {
    class FakeElement {
      closest(selector: string): unknown {
        return selector === 'a[href]' ? 'the link' : null;
      }
    }
    vi.stubGlobal('Element', FakeElement);
    expect(linkOf(new FakeElement() as unknown as EventTarget)).toBe('the link');
    expect(linkOf({} as EventTarget)).toBeNull();
    expect(linkOf(null)).toBeNull();
  });
});
