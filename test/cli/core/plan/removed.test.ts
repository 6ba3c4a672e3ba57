/** The pages a build drops since the previous build of its folder (cli/core/plan/removed.ts). */
import { describe, expect, it } from 'vitest';
import { pagePathOf, removedRoutes, removedWarnings } from '../../../../cli/core/plan/removed.ts';

const isPage = (key: string): boolean => key.startsWith('job:');

describe('removed routes', () => {
  it('names the URL path of page files only', () => {
    expect(['index.html', 'en.html', 'en/index.html', 'DROC.html', 'en/a/b.html', 'sitemap.xml'].map(pagePathOf)).toEqual([
      '/',
      '/en',
      undefined,
      '/DROC',
      '/en/a/b',
      undefined,
    ]);
  });

  it('lists pages gone since the previous build, moved or not, and warns of those with no redirect', () => {
    const previous = {
      'DROC.html': { key: 'job:1' },
      'DMOC.html': { key: 'job:2' },
      'en/DMOC.html': { key: 'job:3' },
      'old.html': { key: 'job:4' },
      'images/x.svg': { key: 'public:1' },
    };
    const removed = removedRoutes(previous, isPage, new Set(['DROC.html']), new Map([['DMOC.html', '/Mobile']]));
    expect(removed).toEqual([
      { path: '/DMOC', file: 'DMOC.html', movedTo: '/Mobile' },
      { path: '/en/DMOC', file: 'en/DMOC.html' },
      { path: '/old', file: 'old.html' },
    ]);
    const warnings = removedWarnings(removed, (file) => `dist/${file}`);
    expect(warnings.map((w) => [w.code, w.file, w.message.split(' ')[0]])).toEqual([
      ['PAGE_REMOVED', 'dist/en/DMOC.html', '/en/DMOC'],
      ['PAGE_REMOVED', 'dist/old.html', '/old'],
    ]);
  });
});
