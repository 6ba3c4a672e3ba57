/**
 * Rendering many pages: spread over worker threads, one per core, each with its own frozen unified
 * processor and templates loaded once (issue 7). Small sites render in this thread, where starting
 * workers would cost more than it saves. Output is the same either way: results are returned by index.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageSource } from './content.ts';
import { problem } from './errors.ts';
import type { PlannedPage } from './i18n.ts';
import { renderPage, type RenderContext, type Rendered } from './render.ts';

/** One page to render, as it travels to a worker. */
export interface RenderTask {
  index: number;
  page: PlannedPage<PageSource>;
  route: string;
}

/** What comes back for a task. */
export type TaskResult = Rendered & { index: number };

/** What a worker is started with. */
export interface WorkerSetup {
  ctx: Omit<RenderContext, 'templates'>;
  templatesFile: string;
}

/** Below this many pages per thread, workers are not worth their start-up (~0.3 s each). */
const MIN_TASKS_PER_WORKER = 150;
const BATCH = 24;

/** Renders one task; a template that throws becomes a RENDER_FAILED problem instead of a crash. */
export function renderTask(task: RenderTask, ctx: RenderContext): TaskResult {
  try {
    return { index: task.index, ...renderPage(task.page, ctx, task.route) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { index: task.index, html: '', warnings: [], errors: [problem('RENDER_FAILED', `Rendering ${task.route} failed: ${message}`, { file: task.page.source.file })] };
  }
}

/** A page with its YAML line lookup removed, so it can be copied to a worker. */
export function portable(page: PlannedPage): PlannedPage<PageSource> {
  const { lineOf: _lineOf, ...source } = page.source;
  return { ...page, source };
}

/** The worker script beside this module (the bundled CLI has `worker.mjs` next to `index.mjs`). */
function workerFile(): string | undefined {
  const file = fileURLToPath(new URL('./worker.mjs', import.meta.url));
  return existsSync(file) ? file : undefined;
}

/**
 * Renders all tasks; calls `onResult` for each as it completes (in any order). Uses worker threads when
 * there are enough tasks and the bundled worker exists.
 */
export async function renderTasks(tasks: readonly RenderTask[], ctx: RenderContext, templatesFile: string, onResult: (result: TaskResult) => void): Promise<void> {
  const file = workerFile();
  // ECOM_SITE_THREADS pins the number of threads (1: render here), e.g. to compare outputs or to profile.
  const pinned = Number(process.env.ECOM_SITE_THREADS);
  const threads = pinned > 0 ? pinned : Math.min(availableParallelism(), Math.floor(tasks.length / MIN_TASKS_PER_WORKER));
  if (!file || threads < 2) {
    for (const task of tasks) onResult(renderTask(task, ctx));
    return;
  }
  const { templates: _templates, ...shared } = ctx;
  const setup: WorkerSetup = { ctx: shared, templatesFile };
  let next = 0;
  const take = (): RenderTask[] => tasks.slice(next, (next += BATCH));
  await Promise.all(
    Array.from({ length: threads }, () =>
      new Promise<void>((done, fail) => {
        const worker = new Worker(file, { workerData: setup });
        const send = (): void => {
          const batch = take();
          if (batch.length) worker.postMessage(batch);
          else void worker.terminate().then(() => done());
        };
        worker.on('message', (message: 'ready' | TaskResult[]) => {
          if (message !== 'ready') for (const result of message) onResult(result);
          send();
        });
        worker.once('error', fail);
      }),
    ),
  );
}
