/**
 * client/search/rank.ts (docs/search.md, "Ranking"): how a query is put to Pagefind, and the phrase's pages
 * first. Pure, so it runs in Node (whose `Intl.Segmenter` splits Chinese as the browser's does); the
 * browser test of the same ranking on the real site is test/client/search-ranking.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  type Hit,
  holdsLatinWords,
  latinWords,
  literalFirst,
  phraseFirst,
  punctuatedTerms,
  queriesOf,
  queryWords,
  stemOf,
  wantsPhrase,
} from '../../client/search/rank.ts';
import { random } from '../helpers/random.ts';

describe('queryWords', () => {
  it('splits a Chinese query into the words Pagefind indexed', () => {
    expect(queryWords('后处理', 'zh-CN')).toBe('后 处理');
    expect(queryWords('乳腺工作站', 'zh-CN')).toBe('乳腺 工作站');
    expect(queryWords('智能制造', 'zh')).toBe('智能 制造');
  });

  it('separates Latin and Chinese runs and keeps the Latin as typed', () => {
    expect(queryWords('DICOM工作站', 'zh-CN')).toBe('DICOM 工作站');
    expect(queryWords('  DICOM   工作站 ', 'zh-CN')).toBe('DICOM 工作站');
  });

  it('drops punctuation between Chinese words', () => {
    expect(queryWords('后处理，乳腺。', 'zh-CN')).toBe('后 处理 乳腺');
  });

  it('leaves a query without Chinese as typed, white space tidied', () => {
    expect(queryWords('workstation', 'en')).toBe('workstation');
    expect(queryWords('  cloud \t viewer ', 'en')).toBe('cloud viewer');
    expect(queryWords('post-processing', 'en')).toBe('post-processing');
    expect(queryWords('"cloud viewer"', 'en')).toBe('"cloud viewer"');
  });

  it('keeps the quotes of a quoted Chinese query, which ask Pagefind for the phrase', () => {
    expect(queryWords('"后处理"', 'zh-CN')).toBe('"后 处理"');
    expect(queryWords(' "乳腺工作站" ', 'zh-CN')).toBe('"乳腺 工作站"');
  });

  it('gives nothing for an empty query', () => {
    expect(queryWords('', 'zh-CN')).toBe('');
    expect(queryWords('   ', 'en')).toBe('');
  });
});

describe('queriesOf', () => {
  it('adds the phrase for a query with Chinese characters', () => {
    expect(queriesOf('后处理', 'zh-CN')).toEqual({ phrase: '"后 处理"', words: '后 处理' });
    expect(queriesOf('DICOM工作站', 'zh-CN')).toEqual({ phrase: '"DICOM 工作站"', words: 'DICOM 工作站' });
    expect(wantsPhrase('后处理')).toBe(true);
  });

  it('runs a quoted query once, as the phrase it already is', () => {
    expect(queriesOf('"后处理"', 'zh-CN')).toEqual({ words: '"后 处理"' });
    expect(wantsPhrase('"后处理"')).toBe(false);
  });

  it('runs a query without Chinese characters once, as typed', () => {
    expect(queriesOf('mammography', 'en')).toEqual({ words: 'mammography' });
    expect(queriesOf('cloud viewer', 'en')).toEqual({ words: 'cloud viewer' });
    expect(queriesOf('', 'en')).toEqual({ words: '' });
    expect(wantsPhrase('cloud viewer')).toBe(false);
  });
});

/** A result list of distinct ids drawn from `pool`, in random order. */
function draw(next: () => number, pool: readonly string[]): Hit[] {
  const picked = pool.filter(() => next() < 0.5);
  for (let i = picked.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [picked[i], picked[j]] = [picked[j] as string, picked[i] as string];
  }
  return picked.map((id) => ({ id }));
}

describe('phraseFirst', () => {
  it('returns every page once: the phrase’s first, then the words’ others, each in the words’ order (seeded)', () => {
    const pool = Array.from({ length: 16 }, (_, i) => `page-${i}`);
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const next = random(seed);
      for (let round = 0; round < 250; round++) {
        const words = draw(next, pool);
        // Pagefind finds the phrase's pages among the words' (a subset), but the two searches are separate
        // and need not agree, so half the time the phrase's pages are drawn from anywhere.
        const phrase =
          next() < 0.5
            ? draw(
                next,
                words.map((hit) => hit.id),
              )
            : draw(next, pool);
        const out = phraseFirst(phrase, words).map((hit) => hit.id);
        const why = `seed ${seed} round ${round}: phrase ${phrase.map((h) => h.id)} words ${words.map((h) => h.id)}`;
        const phraseIds = phrase.map((hit) => hit.id);
        expect(new Set(out).size, why).toBe(out.length);
        expect(new Set(out), why).toEqual(new Set([...phraseIds, ...words.map((hit) => hit.id)]));
        // The phrase's pages first: those the words found in the words' order, then the others in theirs.
        const wordsAt = (id: string): number => words.findIndex((hit) => hit.id === id);
        const found = phraseIds.filter((id) => wordsAt(id) >= 0).sort((a, b) => wordsAt(a) - wordsAt(b));
        expect(out.slice(0, phrase.length), why).toEqual([...found, ...phraseIds.filter((id) => wordsAt(id) < 0)]);
        const rest = out.slice(phrase.length);
        const order = rest.map((id) => words.findIndex((hit) => hit.id === id));
        expect(
          order.every((at) => at >= 0),
          why,
        ).toBe(true);
        expect(order, why).toEqual([...order].sort((a, b) => a - b));
      }
    }
  });

  it('keeps the phrase’s result object for a page both searches found', () => {
    const fromPhrase = { id: 'a', from: 'phrase' };
    const out = phraseFirst(
      [fromPhrase],
      [
        { id: 'b', from: 'words' },
        { id: 'a', from: 'words' },
      ],
    );
    expect(out).toEqual([fromPhrase, { id: 'b', from: 'words' }]);
    expect(out[0]).toBe(fromPhrase);
  });

  it('gives the words’ pages alone when the phrase has none', () => {
    expect(phraseFirst([], [{ id: 'x' }, { id: 'y' }])).toEqual([{ id: 'x' }, { id: 'y' }]);
    expect(phraseFirst([], [])).toEqual([]);
  });
});

describe('holdsLatinWords', () => {
  it('takes the Latin words of a query, in lower case, whatever surrounds them', () => {
    expect(latinWords('DICOM工作站')).toEqual(['dicom']);
    expect(latinWords('"Cloud  viewer"')).toEqual(['cloud', 'viewer']);
    expect(latinWords('post-processing 3D')).toEqual(['post', 'processing', '3d']);
    expect(latinWords('后处理')).toEqual([]);
  });

  it('keeps a page holding every word or a stemmed form of it, in any case', () => {
    expect(stemOf('processing')).toBe('proces');
    expect(stemOf('PACS'.toLowerCase())).toBe('pacs');
    expect(holdsLatinWords('Reads DICOM images; MiniPACS stores them.', ['dicom', 'pacs'])).toBe(true);
    expect(holdsLatinWords('Images are processed on the console.', ['processing'])).toBe(true);
    expect(holdsLatinWords('Two Workstations', ['workstation'])).toBe(true);
  });

  it('drops a page that holds only a start of the word, which Pagefind answers a missing word with', () => {
    expect(holdsLatinWords('MA 乳腺X射线摄影操作台', ['maxillofacial'])).toBe(false);
    expect(holdsLatinWords('contact@e-com.example', ['extremity'])).toBe(false);
    expect(holdsLatinWords('C形臂', ['cephalometric'])).toBe(false);
    expect(holdsLatinWords('Cloud Web Viewer', ['cloud', 'workstation'])).toBe(false);
  });
});

describe('punctuatedTerms and literalFirst', () => {
  it('finds the terms that hold punctuation: &, +, #, . and others', () => {
    expect(punctuatedTerms('R&D')).toEqual(['r&d']);
    expect(punctuatedTerms('C++ and C# on .NET 3.0')).toEqual(['c++', 'c#', '.net', '3.0']);
    expect(punctuatedTerms('"DICOM" storage, please?')).toEqual([]);
    expect(punctuatedTerms('call +86 now')).toEqual(['+86']);
    expect(punctuatedTerms('& + #')).toEqual([]);
  });

  it('puts the pages holding every punctuated term as written first, the rest after in their order', () => {
    const hits = ['a', 'b', 'c', 'd'];
    const texts = ['r and d', 'Our R&D centre', 'nothing', 'r&d again'];
    expect(literalFirst(hits, texts, ['r&d'])).toEqual(['b', 'd', 'a', 'c']);
    expect(literalFirst(hits, texts, [])).toEqual(hits);
    expect(literalFirst(hits, texts, ['r&d', 'centre'])).toEqual(['b', 'a', 'c', 'd']);
  });
});
