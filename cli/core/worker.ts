/**
 * A render worker thread (issue 7): receives the site's render context (loading the compiled templates it
 * names once per file), then renders batches of pages and sends back their HTML and problems. `watch`
 * keeps a worker across edits and sends a new context only when the site changed.
 */
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import type { TaskResult, WorkerMessage } from './pool.ts';
import { renderTask } from './pool.ts';
import type { RenderContext, TemplateModule } from './render.ts';

let ctx: Promise<RenderContext> | undefined;

parentPort?.on('message', (message: WorkerMessage) => {
  if ('setup' in message) {
    const { setup } = message;
    ctx = import(pathToFileURL(setup.templatesFile).href).then((templates: TemplateModule) => ({ ...setup.ctx, templates }));
    return;
  }
  void (ctx as Promise<RenderContext>).then((site) => {
    const results: TaskResult[] = message.batch.map((task) => renderTask(task, site));
    parentPort?.postMessage(results);
  });
});
