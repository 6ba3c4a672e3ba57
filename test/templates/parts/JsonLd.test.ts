import { fromHtml } from 'hast-util-from-html';
import { selectAll } from 'hast-util-select';
import { toString } from 'hast-util-to-string';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { JsonLd, serialiseJsonLd } from '../../../templates/parts/JsonLd.tsx';

const HOSTILE = { '@type': 'NewsArticle', headline: '</script><script>alert(1)</script>', description: '<!-- x --> & \u2028 "q"' };

describe('JsonLd', () => {
  it('escapes every < so that no text can end the script element or open a comment', () => {
    const text = serialiseJsonLd(HOSTILE);
    expect(text).not.toContain('<');
    expect(text).not.toContain('\u2028');
    expect(JSON.parse(text)).toEqual(HOSTILE);
  });

  it('renders one ld+json script per object, whose text parses back to the data', () => {
    const html = renderToStaticMarkup(
      createElement('head', null, createElement(JsonLd, { data: [HOSTILE, { '@type': 'BreadcrumbList' }] })),
    );
    const scripts = selectAll('script', fromHtml(html, { fragment: true }));
    expect(scripts.map((s) => s.properties.type)).toEqual(['application/ld+json', 'application/ld+json']);
    expect(scripts.map((s) => JSON.parse(toString(s)) as unknown)).toEqual([HOSTILE, { '@type': 'BreadcrumbList' }]);
    expect(html).not.toContain('<script>alert');
  });

  it('renders nothing without data', () => {
    expect(renderToStaticMarkup(createElement(JsonLd, { data: [] }))).toBe('');
  });
});
