/**
 * Old addresses (cli/core/plan/old-addresses.ts): front matter aliases localised per locale, site.yaml
 * redirects as written, and every way one can be wrong reported with its file and line.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import type { RedirectEntry } from '../../../../cli/core/load/config.ts';
import { collectRedirects, type AliasedPage, type LiveSite } from '../../../../cli/core/plan/old-addresses.ts';
import { fromPath, toPath } from '../../../../cli/core/render/redirects.ts';
import { random } from '../../../helpers/random.ts';

const locales = DEFAULTS.locales;
const SITE_YAML = 'content/site.yaml';

/** A page written in `locales` (zh and en own files unless `fallback` names the stand-in locale). */
function page(route: string, locale: 'zh' | 'en', aliases?: unknown, fallback = false): AliasedPage {
  const file = `content/${fallback ? (locale === 'zh' ? 'en' : 'zh') : locale}${route === '/' ? '/index' : route}.md`;
  return {
    route,
    locale,
    fallback,
    source: { file, data: { title: 't', ...(aliases === undefined ? {} : { aliases }) }, lineOf: (path) => 10 + Number(path[1] ?? 0) },
  };
}

function liveOf(pages: readonly AliasedPage[], files: string[] = ['/images/logo.svg', '/sitemap.xml', '/404', '/en/404']): LiveSite {
  const written = new Map<string, string>();
  for (const p of pages) {
    const path = p.locale === 'zh' ? p.route : p.route === '/' ? '/en' : `/en${p.route}`;
    written.set(path, p.source.file);
  }
  return { locales, pages: written, files: new Set(files) };
}

function entry(from: string, to: string, line: number, status?: number): RedirectEntry {
  return { from, to, line, fromLine: line, toLine: line + 1, ...(status === undefined ? {} : { status, statusLine: line + 2 }) };
}

const describeAll = (pages: AliasedPage[], entries: RedirectEntry[] = []) => {
  const collected = collectRedirects(pages, entries, SITE_YAML, liveOf(pages));
  return {
    ...collected,
    pairs: collected.redirects.map((r) => `${fromPath(r, locales)} ${r.status} ${toPath(r, locales)}`),
    errors: collected.errors.map((e) => `${e.code} ${e.file}:${e.line} ${e.message}`),
  };
};

describe('front matter aliases', () => {
  it('keeps each alias in every locale the page is written in, stand-ins included', () => {
    const pages = [
      page('/Mobile', 'zh', ['/DMOC', '/products/dmoc']),
      page('/Mobile', 'en', undefined, true),
      page('/DR', 'zh'),
      page('/DR', 'en'),
    ];
    const result = describeAll(pages);
    expect(result.errors).toEqual([]);
    expect(result.pairs).toEqual([
      '/DMOC 301 /Mobile',
      '/en/DMOC 301 /en/Mobile',
      '/en/products/dmoc 301 /en/Mobile',
      '/products/dmoc 301 /Mobile',
    ]);
    expect([...result.aliases]).toEqual([
      ['/DMOC', '/Mobile'],
      ['/products/dmoc', '/Mobile'],
    ]);
  });

  it('reads aliases as links are read: encoded, with a trailing slash or .html', () => {
    const pages = [page('/关于', 'zh', ['/%E6%97%A7', '/old/', '/older.html'])];
    expect(describeAll(pages).pairs).toEqual(['/old 301 /关于', '/older 301 /关于', '/旧 301 /关于']);
  });

  it('refuses an alias that is a live page or file, in any case, naming the file and line', () => {
    const pages = [page('/Mobile', 'zh', ['/DR', '/dr', '/images/logo.svg']), page('/DR', 'zh')];
    const { errors, redirects } = describeAll(pages);
    expect(redirects).toEqual([]);
    expect(errors).toEqual([
      'ALIAS_CONFLICT content/zh/Mobile.md:10 The alias /DR is /DR, which is live: content/zh/DR.md. An old address must be free.',
      'ALIAS_CONFLICT content/zh/Mobile.md:11 The alias /dr is /dr, which is live: content/zh/DR.md (as /DR). An old address must be free.',
      'ALIAS_CONFLICT content/zh/Mobile.md:12 The alias /images/logo.svg is /images/logo.svg, which is live: a file of the output. An old address must be free.',
    ]);
  });

  it('refuses one alias claimed by two pages, naming both', () => {
    const pages = [page('/A', 'zh', ['/old']), page('/B', 'zh', ['/x', '/old'])];
    expect(describeAll(pages).errors).toEqual([
      'ALIAS_CONFLICT content/zh/B.md:11 The alias /old is claimed by two pages: content/zh/A.md:10 (/A) and this one (/B).',
    ]);
  });

  it('lets the two locales of one page name the same alias', () => {
    const pages = [page('/A', 'zh', ['/old']), page('/A', 'en', ['/old'])];
    expect(describeAll(pages).pairs).toEqual(['/en/old 301 /en/A', '/old 301 /A']);
  });

  it('refuses aliases that no route could be: locale prefixes, reserved paths, unsafe characters', () => {
    const pages = [page('/A', 'zh', ['old', '/en/old', '/assets/x', '/Search', '/a b', '/a"b', '/a;b', '/$x', '/.hidden', '/'])];
    const { errors } = describeAll(pages);
    expect(errors.map((e) => e.split(' ').slice(0, 2).join(' '))).toEqual(
      Array.from({ length: 10 }, (_, i) => `ALIAS_INVALID content/zh/A.md:${10 + i}`),
    );
    expect(errors[1]).toContain('write it as links are written, /old');
    expect(errors[2]).toContain('under /assets');
    expect(errors[3]).toContain('under /search');
  });
});

describe('site.yaml redirects', () => {
  const pages = [page('/DR', 'zh'), page('/DR', 'en'), page('/Mobile', 'zh', ['/DMOC'])];

  it('takes paths as written, with a status of 301 unless 302 is asked for', () => {
    const result = describeAll(pages, [
      entry('/old-brochure', '/DR', 3),
      entry('/en/old-brochure', '/en/DR', 6, 302),
      entry('/logo.svg', '/images/logo.svg', 9),
    ]);
    expect(result.errors).toEqual([]);
    expect(result.pairs).toEqual([
      '/DMOC 301 /Mobile',
      '/en/old-brochure 302 /en/DR',
      '/logo.svg 301 /images/logo.svg',
      '/old-brochure 301 /DR',
    ]);
  });

  it('refuses a redirect to nothing, suggesting the case that exists', () => {
    expect(describeAll(pages, [entry('/old', '/dr', 3), entry('/old2', '/nowhere', 6)]).errors).toEqual([
      'REDIRECT_INVALID content/site.yaml:4 redirects[0]: to /dr leads to nothing: no page or file of the output has that path. Did you mean /DR? Paths are case-sensitive.',
      'REDIRECT_INVALID content/site.yaml:7 redirects[1]: to /nowhere leads to nothing: no page or file of the output has that path.',
    ]);
  });

  it('refuses chains and loops, through aliases too', () => {
    const errors = describeAll(pages, [
      entry('/a', '/b', 3),
      entry('/b', '/DR', 6),
      entry('/c', '/d', 9),
      entry('/d', '/c', 12),
      entry('/e', '/DMOC', 15),
      entry('/f', '/f', 18),
    ]).errors;
    expect(errors).toEqual([
      'REDIRECT_INVALID content/site.yaml:4 redirects[0]: the redirects /a → /b → /DR make a chain: point /a straight at /DR (or at the live page it should lead to).',
      'REDIRECT_INVALID content/site.yaml:10 redirects[2]: the redirects /c → /d → /c make a loop: nothing is at the end of it.',
      'REDIRECT_INVALID content/site.yaml:13 redirects[3]: the redirects /d → /c → /d make a loop: nothing is at the end of it.',
      'REDIRECT_INVALID content/site.yaml:16 redirects[4]: the redirects /e → /DMOC → /Mobile make a chain: point /e straight at /Mobile (or at the live page it should lead to).',
      'REDIRECT_INVALID content/site.yaml:19 redirects[5]: the redirects /f → /f make a loop: nothing is at the end of it.',
    ]);
  });

  it('refuses a redirect from a live address, an alias, a reserved path, twice, or with another status', () => {
    const errors = describeAll(pages, [
      entry('/DR', '/en/DR', 3),
      entry('/DMOC', '/DR', 6),
      entry('/en/search', '/DR', 9),
      entry('/x', '/DR', 12),
      entry('/x', '/DR', 15),
      entry('/y', '/DR', 18, 307),
      entry('https://old.example/x', '/DR', 21),
    ]).errors;
    expect(errors).toEqual([
      'REDIRECT_INVALID content/site.yaml:3 redirects[0]: from /DR is live: content/zh/DR.md. Only an address with nothing behind it can redirect.',
      'REDIRECT_INVALID content/site.yaml:6 redirects[1]: from /DMOC is already an alias of the page content/zh/Mobile.md:10.',
      'REDIRECT_INVALID content/site.yaml:9 redirects[2]: from /en/search is under /search, which the build writes itself.',
      'REDIRECT_INVALID content/site.yaml:15 redirects[4]: from /x is given twice (also at line 12).',
      'REDIRECT_INVALID content/site.yaml:20 redirects[5]: status 307 is not one of 301, 302.',
      expect.stringMatching(
        /^REDIRECT_INVALID content\/site.yaml:21 redirects\[6\]: from "https:\/\/old.example\/x" is not a path of this site/,
      ),
    ]);
  });
});

describe('whatever the order pages come in', () => {
  it('gives the same redirects and errors (seeded shuffles)', () => {
    const pages = [
      page('/A', 'zh', ['/a1', '/shared']),
      page('/A', 'en', ['/a1']),
      page('/B', 'zh', ['/b1']),
      page('/B', 'en', undefined, true),
      page('/C', 'zh', ['/c1', '/c2']),
      page('/C', 'en', ['/c2']),
      page('/D', 'zh', ['/a1', '/C']),
    ];
    const reference = describeAll(pages);
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const next = random(seed);
      const shuffled = [...pages].sort(() => next() - 0.5);
      const result = describeAll(shuffled);
      expect(result.pairs, `seed ${seed}`).toEqual(reference.pairs);
      expect(result.errors.sort(), `seed ${seed}`).toEqual([...reference.errors].sort());
    }
  });
});
