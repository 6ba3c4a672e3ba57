/**
 * `retrackTranslations`, the tracking of `watch`'s text edits, must give what tracking the whole site again
 * gives, for any site and any order of text edits: the same statuses, notices, warnings and errors.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import { blocksOf, versionOf } from '../../../../cli/core/l10n/blocks.ts';
import type { SourceCache } from '../../../../cli/core/l10n/status.ts';
import { retrackTranslations, trackTranslations, type Tracked } from '../../../../cli/core/l10n/track.ts';
import type { SourcePage } from '../../../../cli/core/load/content.ts';
import type { PlannedPage } from '../../../../cli/core/load/i18n.ts';
import { random } from '../../../helpers/random.ts';
import { sourcePage } from '../../../helpers/source-page.ts';

const PARAGRAPHS = ['一段。', '另一段。', 'A paragraph.', 'Another one.', '- 列表项', '## 标题'];

function body(next: () => number): string {
  const count = 1 + Math.floor(next() * 3);
  return `${Array.from({ length: count }, () => PARAGRAPHS[Math.floor(next() * PARAGRAPHS.length)]).join('\n\n')}\n`;
}

function withBody(page: SourcePage, text: string): SourcePage {
  return { ...page, body: text, hash: `${page.file}:${text}` };
}

/** A random site: each route in Chinese, most translated, with records current, stale, unstamped or quiet. */
function site(next: () => number): SourcePage[] {
  const pages: SourcePage[] = [];
  for (let r = 0; r < 6; r++) {
    const route = `/P${r}`;
    const zh = withBody(sourcePage('zh', route), body(next));
    pages.push(zh);
    const kind = Math.floor(next() * 5);
    if (kind === 0) continue;
    const stampedFrom = kind === 1 ? zh : withBody(zh, body(next));
    const blocks = blocksOf(stampedFrom);
    const record: Record<string, unknown> = kind === 3 ? {} : { version: versionOf(blocks), blocks: blocks.map((b) => b.hash).join(' ') };
    if (kind === 4) record.notice = false;
    const en = sourcePage('en', route, { data: { title: route, source: record }, lineOf: () => 2 });
    pages.push(withBody(en, body(next)));
  }
  return pages;
}

function plannedOf(sources: readonly SourcePage[]): PlannedPage[] {
  const pages: PlannedPage[] = sources.map((source) => ({
    route: source.route,
    locale: source.locale,
    source,
    fallback: false,
    ownLocales: ['zh', 'en'],
  }));
  // A route without an English page is stood in for by its Chinese one.
  for (const source of sources)
    if (source.locale === 'zh' && !sources.some((s) => s.locale === 'en' && s.route === source.route))
      pages.push({ route: source.route, locale: 'en', source, fallback: true, ownLocales: ['zh'] });
  return pages;
}

/** What a reader and the writer see of a tracking. */
function seen(tracked: Tracked) {
  return {
    statuses: tracked.statuses,
    // Whole pages, so that a page kept from before an edit of its own file is seen too.
    pages: tracked.pages,
    warnings: tracked.warnings,
    errors: tracked.errors,
  };
}

describe('retrackTranslations', () => {
  for (const seed of [1, 2, 3, 4]) {
    it(`gives what tracking the whole site gives, edit after edit (seed ${seed})`, () => {
      const next = random(seed);
      let sources = site(next);
      const cache: SourceCache = new Map();
      let tracked = trackTranslations(sources, plannedOf(sources), DEFAULTS.locales, cache);
      let outdatedSeen = 0;
      for (let step = 0; step < 20; step++) {
        const edited = new Set<string>();
        for (let n = 1 + Math.floor(next() * 2); n > 0; n--) {
          const index = Math.floor(next() * sources.length);
          const page = sources[index] as SourcePage;
          // Now and then a source edited back to what its translation was stamped from: current again.
          sources = sources.map((s, i) => (i === index ? withBody(page, body(next)) : s));
          edited.add(page.file);
        }
        const pages = plannedOf(sources);
        const again = retrackTranslations(tracked, sources, pages, DEFAULTS.locales, edited, cache);
        const fresh = trackTranslations(sources, pages, DEFAULTS.locales);
        expect(again).toBeDefined();
        expect(seen(again as Tracked)).toEqual(seen(fresh));
        tracked = again as Tracked;
        outdatedSeen += tracked.statuses.filter((s) => s.state === 'outdated').length;
      }
      // The walk met outdated translations, not only current and unknown ones.
      expect(outdatedSeen).toBeGreaterThan(0);
    });
  }

  it('leaves it to the whole walk when the site had errors', () => {
    const zh = sourcePage('zh', '/P');
    const en = sourcePage('en', '/P', { data: { title: '/P', source: { locale: 'fr' } } });
    const before = trackTranslations([zh, en], plannedOf([zh, en]), DEFAULTS.locales);
    expect(before.errors.length).toBeGreaterThan(0);
    expect(retrackTranslations(before, [zh, en], plannedOf([zh, en]), DEFAULTS.locales, new Set([zh.file]))).toBeUndefined();
  });
});
