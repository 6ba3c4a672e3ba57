/**
 * A render worker thread: receives the site's render context (loading the compiled templates it
 * names once per file), then renders batches of pages and sends back their HTML and problems. `watch`
 * keeps a worker across edits and sends a new context only when the site changed.
 */
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import { problem } from '../common/errors.ts';
import type { TaskResult, WorkerMessage } from './pool.ts';
import { failedResult, renderTask } from './pool.ts';
import type { TemplateModule } from '../load/bundle.ts';
import type { RenderContext } from './render.ts';

const encoder = new TextEncoder();

/**
 * Answers the pool's messages on `port`: a setup replaces the render context (with its templates loaded),
 * a batch is rendered with the latest one.
 */
function serve(port: NonNullable<typeof parentPort>): void {
  let ctx: Promise<RenderContext> | undefined;
  port.on('message', (message: WorkerMessage) => {
    if ('setup' in message) {
      const { setup } = message;
      // The templates are a CommonJS module (cli/core/load/bundle.ts): `import()` gives its exports as `default`.
      ctx = import(pathToFileURL(setup.templatesFile).href).then((module: { default: TemplateModule }) => ({
        ...setup.ctx,
        templates: module.default,
      }));
      return;
    }
    void (ctx as Promise<RenderContext>)
      .then(
        // Each page's HTML is made bytes as soon as it is rendered: a string kept until the batch ends would
        // outlive collections of the thread's small young generation, be copied by each and end up in the
        // old one. The bytes live outside the heap and are moved to the main thread, not copied.
        (site) =>
          message.batch.map((task): TaskResult => {
            const result = renderTask(task, site);
            return { ...result, html: encoder.encode(result.html) };
          }),
        // Templates that cannot be loaded fail the pages, not the thread: a later context may be good again.
        (error: unknown): TaskResult[] =>
          message.batch.map((task) =>
            failedResult(
              task,
              problem('RENDER_FAILED', `Loading the templates failed: ${error instanceof Error ? error.message : String(error)}`, {
                file: task.page.source.file,
              }),
            ),
          ),
      )
      .then((results) =>
        port.postMessage(
          results,
          results.flatMap((result) => (typeof result.html === 'string' ? [] : [result.html.buffer as ArrayBuffer])),
        ),
      );
  });
}

if (parentPort) serve(parentPort);
