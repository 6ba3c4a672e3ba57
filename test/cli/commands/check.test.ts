/** `ecom-site check`: clean on the real build; names every broken link and missing asset by page. */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.ts';

let built: string;

beforeAll(async () => {
  built = join(tempDir('ecom-check-'), 'dist');
  const result = await runCli(['build', '--out', built, '--quiet']);
  if (result.code !== 0) throw new Error(result.stderr);
});

/** A copy of the real build that a test may break. */
function copyBuilt(): string {
  const dir = join(tempDir('ecom-check-'), 'dist');
  cpSync(built, dir, { recursive: true });
  return dir;
}

/** Inserts `html` at the start of `<main>` of a built page. */
function plant(dir: string, file: string, html: string): void {
  const path = join(dir, file);
  const page = readFileSync(path, 'utf8');
  expect(page).toContain('<main id="main"');
  writeFileSync(path, page.replace(/(<main id="main"[^>]*>)/, `$1${html}`));
}

/** The report on stderr as page -> broken URLs. */
function brokenByPage(stderr: string): Map<string, string[]> {
  const byPage = new Map<string, string[]>();
  let page = '';
  for (const line of stderr.split('\n')) {
    const link = /^ {2}(\S+) +(\S+)$/.exec(line);
    if (link) byPage.get(page)?.push(`${link[1]} ${link[2]}`);
    else if (line.startsWith('/')) {
      page = line;
      byPage.set(page, []);
    }
  }
  return byPage;
}

describe('ecom-site check', () => {
  it('passes on the real build of both locales', async () => {
    const result = await runCli(['check', '--out', built]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const pages = Number(/on (\d+) pages/.exec(result.stdout)?.[1]);
    // 34 routes and 5 articles per locale, /en twice (en.html, en/index.html), the two 404 pages.
    expect(pages).toBeGreaterThanOrEqual(80);
    expect(result.stdout).toMatch(/Checked \d+ links on \d+ pages .* 0 broken/);
  });

  it('passes with the search pages and both search indexes in the checked folder, and crawls the search pages', async () => {
    for (const file of [
      'search.html',
      'en/search.html',
      'pagefind/pagefind.js',
      'pagefind/pagefind-entry.json',
      'en/pagefind/pagefind.js',
    ]) {
      expect([file, existsSync(join(built, file))]).toEqual([file, true]);
    }
    for (const index of ['pagefind', 'en/pagefind']) {
      expect(readdirSync(join(built, index, 'index')).length, index).toBeGreaterThan(0);
      expect(readdirSync(join(built, index, 'fragment')).length, index).toBeGreaterThan(0);
    }
    // The search script is named in data attributes, which a link checker does not follow: it must exist.
    const script = /data-search="([^"]+)"/.exec(readFileSync(join(built, 'search.html'), 'utf8'))?.[1] ?? '';
    expect(script).toMatch(/^\/assets\/search\.[0-9a-f]+\.js$/);
    expect(existsSync(join(built, script))).toBe(true);
    // The clean build passes (first test); a broken link on a search page is found there.
    const dir = copyBuilt();
    plant(dir, join('en', 'search.html'), '<a href="/en/no-such-page">nowhere</a>');
    const result = await runCli(['check', '--out', dir]);
    expect(result.code).toBe(1);
    expect(Object.fromEntries(brokenByPage(result.stderr))).toEqual({ '/en/search': ['404 /en/no-such-page'] });
  });

  it('fails on a planted broken link and a missing asset, naming the page each is on', async () => {
    const dir = copyBuilt();
    plant(dir, join('en', 'DROC.html'), '<a href="/en/no-such-page">nowhere</a>');
    plant(dir, join('news', 'radiology-trade-show-2024.html'), '<img src="/images/no-such-image.svg" alt="">');
    const result = await runCli(['check', '--out', dir]);
    expect(result.code).toBe(1);
    expect(Object.fromEntries(brokenByPage(result.stderr))).toEqual({
      '/en/DROC': ['404 /en/no-such-page'],
      '/news/radiology-trade-show-2024': ['404 /images/no-such-image.svg'],
    });
    expect(result.stderr).toContain('2 broken link(s) on 2 page(s).');
  });

  it('reports a deleted stylesheet on every page that loads it', async () => {
    const dir = copyBuilt();
    const css = /href="(\/assets\/site\.[0-9a-f]+\.css)"/.exec(readFileSync(join(dir, 'index.html'), 'utf8'))?.[1] ?? '';
    rmSync(join(dir, css));
    const result = await runCli(['check', '--out', dir]);
    expect(result.code).toBe(1);
    const byPage = brokenByPage(result.stderr);
    for (const page of ['/', '/en', '/DROC', '/en/DROC', '/en/news/radiology-trade-show-2024', '/404', '/en/404']) {
      expect([page, byPage.get(page)]).toEqual([page, [`404 ${css}`]]);
    }
  });

  it("follows absolute links to the site itself: a missing translation breaks the other page's hreflang and the sitemap", async () => {
    const dir = copyBuilt();
    rmSync(join(dir, 'en', 'DIOS.html'));
    const result = await runCli(['check', '--out', dir]);
    expect(result.code).toBe(1);
    const byPage = brokenByPage(result.stderr);
    expect(byPage.get('/DIOS')).toEqual(['404 /en/DIOS']);
    expect(byPage.get('/sitemap.xml')).toEqual(['404 /en/DIOS']);
  });

  it('exits 1 with a hint when the folder holds no build', async () => {
    const result = await runCli(['check', '--out', tempDir()]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('index.html not found');
    expect(result.stderr).toContain('ecom-site build');
  });
});
