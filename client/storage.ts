/**
 * Storage helpers (docs/architecture.md, "Client script"): cookie, localStorage and sessionStorage get/set/remove, every
 * key prefixed with `ECOM_`. Storage can throw (disabled cookies, private modes, a full quota); a failed
 * read is treated as "nothing stored" and a failed write is dropped, because nothing the script stores is
 * worth breaking the page for.
 */
import { STORAGE_PREFIX } from '../shared/constants.ts';

/** Which Web Storage area to use. */
export type StorageArea = 'local' | 'session';

const area = (which: StorageArea): Storage => (which === 'local' ? localStorage : sessionStorage);

/**
 * The value of cookie `ECOM_<key>`, or of cookie `key` itself when `exact` (for cookies whose names are
 * fixed by the contract, such as `i18n_redirected`).
 */
export function getCookie(key: string, exact = false): string | undefined {
  const name = `${exact ? '' : STORAGE_PREFIX}${key}=`;
  try {
    for (const part of document.cookie.split('; ')) {
      if (part.startsWith(name)) return decodeURIComponent(part.slice(name.length));
    }
  } catch {
    // fall through: an unreadable or malformed cookie counts as absent
  }
  return undefined;
}

/**
 * Sets a first-party cookie for the whole site for `days` days: `SameSite=Lax` and not `Secure`, so it
 * also works on plain-HTTP previews. `days <= 0` removes it.
 */
export function setCookie(key: string, value: string, days: number, exact = false): void {
  try {
    document.cookie = `${exact ? '' : STORAGE_PREFIX}${key}=${encodeURIComponent(value)}; max-age=${Math.round(days * 86400)}; path=/; SameSite=Lax`;
  } catch {
    // cookies disabled
  }
}

/** Removes a cookie set by `setCookie`. */
export function removeCookie(key: string, exact = false): void {
  setCookie(key, '', 0, exact);
}

/** The stored value of `ECOM_<key>` in the given storage area, or null. */
export function getStored(which: StorageArea, key: string): string | null {
  try {
    return area(which).getItem(STORAGE_PREFIX + key);
  } catch {
    return null;
  }
}

/** Stores `value` under `ECOM_<key>` in the given storage area. */
export function setStored(which: StorageArea, key: string, value: string): void {
  try {
    area(which).setItem(STORAGE_PREFIX + key, value);
  } catch {
    // quota or privacy mode
  }
}

/** Removes `ECOM_<key>` from the given storage area. */
export function removeStored(which: StorageArea, key: string): void {
  try {
    area(which).removeItem(STORAGE_PREFIX + key);
  } catch {
    // storage disabled
  }
}
