/**
 * What the output holds for an old address (cli/core/render/redirects.ts): the page any static host serves,
 * and the nginx map that `watch` and `deploy` read back.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import type { Redirect } from '../../../../cli/core/plan/old-addresses.ts';
import { answerOf, parseRedirectMap, redirectFile, redirectPage, renderRedirectMap } from '../../../../cli/core/render/redirects.ts';

const locales = DEFAULTS.locales;
const moved = (from: string, to: string, locale: 'zh' | 'en', status: 301 | 302 = 301): Redirect => ({
  from: { route: from, locale },
  to: { route: to, locale },
  status,
  file: 'content/zh/x.md',
  line: 2,
});

describe('the page at an old address', () => {
  const html = redirectPage(moved('/DMOC', '/关于', 'en'), 'https://www.example.test', locales, {
    title: 'This page has moved',
    lead: 'This page is now at',
  });

  it('is in the locale of the old address, canonical to the new URL, kept out of indexes, and sends the reader on', () => {
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<link rel="canonical" href="https://www.example.test/en/%E5%85%B3%E4%BA%8E">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/en/%E5%85%B3%E4%BA%8E">');
    expect(html).toContain('<p>This page is now at <a href="/en/%E5%85%B3%E4%BA%8E">/en/关于</a></p>');
    expect(html).not.toMatch(/<script|<style/);
  });

  it('escapes the text it is given', () => {
    const page = redirectPage(moved('/a', '/b', 'zh'), 'https://x.test', locales, { title: '<b>&', lead: '"x"' });
    expect(page).toContain('<title>&#60;b&#62;&#38;</title>');
    expect(page).toContain('<p>&#34;x&#34; <a');
  });

  it('is written where a page at the old address would be', () => {
    expect(redirectFile(moved('/DMOC', '/Mobile', 'zh'), locales)).toBe('DMOC.html');
    expect(redirectFile(moved('/products/dmoc', '/Mobile', 'en'), locales)).toBe('en/products/dmoc.html');
  });
});

describe('the redirect map', () => {
  it('holds one exact nginx location per old address, and reads back as written', () => {
    const answers = [moved('/DMOC', '/Mobile', 'zh'), moved('/旧', '/关于', 'en', 302)].map((r) => answerOf(r, locales));
    const text = renderRedirectMap(answers);
    expect(text.split('\n').slice(1)).toEqual([
      'location = "/DMOC" { return 301 "/Mobile"; }',
      'location = "/en/旧" { return 302 "/en/%E5%85%B3%E4%BA%8E"; }',
      '',
    ]);
    expect(parseRedirectMap(text)).toEqual(answers);
  });

  it('reads nothing from lines of another shape', () => {
    expect(
      parseRedirectMap('location = "/a" { return 301 "/b"; } # x\nlocation = "/a$x" { return 301 "/b"; }\ninclude /etc/passwd;\n'),
    ).toEqual([]);
  });
});
