/**
 * Render jobs (pure). A job is one page written at one route (the home page is also written at `/home`).
 * Its key, a hash of everything its HTML depends on, is the render stage's (cli/core/render/job-keys.ts).
 */
import type { PlannedPage } from '../load/i18n.ts';
import { outputFiles, routesOfPage } from '../common/routes.ts';
import type { Locales } from '../common/locales.ts';

/** One page to render at one route, and the files it is written to. */
export interface Job {
  page: PlannedPage;
  route: string;
  files: string[];
}

/** Every job of a plan, in a stable order. */
export function listJobs(pages: readonly PlannedPage[], locales: Locales): Job[] {
  return pages.flatMap((page) =>
    routesOfPage(page.route).map((route) => ({ page, route, files: outputFiles(route, page.locale, locales) })),
  );
}
