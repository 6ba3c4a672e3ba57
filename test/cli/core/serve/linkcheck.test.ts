import { describe, expect, it } from 'vitest';
import { pagePath, xmlLinks } from '../../../../cli/core/serve/linkcheck.ts';

describe("the link checker's view of a built tree", () => {
  it('maps built files to the paths they are served at', () => {
    expect(pagePath('index.html')).toBe('/');
    expect(pagePath('en/index.html')).toBe('/en');
    expect(pagePath('en.html')).toBe('/en');
    expect(pagePath('company/company.html')).toBe('/company/company');
    expect(pagePath('en/404.html')).toBe('/en/404');
  });

  it('learns the URLs of sitemap and feeds', () => {
    expect(
      xmlLinks(
        '<url><loc>https://x.test/a?b=1&#38;c=2</loc><xhtml:link rel="alternate" href="https://x.test/en/a"/></url><loc>https://x.test/a?b=1&#38;c=2</loc>',
      ),
    ).toEqual(['https://x.test/a?b=1&c=2', 'https://x.test/en/a']);
  });
});
