import { describe, expect, it } from 'vitest';
import { contentTypeOf } from '../../../../cli/core/deploy/content-types.ts';
import { headersOf, IMMUTABLE, REVALIDATE } from '../../../../cli/core/deploy/headers.ts';

describe('headersOf', () => {
  it('gives pages, feeds, the sitemap, fonts and images their type from one table', () => {
    expect(contentTypeOf('DROC.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('news/feed.xml')).toBe('application/atom+xml; charset=utf-8');
    expect(contentTypeOf('sitemap.xml')).toBe('application/xml; charset=utf-8');
    expect(contentTypeOf('fonts/noto.woff2')).toBe('font/woff2');
    expect(contentTypeOf('images/PHOTO.JPG')).toBe('image/jpeg');
    expect(contentTypeOf('search/index.json')).toBe('application/json; charset=utf-8');
  });

  it('knows no type for an unknown extension, rather than guessing one', () => {
    expect(contentTypeOf('notes.docx')).toBeUndefined();
    expect(contentTypeOf('Makefile')).toBeUndefined();
    expect(headersOf('notes.docx')).toBeUndefined();
  });

  it('caches content-hashed assets for a year and revalidates everything else', () => {
    expect(headersOf('assets/app.7661b60f91.js')).toEqual({ contentType: 'text/javascript; charset=utf-8', cacheControl: IMMUTABLE });
    expect(headersOf('DROC.html')?.cacheControl).toBe(REVALIDATE);
    expect(headersOf('images/logo.svg')?.cacheControl).toBe(REVALIDATE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
  });
});
