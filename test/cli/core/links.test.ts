import { describe, expect, it } from 'vitest';
import { checkInternalLink, type LinkTargets } from '../../../cli/core/links.ts';

const targets: LinkTargets = {
  routes: new Set(['/', '/home', '/DROC', '/news', '/newsDetail', '/company/company']),
  files: new Set(['/images/logo.svg', '/sitemap.xml']),
};

describe('internal links', () => {
  it('keeps routes as written on Chinese pages', () => {
    expect(checkInternalLink('/DROC', '/news', 'zh', targets)).toEqual({ url: '/DROC' });
  });

  it('localises routes on English pages, keeping query and hash', () => {
    expect(checkInternalLink('/DROC', '/en/news', 'en', targets)).toEqual({ url: '/en/DROC' });
    expect(checkInternalLink('/', '/en/news', 'en', targets)).toEqual({ url: '/en' });
    expect(checkInternalLink('/newsDetail?id=x#top', '/en/news', 'en', targets)).toEqual({ url: '/en/newsDetail?id=x#top' });
  });

  it('keeps an explicit locale prefix', () => {
    expect(checkInternalLink('/en/DROC', '/news', 'zh', targets)).toEqual({ url: '/en/DROC' });
  });

  it('resolves relative links against the page', () => {
    expect(checkInternalLink('company', '/en/company/x', 'en', targets)).toEqual({ url: '/en/company/company' });
  });

  it('never localises files from public/', () => {
    expect(checkInternalLink('/images/logo.svg', '/en/DROC', 'en', targets)).toEqual({ url: '/images/logo.svg' });
  });

  it('reports a link to nothing, with a case-insensitive suggestion', () => {
    const result = checkInternalLink('/droc', '/news', 'zh', targets);
    expect(result.error).toMatch(/\/droc.*not a page/);
    expect(result.error).toMatch(/Did you mean \/DROC\?/);
  });

  it('requires images to be files, not pages', () => {
    expect(checkInternalLink('/DROC', '/', 'zh', targets, true).error).toMatch(/not a file in public/);
  });

  it('leaves external, mail and hash links alone', () => {
    for (const url of ['https://example.com/x', 'mailto:a@b.c', '#section', '//cdn.example.com/a.png']) {
      expect(checkInternalLink(url, '/', 'en', targets)).toEqual({ url });
    }
  });
});
