/** Render jobs (cli/core/plan/jobs.ts): one per page and route, each with the files it is written to. */
import { describe, expect, it } from 'vitest';
import { prepareSite } from '../../../../cli/core/stages.ts';
import { listJobs } from '../../../../cli/core/plan/jobs.ts';
import { ROOT, smallSite } from '../../../helpers/cli.ts';

describe('listJobs', () => {
  it('gives one job per page and route, the home page also at /home, each with the files it is written to', async () => {
    const { loaded, planned } = await prepareSite({ root: ROOT, contentDir: smallSite(), drafts: false });
    const jobs = listJobs(planned.pages, loaded.config.locales);
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
    expect(listJobs(planned.pages, loaded.config.locales).map((job) => `${job.page.locale} ${job.route}`)).toEqual(routes);
  });
});
