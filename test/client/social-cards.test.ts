/**
 * Social cards as a link preview fetches them (issue 15, item 6), in real Chromium on the served real
 * site: every page's og:image and twitter:image name a PNG the site serves, 1200×630 once decoded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { CONTENT } from '../helpers/cli.ts';
import { openPage, useSite } from '../helpers/browser.ts';
import { pathOf, SPEC_ROUTES } from '../helpers/site.ts';

const site = useSite();
const BASE = String((parse(readFileSync(join(CONTENT, 'site.yaml'), 'utf8')) as { baseUrl: string }).baseUrl).replace(/\/+$/, '');
const ARTICLES = readdirSync(join(CONTENT, 'zh', 'news')).map((f) => `/news/${f.replace(/\.md$/, '')}`);

describe('social cards in the browser', () => {
  test('every page in both locales, and the 404 pages, show a 1200×630 PNG the site serves as og:image and twitter:image', async () => {
    const { context, page, errors } = await openPage(site);
    const paths = [
      ...(['zh', 'en'] as const).flatMap((locale) => [...SPEC_ROUTES, ...ARTICLES].map((route) => pathOf(route, locale))),
      '/404',
      '/en/404',
    ];
    const seen = new Map<string, string>();
    for (const path of paths) {
      await page.goto(`${site.url}${path}`);
      const [og, twitter] = await page.evaluate(() =>
        ['og:image', 'twitter:image'].map(
          (key) => document.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? '',
        ),
      );
      expect(og, path).toMatch(new RegExp(`^${BASE.replace(/\./g, '\\.')}/assets/cards/`));
      expect(twitter, path).toBe(og);
      // The site is served here, not at its baseUrl: fetch the same path from this server.
      const local = `${site.url}${(og as string).slice(BASE.length)}`;
      const found = await page.evaluate(async (url) => {
        const response = await fetch(url);
        const image = new Image();
        image.src = url;
        await image.decode();
        return {
          status: response.status,
          type: response.headers.get('content-type'),
          width: image.naturalWidth,
          height: image.naturalHeight,
        };
      }, local);
      expect(found, path).toEqual({ status: 200, type: 'image/png', width: 1200, height: 630 });
      seen.set(path, og as string);
    }
    // Each page and locale has a card of its own (the /home alias shares the home page's).
    expect(new Set(seen.values()).size).toBe(paths.length - 2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
