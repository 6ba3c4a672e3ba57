import { describe, expect, it } from 'vitest';
import { findVariants, positionsIn, termGaps, type TermBase } from '../../../../cli/core/load/terms.ts';
import { random } from '../../../helpers/random.ts';

const base: TermBase = {
  file: 'content/_terms.yaml',
  locales: ['zh', 'en'],
  terms: [
    {
      concept: 'MPR',
      use: { zh: '多平面重建', en: 'multiplanar reconstruction' },
      avoid: { zh: ['多平面重组'], en: ['multiplanar reformatting', 'MPR view'] },
      line: 2,
    },
    { concept: 'invert', use: { zh: '反相', en: 'invert' }, avoid: { zh: ['反色'], en: [] }, line: 5 },
    { concept: 'DROC', use: { zh: 'DROC', en: 'DROC' }, avoid: { zh: [], en: [] }, line: 8 },
    { concept: 'line', use: { zh: '产品线路', en: 'product line' }, avoid: { zh: ['产品线'], en: [] }, line: 9 },
  ],
};

describe('findVariants', () => {
  it('finds Chinese variants as written and Latin ones as whole words, ignoring case', () => {
    expect(findVariants('支持多平面重组与反色。', 'zh', base).map((h) => [h.found, h.term.concept])).toEqual([
      ['多平面重组', 'MPR'],
      ['反色', 'invert'],
    ]);
    expect(findVariants('Multiplanar  Reformatting and an MPR view.', 'en', base).map((h) => h.found)).toEqual([
      'Multiplanar  Reformatting',
      'MPR view',
    ]);
    // Not inside a longer Latin word; but next to Chinese characters, a Latin term is a word.
    expect(findVariants('an MPR viewer', 'en', base)).toEqual([]);
    expect(findVariants('打开MPR view窗口', 'en', base).map((h) => h.found)).toEqual(['MPR view']);
  });

  it('does not count a variant that is part of an occurrence of a preferred term', () => {
    expect(findVariants('新的产品线路。', 'zh', base)).toEqual([]);
    expect(findVariants('新的产品线。', 'zh', base).map((h) => h.found)).toEqual(['产品线']);
  });

  it('places a hit by line and column in the file', () => {
    expect(positionsIn('ab\ncd反色', 10, 3)(5)).toEqual({ line: 11, column: 3 });
    expect(positionsIn('ab反色', 10, 3)(2)).toEqual({ line: 10, column: 5 });
  });

  it('places every offset of any text as counting the lines before it does (seeded)', () => {
    // The definition: the lines of the text before the offset, the column on the last of them.
    const counted = (text: string, index: number, line: number, column: number) => {
      const lines = text.slice(0, index).split('\n');
      return lines.length === 1
        ? { line, column: column + index }
        : { line: line + lines.length - 1, column: (lines.at(-1) as string).length + 1 };
    };
    for (const seed of [1, 2, 3, 4, 5]) {
      const next = random(seed);
      for (let i = 0; i < 200; i++) {
        const text = Array.from({ length: Math.floor(next() * 30) }, () => ['a', '\n', '反', ' ', '\n\n'][Math.floor(next() * 5)]).join('');
        const [line, column] = [1 + Math.floor(next() * 9), 1 + Math.floor(next() * 9)];
        const position = positionsIn(text, line, column);
        for (let index = 0; index <= text.length; index++)
          expect(position(index), `seed ${seed}: ${JSON.stringify(text)} at ${index}`).toEqual(counted(text, index, line, column));
      }
    }
  });
});

describe('termGaps', () => {
  it('lists the concepts one locale names and the other does not', () => {
    expect(termGaps({ zh: 'DROC支持多平面重建。', en: 'DROC.' }, base)).toEqual({ zh: ['MPR'], en: [] });
    expect(termGaps({ zh: 'DROC支持多平面重组。', en: 'DROC with multiplanar reconstruction.' }, base)).toEqual({ zh: [], en: [] });
  });
});

describe('the spacing rule of Chinese pages', () => {
  it('finds a space between Chinese and Latin text either way round, on Chinese text only', async () => {
    const { spacingProblems } = await import('../../../../cli/core/load/text-checks.ts');
    const at = { line: 4, column: 1 };
    expect(spacingProblems('DROC 是操作台，支持 3.0版本。', 'zh-CN', 'f.md', at).map((p) => p.column)).toEqual([5, 13]);
    expect(spacingProblems('DROC是操作台，支持3.0版本。X射线', 'zh-CN', 'f.md', at)).toEqual([]);
    expect(spacingProblems('DROC 是', 'en', 'f.md', at)).toEqual([]);
  });
});

describe('termGaps, for a term inside a longer one', () => {
  it("does not count a concept whose name appears only inside another concept's longer name", () => {
    const names: TermBase = {
      file: 't.yaml',
      locales: ['zh', 'en'],
      terms: [
        {
          concept: 'DROC full name',
          use: { zh: '数字化X射线摄影操作台', en: 'Digital Radiography Operating Console' },
          avoid: { zh: [], en: [] },
          line: 1,
        },
        {
          concept: 'DMOC full name',
          use: { zh: '移动式数字化X射线摄影操作台', en: 'Mobile Digital Radiography Operating Console' },
          avoid: { zh: [], en: [] },
          line: 2,
        },
      ],
    };
    expect(
      termGaps({ zh: 'DMOC是移动式数字化X射线摄影操作台。', en: 'DMOC is a Mobile Digital Radiography Operating Console.' }, names),
    ).toEqual({ zh: [], en: [] });
  });
});

describe('termGaps, for a short term on the page of the longer one', () => {
  const consoles: TermBase = {
    file: 't.yaml',
    locales: ['zh', 'en'],
    terms: [
      { concept: 'CTOC full name', use: { zh: 'CT操作台', en: 'CT Operating Console' }, avoid: { zh: [], en: [] }, line: 1 },
      {
        concept: 'VET_CTOC full name',
        use: { zh: '兽用CT操作台', en: 'Veterinary CT Operating Console' },
        avoid: { zh: [], en: [] },
        line: 2,
      },
    ],
  };

  it('takes CT操作台 on a page that names 兽用CT操作台 in both locales as short for it, not as CTOC', () => {
    // The words of the VET_CTOC page: the English says "a CT console" where the Chinese repeats CT操作台.
    const texts = {
      zh: '兽用CT操作台。围绕动物患者打造的CT操作台。',
      en: 'Veterinary CT Operating Console. A CT console built around animal patients.',
    };
    expect(termGaps(texts, consoles)).toEqual({ zh: [], en: [] });
  });

  it('still reports CT操作台 where the translation lacks the longer name too', () => {
    expect(termGaps({ zh: '兽用CT操作台。这款CT操作台。', en: 'A CT console.' }, consoles)).toEqual({
      zh: ['CTOC full name', 'VET_CTOC full name'],
      en: [],
    });
    expect(termGaps({ zh: '透视和CT操作台。', en: 'Fluoroscopy and CT consoles.' }, consoles)).toEqual({ zh: ['CTOC full name'], en: [] });
  });
});

describe('findVariants, for plurals and case', () => {
  const spelling: TermBase = {
    file: 't.yaml',
    locales: ['zh', 'en'],
    terms: [
      { concept: 'sequence', use: { zh: '透视序列', en: 'fluoroscopy sequence' }, avoid: { zh: [], en: ['loop'] }, line: 1 },
      { concept: 'storage', use: { zh: 'DICOM存储', en: 'DICOM Storage' }, avoid: { zh: [], en: ['DICOM storage'] }, line: 2 },
      { concept: 'viewer', use: { zh: '云端影像浏览器', en: 'cloud web viewer' }, avoid: { zh: [], en: ['Cloud Web Viewer'] }, line: 3 },
    ],
  };

  it('finds a Latin variant in the plural too, but not inside a longer word', () => {
    expect(findVariants('Stored loops and one loop.', 'en', spelling).map((h) => h.found)).toEqual(['loops', 'loop']);
    expect(findVariants('A looping video, loophole.', 'en', spelling)).toEqual([]);
  });

  it('finds a variant that differs from the preferred term only in case where the case differs', () => {
    expect(findVariants('DICOM storage to PACS; DICOM Storage and DICOM Storages.', 'en', spelling).map((h) => h.found)).toEqual([
      'DICOM storage',
    ]);
  });

  it('takes the preferred term with a capital first letter (a title, a sentence) as preferred, not capitals inside it', () => {
    const text = 'Cloud web viewer. Our cloud web viewer, the Webview Cloud Web Viewer and a Cloud web Viewer.';
    expect(findVariants(text, 'en', spelling).map((h) => h.found)).toEqual(['Cloud Web Viewer', 'Cloud web Viewer']);
  });
});

describe('variants in front matter', () => {
  it('are not looked for in a value that is a route or a URL, only in prose', async () => {
    const { dataProseProblems } = await import('../../../../cli/core/load/text-checks.ts');
    const routes: TermBase = {
      file: 't.yaml',
      locales: ['zh', 'en'],
      terms: [
        {
          concept: 'vet',
          use: { zh: '兽用影像工作站', en: 'Veterinary Image Workstation' },
          avoid: { zh: [], en: ['VetWorkstation'] },
          line: 1,
        },
      ],
    };
    const data = {
      products: [{ route: '/VetWorkstation', text: 'Read on the VetWorkstation.' }],
      image: 'https://cdn.example/VetWorkstation.png',
    };
    const found = dataProseProblems(data, { code: 'en', lang: 'en' }, routes, 'en/VET.md', (path) => (path.includes('text') ? 7 : 6));
    expect(found.map((p) => [p.code, p.line])).toEqual([['TERM_VARIANT', 7]]);
  });
});
