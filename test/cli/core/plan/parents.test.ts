import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { collectParents, familyMembers, type PageFacts } from '../../../../cli/core/plan/parents.ts';
import { CONTENT } from '../../../helpers/cli.ts';

/** The pages of a locale of the real content, as collectParents sees them. */
function realPages(locale: 'zh' | 'en'): PageFacts[] {
  const dir = join(CONTENT, locale);
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.md') && !f.split('/').some((s) => s.startsWith('_')),
  );
  return files.map((file) => {
    const data = matter(readFileSync(join(dir, file), 'utf8')).data as Record<string, unknown>;
    const route = `/${file.replace(/\.md$/, '').replace(/(^|\/)index$/, '')}`;
    return { route, data, article: data.template === 'article' };
  });
}

const realMenu = (): string[][] =>
  (parse(readFileSync(join(CONTENT, 'menu.yaml'), 'utf8')) as { groups: Array<{ items: Array<{ route: string }> }> }).groups.map((g) =>
    g.items.map((i) => i.route),
  );

describe('collectParents', () => {
  it.each(['zh', 'en'] as const)('puts each product of the real %s site under its family, as the menu groups them', (locale) => {
    const parents = collectParents(realPages(locale), realMenu());
    const families: Record<string, string[]> = {};
    for (const [route, parent] of parents) {
      families[parent] ??= [];
      families[parent].push(route);
    }
    for (const list of Object.values(families)) list.sort();
    expect(families).toEqual({
      '/DR': ['/CBCT', '/CTOC', '/DFOC', '/DRFOC', '/DROC', '/MA'],
      '/Mobile': ['/DMOC'],
      '/VET': ['/VET_CTOC', '/VET_DFOC', '/VET_DROC', '/VetWorkstation'],
      '/Image': ['/CH', '/MiniPACS', '/OR', '/ThreeD', '/Webview'],
      '/news': [
        '/news/image-pipeline-3',
        '/news/ip-pilot-enterprise',
        '/news/radiology-trade-show-2024',
        '/news/skincare-customization-toms',
        '/news/vet-ctoc-launch',
      ],
    });
  });

  it('takes the nearest family above a product in its menu group that lists it', () => {
    const family = (route: string, members: string[]): PageFacts => ({
      route,
      data: { products: members.map((r) => ({ route: r, name: r })) },
      article: false,
    });
    const plain = (route: string): PageFacts => ({ route, data: {}, article: false });
    const pages = [family('/A', ['/x', '/y']), family('/B', ['/x']), plain('/x'), plain('/y'), plain('/z')];
    expect(Object.fromEntries(collectParents(pages, [['/A', '/y', '/B', '/x', '/z']]))).toEqual({ '/y': '/A', '/x': '/B' });
    // A family listing a product that the menu places elsewhere does not claim it.
    expect(
      Object.fromEntries(
        collectParents(pages, [
          ['/A', '/y'],
          ['/x', '/B'],
        ]),
      ),
    ).toEqual({ '/y': '/A' });
  });

  it('puts an article under the page of its folder only when that page exists', () => {
    const pages: PageFacts[] = [
      { route: '/news', data: {}, article: false },
      { route: '/news/a', data: {}, article: true },
      { route: '/press/b', data: {}, article: true },
      { route: '/company/company', data: {}, article: false },
      { route: '/company', data: {}, article: false },
    ];
    expect(Object.fromEntries(collectParents(pages, []))).toEqual({ '/news/a': '/news' });
  });

  it('reads family members from products[].route and ignores anything else', () => {
    expect(familyMembers({ products: [{ route: '/a' }, { name: 'no route' }, 'text', null, { route: 3 }] })).toEqual(['/a']);
    expect(familyMembers({ products: 'none' })).toEqual([]);
  });

  it('gives no parent from the menu to a family page, to an article already under its folder, or to a route that is no page', () => {
    const pages: PageFacts[] = [
      { route: '/A', data: { products: [{ route: '/B' }, { route: '/news/a' }, { route: '/gone' }] }, article: false },
      { route: '/B', data: { products: [{ route: '/x' }] }, article: false },
      { route: '/news', data: {}, article: false },
      { route: '/news/a', data: {}, article: true },
    ];
    expect(Object.fromEntries(collectParents(pages, [['/A', '/B', '/news/a', '/gone']]))).toEqual({ '/news/a': '/news' });
  });
});
