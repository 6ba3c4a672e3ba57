/** What a built page links to (cli/core/deploy/links.ts), as the keys deploy orders its page uploads by. */
import { describe, expect, it } from 'vitest';
import { keyOfUrlPath, linksOf } from '../../../../cli/core/deploy/links.ts';

describe('linksOf', () => {
  it("maps a page's site links to keys, relative ones against the page's URL", () => {
    const html = `<a href="/DROC">a</a><a href="news/one#top">b</a><a href='/en/'>c</a><a href="/">d</a>
      <img src="/assets/p.0123456789.webp"><a href="https://other.example/x">e</a><a href="mailto:a@b.c">f</a>
      <a href="/files/a%20b.txt?x=1&amp;y=2">g</a><a href="#frag">h</a>`;
    expect(linksOf(html, 'en/products.html')).toEqual([
      'DROC',
      'assets/p.0123456789.webp',
      'en/index.html',
      'en/news/one',
      'files/a b.txt',
      'index.html',
    ]);
  });

  it('leaves out empty links, fragments, and links that are no URL or no path', () => {
    const html = `<a href="">a</a><a href="  ">b</a><a href="#top">c</a><a href="http://[::1">d</a><a href="/%E0%A4%A">e</a>
      <a href=" /DROC ">f</a>`;
    expect(linksOf(html, 'en/products.html')).toEqual(['DROC']);
  });
});

describe('keyOfUrlPath', () => {
  it('maps a URL path to its key: folders and the root to their index document, leading slashes dropped', () => {
    expect(keyOfUrlPath('/')).toBe('index.html');
    expect(keyOfUrlPath('/en/')).toBe('en/index.html');
    expect(keyOfUrlPath('/en/DROC')).toBe('en/DROC');
    expect(keyOfUrlPath('//en//DROC')).toBe('en//DROC');
  });
});
