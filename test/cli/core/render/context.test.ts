/**
 * The render context (cli/core/render/context.ts) of a small site read in this process: what every page's
 * render reads besides the page, made ready to travel to the render threads.
 */
import { describe, expect, it } from 'vitest';
import { trackTranslations } from '../../../../cli/core/l10n/track.ts';
import { loadSite } from '../../../../cli/core/load/loaded-site.ts';
import { planSite } from '../../../../cli/core/plan/site.ts';
import { renderContext } from '../../../../cli/core/render/context.ts';
import { makeContent, ROOT } from '../../../helpers/cli.ts';

const page = (title: string, more = ''): string => `---\ntitle: ${title}\ndescription: ${title}\n${more}---\n\n${title}。\n`;

const FILES: Record<string, string> = {
  'site.yaml': 'baseUrl: https://example.test\ncompany:\n  zh: 测试公司\n  en: Test Co\nphone: "+86 000"\nemail: test@example.test\n',
  'menu.yaml': 'groups:\n  - label: menu.main\n    items:\n      - { route: /, label: nav.home }\n',
  'zh/_strings.yaml': 'menu.main: 主菜单\nnav.home: 首页\n',
  'zh/news.md': page('新闻', 'template: news-list\n'),
  'zh/news/old.md': page('旧消息', 'template: article\ndate: 2023-05-01\n'),
  'zh/news/new.md': page('新消息', 'template: article\ndate: 2024-05-01\n'),
};

describe('renderContext', () => {
  it('features the newest article without its YAML line lookup, so the context can go to a render thread', async () => {
    const loaded = await loadSite({ root: ROOT, contentDir: makeContent(FILES), drafts: false });
    const planned = await planSite(loaded, trackTranslations(loaded.sources, loaded.pages, loaded.config.locales));
    // The plan keeps the article's source whole; the context is what crosses to the threads.
    expect(planned.lists.featured.zh).toHaveProperty('lineOf');
    const ctx = renderContext(loaded, planned, 2026);
    expect(ctx.featured.zh?.file).toMatch(/content\/zh\/news\/new\.md$/);
    expect(ctx.featured.zh).not.toHaveProperty('lineOf');
    expect(structuredClone(ctx.featured)).toEqual(ctx.featured);
    expect(ctx.year).toBe(2026);
  });
});
