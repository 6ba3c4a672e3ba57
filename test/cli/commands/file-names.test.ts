/**
 * Any file name a writer can type publishes (docs/writing.md, "Pages and routes"): pages
 * named in Chinese or with spaces build, are written to disk under their real (NFC) names, are linked,
 * listed and announced with URLs percent-encoded exactly once, pass `ecom-site check`, and answer 200 at
 * their encoded path on the built-in server and on the shipped nginx configuration.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../cli/core/serve/serve.ts';
import { makeContent, runCli, tempDir } from '../../helpers/cli.ts';
import { startNginx, type Nginx } from '../../helpers/nginx.ts';

/** `/关于我们` as it appears in every URL of the output. */
const ABOUT = '/%E5%85%B3%E4%BA%8E%E6%88%91%E4%BB%AC';
/** `/news/新 品.md` -> `/news/新-品`. */
const ARTICLE = '/news/%E6%96%B0-%E5%93%81';
const BASE = 'https://example.test';

const page = (title: string, body: string, extra = ''): string =>
  `---\ntitle: ${title}\ndescription: ${title}\nkeywords: ${title}\n${extra}---\n\n${body}\n`;

const FILES: Record<string, string> = {
  'menu.yaml':
    'groups:\n  - label: menu.main\n    items:\n      - { route: /, label: nav.home }\n      - { route: /关于我们, label: nav.about }\nlinks:\n  - { route: /a-b, label: nav.ab }\n',
  'zh/_strings.yaml': 'menu.main: 主菜单\nnav.home: 首页\nnav.about: 关于我们\nnav.ab: 甲乙\n',
  'en/_strings.yaml': 'menu.main: Main\nnav.home: Home\nnav.about: About\nnav.ab: A B\n',
  'zh/关于我们.md': page('关于我们', `见 [甲乙](/a-b)、[英文版](/en/关于我们) 和 [同一页](${ABOUT})。`),
  'en/关于我们.md': page('About us', 'See [A B](/a-b) and [this page](/关于我们).'),
  'zh/a b.md': page('甲乙', '回到 [关于我们](/关于我们)。'),
  'en/a b.md': page('A B', 'Back to [about us](/关于我们).'),
  'zh/news/新 品.md': page('新品', '[关于我们](/关于我们)', 'template: article\ndate: 2024-05-01\n'),
  'en/news/新 品.md': page('New product', '[About us](/关于我们)', 'template: article\ndate: 2024-05-01\n'),
  'zh/news.md': page('新闻', '全部新闻。', 'template: news-list\n'),
  'en/news.md': page('News', 'All news.', 'template: news-list\n'),
  // The footer and family pages link to these.
  ...Object.fromEntries(
    ['law', 'privacy', 'contactUs'].flatMap((name) => [
      [`zh/${name}.md`, page(name, '…')],
      [`en/${name}.md`, page(name, '…')],
    ]),
  ),
  'zh/产品.md': page(
    '产品',
    '简介。',
    'template: family\nproducts:\n  - { route: /关于我们, name: 关于, text: 公司 }\n  - { route: /a-b, name: 甲乙, text: 页面 }\n',
  ),
  'en/产品.md': page(
    'Products',
    'Intro.',
    'template: family\nproducts:\n  - { route: /关于我们, name: About, text: Company }\n  - { route: /a-b, name: A B, text: Page }\n',
  ),
};

let out: string;

/** Every file of the output, relative and with `/` separators. */
function listTree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

const read = (file: string): string => readFileSync(join(out, file), 'utf8');
const hrefs = (html: string): string[] => [...html.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1] ?? '');

beforeAll(async () => {
  out = join(tempDir('ecom-names-'), 'dist');
  const built = await runCli(['build', '--content', makeContent(FILES), '--out', out]);
  if (built.code !== 0) throw new Error(built.stderr);
  // The fixture is complete: nothing may be reported.
  expect(built.stderr.split('\n').filter((line) => /^\S.*\s[A-Z_]{5,}\s/.test(line.trim()))).toEqual([]);
});

describe('pages named in any script or with spaces', () => {
  it('are written under their real names, never encoded', () => {
    for (const file of [
      '关于我们.html',
      'en/关于我们.html',
      'a-b.html',
      'en/a-b.html',
      'news/新-品.html',
      'en/news/新-品.html',
      '产品.html',
      'en/产品.html',
    ]) {
      expect(existsSync(join(out, file)), file).toBe(true);
    }
    expect(listTree(out).filter((file) => file.includes('%'))).toEqual([]);
  });

  it('link to each other, from Markdown, the menu, front matter and the locale switch, encoded once', () => {
    const about = read('关于我们.html');
    expect(about).toContain('data-route="关于我们___zh"');
    expect(hrefs(about)).toEqual(expect.arrayContaining(['/a-b', `/en${ABOUT}`, ABOUT]));
    expect(about).toMatch(new RegExp(`<a class="locale-switch" href="/en${ABOUT}"`));
    const en = read('en/a-b.html');
    expect(en).toContain('data-route="a-b___en"');
    expect(hrefs(en)).toEqual(expect.arrayContaining([`/en${ABOUT}`, '/en/a-b', '/a-b']));
    expect(hrefs(read('en/产品.html'))).toEqual(expect.arrayContaining([`/en${ABOUT}`, '/en/a-b']));
    expect(hrefs(read('news.html'))).toEqual(expect.arrayContaining([ARTICLE]));
    expect(hrefs(read('en/news.html'))).toEqual(expect.arrayContaining([`/en${ARTICLE}`]));
  });

  it('have canonical, hreflang and og:url URLs percent-encoded as RFC 3986 requires', () => {
    const about = read('en/关于我们.html');
    expect(about).toContain(`<link rel="canonical" href="${BASE}/en${ABOUT}"/>`);
    expect(about).toContain(`hreflang="zh-CN" href="${BASE}${ABOUT}"`);
    expect(about).toContain(`hreflang="en" href="${BASE}/en${ABOUT}"`);
    expect(about).toContain(`hreflang="x-default" href="${BASE}${ABOUT}"`);
    expect(about).toContain(`<meta property="og:url" content="${BASE}/en${ABOUT}"/>`);
  });

  it('are listed in the sitemap and the feeds, encoded', () => {
    const sitemap = read('sitemap.xml');
    for (const path of [ABOUT, `/en${ABOUT}`, '/a-b', '/en/a-b', ARTICLE, `/en${ARTICLE}`])
      expect(sitemap).toContain(`<loc>${BASE}${path}</loc>`);
    expect(read('news/feed.xml')).toContain(`${BASE}${ARTICLE}`);
    expect(read('en/news/feed.xml')).toContain(`${BASE}/en${ARTICLE}`);
  });

  it('are never encoded twice, nor left raw in a URL', () => {
    for (const file of listTree(out).filter((f) => /\.(html|xml)$/.test(f))) {
      const text = read(file);
      expect(text, file).not.toMatch(/%25/);
      for (const url of [...text.matchAll(/\s(?:href|content)="((?:https?:\/\/[^/"]+)?\/[^"]*)"|<(?:loc|id)>([^<]+)</g)].map(
        (m) => m[1] ?? m[2] ?? '',
      )) {
        expect(url, `${file}: ${url}`).toMatch(/^[\x21-\x7e]*$/);
      }
    }
  });

  it('pass ecom-site check', async () => {
    const result = await runCli(['check', '--out', out]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});

describe('serving pages with non-ASCII names', () => {
  const paths = [ABOUT, `/en${ABOUT}`, '/a-b', '/en/a-b', ARTICLE, `/en${ARTICLE}`];
  const expectServed = async (origin: string): Promise<void> => {
    for (const path of paths) {
      const response = await fetch(`${origin}${path}`, { redirect: 'manual' });
      expect([path, response.status]).toEqual([path, 200]);
      expect(await response.text()).toMatch(/data-route="[^"]+___(zh|en)"/);
    }
    const raw = await fetch(`${origin}/a%20b`, { redirect: 'manual' });
    expect(raw.status).toBe(404);
  };

  it('answers 200 at the encoded path on the built-in server (watch, check)', async () => {
    const server = await startServer({ dir: out });
    try {
      await expectServed(server.url);
    } finally {
      await server.close();
    }
  });

  describe('on the shipped nginx configuration', () => {
    let nginx: Nginx;
    beforeAll(async () => {
      nginx = await startNginx(out);
    });
    afterAll(async () => {
      await nginx?.stop();
    });

    it('answers 200 at the encoded path', async () => {
      await expectServed(nginx.url);
    });
  });
});
