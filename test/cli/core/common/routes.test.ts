import { describe, expect, it } from 'vitest';
import { random } from '../../../helpers/random.ts';
import {
  checkFileRoute,
  decodeSitePath,
  findCaseCollisions,
  encodeSitePath,
  localisePath,
  normaliseLinkPath,
  outputFiles,
  parseSitePath,
  routeFromFile,
  routeName,
  routeSegment,
} from '../../../../cli/core/common/routes.ts';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';

/** The default locales, zh and en. */
const L = DEFAULTS.locales;

describe('routes', () => {
  it('maps content files to routes as docs/writing.md, "Pages and routes" writes them', () => {
    expect(routeFromFile('DROC.md')).toBe('/DROC');
    expect(routeFromFile('index.md')).toBe('/');
    expect(routeFromFile('company/company.md')).toBe('/company/company');
    expect(routeFromFile('company/index.md')).toBe('/company');
    expect(routeFromFile('news/rsna-2024.md')).toBe('/news/rsna-2024');
  });

  it('prefixes the English locale and leaves Chinese at the root', () => {
    expect(localisePath('/DROC', 'zh', L)).toBe('/DROC');
    expect(localisePath('/DROC', 'en', L)).toBe('/en/DROC');
    expect(localisePath('/', 'en', L)).toBe('/en');
    expect(localisePath('/', 'zh', L)).toBe('/');
  });

  it('names routes with the three-underscore separator', () => {
    expect(routeName('/DROC', 'en')).toBe('DROC___en');
    expect(routeName('/', 'zh')).toBe('index___zh');
    expect(routeName('/company/company', 'zh')).toBe('company-company___zh');
  });

  it('writes each route to <path>.html so it answers at exactly its path', () => {
    expect(outputFiles('/DROC', 'zh', L)).toEqual(['DROC.html']);
    expect(outputFiles('/DROC', 'en', L)).toEqual(['en/DROC.html']);
    expect(outputFiles('/', 'zh', L)).toEqual(['index.html']);
    expect(outputFiles('/', 'en', L)).toEqual(['en.html', 'en/index.html']);
  });

  it('reads a site path back into route and locale', () => {
    expect(parseSitePath('/en/DROC', L)).toEqual({ route: '/DROC', locale: 'en' });
    expect(parseSitePath('/en', L)).toEqual({ route: '/', locale: 'en' });
    expect(parseSitePath('/english', L)).toEqual({ route: '/english', locale: 'zh' });
  });

  it('normalises trailing slashes and .html in links', () => {
    expect(normaliseLinkPath('/DROC/')).toBe('/DROC');
    expect(normaliseLinkPath('/DROC.html')).toBe('/DROC');
    expect(normaliseLinkPath('/en/index.html')).toBe('/en');
    expect(normaliseLinkPath('/')).toBe('/');
  });

  it('refuses file names that cannot be URLs and routes the build owns', () => {
    expect(checkFileRoute('DROC.md', L)).toBeNull();
    expect(checkFileRoute('a b.md', L)).toBeNull();
    expect(checkFileRoute('关于我们.md', L)).toBeNull();
    expect(checkFileRoute('<script>.md', L)).toBeNull();
    for (const name of ['???.md', '😀.md', '「」/a.md', '?.hidden.md', `${'x'.repeat(251)}.md`, `${'关'.repeat(84)}.md`]) {
      expect(checkFileRoute(name, L)?.code, name).toBe('FILE_NAME_INVALID');
    }
    expect(checkFileRoute('???.md', L)?.message).toBe('The name "???" has no letter, digit, "-", "_" or "." to make a URL of.');
    expect(checkFileRoute(`${'关'.repeat(83)}.md`, L)).toBeNull();
    expect(checkFileRoute('en/DROC.md', L)?.code).toBe('ROUTE_RESERVED');
    expect(checkFileRoute(' en /DROC.md', L)?.code).toBe('ROUTE_RESERVED');
    expect(checkFileRoute('home.md', L)?.code).toBe('ROUTE_RESERVED');
    expect(checkFileRoute('assets/x.md', L)?.code).toBe('ROUTE_RESERVED');
    expect(checkFileRoute('search.md', L)?.code).toBe('ROUTE_RESERVED');
    expect(checkFileRoute('pagefind/x.md', L)?.code).toBe('ROUTE_RESERVED');
    expect(checkFileRoute('company/search.md', L)?.code).toBe('ROUTE_RESERVED');
    expect(checkFileRoute('company/pagefind/x.md', L)?.code).toBe('ROUTE_RESERVED');
    expect(checkFileRoute('company/search/x.md', L)).toBeNull();
    expect(checkFileRoute('a/b/search.md', L)).toBeNull();
    // Previews live at /preview/<name>/ beside the site (docs/hosting.md, "Previews").
    expect(checkFileRoute('preview.md', L)?.code).toBe('ROUTE_RESERVED');
    expect(checkFileRoute('preview/pr-12/DROC.md', L)?.code).toBe('ROUTE_RESERVED');
  });
});

describe('the URL rule for file names (docs/writing.md, "Pages and routes")', () => {
  it.each([
    ['DROC', 'DROC'],
    ['rsna-2024', 'rsna-2024'],
    ['v1.2_final', 'v1.2_final'],
    ['a--b', 'a--b'],
    ['关于我们', '关于我们'],
    ['a b', 'a-b'],
    ['  a   b  ', 'a-b'],
    ['a - b', 'a-b'],
    ['a -- b-', 'a-b-'],
    ['a\tb', 'a-b'],
    ['关于\u3000我们', '关于-我们'],
    ['a\u00a0b', 'a-b'],
    ['Q&A', 'QA'],
    ["What's new?", 'Whats-new'],
    ['C++ guide', 'C-guide'],
    ['50% off', '50-off'],
    ['a#b?c/d\\e"f<g>h', 'abcdefgh'],
    ['I ❤ Beijing', 'I-Beijing'],
    ['<script>', 'script'],
    ['zero\u200bwidth', 'zerowidth'],
    ['Cafe\u0301', 'Caf\u00e9'],
    ['\u212bngstr\u00f6m', '\u00c5ngstr\u00f6m'],
    ['Ελληνικά', 'Ελληνικά'],
    ['Русский язык', 'Русский-язык'],
    ['العربية', 'العربية'],
    ['हिन्दी', 'हिन्दी'],
    ['한국어', '한국어'],
    ['第２版（新）', '第２版新'],
    ['Ⅻ ²', 'Ⅻ-²'],
  ])('%j -> %j', (name, segment) => {
    expect(routeSegment(name)).toBe(segment);
  });

  it('maps page files with any name to routes', () => {
    expect(routeFromFile('关于我们.md')).toBe('/关于我们');
    expect(routeFromFile('a b.md')).toBe('/a-b');
    expect(routeFromFile('产品 介绍/index.md')).toBe('/产品-介绍');
    expect(routeFromFile('News & Events/RSNA 2024.md')).toBe('/News-Events/RSNA-2024');
  });

  it('gives NFC and NFD twins, and a name with spaces and its hyphenated twin, one route (ROUTE_DUPLICATE)', () => {
    expect(routeFromFile('Cafe\u0301.md')).toBe(routeFromFile('Caf\u00e9.md'));
    expect(routeFromFile('a b.md')).toBe(routeFromFile('a-b.md'));
  });

  it('encodes a site path once for output and reads it back', () => {
    expect(encodeSitePath('/关于我们')).toBe('/%E5%85%B3%E4%BA%8E%E6%88%91%E4%BB%AC');
    expect(encodeSitePath('/en/DROC')).toBe('/en/DROC');
    expect(encodeSitePath('/images/a?b#c.png')).toBe('/images/a%3Fb%23c.png');
    expect(decodeSitePath('/%E5%85%B3%E4%BA%8E%E6%88%91%E4%BB%AC')).toBe('/关于我们');
    expect(decodeSitePath('/Cafe\u0301')).toBe('/Caf\u00e9');
    expect(decodeSitePath('/50%.png')).toBe('/50%.png');
  });
});

/** What writers (and their operating systems) put in file names: every script, marks, spaces, symbols. */
const PIECES = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).filter((c) => c !== '/'),
  '\t',
  '\u00a0',
  '\u3000',
  '\u2003',
  '\u2028',
  '关',
  '于',
  '我',
  '们',
  '。',
  '、',
  '（',
  '）',
  '「',
  '」',
  'é',
  'e\u0301',
  'A\u030a',
  '\u212b',
  '\u0301',
  '\u0338',
  '\u0323\u0307',
  'ṩ',
  's\u0307\u0323',
  '\u1100',
  '\u1161',
  '\u11a8',
  '한',
  '\u0958',
  'क',
  '\u093c',
  'ि',
  'Ж',
  'ж',
  'Ω',
  '\u2126',
  'ß',
  'İ',
  'ﬁ',
  'Ａ',
  '％',
  '／',
  'ع',
  'ב',
  '\u200f',
  '\u202e',
  '\u200b',
  '\u200d',
  '\ufeff',
  '٣',
  '²',
  'Ⅻ',
  '½',
  '😀',
  '👍🏽',
  '\ufe0f',
  '❤',
  '—',
  '«',
  '»',
  '€',
];

function randomName(next: () => number): string {
  const length = 1 + Math.floor(next() * 12);
  return Array.from({ length }, () => PIECES[Math.floor(next() * PIECES.length)]).join('');
}

describe('the URL rule on random names (fixed seeds)', () => {
  it.each([1, 2, 3, 42, 2024])(
    'seed %i: routes are NFC, need no escape but non-ASCII letters, are idempotent and survive encoding',
    (seed) => {
      const next = random(seed);
      for (let i = 0; i < 1000; i++) {
        const names = [randomName(next), randomName(next)];
        const file = `${names.join('/')}.md`;
        for (const name of names) {
          const segment = routeSegment(name);
          expect(routeSegment(segment), JSON.stringify(name)).toBe(segment);
          expect(segment.normalize('NFC')).toBe(segment);
          // ASCII is limited to letters, digits, "-", "_" and "."; everything else is a letter, mark or digit.
          expect(segment, JSON.stringify(name)).toMatch(/^(?:[A-Za-z0-9._-]|(?![\x00-\x7f])[\p{L}\p{M}\p{N}])*$/u);
        }
        if (checkFileRoute(file, L)?.code === 'FILE_NAME_INVALID') {
          expect(names.some((n) => routeSegment(n) === '' || routeSegment(n).startsWith('.'))).toBe(true);
          continue;
        }
        const route = routeFromFile(file);
        expect(route).toMatch(/^\/[^\s/]+(\/[^\s/]+)*$/u);
        expect(routeFromFile(`${route.slice(1)}.md`)).toBe(route);
        const url = encodeSitePath(route);
        expect(url).toMatch(/^[A-Za-z0-9._~\-/%]+$/);
        expect(decodeURI(url)).toBe(route);
        expect(decodeSitePath(url)).toBe(route);
        // A browser's URL parser leaves it as it is: nothing is left to escape, nothing is escaped twice.
        expect(new URL(url, 'http://site.test').pathname).toBe(url);
      }
    },
  );
});

describe('findCaseCollisions', () => {
  const at = (route: string, file = `content/zh${route}.md`): { route: string; file: string } => ({ route, file });

  it('finds pages whose routes differ only in case', () => {
    expect(findCaseCollisions([at('/Partners'), at('/partners')])).toEqual([
      { first: at('/Partners'), second: at('/partners'), spellings: ['/Partners', '/partners'], kind: 'page' },
    ]);
  });

  it('finds folders that differ only in case, once per pair of spellings and per pair of files', () => {
    const found = findCaseCollisions([at('/A/x'), at('/a/y'), at('/a/x'), at('/a/z')]);
    expect(found.map((c) => [c.first.file, c.second.file, c.kind, c.spellings])).toEqual([
      ['content/zh/A/x.md', 'content/zh/a/y.md', 'folder', ['/A', '/a']],
      ['content/zh/A/x.md', 'content/zh/a/x.md', 'page', ['/A/x', '/a/x']],
    ]);
    // Files met in their folder first are reported once, at the folder.
    expect(findCaseCollisions([at('/A/x'), at('/a/x')]).map((c) => c.kind)).toEqual(['folder']);
  });

  it('leaves alone routes spelled alike, a page beside a folder, and the root', () => {
    expect(
      findCaseCollisions([at('/a', 'content/zh/a.md'), at('/a', 'content/en/a.md'), at('/A/x'), at('/'), at('/b'), at('/b/c')]),
    ).toEqual([]);
  });

  it('compares letters of any script in case, and leaves caseless scripts alone', () => {
    expect(findCaseCollisions([at('/Café'), at('/CAFÉ')])).toHaveLength(1);
    expect(findCaseCollisions([at('/关于'), at('/关于我们')])).toEqual([]);
  });
});

describe('checkFileRoute: the configured locales own their prefixes', () => {
  it('refuses a page whose route starts with a locale code, naming the locale', () => {
    const locales = [...L, { code: 'ja', lang: 'ja', label: '日本語', ogLocale: 'ja_JP' }];
    expect(checkFileRoute('ja.md', L)).toBeNull();
    expect(checkFileRoute('ja.md', locales)).toEqual({
      code: 'ROUTE_RESERVED',
      message: 'The route /ja is reserved: /ja is the URL prefix of the locale "ja" (site.yaml `locales`).',
    });
    expect(checkFileRoute('JA/x.md', locales)?.code).toBe('ROUTE_RESERVED');
  });
});

describe('checkFileRoute: reserved routes in any case', () => {
  it("refuses /Assets, /EN and /Home, which the build's own files would meet where case is ignored", () => {
    for (const name of ['Assets.md', 'EN/x.md', 'Home.md', '404/index.md']) {
      expect(checkFileRoute(name, L)?.code, name).toBe('ROUTE_RESERVED');
    }
    expect(checkFileRoute('Assets.md', L)?.message).toContain('differs only in case from /assets');
    expect(checkFileRoute('Assetsx.md', L)).toBeNull();
  });
});
