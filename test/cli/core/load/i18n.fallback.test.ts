/**
 * Fallback chains for pages and texts, and the alternates of the head, over seeded random sites
 * (cli/core/load/i18n.ts `planPages`, cli/core/plan/resolved-strings.ts `resolveStrings`; cli/core/render/head.ts
 * `collectAlternates`): a locale without its own page or text takes it from the nearest locale of its chain
 * (its `fallback`, that one's, ..., then the default) that has one, and only locales with their own file are
 * alternates. The expected answers walk site.yaml's `fallback` fields here, not through the code under test.
 */
import { describe, expect, it } from 'vitest';
import type { Locales } from '../../../../cli/core/common/locales.ts';
import { planPages } from '../../../../cli/core/load/i18n.ts';
import { resolveStrings } from '../../../../cli/core/plan/resolved-strings.ts';
import { collectAlternates } from '../../../../cli/core/render/head.ts';
import { random } from '../../../helpers/random.ts';
import { sourcePage as source } from '../../../helpers/source-page.ts';

const CODES = ['zh', 'en', 'ja', 'fr', 'de'];
const SEEDS = Array.from({ length: 30 }, (_, i) => i + 1);

/** A random configuration: zh first (the default), then 1 to 4 more, each falling back to an earlier one or to none. */
function randomLocales(next: () => number): Locales {
  const count = 2 + Math.floor(next() * 4);
  return CODES.slice(0, count).map((code, i) => {
    const to = i > 1 && next() < 0.7 ? CODES[Math.floor(next() * i)] : undefined;
    return { code, lang: `${code}-X${i}`, label: code, ogLocale: code, ...(to ? { fallback: to } : {}) };
  });
}

/** The chain by hand: the locale, its `fallback`, that one's, ..., then the default locale. */
function chainOf(locales: Locales, code: string): string[] {
  const chain: string[] = [];
  for (let at: string | undefined = code; at && !chain.includes(at); at = locales.find((l) => l.code === at)?.fallback) chain.push(at);
  const main = locales[0]?.code as string;
  return chain.includes(main) ? chain : [...chain, main];
}

/** A random non-empty subset of the locales, in configuration order. */
function someOf(locales: Locales, next: () => number): string[] {
  const codes = locales.map((l) => l.code).filter(() => next() < 0.5);
  return codes.length ? codes : [locales[Math.floor(next() * locales.length)]?.code as string];
}

describe('fallback chains', () => {
  it('gives each locale of a page its own file, else the nearest file of its chain, else the first one written', () => {
    for (const seed of SEEDS) {
      const next = random(seed);
      const locales = randomLocales(next);
      const routes = ['/a', '/b', '/c'].map((route) => ({ route, own: someOf(locales, next) }));
      const { pages, errors } = planPages(
        routes.flatMap(({ route, own }) => own.map((l) => source(l, route))),
        false,
        locales,
      );
      expect(errors).toEqual([]);
      for (const { route, own } of routes) {
        for (const { code } of locales) {
          const page = pages.find((p) => p.route === route && p.locale === code);
          const from = chainOf(locales, code).find((l) => own.includes(l)) ?? own[0];
          const where = `seed ${seed}: ${route} in ${code} (own: ${own}, chain: ${chainOf(locales, code)})`;
          expect(page?.source.locale, where).toBe(from);
          expect(page?.fallback, where).toBe(!own.includes(code));
          expect(page?.ownLocales, where).toEqual(own);
        }
      }
    }
  });

  it('gives each locale a text from its own strings, else the nearest of its chain, else reports it missing', () => {
    for (const seed of SEEDS) {
      const next = random(seed);
      const locales = randomLocales(next);
      const ids = ['nav.home', 'menu.main', 'footer.note'];
      const holders = Object.fromEntries(ids.map((id) => [id, someOf(locales, next)]));
      const strings = Object.fromEntries(
        locales.map(({ code }) => [
          code,
          Object.fromEntries(ids.filter((id) => holders[id]?.includes(code)).map((id) => [id, `${id}@${code}`])),
        ]),
      );
      const resolved = resolveStrings(strings, locales, { file: 'content/menu.yaml', uses: [] }, (l) => `content/${l}/_strings.yaml`);
      for (const { code } of locales) {
        for (const id of ids) {
          const from = chainOf(locales, code).find((l) => holders[id]?.includes(l));
          const where = `seed ${seed}: ${id} in ${code} (held by ${holders[id]}, chain: ${chainOf(locales, code)})`;
          expect(resolved.strings[code]?.[id], where).toBe(from === undefined ? undefined : `${id}@${from}`);
        }
      }
    }
  });
});

describe('head alternates', () => {
  it('name exactly the locales written, and x-default the default locale or else the first written', () => {
    for (const seed of SEEDS) {
      const next = random(seed);
      const locales = randomLocales(next);
      const own = someOf(locales, next);
      const alternates = collectAlternates('https://x.test', '/DROC', own, locales);
      const href = (code: string): string => `https://x.test${code === 'zh' ? '' : `/${code}`}/DROC`;
      const xDefault = own.includes('zh') ? 'zh' : (own[0] as string);
      expect(alternates, `seed ${seed}: ${own}`).toEqual([
        ...own.map((code) => ({ hreflang: locales.find((l) => l.code === code)?.lang, href: href(code) })),
        { hreflang: 'x-default', href: href(xDefault) },
      ]);
    }
  });
});
