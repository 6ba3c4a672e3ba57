/**
 * The keys of render jobs (cli/core/render/job-keys.ts; docs/architecture.md, "One planner for build and watch"): a
 * job's key changes when something its HTML depends on changes, and stays the same otherwise, so that the build cache and
 * `watch` re-render exactly the pages that need it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareSite } from '../../../../cli/core/stages.ts';
import { listJobs } from '../../../../cli/core/plan/jobs.ts';
import { jobKey, siteKey } from '../../../../cli/core/render/job-keys.ts';
import { ROOT, smallSite } from '../../../helpers/cli.ts';

/** The site key and every job's key (by `locale route`) of the content folder as it is now. */
async function keysOf(content: string, tool = 'tool-1'): Promise<{ site: string; jobs: Record<string, string> }> {
  const { loaded, planned, ctx } = await prepareSite({ root: ROOT, contentDir: content, drafts: false });
  const shared = siteKey(ctx, loaded.templates.hash, tool);
  return {
    site: shared,
    jobs: Object.fromEntries(
      listJobs(planned.pages, loaded.config.locales).map((job) => [`${job.page.locale} ${job.route}`, jobKey(ctx, shared, job)]),
    ),
  };
}

/** The jobs whose key differs between two sets of keys. */
function changed(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((job) => before[job] !== after[job]).sort();
}

/** Rewrites a content file through `change`. */
function edit(dir: string, path: string, change: (text: string) => string): void {
  writeFileSync(join(dir, path), change(readFileSync(join(dir, path), 'utf8')));
}

describe('job keys', () => {
  it('stay the same when nothing changed', async () => {
    const dir = smallSite();
    expect(await keysOf(dir)).toEqual(await keysOf(dir));
  });

  it('are distinct for every job', async () => {
    const { jobs } = await keysOf(smallSite());
    expect(new Set(Object.values(jobs)).size).toBe(Object.keys(jobs).length);
  });

  it('all change with the tool version, and with the site key', async () => {
    const dir = smallSite();
    const [one, two] = [await keysOf(dir, 'tool-1'), await keysOf(dir, 'tool-2')];
    expect(two.site).not.toBe(one.site);
    expect(changed(one.jobs, two.jobs)).toEqual(Object.keys(one.jobs).sort());
  });

  it('change for the page whose text was edited, and only for it', async () => {
    const dir = smallSite();
    const before = await keysOf(dir);
    edit(dir, 'en/a.md', (text) => text.replace('Text of A.', 'Text of A, edited.'));
    const after = await keysOf(dir);
    expect(after.site).toBe(before.site);
    expect(changed(before.jobs, after.jobs)).toEqual(['en /a']);
  });

  it('change for a page and its fallback copy in the other locale when its text is edited', async () => {
    const dir = smallSite();
    const before = await keysOf(dir);
    edit(dir, 'zh/only-zh.md', (text) => text.replace('中文。', '新的中文。'));
    expect(changed(before.jobs, (await keysOf(dir)).jobs)).toEqual(['en /only-zh', 'zh /only-zh']);
  });

  it('change for both locales of a route when a translation comes (its alternates change)', async () => {
    const dir = smallSite();
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
      const dir = smallSite();
      const before = await keysOf(dir);
      edit(dir, path, change);
      const after = await keysOf(dir);
      expect(after.site, path).not.toBe(before.site);
      expect(changed(before.jobs, after.jobs), path).toEqual(Object.keys(before.jobs).sort());
    }
  });
});
