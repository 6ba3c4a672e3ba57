/**
 * client/storage.ts (docs/architecture.md, "Client script", storage helpers): every key under the `ECOM_` prefix, and
 * storage that throws never breaks the page. Runs in Node against small stand-ins for the browser's
 * cookie jar and Web Storage; the browser tests show the same helpers at work (reload guard, locale cookie).
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { getCookie, getStored, removeCookie, removeStored, setCookie, setStored } from '../../client/storage.ts';

/** A Web Storage stand-in over a Map. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

const globals = globalThis as unknown as { document?: { cookie: string }; localStorage?: Storage; sessionStorage?: Storage };
let written: string[];

beforeEach(() => {
  written = [];
  const jar = new Map<string, string>();
  globals.document = {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
      const [pair = ''] = line.split('; ');
      const [name = '', value = ''] = pair.split('=');
      if (/max-age=0(;|$)/.test(line)) jar.delete(name);
      else jar.set(name, value);
    },
  };
  globals.localStorage = memoryStorage();
  globals.sessionStorage = memoryStorage();
});

afterEach(() => {
  delete globals.document;
  delete globals.localStorage;
  delete globals.sessionStorage;
});

describe('storage helpers', () => {
  test('localStorage and sessionStorage keys carry the ECOM_ prefix', () => {
    setStored('local', 'theme', 'dark');
    setStored('session', 'reloadedAt', '1');
    expect(globals.localStorage?.getItem('ECOM_theme')).toBe('dark');
    expect(globals.sessionStorage?.getItem('ECOM_reloadedAt')).toBe('1');
    expect(getStored('local', 'theme')).toBe('dark');
    removeStored('local', 'theme');
    expect(getStored('local', 'theme')).toBeNull();
    expect(getStored('session', 'reloadedAt')).toBe('1');
  });

  test('cookies carry the ECOM_ prefix unless their name is fixed, and are site-wide, Lax and not Secure', () => {
    setCookie('seen', 'a b', 2);
    setCookie('i18n_redirected', 'en', 365, true);
    expect(written).toEqual([
      'ECOM_seen=a%20b; max-age=172800; path=/; SameSite=Lax',
      'i18n_redirected=en; max-age=31536000; path=/; SameSite=Lax',
    ]);
    expect(getCookie('seen')).toBe('a b');
    expect(getCookie('i18n_redirected', true)).toBe('en');
    expect(getCookie('i18n_redirected')).toBeUndefined();
    removeCookie('seen');
    expect(getCookie('seen')).toBeUndefined();
  });

  test('storage that throws reads as empty and ignores writes', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    globals.sessionStorage = broken as unknown as Storage;
    expect(() => setStored('session', 'x', '1')).not.toThrow();
    expect(getStored('session', 'x')).toBeNull();
    expect(() => removeStored('session', 'x')).not.toThrow();
  });
});
