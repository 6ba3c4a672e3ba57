/**
 * A render worker thread (issue 7): loads the compiled templates once, receives the site's render context
 * once, then renders batches of pages and sends back their HTML and problems.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { RenderTask, TaskResult, WorkerSetup } from './pool.ts';
import { renderTask } from './pool.ts';
import type { RenderContext, TemplateModule } from './render.ts';

const setup = workerData as WorkerSetup;
const templates = (await import(pathToFileURL(setup.templatesFile).href)) as TemplateModule;
const ctx: RenderContext = { ...setup.ctx, templates };

parentPort?.on('message', (batch: RenderTask[]) => {
  const results: TaskResult[] = batch.map((task) => renderTask(task, ctx));
  parentPort?.postMessage(results);
});
parentPort?.postMessage('ready');
