import { describe, expect, it } from 'vitest';
import { checkFileRoute, localisePath, normaliseLinkPath, outputFiles, parseSitePath, routeFromFile, routeName } from '../../../cli/core/routes.ts';

describe('routes', () => {
  it('maps content files to routes as CONTRACT.md section 2 writes them', () => {
    expect(routeFromFile('DROC.md')).toBe('/DROC');
    expect(routeFromFile('index.md')).toBe('/');
    expect(routeFromFile('company/company.md')).toBe('/company/company');
    expect(routeFromFile('company/index.md')).toBe('/company');
    expect(routeFromFile('news/rsna-2024.md')).toBe('/news/rsna-2024');
  });

  it('prefixes the English locale and leaves Chinese at the root', () => {
    expect(localisePath('/DROC', 'zh')).toBe('/DROC');
    expect(localisePath('/DROC', 'en')).toBe('/en/DROC');
    expect(localisePath('/', 'en')).toBe('/en');
    expect(localisePath('/', 'zh')).toBe('/');
  });

  it('names routes with the three-underscore separator', () => {
    expect(routeName('/DROC', 'en')).toBe('DROC___en');
    expect(routeName('/', 'zh')).toBe('index___zh');
    expect(routeName('/company/company', 'zh')).toBe('company-company___zh');
  });

  it('writes each route to <path>.html so it answers at exactly its path', () => {
    expect(outputFiles('/DROC', 'zh')).toEqual(['DROC.html']);
    expect(outputFiles('/DROC', 'en')).toEqual(['en/DROC.html']);
    expect(outputFiles('/', 'zh')).toEqual(['index.html']);
    expect(outputFiles('/', 'en')).toEqual(['en.html', 'en/index.html']);
  });

  it('reads a site path back into route and locale', () => {
    expect(parseSitePath('/en/DROC', ['zh', 'en'])).toEqual({ route: '/DROC', locale: 'en' });
    expect(parseSitePath('/en', ['zh', 'en'])).toEqual({ route: '/', locale: 'en' });
    expect(parseSitePath('/english', ['zh', 'en'])).toEqual({ route: '/english', locale: 'zh' });
  });

  it('normalises trailing slashes and .html in links', () => {
    expect(normaliseLinkPath('/DROC/')).toBe('/DROC');
    expect(normaliseLinkPath('/DROC.html')).toBe('/DROC');
    expect(normaliseLinkPath('/en/index.html')).toBe('/en');
    expect(normaliseLinkPath('/')).toBe('/');
  });

  it('refuses file names that cannot be URLs and routes the build owns', () => {
    expect(checkFileRoute('DROC.md')).toBeNull();
    expect(checkFileRoute('a b.md')?.code).toBe('FILE_NAME_INVALID');
    expect(checkFileRoute('<script>.md')?.code).toBe('FILE_NAME_INVALID');
    expect(checkFileRoute('en/DROC.md')?.code).toBe('ROUTE_RESERVED');
    expect(checkFileRoute('home.md')?.code).toBe('ROUTE_RESERVED');
    expect(checkFileRoute('assets/x.md')?.code).toBe('ROUTE_RESERVED');
  });
});
