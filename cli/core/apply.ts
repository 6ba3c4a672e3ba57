/**
 * The one way a plan (cli/core/plan/plan.ts) is carried out, for `build` and `watch` alike: reuse what is held,
 * render the jobs that have a file to make, write the site-wide files, copy public files, remove the rest.
 * It drives the render threads and hands their pages to a sink (cli/core/write/sinks.ts), so it is
 * orchestration: the stage that renders and the stage that writes, one after the other for each page.
 */
import { SiteError, type Problem } from './common/errors.ts';
import type { Job } from './plan/jobs.ts';
import { jobsToRender, type Plan, type Targets } from './plan/plan.ts';
import { htmlBytes, portable, type RenderPool, type RenderTask } from './render/pool.ts';
import type { RenderContext } from './render/render.ts';
import type { Sink } from './write/sinks.ts';

/** What carrying out a plan found. */
export interface Applied {
  /** Jobs rendered. */
  rendered: number;
  /** Warnings of each rendered job, by job index. */
  warnings: Map<number, Problem[]>;
  /** Errors of the rendered jobs: when there are any, the sink was not flushed. */
  errors: Problem[];
}

/**
 * Carries out `p`: renders its jobs in `pool` (with the render context and compiled templates of `render`),
 * in job order or by `rank` first, and gives every file to `sink`, then flushes it. When a job
 * fails, the errors come back and the sink is not flushed: `watch`'s in-place sink then writes nothing, and
 * `build` throws its new folder away.
 */
export async function applyPlan(
  p: Plan,
  targets: Pick<Targets, 'get'>,
  jobs: readonly Job[],
  render: { ctx: RenderContext; templatesFile: string },
  pool: RenderPool,
  sink: Sink,
  onProgress?: (rendered: number, total: number) => void,
  rank?: (job: Job) => number,
): Promise<Applied> {
  for (const path of p.reuse) sink.reuse(path);
  // A path has one maker, so the order of writes does not matter: the site-wide files and public/ copies
  // are given to the sink first, to be written while the pages render, and produced files (images,
  // cards) as each is ready; they share nothing with rendering but the cores.
  for (const path of p.render) {
    const make = targets.get(path)?.make;
    if (make?.kind === 'data') sink.write(path, make.data);
    else if (make?.kind === 'copy') sink.copy(path, make.from);
  }
  const produced = Promise.all(
    p.render.flatMap((path) => {
      const make = targets.get(path)?.make;
      return make?.kind === 'produce' ? [make.produce().then((from) => sink.copy(path, from))] : [];
    }),
  );
  // A failure is looked at once rendering is done (an unobserved rejection must not end the process).
  produced.catch(() => undefined);
  // In job order, or by `rank` first: the order pages render in changes nothing but when each is ready.
  const todo = jobsToRender(p, targets);
  if (rank) todo.sort((a, b) => rank(jobs[a] as Job) - rank(jobs[b] as Job) || a - b);
  const tasks: RenderTask[] = todo.map((index) => ({
    index,
    page: portable((jobs[index] as Job).page),
    route: (jobs[index] as Job).route,
  }));
  const warnings = new Map<number, Problem[]>();
  const errors: Problem[] = [];
  let done = 0;
  const pace = sink.caughtUp?.bind(sink);
  await pool.render(
    tasks,
    render.ctx,
    render.templatesFile,
    (result) => {
      onProgress?.(++done, tasks.length);
      warnings.set(result.index, result.warnings);
      errors.push(...result.errors);
      const job = jobs[result.index];
      if (!job || errors.length) return;
      // Encoded once, for all of the job's files: a flat buffer instead of the renderer's string of many
      // small pieces, which takes several times its size while it waits to be written.
      const html = htmlBytes(result.html);
      for (const file of job.files) if (targets.get(file)?.make.kind === 'job') sink.write(file, html);
    },
    pace ? { pace } : {},
  );
  await produced.catch((error: unknown) => {
    if (error instanceof SiteError) errors.push(...error.problems);
    else throw error;
  });
  if (errors.length) return { rendered: tasks.length, warnings, errors };
  for (const path of p.remove) sink.remove(path);
  await sink.flush();
  return { rendered: tasks.length, warnings, errors };
}
