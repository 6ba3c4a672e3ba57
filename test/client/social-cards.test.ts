/**
 * Social cards as a link preview fetches them, in real Chromium on the served real
 * site: every page's og:image and twitter:image name a PNG the site serves, 1200×630 once decoded. Like a
 * link preview, the test reads each page's HTML as served, without running its script (one fetch per page
 * from a page of the site, not a page load; test/client/page.test.ts loads every page).
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
    await page.goto(`${site.url}/DROC`);
    // One round trip: every page's HTML fetched and read, and the image its og:image names fetched and decoded.
    const cards = await page.evaluate(
      async ({ paths, base }) => {
        const read = async (path: string): Promise<Record<string, unknown>> => {
          const html = await (await fetch(path)).text();
          const head = new DOMParser().parseFromString(html, 'text/html');
          const [og = '', twitter = ''] = ['og:image', 'twitter:image'].map(
            (key) => head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? '',
          );
          if (!og.startsWith(`${base}/`)) return { og, twitter };
          // The site is served here, not at its baseUrl: fetch the same path from this server.
          const local = og.slice(base.length);
          const response = await fetch(local);
          const image = new Image();
          image.src = local;
          await image.decode();
          const found = {
            status: response.status,
            type: response.headers.get('content-type'),
            width: image.naturalWidth,
            height: image.naturalHeight,
          };
          return { og, twitter, found };
        };
        const out: Array<Record<string, unknown>> = [];
        for (const path of paths) out.push(await read(path));
        return out;
      },
      { paths, base: BASE },
    );
    const seen = new Map<string, string>();
    for (const [i, path] of paths.entries()) {
      const { og, twitter, found } = cards[i] ?? {};
      expect(og, path).toMatch(new RegExp(`^${BASE.replace(/\./g, '\\.')}/assets/cards/`));
      expect(twitter, path).toBe(og);
      expect(found, path).toEqual({ status: 200, type: 'image/png', width: 1200, height: 630 });
      seen.set(path, og as string);
    }
    // Each page and locale has a card of its own (the /home alias shares the home page's).
    expect(new Set(seen.values()).size).toBe(paths.length - 2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
