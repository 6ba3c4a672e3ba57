import { describe, expect, it } from 'vitest';
import { checkInternalLink, resolveLink, type LinkTargets } from '../../../../cli/core/common/link-targets.ts';
import { random } from '../../../helpers/random.ts';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';

const targets: LinkTargets = {
  locales: DEFAULTS.locales,
  routes: new Set(['/', '/home', '/DROC', '/news', '/newsDetail', '/company/company', '/关于我们', '/a-b', '/Café']),
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

  it('suggests the right case in the locale the link was written for', () => {
    expect(checkInternalLink('/en/droc', '/news', 'zh', targets).error).toMatch(/Did you mean \/en\/DROC\? Routes are case-sensitive/);
    expect(checkInternalLink('/images/Logo.svg', '/news', 'zh', targets).error).toMatch(/Did you mean \/images\/logo\.svg\?/);
  });

  it('says a link to a draft left out of the build is a draft, and how to proceed', () => {
    const withDraft: LinkTargets = { ...targets, drafts: new Map([['/secret', 'content/zh/secret.md']]) };
    for (const url of ['/secret', '/en/secret']) {
      const { error } = checkInternalLink(url, '/news', 'zh', withDraft);
      expect(error).toContain('a draft page (`draft: true` in content/zh/secret.md)');
      expect(error).toContain('Build with --drafts, remove the link, or remove `draft: true` from the page.');
      expect(error).not.toContain('not a page');
    }
  });

  it('requires images to be files, not pages', () => {
    expect(checkInternalLink('/DROC', '/', 'zh', targets, true).error).toMatch(/not a file in public/);
  });

  it('leaves external, mail and hash links alone', () => {
    for (const url of ['https://example.com/x', 'mailto:a@b.c', '#section', '//cdn.example.com/a.png']) {
      expect(checkInternalLink(url, '/', 'en', targets)).toEqual({ url });
    }
  });

  it('finds routes with non-ASCII names however the link is encoded, and writes them encoded once', () => {
    const zh = '/%E5%85%B3%E4%BA%8E%E6%88%91%E4%BB%AC';
    for (const url of ['/关于我们', zh, '/关于我们/', '/关于我们.html']) {
      expect(checkInternalLink(url, '/news', 'zh', targets)).toEqual({ url: zh });
      expect(checkInternalLink(url, '/en/news', 'en', targets)).toEqual({ url: `/en${zh}` });
    }
    expect(checkInternalLink(`/en${zh}#x`, '/', 'zh', targets)).toEqual({ url: `/en${zh}#x` });
    expect(checkInternalLink('/Cafe\u0301', '/', 'zh', targets)).toEqual({ url: '/Caf%C3%A9' });
    expect(checkInternalLink('/a-b', '/en', 'en', targets)).toEqual({ url: '/en/a-b' });
  });

  it('suggests the route when a link uses the file name', () => {
    expect(checkInternalLink('/a b', '/', 'zh', targets).error).toMatch(/Did you mean \/a-b\? Links use the route/);
    expect(checkInternalLink('/en/a%20b', '/', 'zh', targets).error).toMatch(/Did you mean \/en\/a-b\?/);
  });
});

describe('resolveLink', () => {
  /** What the URL parser makes of a link on the page at `pagePath`. */
  const parsed = (url: string, pagePath: string): { pathname: string; tail: string } | undefined => {
    try {
      const resolved = new URL(url, `http://site.invalid${pagePath}`);
      return { pathname: resolved.pathname, tail: `${resolved.search}${resolved.hash}` };
    } catch {
      return undefined;
    }
  };

  it('resolves any link as the URL parser does, plain routes included (seeded)', () => {
    const pieces = ['/', '/', 'a', 'Z', '0', '-', '_', '.', '..', '%20', '%', '?q', '#h', ' ', '中', '\\', ':', '//', 'en'];
    const pages = ['/', '/DROC', '/en/news/a', '/产品'];
    let plain = 0;
    for (const seed of [1, 2, 3]) {
      const next = random(seed);
      for (let i = 0; i < 3000; i++) {
        const url = Array.from({ length: Math.floor(next() * 8) }, () => pieces[Math.floor(next() * pieces.length)]).join('');
        const page = pages[Math.floor(next() * pages.length)] as string;
        if (/^\/[\w/-]*$/.test(url)) plain++;
        expect(resolveLink(url, page), `${url} on ${page}`).toEqual(parsed(url, page));
      }
    }
    // The shortcut was taken often enough to be tested, not just the parser.
    expect(plain).toBeGreaterThan(200);
  });
});
