import { describe, expect, it } from 'vitest';
import { findVariants, termGaps, type TermBase } from '../../../../cli/core/text/terms.ts';

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
});

describe('termGaps', () => {
  it('lists the concepts one locale names and the other does not', () => {
    expect(termGaps({ zh: 'DROC支持多平面重建。', en: 'DROC.' }, base)).toEqual({ zh: ['MPR'], en: [] });
    expect(termGaps({ zh: 'DROC支持多平面重组。', en: 'DROC with multiplanar reconstruction.' }, base)).toEqual({ zh: [], en: [] });
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
