import { describe, expect, it } from 'vitest';
import { contentTypeOf } from '../../../../cli/core/deploy/content-types.ts';

describe('contentTypeOf', () => {
  it('types pages, feeds and the search index, each from the one table', () => {
    expect(contentTypeOf('en/DROC.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('news/feed.xml')).toBe('application/atom+xml; charset=utf-8');
    expect(contentTypeOf('sitemap.xml')).toBe('application/xml; charset=utf-8');
    for (const file of [
      'pagefind/pagefind.zh_8112488d27.pf_meta',
      'en/pagefind/index/en_1.pf_index',
      'pagefind/fragment/zh_2.pf_fragment',
      'pagefind/wasm.unknown.pagefind',
    ])
      expect(contentTypeOf(file)).toBe('application/octet-stream');
    expect(contentTypeOf('pagefind/pagefind.js')).toBe('text/javascript; charset=utf-8');
  });

  it('has no type for an extension the table does not know', () => {
    expect(contentTypeOf('notes.docx')).toBeUndefined();
    expect(contentTypeOf('README')).toBeUndefined();
  });
});
