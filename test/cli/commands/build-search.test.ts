import { appendFileSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyContent, runCli, spawnWatch, tempDir, waitFor } from '../../helpers/cli.ts';

/** The pages a locale's index lists: the URL, title and text of each fragment. */
function indexedPages(folder: string): Array<{ url: string; title: string; content: string }> {
  const dir = join(folder, 'fragment');
  return readdirSync(dir)
    .map((name) => {
      const text = gunzipSync(readFileSync(join(dir, name))).toString('utf8');
      const data = JSON.parse(text.slice(text.indexOf('{'))) as { url: string; content: string; meta: { title: string } };
      return { url: data.url, title: data.meta.title, content: data.content };
    })
    .sort((a, b) => (a.url < b.url ? -1 : 1));
}

/** Every file of a folder with its bytes, by relative path. */
function filesOf(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.set(join(entry.parentPath, entry.name).slice(dir.length), readFileSync(join(entry.parentPath, entry.name)).toString('base64'));
  }
  return files;
}

let out: string;
let again: string;
let fallbackOut: string;

beforeAll(async () => {
  out = join(tempDir(), 'dist');
  again = join(tempDir(), 'dist');
  expect((await runCli(['build', '--out', out])).code).toBe(0);
  expect((await runCli(['build', '--out', again])).code).toBe(0);
  // A copy without the English DROC page: /en/DROC is then the Chinese page standing in.
  const content = copyContent();
  rmSync(join(content, 'en', 'DROC.md'));
  fallbackOut = join(tempDir(), 'dist');
  expect((await runCli(['build', '--content', content, '--out', fallbackOut])).code).toBe(0);
}, 120_000);

describe('the search index of the build', () => {
  it('has one index per locale, each in its own language', () => {
    const zh = JSON.parse(readFileSync(join(out, 'pagefind', 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, unknown> };
    const en = JSON.parse(readFileSync(join(out, 'en', 'pagefind', 'pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, unknown>;
    };
    expect(Object.keys(zh.languages)).toEqual(['zh']);
    expect(Object.keys(en.languages)).toEqual(['en']);
    expect(readFileSync(join(out, 'pagefind', 'pagefind.js'), 'utf8')).toContain('pagefind');
  });

  it('lists each page once at its own URL, without the /home alias or 404 pages', () => {
    const zh = indexedPages(join(out, 'pagefind')).map((p) => p.url);
    const en = indexedPages(join(out, 'en', 'pagefind')).map((p) => p.url);
    expect(zh).toContain('/');
    expect(zh).toContain('/DROC');
    expect(en).toContain('/en');
    expect(en).toContain('/en/DROC');
    for (const urls of [zh, en]) {
      expect(new Set(urls).size).toBe(urls.length);
      expect(urls.some((url) => /\/home$|404/.test(url))).toBe(false);
    }
    expect(zh.every((url) => !url.startsWith('/en'))).toBe(true);
    expect(en.every((url) => url.startsWith('/en'))).toBe(true);
  });

  it('indexes the main content only, not the header, menu or footer', () => {
    const droc = indexedPages(join(out, 'en', 'pagefind')).find((p) => p.url === '/en/DROC');
    const html = readFileSync(join(out, 'en', 'DROC.html'), 'utf8');
    const footer = html.slice(html.indexOf('<footer'));
    const copyright = /©[^<]*/.exec(footer)?.[0] ?? '';
    expect(copyright).not.toBe('');
    expect(droc?.content).not.toContain(copyright.trim());
    expect(droc?.title).not.toBe('');
  });

  it('leaves stand-in pages out of the index', () => {
    const en = indexedPages(join(fallbackOut, 'en', 'pagefind')).map((p) => p.url);
    expect(en).not.toContain('/en/DROC');
    expect(en).toContain('/en/DFOC');
  });

  it('is the same, byte for byte, when built twice', () => {
    const first = [...filesOf(out)].filter(([path]) => path.includes('pagefind'));
    const second = [...filesOf(again)].filter(([path]) => path.includes('pagefind'));
    expect(first.length).toBeGreaterThan(10);
    expect(second).toEqual(first);
  });
});

describe('the search pages of the build', () => {
  const page = (file: string): string => readFileSync(join(out, file), 'utf8');
  const main = (html: string): string => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

  it('writes /search and /en/search with a GET form whose field is q, in <main>', () => {
    for (const [file, action, route] of [
      ['search.html', '/search', 'search___zh'],
      ['en/search.html', '/en/search', 'search___en'],
    ] as const) {
      const html = page(file);
      expect(html, file).toContain(`data-route="${route}"`);
      expect(main(html), file).toContain(`<form class="search-form" action="${action}" method="get">`);
      expect(main(html), file).toMatch(/<input type="search" id="search-q"[^>]* name="q"/);
      // The search page has no second box in its header.
      expect(html.match(/name="q"/g)?.length, file).toBe(1);
      expect(html, file).toContain('<meta name="robots" content="noindex"/>');
      expect(html, file).toMatch(/data-search="\/assets\/search\.[0-9a-f]+\.js"/);
      // The script is loaded by the client script, never by a tag of its own.
      expect(html, file).not.toMatch(/<script[^>]+search\.[0-9a-f]+\.js/);
    }
  });

  it("gives every other page a header search box: a plain GET form to its locale's search page", () => {
    for (const [file, action] of [
      ['DROC.html', '/search'],
      ['en/DROC.html', '/en/search'],
      ['404.html', '/search'],
      ['en/404.html', '/en/search'],
    ] as const) {
      const header = page(file).slice(0, page(file).indexOf('<main'));
      const form = /<search class="site-search" role="search"><form class="site-search-form"([^>]*)>/.exec(header)?.[1] ?? '';
      expect(form, file).toContain(`action="${action}" method="get"`);
      expect(form, file).toMatch(/data-search-box="\/assets\/search\.[0-9a-f]+\.js"/);
      expect(header, file).toMatch(/<input type="search" id="site-search-q"[^>]* name="q"/);
    }
  });

  it('keeps the search pages out of the sitemap and out of the index', () => {
    const sitemap = page('sitemap.xml');
    expect(sitemap).not.toMatch(/\/search</);
    for (const folder of ['pagefind', 'en/pagefind']) {
      expect(indexedPages(join(out, folder)).some((p) => /search$/.test(p.url))).toBe(false);
    }
  });

  it('leaves copies of other pages out: the newest article on /newsDetail, the articles listed under one', () => {
    // Pagefind keeps the word breaks it found in Chinese text as zero-width spaces.
    const zh = indexedPages(join(out, 'pagefind')).map((p) => ({ ...p, content: p.content.replace(/\u200B/g, '') }));
    const html = page('newsDetail.html');
    const copy = /data-news-detail[\s\S]*?<p>([^<]{20,})/.exec(html)?.[1] ?? '';
    expect(copy).not.toBe('');
    const sentence = copy.slice(0, 20);
    expect(zh.find((p) => p.url === '/newsDetail')?.content).not.toContain(sentence);
    const holders = zh.filter((p) => p.content.includes(sentence)).map((p) => p.url);
    expect(holders).toHaveLength(1);
    expect(holders[0]).toMatch(/^\/news\//);
    // An article's own page holds no other article's title from its "more news" list.
    const article = zh.find((p) => p.url === holders[0]);
    const others = zh.filter((p) => p.url.startsWith('/news/') && p.url !== holders[0]).map((p) => p.title);
    expect(others.length).toBeGreaterThan(0);
    for (const title of others) expect(article?.content, title).not.toContain(title);
  });

  it('leaves repeated blocks out of the index and titles each result by its page', () => {
    const en = indexedPages(join(out, 'en', 'pagefind'));
    const droc = en.find((p) => p.url === '/en/DROC');
    expect(page('en/DROC.html')).toContain('data-pagefind-ignore="all"');
    expect(droc?.content).not.toContain('Want to see how it would work with your equipment?');
    const home = en.find((p) => p.url === '/en');
    expect(home?.title).toBe(/<title>([^<]*)<\/title>/.exec(page('en.html'))?.[1]);
  });
});

describe('the search index under watch', () => {
  it('follows an edited page and ends as a fresh build of the same content leaves it', async () => {
    const content = copyContent();
    const served = join(tempDir(), 'dist');
    const watch = spawnWatch(content, served);
    try {
      await waitFor(
        () => (/Serving http/.test(watch.output.stdout) ? true : undefined),
        () => watch.output.all,
      );
      appendFileSync(join(content, 'en', 'DROC.md'), '\n\nZephyrquasar calibration notes.\n');
      // The index follows the reload in the background (docs/search.md, "How it fits the build").
      await waitFor(
        () => (/^Search index updated \(en\)/m.test(watch.output.stdout) ? true : undefined),
        () => watch.output.all,
      );
      const droc = indexedPages(join(served, 'en', 'pagefind')).find((p) => p.url === '/en/DROC');
      expect(droc?.content).toContain('Zephyrquasar');
      const fresh = join(tempDir(), 'dist');
      expect((await runCli(['build', '--content', content, '--out', fresh])).code).toBe(0);
      const index = (dir: string): Array<[string, string]> => [...filesOf(dir)].filter(([path]) => path.includes('pagefind')).sort();
      expect(index(served)).toEqual(index(fresh));
    } finally {
      watch.child.kill('SIGINT');
      await watch.exited;
    }
  }, 120_000);
});
