/**
 * The ground truth of the search's measurements (test/helpers/search-truth.ts): what counts as a page's
 * indexed text, which pages hold a query, and how a ranked list is scored. The bench and the browser test
 * judge the search by it, so it is pinned here on small inputs.
 */
import { describe, expect, it } from 'vitest';
import { holds, indexedText, judge } from './search-truth.ts';

describe('indexedText', () => {
  const page = (main: string): string =>
    `<!DOCTYPE html><html><head><title>T</title></head><body><header>菜单 后处理</header><main>${main}</main><footer>页脚</footer></body></html>`;

  it('reads <main> only, without what Pagefind is told to ignore', () => {
    const text = indexedText(page('<p>正文</p><section data-pagefind-ignore="all"><p>后处理</p></section>'));
    expect(text).toBe('正文');
  });

  it('keeps blocks apart and inline elements together', () => {
    expect(indexedText(page('<h2>后</h2><p>处理 <strong>图像</strong>处理</p>'))).toBe('后\n处理 图像处理');
    expect(holds(indexedText(page('<h2>后</h2><p>处理</p>')), '后处理')).toBe(false);
  });

  it('is empty for a page without <main>', () => {
    expect(indexedText('<p>后处理</p>')).toBe('');
  });
});

describe('holds', () => {
  it('takes a Chinese query as one string, as typed', () => {
    expect(holds('支持三维后处理。', '后处理')).toBe(true);
    expect(holds('后续处理', '后处理')).toBe(false);
    expect(holds('DICOM工作站', 'dicom工作站')).toBe(true);
  });

  it('takes an English query as whole words, anywhere, plural allowed', () => {
    expect(holds('A cloud-based web viewer.', 'cloud viewer')).toBe(true);
    expect(holds('Two Workstations', 'workstation')).toBe(true);
    expect(holds('MiniPACS', 'PACS')).toBe(false);
    expect(holds('image post-processing', 'post-processing')).toBe(true);
    expect(holds('a cloud', 'cloud viewer')).toBe(false);
  });

  it('holds nothing for an empty query', () => {
    expect(holds('anything', '  ')).toBe(false);
  });
});

describe('judge', () => {
  it('scores recall, precision, precision at R and whether the relevant pages come first', () => {
    expect(judge(['/a', '/x', '/b'], ['/a', '/b', '/c'])).toEqual({
      results: 3,
      relevant: 3,
      found: 2,
      recall: 2 / 3,
      precision: 2 / 3,
      precisionAtR: 2 / 3,
      relevantFirst: false,
      missed: ['/c'],
    });
    expect(judge(['/a', '/b', '/x', '/y'], ['/b', '/a'])).toMatchObject({ precisionAtR: 1, relevantFirst: true, precision: 0.5 });
  });

  it('counts an empty list as missing nothing it could have found', () => {
    expect(judge([], [])).toMatchObject({ recall: 1, precision: 1, relevantFirst: true });
    expect(judge([], ['/a'])).toMatchObject({ recall: 0, missed: ['/a'] });
  });
});
