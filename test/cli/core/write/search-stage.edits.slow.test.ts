/**
 * Whatever the edits between two builds, a build's search index is the one Pagefind makes of the pages it
 * wrote, and its whole output a fresh build's (docs/search.md, "How it fits the build"): seeded random
 * sequences of edits (main content, titles, pages added and removed, pages written over by hand in the
 * output, sources touched but unchanged), each built in place, where the edited locale's index is begun
 * before the search stage and completed or thrown away. A fixed set of seeds here, a long run with
 * `npm run fuzz:search` (FUZZ_SEEDS, FUZZ_STEPS).
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { build } from '../../../../cli/core/build.ts';
import { makeContent, tempDir } from '../../../helpers/cli.ts';
import { random, seedsFrom } from '../../../helpers/random.ts';
import { ageSources, expectIndexOfPages, inProcessBuild, saveEdited } from '../../../helpers/search-builds.ts';
import { treeDigest } from '../../../helpers/site.ts';

/** Each build's answer from the early index: completed (true) or thrown away (false). */
const completions = vi.hoisted(() => [] as boolean[]);

vi.mock('../../../../cli/core/write/search-early.ts', async (importOriginal) =>
  (await import('../../../helpers/count-early.ts')).countingCompletions(await importOriginal(), completions),
);

const SEEDS = seedsFrom(process.env.FUZZ_SEEDS ?? '1,2');
const STEPS = Number(process.env.FUZZ_STEPS ?? 6);

const WORDS = {
  zh: ['影像', '工作站', '控制台', '归档', '兽医', '工业', '检测', '云端', '阅片', '平台'],
  en: ['imaging', 'workstation', 'console', 'archive', 'veterinary', 'industrial', 'viewer', 'cloud', 'platform', 'detector'],
} as const;
type Locale = keyof typeof WORDS;

/** A page source of `locale` with a title and a few sentences drawn by `next`. */
function pageText(locale: Locale, next: () => number): string {
  const pick = (): string => WORDS[locale][Math.floor(next() * WORDS[locale].length)] as string;
  const title = locale === 'zh' ? `${pick()}${pick()}` : `${pick()} ${pick()}`;
  const sentences = Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
    locale === 'zh' ? `${pick()}与${pick()}的说明。` : `The ${pick()} and the ${pick()}.`,
  );
  return `---\ntitle: ${title}\ndescription: ${title}\n---\n\n${sentences.join(' ')}\n`;
}

/** The page sources of `locale` but its home page, by file name. */
function pagesOf(content: string, locale: Locale): string[] {
  return readdirSync(join(content, locale))
    .filter((name) => name.endsWith('.md') && name !== 'index.md')
    .sort();
}

describe('a build’s search index after any sequence of edits', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: ${STEPS} builds, each index Pagefind’s of the pages and each output a fresh build’s`, async () => {
      const next = random(seed);
      const files: Record<string, string> = {};
      for (let i = 0; i < 8; i++) files[`zh/p${i}.md`] = pageText('zh', next);
      for (let i = 0; i < 4; i++) files[`en/p${i}.md`] = pageText('en', next);
      const content = makeContent(files);
      const out = join(dirname(content), 'dist');
      await build(inProcessBuild(content, out));
      completions.length = 0;
      const edits: Array<(locale: Locale) => string> = [
        (locale) => {
          const name = pagesOf(content, locale)[Math.floor(next() * pagesOf(content, locale).length)] as string;
          saveEdited(content, `${locale}/${name}`, pageText(locale, next));
          return `${locale}/${name} rewritten`;
        },
        (locale) => {
          // A name drawn anew: it may sort before, among or after the others.
          const name = `${String.fromCharCode(97 + Math.floor(next() * 26))}${Math.floor(next() * 100)}.md`;
          saveEdited(content, `${locale}/${name}`, pageText(locale, next));
          return `${locale}/${name} added`;
        },
        (locale) => {
          const names = pagesOf(content, locale);
          if (names.length <= 2) return `${locale}: none removed`;
          const name = names[Math.floor(next() * names.length)] as string;
          rmSync(join(content, locale, name));
          // The locale still counts as edited: another of its sources is saved unchanged.
          const other = pagesOf(content, locale)[0] as string;
          saveEdited(content, `${locale}/${other}`, readFileSync(join(content, locale, other), 'utf8'));
          return `${locale}/${name} removed`;
        },
        (locale) => {
          const name = pagesOf(content, locale)[0] as string;
          saveEdited(content, `${locale}/${name}`, readFileSync(join(content, locale, name), 'utf8'));
          return `${locale}/${name} touched, unchanged`;
        },
        (locale) => {
          const name = pagesOf(content, locale)[Math.floor(next() * pagesOf(content, locale).length)] as string;
          const html = join(out, ...(locale === 'zh' ? [] : [locale]), name.replace(/\.md$/, '.html'));
          if (existsSync(html)) writeFileSync(html, '<html><body><main>手改 by hand</main></body></html>');
          // And an edit, so that the locale is begun early.
          saveEdited(content, `${locale}/${name}`, pageText(locale, next));
          return `${locale}/${name} written over by hand in the output, and edited`;
        },
      ];
      const log: string[] = [];
      for (let step = 0; step < STEPS; step++) {
        ageSources(content);
        const count = 1 + Math.floor(next() * 2);
        for (let i = 0; i < count; i++) {
          const locale: Locale = next() < 0.6 ? 'zh' : 'en';
          log.push(`${step}: ${(edits[Math.floor(next() * edits.length)] as (l: Locale) => string)(locale)}`);
        }
        const result = await build(inProcessBuild(content, out));
        await expectIndexOfPages(out, result);
        const fresh = join(tempDir(), 'fresh');
        await build(inProcessBuild(content, fresh));
        expect(treeDigest(out), log.join('\n')).toEqual(treeDigest(fresh));
      }
      // The index begun early was completed at least once (and thrown away where it could not be).
      expect(completions, log.join('\n')).toContain(true);
    }, 600_000);
  }
});
