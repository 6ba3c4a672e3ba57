import { describe, expect, it } from 'vitest';
import { dataProseProblems, spacingProblems } from '../../../../cli/core/text/prose-checks.ts';
import type { TermBase } from '../../../../cli/core/text/terms.ts';

describe('the spacing rule of Chinese pages', () => {
  it('finds a space between Chinese and Latin text either way round, on Chinese text only', () => {
    const at = { line: 4, column: 1 };
    expect(spacingProblems('DROC 是操作台，支持 3.0版本。', 'zh-CN', 'f.md', at).map((p) => p.column)).toEqual([5, 13]);
    expect(spacingProblems('DROC是操作台，支持3.0版本。X射线', 'zh-CN', 'f.md', at)).toEqual([]);
    expect(spacingProblems('DROC 是', 'en', 'f.md', at)).toEqual([]);
  });
});

describe('variants in front matter', () => {
  it('are not looked for in a value that is a route or a URL, only in prose', () => {
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
