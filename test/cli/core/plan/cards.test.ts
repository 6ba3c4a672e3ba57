/** Social cards, the pure part (cli/core/plan/cards.ts): which card each page gets, its section line, key and file. */
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../../shared/constants.ts';
import { type CardInputs, type CardPlan, planCards, sectionOf } from '../../../../cli/core/plan/cards.ts';
import type { PlannedPage } from '../../../../cli/core/load/i18n.ts';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import { NOT_FOUND_PAGE, SEARCH_PAGE } from '../../../../cli/core/common/routes.ts';
import { sourcePage } from '../../../helpers/source-page.ts';

function page(locale: Locale, route: string, data: Record<string, unknown> = {}, fallback = false): PlannedPage {
  const source = sourcePage(locale, route, { data: { title: route.slice(1), ...data }, title: route.slice(1), lineOf: () => 3 });
  return { route, locale, source, fallback, ownLocales: ['zh', 'en'] };
}

const inputs = (over: Partial<CardInputs> = {}): CardInputs => ({
  config: { company: { zh: '易康科技', en: 'Yikang Technology' }, locales: DEFAULTS.locales },
  menu: {
    file: 'menu.yaml',
    groups: [{ label: 'menu.medical', line: 1, items: [{ route: '/DROC', label: 'product.DROC', line: 2, labelLine: 2 }] }],
    links: [],
  },
  strings: { zh: { 'menu.medical': '医疗影像' }, en: { 'menu.medical': 'Medical imaging' } },
  titles: {
    zh: new Map([
      ['/DROC', 'DROC'],
      ['/news', '新闻动态'],
      ['/news/a', '新品发布'],
    ]),
    en: new Map([
      ['/DROC', 'DROC'],
      ['/news', 'News'],
      ['/news/a', 'Launch'],
    ]),
  },
  parents: { zh: new Map([['/news/a', '/news']]), en: new Map([['/news/a', '/news']]) },
  art: 'art1',
  image: (path) =>
    path === '/images/card.png'
      ? { hash: 'abc' }
      : path === '/images/broken.jpg'
        ? { error: 'it is not an image sharp can decode.' }
        : undefined,
  publicDir: '/site/public',
  ...over,
});

describe('sectionOf', () => {
  it('is the menu group of a product page, in the locale asked for', () => {
    expect(sectionOf('/DROC', 'zh', inputs())).toBe('医疗影像');
    expect(sectionOf('/DROC', 'en', inputs())).toBe('Medical imaging');
  });

  it('is the menu group of any of its items, not only of a group with one item', () => {
    const menu = inputs().menu;
    const group = menu.groups[0];
    const two = {
      ...menu,
      groups: [
        {
          ...(group as (typeof menu.groups)[number]),
          items: [...(group?.items ?? []), { route: '/CT', label: 'x', line: 3, labelLine: 3 }],
        },
      ],
    };
    expect(sectionOf('/CT', 'en', inputs({ menu: two }))).toBe('Medical imaging');
  });

  it('is the breadcrumb parent of an article, and nothing for a page in neither', () => {
    expect(sectionOf('/news/a', 'zh', inputs())).toBe('新闻动态');
    expect(sectionOf('/company', 'en', inputs())).toBeUndefined();
  });
});

describe('planCards', () => {
  const pages = [page('zh', '/DROC'), page('en', '/DROC'), page('zh', '/news/a'), page('en', '/news/a')];

  it('gives every page and each 404 and search page a hashed PNG under assets/cards/', () => {
    const { cards, paths, problems } = planCards(pages, inputs(), (p, l) => `${p.route} ${l}`);
    expect(problems).toEqual([]);
    expect(cards).toHaveLength(8);
    expect(paths.en?.get(SEARCH_PAGE.route)).toMatch(/^\/assets\/cards\/search___en\./);
    expect(paths.zh?.get('/DROC')).toMatch(/^\/assets\/cards\/DROC___zh\.[0-9a-f]{10}\.png$/);
    expect(paths.en?.get('/news/a')).toMatch(/^\/assets\/cards\/news-a___en\.[0-9a-f]{10}\.png$/);
    expect(paths.zh?.get(NOT_FOUND_PAGE.route)).toMatch(/^\/assets\/cards\/404___zh\./);
    expect(cards.find((c) => c.path === paths.en?.get('/news/a')?.slice(1))?.source).toEqual({
      kind: 'drawn',
      text: { title: 'Launch', section: 'News', company: 'Yikang Technology', locale: 'en' },
      lang: 'en',
    });
  });

  it('keys a card by what it shows: a new title, section, company or art makes a new file', () => {
    const one = planCards(pages, inputs(), () => 'x').paths.zh?.get('/DROC');
    const retitled = planCards(pages, inputs({ titles: { ...inputs().titles, zh: new Map([['/DROC', 'DROC 3.0']]) } }), () => 'x');
    expect(retitled.paths.zh?.get('/DROC')).not.toBe(one);
    expect(retitled.paths.en?.get('/DROC')).toBe(planCards(pages, inputs(), () => 'x').paths.en?.get('/DROC'));
    expect(planCards(pages, inputs({ art: 'art2' }), () => 'x').paths.zh?.get('/DROC')).not.toBe(one);
    expect(
      planCards(
        pages,
        inputs({ config: { company: { zh: '别的公司', en: 'Other' }, locales: DEFAULTS.locales } }),
        () => 'x',
      ).paths.zh?.get('/DROC'),
    ).not.toBe(one);
  });

  it('makes the card of a page naming `card` from that image, keyed by its bytes and not by the art', () => {
    const own = [page('zh', '/DROC', { card: '/images/card.png' })];
    const plan = (over: Partial<CardInputs> = {}): CardPlan => planCards(own, inputs(over), () => 'x');
    const { cards, problems } = plan();
    expect(problems).toEqual([]);
    expect(cards[0]?.source).toEqual({ kind: 'image', file: '/site/public/images/card.png' });
    const key = cards[0]?.key ?? '';
    expect(key).toMatch(/^[0-9a-f]{8,}$/);
    expect(cards[0]?.path).toBe(`assets/cards/DROC___zh.${key}.png`);
    expect(plan({ art: 'art2' }).cards[0]?.key).toBe(key);
    expect(plan({ image: () => ({ hash: 'abd' }) }).cards[0]?.key).not.toBe(key);
  });

  it.each([
    ['images/card.png', /must be a path in public\/ starting with "\/"/],
    ['/images/logo.svg', /must name a PNG or JPEG image/],
    ['/images/missing.png', /not a file of public\//],
    ['/images/broken.jpg', /names \/images\/broken\.jpg: it is not an image/],
  ])('refuses card: %s with CARD_INVALID at its line', (card, message) => {
    const { problems } = planCards([page('en', '/DROC', { card })], inputs(), () => 'x');
    expect(problems).toEqual([
      expect.objectContaining({ code: 'CARD_INVALID', file: 'content/en/DROC.md', line: 3, message: expect.stringMatching(message) }),
    ]);
  });

  it('draws no card for a page whose `card` is refused, and no section line that repeats the title', () => {
    const { paths, cards } = planCards([page('en', '/DROC', { card: '/x.gif' }), page('en', '/news')], inputs(), () => 'x');
    expect(paths.en?.has('/DROC')).toBe(false);
    const same = inputs({ strings: { zh: { 'menu.medical': 'DROC' }, en: { 'menu.medical': 'DROC' } } });
    const drawn = planCards([page('en', '/DROC')], same, () => 'x').cards[0]?.source;
    expect(drawn).toEqual({ kind: 'drawn', text: { title: 'DROC', company: 'Yikang Technology', locale: 'en' }, lang: 'en' });
    expect(cards.filter((c) => c.path.includes('___en.'))).toHaveLength(3);
  });

  it('reports a bad card once, for the page, not again for its stand-in', () => {
    const { problems } = planCards(
      [page('zh', '/DROC', { card: '/x.gif' }), { ...page('zh', '/DROC', { card: '/x.gif' }), locale: 'en', fallback: true }],
      inputs(),
      () => 'x',
    );
    expect(problems).toHaveLength(1);
  });
});
