/** Loading a script once (client/search/box.ts, client/search/index.ts). */

/**
 * What `make` gives for `key`, made on the first call and kept in `cache`; a failure is forgotten, so a
 * later call (after the network came back) tries again rather than failing for good.
 */
export function once<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let made = cache.get(key);
  if (!made) {
    made = make();
    made.catch(() => cache.delete(key));
    cache.set(key, made);
  }
  return made;
}
