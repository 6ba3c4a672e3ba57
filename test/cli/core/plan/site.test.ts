/**
 * The plan stage (cli/core/plan/site.ts) on a small site read in this process: what it hands to rendering
 * and writing, and the problems it throws together (the menu's, the front matter's links, old addresses
 * checked against what the output answers).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Problem, SiteError } from '../../../../cli/core/common/errors.ts';
import { cardArt } from '../../../../cli/core/images/card-image.ts';
import { trackTranslations } from '../../../../cli/core/l10n/track.ts';
import { type LoadedSite, loadSite } from '../../../../cli/core/load/loaded-site.ts';
import { type PlannedSite, planSite } from '../../../../cli/core/plan/site.ts';
import { makeContent, ROOT } from '../../../helpers/cli.ts';

const SITE = 'baseUrl: https://example.test\ncompany:\n  zh: 测试公司\n  en: Test Co\nphone: "+86 000"\nemail: test@example.test\n';
const MENU =
  'groups:\n  - label: menu.main\n    items:\n      - { route: /, label: nav.home }\n      - route: /a\n        label: nav.a\nlinks:\n  - { route: /关于, label: nav.about }\n';
const page = (title: string, more = ''): string => `---\ntitle: ${title}\ndescription: ${title}\n${more}---\n\n${title}。\n`;

/** The files of the small site: /a in both locales (with an old address), /关于 and the news in Chinese only, a draft. */
const FILES: Record<string, string> = {
  'site.yaml': `${SITE}redirects:\n  - { from: /old-search, to: /en/search }\n  - { from: /old-feed, to: /news/feed.xml }\n  - { from: /old-icon, to: /favicon.svg }\n`,
  'menu.yaml': MENU,
  'zh/_strings.yaml': 'menu.main: 主菜单\nnav.home: 首页\nnav.a: 甲\nnav.about: 关于\n',
  'en/_strings.yaml': 'nav.home: Home\nnav.a: A\n',
  'zh/a.md': page('甲', 'aliases: [/a-old]\ncard: /images/company.jpg\n'),
  'en/a.md': page('A', 'source: { version: "00000000", blocks: "" }\n'),
  'zh/关于.md': page('关于'),
  'zh/news.md': page('新闻', 'template: news-list\n'),
  'zh/news/x.md': page('消息', 'template: article\ndate: 2024-05-01\n'),
  'zh/secret.md': page('秘密', 'draft: true\n'),
};

async function load(files: Record<string, string> = {}): Promise<LoadedSite> {
  return loadSite({ root: ROOT, contentDir: makeContent({ ...FILES, ...files }), drafts: false });
}

async function plan(loaded: LoadedSite): Promise<PlannedSite> {
  return planSite(loaded, trackTranslations(loaded.sources, loaded.pages, loaded.config.locales));
}

/** The problems `planSite` throws for `loaded`, as `CODE message` (with file and line where given). */
async function thrown(
  loaded: LoadedSite,
  tracked = trackTranslations(loaded.sources, loaded.pages, loaded.config.locales),
): Promise<string[]> {
  const error = await planSite(loaded, tracked).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SiteError);
  return (error as SiteError).problems.map((p: Problem) => `${p.code} ${p.file ?? ''}:${p.line ?? ''} ${p.message}`);
}

/**
 * The small site read once, on first use, and planned anew in each test: the plan is what is tested, so each
 * test runs it (a mutation run counts the code a test runs as covered by it), and a plan that throws fails
 * the test rather than skipping it as a failed `beforeAll` would.
 */
let small: Promise<LoadedSite> | undefined;
async function smallSite(): Promise<{ loaded: LoadedSite; planned: PlannedSite }> {
  small ??= load();
  const loaded = await small;
  return { loaded, planned: await plan(loaded) };
}

describe('planSite', () => {
  it('lists each canonical route once, with the locales that have their own file, and no /home alias', async () => {
    const { planned } = await smallSite();
    expect(planned.routes).toEqual(
      expect.arrayContaining([
        { route: '/', locales: ['zh', 'en'] },
        { route: '/a', locales: ['zh', 'en'] },
        { route: '/关于', locales: ['zh'] },
      ]),
    );
    expect(planned.routes.map((r) => r.route).sort()).toEqual(['/', '/a', '/news', '/news/x', '/关于']);
  });

  it('lets links point at every page, the home alias, the files the build writes and the feeds, but not at drafts', async () => {
    const { planned } = await smallSite();
    const { routes, files, drafts, aliases } = planned.linkTargets;
    expect([...routes].sort()).toEqual(['/', '/a', '/home', '/news', '/news/x', '/关于']);
    for (const file of ['/sitemap.xml', '/robots.txt', '/news/feed.xml', '/en/news/feed.xml', '/favicon.svg'])
      expect(files).toContain(file);
    expect(drafts?.get('/secret')).toMatch(/zh\/secret\.md$/);
    expect(aliases?.get('/a-old')).toBe('/a');
  });

  it('keeps the old addresses that lead to a page, a file of public/, a feed or a page the build writes itself', async () => {
    const { planned } = await smallSite();
    expect(planned.redirects.map((r) => [r.from.route, r.from.locale, r.to.route, r.to.locale])).toEqual([
      ['/a-old', 'zh', '/a', 'zh'],
      ['/a-old', 'en', '/a', 'en'],
      ['/old-feed', 'zh', '/news/feed.xml', 'zh'],
      ['/old-icon', 'zh', '/favicon.svg', 'zh'],
      ['/old-search', 'zh', '/search', 'en'],
    ]);
  });

  it("fills each locale's texts from its fallback chain, and names the texts each lacks", async () => {
    const { planned } = await smallSite();
    expect(planned.strings.en?.['nav.about']).toBe('关于');
    expect(planned.textFrom.en?.['nav.about']).toBe('zh');
    expect(planned.textFrom.en).not.toHaveProperty('nav.a');
    // The menu's group labels and item labels, the links' too.
    expect(planned.missing.en).toEqual(['menu.main', 'nav.about']);
    expect(planned.missing.zh).toEqual([]);
  });

  it('hands on the pages as tracking left them, the lists, feeds and a card for every page', async () => {
    const { loaded, planned } = await smallSite();
    expect(planned.pages.map((p) => `${p.locale} ${p.route}`).sort()).toEqual(loaded.pages.map((p) => `${p.locale} ${p.route}`).sort());
    // The English /a is an outdated translation: its page carries the notice linking to the source.
    expect(planned.pages.find((p) => p.locale === 'en' && p.route === '/a')?.outdated).toEqual({ href: '/a', hreflang: 'zh-CN' });
    expect(planned.lists.titles.zh?.get('/a')).toBe('甲');
    expect(planned.feeds.zh).toEqual({ href: '/news/feed.xml', title: '测试公司 – 新闻' });
    expect(planned.cardPaths.en?.get('/关于')).toMatch(/^\/assets\/cards\/.*___en\.[0-9a-f]+\.png$/);
    expect(planned.cardArt).toEqual(await cardArt(join(ROOT, 'public')));
    // One card per page and locale, and one per 404 and search page per locale.
    expect(planned.cards).toHaveLength(loaded.pages.length + 4);
    // A card made from the image of public/ the page names, and the 404 page's titled in its locale.
    const card = (path: string | undefined) => planned.cards.find((c) => `/${c.path}` === path)?.source;
    expect(card(planned.cardPaths.zh?.get('/a'))).toEqual({ kind: 'image', file: join(ROOT, 'public', 'images', 'company.jpg') });
    expect(card(planned.cardPaths.en?.get('/404'))).toMatchObject({
      kind: 'drawn',
      text: { title: 'This page could not be found', locale: 'en' },
    });
  });
});

describe('planSite: problems', () => {
  it('refuses a menu link to a route that is no page, naming menu.yaml and the line, and one to a draft as a draft', async () => {
    const problems = await thrown(
      await load({
        'menu.yaml': `${MENU}  - { route: /nope, label: nav.a }\n  - { route: /secret, label: nav.a }\n  - { route: /%E5%85%B3%E4%BA%8E, label: nav.a }\n`,
      }),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^MENU_INVALID \S*content\/menu\.yaml:9 The menu links to \/nope, which is not a page\.$/),
      expect.stringMatching(/^MENU_INVALID \S*content\/menu\.yaml:10 The menu links to \/secret, a draft page .*remove the menu item/),
    ]);
  });

  it('refuses a menu label no locale defines, at its line in menu.yaml', async () => {
    const problems = await thrown(await load({ 'zh/_strings.yaml': 'nav.home: 首页\nnav.about: 关于\n' }));
    expect(problems).toEqual([
      expect.stringMatching(/^STRING_MISSING \S*content\/menu\.yaml:2 The menu label "menu\.main" is not defined in \S*zh\/_strings\.yaml/),
      expect.stringMatching(/^STRING_MISSING \S*content\/menu\.yaml:6 The menu label "nav\.a" is not defined/),
    ]);
  });

  it('throws the problems of loading, of tracking and of the names together, before planning', async () => {
    const site = await load({ 'menu.yaml': `${MENU}  - { route: /nope, label: nav.a }\n` });
    const found = (code: string, message: string): Problem => ({ code: code as Problem['code'], message, file: 'x.md', line: 1 });
    const tracked = trackTranslations(site.sources, site.pages, site.config.locales);
    const problems = await thrown(
      { ...site, errors: [found('ROUTE_DUPLICATE', 'loaded')], configErrors: [found('CONFIG_INVALID', 'config')] },
      { ...tracked, errors: [found('FRONTMATTER_INVALID', 'tracked')] },
    );
    expect(problems.map((p) => p.split(' ').at(-1))).toEqual(['loaded', 'tracked', 'page.', 'config']);
  });

  it('refuses front matter routes to nothing (once for a page and its stand-in, none to a page), and live old addresses', async () => {
    const problems = await thrown(
      await load({
        'zh/关于.md': page('关于', 'keywords:\nproducts:\n  - { route: /gone, name: x }\n  - { route: /news, name: y }\n'),
        'en/a.md': page('A', 'products:\n  - { route: /gone-too, name: x }\n'),
        'site.yaml': `${SITE}redirects:\n  - { from: /en/a, to: /a }\n  - { from: /en/A, to: /a }\n  - { from: /en/404, to: /a }\n  - { from: /old-404, to: /en/404 }\n`,
      }),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^REDIRECT_INVALID \S*site\.yaml:8 redirects\[0\]: from \/en\/a is live: \S*content\/en\/a\.md\./),
      expect.stringMatching(/^REDIRECT_INVALID \S*site\.yaml:9 redirects\[1\]: from \/en\/A is live: \S*content\/en\/a\.md \(as \/en\/a\)/),
      expect.stringMatching(/^REDIRECT_INVALID \S*site\.yaml:10 redirects\[2\]: from \/en\/404 is under \/404/),
      expect.stringMatching(/^LINK_BROKEN \S*content\/en\/a\.md:5 The link "\/gone-too" points to \/gone-too, which is not a page/),
      expect.stringMatching(/^LINK_BROKEN \S*content\/zh\/关于\.md:6 The link "\/gone" points to \/gone, which is not a page/),
    ]);
  });

  it('refuses a card image that is not in public/', async () => {
    const problems = await thrown(await load({ 'zh/a.md': page('甲', 'card: /images/none.png\n') }));
    expect(problems).toEqual([expect.stringMatching(/^CARD_INVALID \S*content\/zh\/a\.md:4 `card` names \/images\/none\.png/)]);
  });
});
