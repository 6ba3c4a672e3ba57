import { describe, expect, it } from 'vitest';
import { baseUrlFromRobots, renderRobots } from '../../../../cli/core/render/sitemap.ts';

describe('robots.txt', () => {
  it('names the base URL, which reads back from it, for a site and a preview', () => {
    for (const root of ['https://x.test', 'https://x.test/sub', 'https://x.test/preview/pr-1']) {
      expect(baseUrlFromRobots(renderRobots(root))).toBe(root);
      expect(baseUrlFromRobots(renderRobots(root, true))).toBe(root);
    }
  });

  it('reads no base URL from a robots.txt without a sitemap line', () => {
    expect(baseUrlFromRobots('User-agent: *\n')).toBeUndefined();
    expect(baseUrlFromRobots('User-agent: *\nAllow: /\n\nSitemap: https://x.test/sub/sitemap.xml\n')).toBe('https://x.test/sub');
  });
});
