import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderFeed } from '../../../../cli/core/render/feed.ts';

const INFO = {
  lang: 'en',
  title: 'Co – News & Views',
  selfUrl: 'https://x.test/en/news/feed.xml',
  pageUrl: 'https://x.test/en/news',
  author: 'Co <Ltd>',
};

describe('renderFeed', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes an Atom feed whose updated time is its newest entry, never the clock', () => {
    const xml = renderFeed(INFO, [
      { title: 'B', url: 'https://x.test/en/news/b', date: '2024-12-06', summary: 'sb' },
      { title: 'A', url: 'https://x.test/en/news/a', date: '2024-05-01', summary: '' },
    ]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom" xml:lang="en">/);
    expect(xml).toContain('  <updated>2024-12-06T00:00:00Z</updated>\n');
    expect(xml).toContain('<link rel="self" type="application/atom+xml" href="https://x.test/en/news/feed.xml"/>');
    expect(xml.indexOf('/news/b</id>')).toBeLessThan(xml.indexOf('/news/a</id>'));
    expect(xml).toContain('<summary>sb</summary>');
    expect(xml.match(/<summary>/g)).toHaveLength(1);
  });

  it('reads no clock: the same feed at two different times, and an empty feed dated 1970', () => {
    const entries = [{ title: 'A', url: 'https://x.test/en/news/a', date: '2024-05-01', summary: '' }];
    vi.useFakeTimers({ now: new Date('2001-02-03T04:05:06Z') });
    const early = [renderFeed(INFO, entries), renderFeed(INFO, [])];
    vi.setSystemTime(new Date('2039-10-11T12:13:14Z'));
    expect([renderFeed(INFO, entries), renderFeed(INFO, [])]).toEqual(early);
    expect(early[1]).toContain('  <updated>1970-01-01T00:00:00Z</updated>\n');
    expect(early.join('')).not.toMatch(/2001|2039/);
  });

  it("dates an entry known only to the month at that month's first day, which Atom's date-time needs", () => {
    const xml = renderFeed(INFO, [
      { title: 'B', url: 'https://x.test/en/news/b', date: '2024-12', summary: '' },
      { title: 'A', url: 'https://x.test/en/news/a', date: '2024-05-20', summary: '' },
    ]);
    expect(xml).toContain('  <updated>2024-12-01T00:00:00Z</updated>\n');
    expect(xml).toContain('    <published>2024-12-01T00:00:00Z</published>\n');
    expect(xml).toContain('    <published>2024-05-20T00:00:00Z</published>\n');
    expect(xml).not.toContain('1970');
  });

  it('escapes markup in text and attributes', () => {
    const xml = renderFeed(INFO, [{ title: '<b>"R&D"</b>', url: 'https://x.test/a?x=1&y=2', date: '2024-01-01', summary: '\u0007bell' }]);
    expect(xml).toContain('<title>Co – News &#38; Views</title>');
    expect(xml).toContain('<name>Co &#60;Ltd&#62;</name>');
    expect(xml).toContain('<title>&#60;b&#62;&#34;R&#38;D&#34;&#60;/b&#62;</title>');
    expect(xml).toContain('href="https://x.test/a?x=1&#38;y=2"');
    expect(xml).toContain('<summary>bell</summary>');
  });
});
