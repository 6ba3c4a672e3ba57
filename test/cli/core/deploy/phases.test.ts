import { describe, expect, it } from 'vitest';
import { phaseOf } from '../../../../cli/core/deploy/phases.ts';

const FILES = new Set([
  'index.html',
  'home.html',
  'DROC.html',
  '404.html',
  'en.html',
  'en/index.html',
  'en/home.html',
  'en/DROC.html',
  'en/404.html',
  'company.html',
  'company/company.html',
  'assets/app.7661b60f91.js',
  'images/logo.svg',
  'favicon.svg',
  'sitemap.xml',
  'news/feed.xml',
  'robots.txt',
  'pagefind/fragment/zh_46b1cbd.pf_fragment',
  'pagefind/pagefind-entry.json',
  'en/pagefind/pagefind.js',
]);

describe('phaseOf', () => {
  it('uploads assets, then pages, then locale roots and home pages, then sitemap, feeds and robots.txt', () => {
    const phases = Object.fromEntries([...FILES].map((file) => [file, phaseOf(file, FILES)]));
    expect(phases).toEqual({
      'index.html': 'roots',
      'home.html': 'roots',
      'DROC.html': 'pages',
      '404.html': 'pages',
      'en.html': 'roots',
      'en/index.html': 'roots',
      'en/home.html': 'roots',
      'en/DROC.html': 'pages',
      'en/404.html': 'pages',
      'company.html': 'pages',
      'company/company.html': 'pages',
      'assets/app.7661b60f91.js': 'assets',
      'images/logo.svg': 'assets',
      'pagefind/fragment/zh_46b1cbd.pf_fragment': 'assets',
      'pagefind/pagefind-entry.json': 'indexes',
      'en/pagefind/pagefind.js': 'indexes',
      'favicon.svg': 'assets',
      'sitemap.xml': 'indexes',
      'news/feed.xml': 'indexes',
      'robots.txt': 'indexes',
    });
  });
});
