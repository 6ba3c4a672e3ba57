/**
 * Render jobs and their keys (cli/core/plan/jobs.ts; docs/architecture.md, "One planner for build and watch"): a
 * job's key changes when something its HTML depends on changes, and stays the same otherwise, so that the build cache and
 * `watch` re-render exactly the pages that need it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobKey, listJobs, siteKey } from '../../../../cli/core/plan/jobs.ts';
import { prepareSite } from '../../../../cli/core/plan/site.ts';
import { makeContent, ROOT } from '../../../helpers/cli.ts';

/** The site key and every job's key (by `locale route`) of the content folder as it is now. */
async function keysOf(content: string, tool = 'tool-1'): Promise<{ site: string; jobs: Record<string, string> }> {
  const site = await prepareSite({ root: ROOT, contentDir: content, drafts: false });
  const shared = siteKey(site, tool);
  return {
    site: shared,
    jobs: Object.fromEntries(
      listJobs(site.pages, site.config.locales).map((job) => [`${job.page.locale} ${job.route}`, jobKey(site, shared, job)]),
    ),
  };
}

/** The jobs whose key differs between two sets of keys. */
function changed(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((job) => before[job] !== after[job]).sort();
}

/** A small site: two pages in both locales and one page in Chinese only (shown in English as a fallback). */
function content(): string {
  return makeContent({
    'zh/a.md': '---\ntitle: 甲\ndescription: 甲页\n---\n\n甲的文字。\n',
    'en/a.md': '---\ntitle: A\ndescription: Page A\n---\n\nText of A.\n',
    'zh/b.md': '---\ntitle: 乙\ndescription: 乙页\n---\n\n乙的文字。\n',
    'en/b.md': '---\ntitle: B\ndescription: Page B\n---\n\nText of B.\n',
    'zh/only-zh.md': '---\ntitle: 仅中文\ndescription: 只有中文\n---\n\n中文。\n',
  });
}

/** Rewrites a content file through `change`. */
function edit(dir: string, path: string, change: (text: string) => string): void {
  writeFileSync(join(dir, path), change(readFileSync(join(dir, path), 'utf8')));
}

describe('listJobs', () => {
  it('gives one job per page and route, the home page also at /home, each with the files it is written to', async () => {
    const site = await prepareSite({ root: ROOT, contentDir: content(), drafts: false });
    const jobs = listJobs(site.pages, site.config.locales);
    const routes = jobs.map((job) => `${job.page.locale} ${job.route}`);
    expect([...routes].sort()).toEqual([
      'en /',
      'en /a',
      'en /b',
      'en /home',
      'en /only-zh',
      'zh /',
      'zh /a',
      'zh /b',
      'zh /home',
      'zh /only-zh',
    ]);
    const home = jobs.filter((job) => job.route === '/' || job.route === '/home');
    expect(new Set(home.map((job) => job.page))).toHaveProperty('size', 2);
    expect(jobs.find((job) => job.page.locale === 'en' && job.route === '/a')?.files).toEqual(['en/a.html']);
    expect(jobs.find((job) => job.page.locale === 'zh' && job.route === '/a')?.files).toEqual(['a.html']);
    // The same plan lists the same jobs in the same order.
    expect(listJobs(site.pages, site.config.locales).map((job) => `${job.page.locale} ${job.route}`)).toEqual(routes);
  });
});

describe('job keys', () => {
  it('stay the same when nothing changed', async () => {
    const dir = content();
    expect(await keysOf(dir)).toEqual(await keysOf(dir));
  });

  it('are distinct for every job', async () => {
    const { jobs } = await keysOf(content());
    expect(new Set(Object.values(jobs)).size).toBe(Object.keys(jobs).length);
  });

  it('all change with the tool version, and with the site key', async () => {
    const dir = content();
    const [one, two] = [await keysOf(dir, 'tool-1'), await keysOf(dir, 'tool-2')];
    expect(two.site).not.toBe(one.site);
    expect(changed(one.jobs, two.jobs)).toEqual(Object.keys(one.jobs).sort());
  });

  it('change for the page whose text was edited, and only for it', async () => {
    const dir = content();
    const before = await keysOf(dir);
    edit(dir, 'en/a.md', (text) => text.replace('Text of A.', 'Text of A, edited.'));
    const after = await keysOf(dir);
    expect(after.site).toBe(before.site);
    expect(changed(before.jobs, after.jobs)).toEqual(['en /a']);
  });

  it('change for a page and its fallback copy in the other locale when its text is edited', async () => {
    const dir = content();
    const before = await keysOf(dir);
    edit(dir, 'zh/only-zh.md', (text) => text.replace('中文。', '新的中文。'));
    expect(changed(before.jobs, (await keysOf(dir)).jobs)).toEqual(['en /only-zh', 'zh /only-zh']);
  });

  it('change for both locales of a route when a translation comes (its alternates change)', async () => {
    const dir = content();
    const before = await keysOf(dir);
    writeFileSync(join(dir, 'en', 'only-zh.md'), '---\ntitle: Now in English\ndescription: Translated\n---\n\nEnglish.\n');
    const after = await keysOf(dir);
    expect(changed(before.jobs, after.jobs)).toEqual(expect.arrayContaining(['en /only-zh', 'zh /only-zh']));
    expect(after.jobs['en /b']).toBe(before.jobs['en /b']);
  });

  it('all change when what every page shows changes: strings, menu or settings', async () => {
    for (const [path, change] of [
      ['en/_strings.yaml', (text: string) => text.replace('Main', 'Main menu')],
      ['menu.yaml', (text: string) => text.replace('items:', 'items:\n      - { route: /a, label: nav.home }')],
      ['site.yaml', (text: string) => text.replace('phone: "+86 000"', 'phone: "+86 111"')],
    ] as const) {
      const dir = content();
      const before = await keysOf(dir);
      edit(dir, path, change);
      const after = await keysOf(dir);
      expect(after.site, path).not.toBe(before.site);
      expect(changed(before.jobs, after.jobs), path).toEqual(Object.keys(before.jobs).sort());
    }
  });
});
