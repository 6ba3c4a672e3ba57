/** The removed routes in address order, each as the warning and report show it (cli/core/plan/removed.ts). */
import { describe, expect, it } from 'vitest';
import { removedRoutes } from '../../../../cli/core/plan/removed.ts';
import { random } from '../../../helpers/random.ts';

const isPage = (key: string): boolean => key.startsWith('job:');

describe('removedRoutes, in order', () => {
  it('lists the removed routes by address whatever the order of the previous build (seeded)', () => {
    for (const seed of [1, 2, 3]) {
      const next = random(seed);
      const files = Array.from({ length: 20 }, (_, i) => `${String.fromCharCode(97 + Math.floor(next() * 26))}${i}.html`);
      const previous = Object.fromEntries(files.map((file) => [file, { key: 'job:1' }]));
      const paths = removedRoutes(previous, isPage, new Set(), new Map()).map((r) => r.path);
      expect(paths, `seed ${seed}`).toEqual(files.map((file) => `/${file.slice(0, -5)}`).sort());
    }
  });

  it("leaves out a locale root's second file, and says nothing of a new address where none is kept", () => {
    const previous = { 'en.html': { key: 'job:1' }, 'en/index.html': { key: 'job:1' } };
    expect(removedRoutes(previous, isPage, new Set(), new Map())).toStrictEqual([{ path: '/en', file: 'en.html' }]);
  });
});
