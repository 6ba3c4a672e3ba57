/**
 * Edges of cli/core/common the other files leave out, found by a mutation run (docs/testing.md, "Mutation
 * testing"): problems' text and places, system errors that are not ones, locales and routes at their
 * boundaries, the semaphore over time.
 */
import { describe, expect, it } from 'vitest';
import { assetPrefix } from '../../../../cli/core/common/base-path.ts';
import { formatProblem, hintOf, problem, SiteError } from '../../../../cli/core/common/errors.ts';
import {
  detectionList,
  fallbackChain,
  fallbackCycle,
  langOf,
  type Locales,
  localeOf,
  ogLocaleOf,
} from '../../../../cli/core/common/locales.ts';
import {
  canonicalRoute,
  checkFileRoute,
  findCaseCollisions,
  normaliseLinkPath,
  parseSitePath,
  routeFromFile,
  routesOfPage,
  SEARCH_PAGE,
  SITE_PAGES,
  sitePagesOf,
} from '../../../../cli/core/common/routes.ts';
import { semaphore } from '../../../../cli/core/common/semaphore.ts';
import { systemProblem } from '../../../../cli/core/common/system-errors.ts';

const LOCALES: Locales = [
  { code: 'zh', lang: 'zh-CN', label: '中文', ogLocale: 'zh_CN' },
  { code: 'en', lang: 'en', label: 'English', ogLocale: 'en_US' },
  { code: 'ja', lang: 'ja-JP', label: '日本語', ogLocale: 'ja_JP', fallback: 'en' },
];

describe('problems', () => {
  it('place a problem at its file, line and column, as far as known', () => {
    const hint = '\n    hint: Pass the folder with --content, or run the command from the project root.';
    expect(formatProblem(problem('CONTENT_MISSING', 'gone', { file: 'a.md', line: 3, column: 7 }))).toBe(
      `a.md:3:7  CONTENT_MISSING  gone${hint}`,
    );
    expect(formatProblem(problem('CONTENT_MISSING', 'gone', { file: 'a.md', line: 3 }))).toBe(`a.md:3  CONTENT_MISSING  gone${hint}`);
    expect(formatProblem(problem('CONTENT_MISSING', 'gone', { file: 'a.md' }))).toBe(`a.md  CONTENT_MISSING  gone${hint}`);
    expect(formatProblem(problem('CONTENT_MISSING', 'gone'))).toBe(`CONTENT_MISSING  gone${hint}`);
  });

  it('list the words of a computed hint as a sentence says them', () => {
    const unknown = (placeholders: string[]): string => hintOf(problem('PLACEHOLDER_UNKNOWN', 'x', {}, { placeholders }));
    expect(unknown(['phone'])).toMatch(/^Write one of \{phone\}, spelled as shown;/);
    expect(unknown(['phone', 'email', 'company'])).toMatch(/^Write one of \{phone\}, \{email\} or \{company\}, spelled/);
    expect(unknown([])).toMatch(/^Write one of , spelled/);
    expect(hintOf(problem('FIELD_UNKNOWN', 'x', {}, { fields: ['title', 'summary'] }))).toBe(
      'Check the spelling: the fields read here are `title` and `summary` (docs/templates.md has those of every template).',
    );
  });

  it('are thrown as one SiteError whose message is theirs, one a line', () => {
    const error = new SiteError([problem('CONTENT_MISSING', 'first'), problem('YAML_SYNTAX', 'second')]);
    expect(error.name).toBe('SiteError');
    expect(error.message).toBe('first\nsecond');
    expect(error.exitCode).toBe(1);
    expect(new SiteError(problem('USAGE', 'only'), 2)).toMatchObject({ message: 'only', exitCode: 2 });
  });
});

describe('system errors', () => {
  const error = (fields: Record<string, unknown>): Error => Object.assign(new Error('boom'), fields);

  it('are only errors with an E-code and a system call or path', () => {
    for (const value of [
      null,
      undefined,
      'ENOENT',
      { code: 'ENOENT' },
      error({ code: 'ENOENT' }),
      error({ code: 7, syscall: 'open' }),
      error({ code: 'enoent', syscall: 'open' }),
      error({ code: 'XENOENT', syscall: 'open' }),
      error({ code: 'ENOENT!', syscall: 'open' }),
      error({ code: 'ENOENT', syscall: 7, path: 7 }),
    ])
      expect(systemProblem(value), JSON.stringify(value)).toBeUndefined();
  });

  it('say what was done to which path, with a path alone, a destination, or neither', () => {
    expect(systemProblem(error({ code: 'ENOENT', path: '/srv/x.md' }))?.message).toBe('Cannot use /srv/x.md: it does not exist.');
    expect(systemProblem(error({ code: 'ENOENT', syscall: 'scandir', path: '' }))?.message).toBe(
      'Cannot list the folder .: it does not exist.',
    );
    expect(systemProblem(error({ code: 'EXDEV', syscall: 'rename', path: '/a', dest: '/b' }))).toEqual({
      code: 'SYSTEM_ERROR',
      message: 'Cannot move /a to /b: EXDEV.',
    });
    expect(systemProblem(error({ code: 'EIO', syscall: 'fsync' }))?.message).toBe('Cannot fsync: input/output error.');
  });

  it('name the address a server cannot bind or resolve, and why', () => {
    expect(systemProblem(error({ code: 'EACCES', syscall: 'listen', address: '127.0.0.1', port: 80 }))).toEqual({
      code: 'PERMISSION_DENIED',
      message: 'Cannot listen on 127.0.0.1:80: ports below 1024 need special rights.',
    });
    expect(systemProblem(error({ code: 'EADDRNOTAVAIL', syscall: 'bind', port: 4000 }))?.message).toBe(
      'Cannot listen on :4000: it is not an address of this machine.',
    );
    expect(systemProblem(error({ code: 'ENOTFOUND', syscall: 'getaddrinfo', hostname: 'nowhere.test' }))).toEqual({
      code: 'ADDRESS_UNAVAILABLE',
      message: 'Cannot listen on boom: it is not an address of this machine.',
    });
    expect(systemProblem(error({ code: 'EINVAL', syscall: 'listen', address: '::1', port: 4000 }))?.message).toBe(
      'Cannot listen on ::1:4000: EINVAL.',
    );
  });
});

describe('locales', () => {
  it('finds a locale and its tag, and refuses a code not configured', () => {
    expect(localeOf(LOCALES, 'en').label).toBe('English');
    expect(langOf(LOCALES, 'ja')).toBe('ja-JP');
    expect(() => localeOf(LOCALES, 'fr')).toThrow('"fr" is not a configured locale (zh, en, ja).');
  });

  it('implies an Open Graph locale, and keeps a tag Intl cannot read with "_" for "-"', () => {
    expect(ogLocaleOf('ja')).toBe('ja_JP');
    expect(ogLocaleOf('pt-BR')).toBe('pt_BR');
    expect(ogLocaleOf('x-not-a-tag-at-all-')).toBe('x_not-a-tag-at-all-');
  });

  it('lists the locales for the detection script, the default first', () => {
    expect(detectionList(LOCALES)).toBe('zh:zh-CN en:en ja:ja-JP');
  });

  it('ends every fallback chain at the default, even of a code not configured', () => {
    expect(fallbackChain(LOCALES, 'ja')).toEqual(['ja', 'en', 'zh']);
    expect(fallbackChain(LOCALES, 'fr')).toEqual(['fr', 'zh']);
  });

  it('gives a fallback cycle from where it closes, and none through a code not configured', () => {
    const cyclic: Locales = [
      { code: 'zh', lang: 'zh', label: 'zh', ogLocale: 'zh' },
      { code: 'a', lang: 'a', label: 'a', ogLocale: 'a', fallback: 'b' },
      { code: 'b', lang: 'b', label: 'b', ogLocale: 'b', fallback: 'c' },
      { code: 'c', lang: 'c', label: 'c', ogLocale: 'c', fallback: 'b' },
      { code: 'd', lang: 'd', label: 'd', ogLocale: 'd', fallback: 'gone' },
    ];
    expect(fallbackCycle(cyclic, 'a')).toEqual(['b', 'c', 'b']);
    expect(fallbackCycle(cyclic, 'd')).toBeUndefined();
    expect(fallbackCycle(cyclic, 'gone')).toBeUndefined();
  });
});

describe('routes', () => {
  it('writes the home page at / and its alias, which is / again', () => {
    expect(routesOfPage('/')).toEqual(['/', '/home']);
    expect(routesOfPage('/DROC')).toEqual(['/DROC']);
    expect(canonicalRoute('/home')).toBe('/');
    expect(canonicalRoute('/DROC')).toBe('/DROC');
  });

  it('leaves the search page out of a site without search', () => {
    expect(sitePagesOf({})).toBe(SITE_PAGES);
    expect(sitePagesOf({ search: true })).toBe(SITE_PAGES);
    expect(sitePagesOf({ search: false }).map((p) => p.route)).toEqual(['/404']);
    expect(SITE_PAGES).toContain(SEARCH_PAGE);
  });

  it('drops only the final .md of a file name', () => {
    expect(routeFromFile('v1.md-notes.md')).toBe('/v1.md-notes');
    expect(checkFileRoute('.md-x/a.md', LOCALES)?.message).toBe(
      'The name ".md-x" becomes ".md-x" in the URL, which starts with "." (hidden files are never served).',
    );
  });

  it('says why a file name makes no route: a hidden segment, one over 250 bytes, a reserved route', () => {
    expect(checkFileRoute(`${'a'.repeat(250)}.md`, LOCALES)).toBeNull();
    expect(checkFileRoute(`${'a'.repeat(251)}.md`, LOCALES)).toEqual({
      code: 'FILE_NAME_INVALID',
      message: `The name "${'a'.repeat(251)}" is 251 bytes long in UTF-8; a URL segment may have at most 250.`,
    });
    expect(checkFileRoute('assets/logo.md', LOCALES)).toEqual({
      code: 'ROUTE_RESERVED',
      message: 'The route /assets/logo is reserved: the build generates /assets itself.',
    });
    expect(checkFileRoute('products/pagefind.md', LOCALES)).toEqual({
      code: 'ROUTE_RESERVED',
      message: "The route /products/pagefind is reserved: /<folder>/pagefind is where a locale's search lives (docs/search.md).",
    });
  });

  it('finds the default locale of a path that starts with its own code', () => {
    expect(parseSitePath('/zh/DROC', LOCALES)).toEqual({ route: '/zh/DROC', locale: 'zh' });
    expect(parseSitePath('/ja', LOCALES)).toEqual({ route: '/', locale: 'ja' });
  });

  it('normalises link paths: trailing slashes, .html, index.html, nothing', () => {
    expect(normaliseLinkPath('/en/DROC.html')).toBe('/en/DROC');
    expect(normaliseLinkPath('/en//')).toBe('/en');
    expect(normaliseLinkPath('/index.html')).toBe('/');
    expect(normaliseLinkPath('/en/index.html')).toBe('/en');
    expect(normaliseLinkPath('')).toBe('/');
    expect(normaliseLinkPath('/')).toBe('/');
  });

  it('reports each pair of spellings that meet, and folds case as file systems do, not by upper case', () => {
    const found = findCaseCollisions([
      { route: '/Ab', file: 'a.md' },
      { route: '/ab', file: 'b.md' },
      { route: '/AB', file: 'c.md' },
      { route: '/straße', file: 'd.md' },
      { route: '/STRASSE', file: 'e.md' },
    ]);
    expect(found.map((c) => [c.first.file, c.second.file, ...c.spellings])).toEqual([
      ['a.md', 'b.md', '/Ab', '/ab'],
      ['a.md', 'c.md', '/Ab', '/AB'],
    ]);
  });
});

describe('asset prefix', () => {
  it('keeps an http or https CDN as it is, and puts any other value under the base path', () => {
    expect(assetPrefix('/p/', 'http://cdn.test')).toBe('http://cdn.test');
    expect(assetPrefix('/p/', 'https://cdn.test')).toBe('https://cdn.test');
    expect(assetPrefix('/p/', '/static/https://x')).toBe('/p/static/https://x');
  });
});

describe('semaphore over time', () => {
  it('gives a slot back, so tasks one after another never wait', async () => {
    const limited = semaphore(1, ['a']);
    for (let i = 0; i < 3; i += 1) expect(await limited('a', async () => i)).toBe(i);
  });
});
