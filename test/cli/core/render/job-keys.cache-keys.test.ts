/**
 * Every cache key changes when any of its inputs changes, and only then: a seeded property test over the
 * keys of social cards (cli/core/plan/cards.ts), photos (cli/core/images/images.ts), pages
 * (cli/core/render/job-keys.ts) and translations (cli/core/l10n/blocks.ts). A key that ignored an input would let
 * a build reuse a stale file; fixed seeds, so a failure replays.
 */
import { describe, expect, it } from 'vitest';
import type { CardSource } from '../../../../cli/core/images/card-spec.ts';
import { cardKey } from '../../../../cli/core/plan/cards.ts';
import { type ImageSource, variantsOf } from '../../../../cli/core/images/images.ts';
import { type Block, hashBlock, versionOf } from '../../../../cli/core/l10n/blocks.ts';
import type { Job } from '../../../../cli/core/plan/jobs.ts';
import { jobKey, siteKey } from '../../../../cli/core/render/job-keys.ts';
import type { RenderContext } from '../../../../cli/core/render/render.ts';
import { random } from '../../../helpers/random.ts';

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

/** Seeded values: text (Chinese and Latin), hex hashes, small numbers, JSON-like data. */
function values(seed: number) {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const text = (): string =>
    Array.from({ length: 1 + Math.floor(next() * 5) }, () => pick(['影像', '系统', 'DROC', 'X-ray', ' ', '医疗', 'Co', '—', '1'])).join('');
  const hex = (): string => Array.from({ length: 10 }, () => pick([...'0123456789abcdef'])).join('');
  const data = (): unknown => pick([() => text(), () => Math.floor(next() * 100), () => ({ [text()]: text() }), () => [text(), hex()]])();
  return { next, pick, text, hex, data };
}

/** Calls `change` until it gives a value other than `value` (as JSON): a change of one input. */
function other<T>(value: T, change: () => T): T {
  for (;;) {
    const changed = change();
    if (JSON.stringify(changed) !== JSON.stringify(value)) return changed;
  }
}

/** For each field of `base`, the key with that field changed must differ from the key of `base`; the same input gives the same key. */
function expectEveryFieldCounts<T extends object>(
  base: T,
  key: (input: T) => string,
  change: (field: keyof T, value: unknown) => unknown,
  seed: number,
): void {
  const original = key(base);
  expect(key(structuredClone(base)), `seed ${seed}: the same input`).toBe(original);
  for (const field of Object.keys(base) as (keyof T)[]) {
    const changed = { ...base, [field]: other(base[field], () => change(field, base[field])) };
    expect(key(changed), `seed ${seed}: ${String(field)} changed`).not.toBe(original);
  }
}

describe('cache keys', () => {
  it('a drawn card: its title, section, company, locale, language and the art', () => {
    for (const seed of SEEDS) {
      const v = values(seed);
      const base = {
        title: v.text(),
        section: v.text(),
        company: v.text(),
        locale: v.pick(['zh', 'en', 'ja']),
        lang: v.pick(['zh-CN', 'en', 'ja']),
        art: v.hex(),
      };
      const key = (i: typeof base): string => {
        const source: CardSource = {
          kind: 'drawn',
          text: { title: i.title, section: i.section, company: i.company, locale: i.locale },
          lang: i.lang,
        };
        return cardKey(source, i.art);
      };
      expectEveryFieldCounts(
        base,
        key,
        (field) =>
          field === 'art' ? v.hex() : field === 'locale' || field === 'lang' ? v.pick(['zh', 'en', 'ja', 'zh-TW', 'fr']) : v.text(),
        seed,
      );
    }
  });

  it('a card made from an image: the image bytes, and not the art', () => {
    for (const seed of SEEDS) {
      const v = values(seed);
      const source: CardSource = { kind: 'image', file: `/site/public/${v.hex()}.png` };
      const [hash, art] = [v.hex(), v.hex()];
      expect(cardKey(source, art, other(hash, v.hex))).not.toBe(cardKey(source, art, hash));
      expect(cardKey(source, other(art, v.hex), hash)).toBe(cardKey(source, art, hash));
    }
  });

  it('a photo variant: the source bytes, its format and width', () => {
    for (const seed of SEEDS) {
      const v = values(seed);
      const source: ImageSource = {
        width: 400 + Math.floor(v.next() * 3000),
        height: 300 + Math.floor(v.next() * 2000),
        alpha: v.next() < 0.5,
        hash: v.hex(),
      };
      const variants = variantsOf(`/images/${v.text()}.jpg`, source);
      expect(variants.length).toBeGreaterThan(1);
      expect(new Set(variants.map((x) => x.key)).size, `seed ${seed}: one key per format and width`).toBe(variants.length);
      const edited = variantsOf(`/images/${v.text()}.jpg`, { ...source, hash: other(source.hash, v.hex) });
      expect(edited.map((x) => [x.format, x.width])).toEqual(variants.map((x) => [x.format, x.width]));
      for (const [i, x] of edited.entries()) expect(x.key, `seed ${seed}: ${x.format} ${x.width}`).not.toBe(variants[i]?.key);
      for (const x of variants) expect(x.file).toContain(`.${x.key}.`);
    }
  });

  it('a page: every input of the site key', () => {
    for (const seed of SEEDS) {
      const v = values(seed);
      const base = {
        tool: v.text(),
        templates: v.hex(),
        assets: v.data(),
        config: v.data(),
        menu: v.data(),
        strings: v.data(),
        targets: v.data(),
        articles: v.data(),
        feeds: v.data(),
        featured: v.hex(),
        icons: v.data(),
        year: 2000 + Math.floor(v.next() * 50),
        terms: v.data(),
        images: v.data(),
      };
      const key = (i: typeof base): string =>
        siteKey({ ...i, featured: { zh: { hash: i.featured } } } as unknown as RenderContext, i.templates, i.tool);
      expectEveryFieldCounts(base, key, (field) => (field === 'year' ? 2000 + Math.floor(v.next() * 50) : v.data()), seed);
    }
  });

  it('a page: the site key and every input of its own', () => {
    for (const seed of SEEDS) {
      const v = values(seed);
      const base = {
        shared: v.hex(),
        file: `content/zh/${v.text()}.md`,
        hash: v.hex(),
        route: `/${v.text()}`,
        locale: v.pick(['zh', 'en']),
        fallback: v.next() < 0.5,
        ownLocales: [v.pick(['zh', 'en'])],
        parent: `/${v.text()}`,
        parentTitle: v.text(),
        card: `/assets/cards/${v.hex()}.png`,
        outdated: v.next() < 0.5,
      };
      const key = (i: typeof base): string => {
        const ctx = {
          parents: { [i.locale]: new Map([[i.route, i.parent]]) },
          titles: { [i.locale]: new Map([[i.parent, i.parentTitle]]) },
          cards: { [i.locale]: new Map([[i.route, i.card]]) },
        } as unknown as RenderContext;
        const page = {
          route: i.route,
          locale: i.locale,
          fallback: i.fallback,
          ownLocales: i.ownLocales,
          outdated: i.outdated,
          source: { file: i.file, hash: i.hash },
        };
        return jobKey(ctx, i.shared, { page, route: i.route, files: [] } as unknown as Job);
      };
      const change = (field: keyof typeof base, value: unknown): unknown =>
        typeof value === 'boolean'
          ? !value
          : field === 'ownLocales'
            ? [v.pick(['zh', 'en']), v.pick(['zh', 'en', 'ja'])]
            : field === 'locale'
              ? v.pick(['zh', 'en', 'ja'])
              : `${v.text()}${v.hex()}`;
      expectEveryFieldCounts(base, key, change, seed);
    }
  });

  it('a translation: each block hash by its kind, field and text; the version by every block and their order', () => {
    for (const seed of SEEDS) {
      const v = values(seed);
      const block = (): Block => {
        const [kind, field, text] = [
          v.pick(['paragraph', 'heading', 'field', 'list']),
          v.pick([undefined, 'title', 'hero.lead']),
          v.text(),
        ];
        return { kind, ...(field === undefined ? {} : { field }), line: 1, text, hash: hashBlock(kind, field, text) };
      };
      const one = { kind: v.pick(['paragraph', 'heading']), field: v.pick(['title', 'summary']), text: `${v.text()}${v.hex()}` };
      expectEveryFieldCounts(
        one,
        (i) => hashBlock(i.kind, i.field, i.text),
        (field) => (field === 'text' ? `${v.text()}${v.hex()}` : `${v.text()}${v.hex()}`),
        seed,
      );

      const blocks = Array.from({ length: 2 + Math.floor(v.next() * 4) }, block);
      const version = versionOf(blocks);
      const at = Math.floor(v.next() * blocks.length);
      const replaced = blocks.map((b, i) => (i === at ? { ...b, text: other(b.text, () => `${v.text()}${v.hex()}`) } : b));
      expect(versionOf(replaced), `seed ${seed}: a block edited`).not.toBe(version);
      expect(versionOf(blocks.map((b, i) => (i === at ? { ...b, kind: `${b.kind}x` } : b))), `seed ${seed}: a kind`).not.toBe(version);
      expect(versionOf([...blocks, block()]), `seed ${seed}: a block added`).not.toBe(version);
      expect(versionOf(blocks.slice(1)), `seed ${seed}: a block removed`).not.toBe(version);
      expect(versionOf([...blocks].reverse()), `seed ${seed}: the order`).not.toBe(
        JSON.stringify(blocks) === JSON.stringify([...blocks].reverse()) ? '' : version,
      );
      expect(versionOf(blocks.map((b) => ({ ...b, line: b.line + 7 }))), `seed ${seed}: lines are not content`).toBe(version);
    }
  });
});
