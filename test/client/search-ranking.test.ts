/**
 * Phrase-first ranking on the real site, in Chromium (docs/search.md, "Ranking"): for a Chinese query, every
 * page whose indexed text holds the query as typed is found and ranks above every page that holds only its
 * parts. The ground truth is read from the built pages (test/helpers/search-truth.ts), the results come
 * from the search script of the search page (test/helpers/search-rankings.ts); `npm run bench:search`
 * measures the same on more queries.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, useSite } from '../helpers/browser.ts';
import { rankings } from '../helpers/search-rankings.ts';
import { type IndexedText, indexedTexts, judge, relevantUrls } from '../helpers/search-truth.ts';

const site = useSite();
let pages: IndexedText[];
let zh: Page;
let en: Page;

beforeAll(async () => {
  pages = await indexedTexts(site.dir);
  zh = (await openPage(site)).page;
  en = (await openPage(site)).page;
  await zh.goto(`${site.url}/search`);
  await en.goto(`${site.url}/en/search`);
});

afterAll(async () => {
  await zh?.context().close();
  await en?.context().close();
});

describe('Chinese search on the real site', () => {
  // Each has pages holding only its parts (后 and 处理 apart, 阅 and 片 apart…), which a search by words finds too.
  it.each(['后处理', '阅片', '图像处理', '操作台', '质控'])(
    'ranks every page holding %s above the pages holding only its parts',
    async (query) => {
      const relevant = relevantUrls(pages, 'zh', query);
      const { site: ranked } = await rankings(zh, query);
      const judged = judge(ranked, relevant);
      expect(relevant.length).toBeGreaterThan(0);
      expect(judged.missed).toEqual([]);
      expect(judged.relevantFirst, `${query}: ${ranked.join(' ')}`).toBe(true);
      // Pages with the parts only are found too, after the phrase's: the order above is what kept them down.
      expect(ranked.length).toBeGreaterThan(relevant.length);
    },
  );

  it('takes the pages about post-processing as the ones holding 后处理', () => {
    expect(relevantUrls(pages, 'zh', '后处理')).toEqual(expect.arrayContaining(['/CTOC', '/ThreeD']));
    expect(relevantUrls(pages, 'zh', '后处理')).not.toContain('/MA');
  });
});

describe('English search on the real site', () => {
  it('finds every page about mammography, at its English address', async () => {
    const relevant = relevantUrls(pages, 'en', 'mammography');
    expect(relevant).toEqual(expect.arrayContaining(['/en/MA', '/en/DR']));
    const { site: ranked } = await rankings(en, 'mammography');
    expect([...ranked].sort()).toEqual([...relevant].sort());
  });
});
