/** The base path (cli/core/common/base-path.ts): its rule, and the one way site paths become URLs under it. */
import { describe, expect, it } from 'vitest';
import {
  assetPrefix,
  basePathOfPage,
  basePathProblem,
  basePrefix,
  previewNameProblem,
  ROOT_BASE_PATH,
  sitePathIn,
  siteRootUrl,
  urlOf,
} from '../../../../cli/core/common/base-path.ts';
import { random } from '../../../helpers/random.ts';

describe('the rule of a base path', () => {
  it.each(['/', '/preview/pr-12/', '/site/', '/a.b/c_d/e-f/~g/', '/v1.2/'])('accepts %s', (value) => {
    expect(basePathProblem(value)).toBeUndefined();
  });

  it.each([
    ['preview/pr-12/', 'must start and end with "/"'],
    ['/preview/pr-12', 'must start and end with "/"'],
    ['', 'must start and end with "/"'],
    ['/a//b/', 'empty segment'],
    ['/a/../b/', '".." segment'],
    ['/../', '".." segment'],
    ['/./', '"." segment'],
    ['/a b/', 'need escaping'],
    ['/关于/', 'need escaping'],
    ['/a%20b/', 'need escaping'],
    ['/a?b/', 'need escaping'],
    ['/a#b/', 'need escaping'],
    ['/a"b/', 'need escaping'],
    ['/a\\b/', 'need escaping'],
  ])('refuses %j: %s', (value, why) => {
    expect(basePathProblem(value)).toContain(why);
  });
});

describe('URLs under a base path', () => {
  it('leaves every site path as it is under /', () => {
    for (const path of ['/', '/DROC', '/en', '/en/DROC', '/assets/app.0123456789.js', '/%E5%85%B3'])
      expect(urlOf(ROOT_BASE_PATH, path)).toBe(path);
    expect(siteRootUrl('https://www.example.com', ROOT_BASE_PATH)).toBe('https://www.example.com');
    expect(assetPrefix(ROOT_BASE_PATH, '')).toBe('');
    expect(assetPrefix(ROOT_BASE_PATH, '/static')).toBe('/static');
  });

  it('puts the base path before site paths, the root being the base path itself', () => {
    const base = '/preview/pr-12/';
    expect(urlOf(base, '/')).toBe('/preview/pr-12/');
    expect(urlOf(base, '/en')).toBe('/preview/pr-12/en');
    expect(urlOf(base, '/en/DROC')).toBe('/preview/pr-12/en/DROC');
    expect(siteRootUrl('https://www.example.com', base)).toBe('https://www.example.com/preview/pr-12');
    expect(`${siteRootUrl('https://www.example.com', base)}/`).toBe(`https://www.example.com${base}`);
  });

  it('keeps an absolute CDN as it is and puts a path CDN under the base path', () => {
    expect(assetPrefix('/preview/pr-12/', 'https://cdn.example.com')).toBe('https://cdn.example.com');
    expect(assetPrefix('/preview/pr-12/', '')).toBe('/preview/pr-12');
    expect(assetPrefix('/preview/pr-12/', '/static')).toBe('/preview/pr-12/static');
  });

  it('finds the site path back within the base path, and nothing outside it', () => {
    expect(sitePathIn('/preview/pr-12/', '/preview/pr-12/')).toBe('/');
    expect(sitePathIn('/preview/pr-12/', '/preview/pr-12')).toBe('/');
    expect(sitePathIn('/preview/pr-12/', '/preview/pr-12/en/DROC')).toBe('/en/DROC');
    expect(sitePathIn('/preview/pr-12/', '/preview/pr-123/DROC')).toBeUndefined();
    expect(sitePathIn('/preview/pr-12/', '/DROC')).toBeUndefined();
    expect(sitePathIn('/preview/pr-12/', '/')).toBeUndefined();
    expect(sitePathIn('/', '/DROC')).toBe('/DROC');
  });

  it('inverts urlOf for any base path and site path (seeded)', () => {
    const next = random(42);
    const pick = (chars: string, n: number): string =>
      Array.from({ length: n }, () => chars[Math.floor(next() * chars.length)] as string).join('');
    for (let i = 0; i < 500; i++) {
      const segments = Array.from({ length: Math.floor(next() * 4) }, () => pick('abcXYZ019._~-', 1 + Math.floor(next() * 6)));
      const base = `/${segments.map((s) => `${s}/`).join('')}`;
      if (basePathProblem(base) !== undefined) {
        expect(segments.some((s) => s === '.' || s === '..')).toBe(true);
        continue;
      }
      const path = `/${pick('abc/DROC%E5', Math.floor(next() * 12))}`;
      const url = urlOf(base, path);
      expect(url.startsWith(basePrefix(base))).toBe(true);
      expect(sitePathIn(base, url)).toBe(path);
    }
  });
});

describe('the base path a page was built for', () => {
  it('reads <html data-base-path>, and / when there is none or it is no base path', () => {
    expect(basePathOfPage('<!doctype html><html lang="en" data-route="x" data-base-path="/preview/pr-12/"><head>')).toBe('/preview/pr-12/');
    expect(basePathOfPage('<!doctype html><html lang="en" data-route="x"><head>')).toBe('/');
    expect(basePathOfPage('<html data-base-path="/../">')).toBe('/');
    expect(basePathOfPage('<main data-base-path="/x/">')).toBe('/');
    expect(basePathOfPage('')).toBe('/');
  });
});

describe('preview names', () => {
  it.each(['pr-12', 'feature_x', 'v1.2', 'A'])('accepts %s', (name) => expect(previewNameProblem(name)).toBeUndefined());
  it.each(['', '..', '../x', 'a/b', '-x', '.x', 'a..b', 'a b', 'é', 'x'.repeat(101)])('refuses %j', (name) =>
    expect(previewNameProblem(name)).toMatch(/no preview name/),
  );
});
