/** The title of a locale's news list page (cli/core/plan/lists.ts `newsListTitle`), which names its feed. */
import { describe, expect, it } from 'vitest';
import { newsListTitle } from '../../../../cli/core/plan/lists.ts';

describe('newsListTitle', () => {
  const titles = { zh: new Map([['/news', '新闻动态']]), en: new Map([['/company', 'Company']]) };

  it("is the title of the locale's /news page", () => {
    expect(newsListTitle({ titles }, 'zh')).toBe('新闻动态');
  });

  it('is undefined for a locale without a /news page, or without titles at all', () => {
    expect(newsListTitle({ titles }, 'en')).toBeUndefined();
    expect(newsListTitle({ titles }, 'ja')).toBeUndefined();
  });
});
