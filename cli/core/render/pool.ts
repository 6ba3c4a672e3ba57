/**
 * Rendering many pages: spread over worker threads, one per core, each with its own frozen unified
 * processor and templates loaded once. Small sites render in this thread, where starting
 * workers would cost more than it saves. Output is the same either way: results are returned by index.
 * Threads run the bundled worker script (bin/ecom-site.js writes it beside the CLI); a pool asked for
 * threads without it fails at once rather than quietly rendering here.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { PageSource, SourcePage } from '../load/content.ts';
import { DEFAULTS } from '../common/defaults.ts';
import { problem, type Problem } from '../common/errors.ts';
import type { PlannedPage } from '../load/i18n.ts';
import { renderPage, type RenderContext, type Rendered } from './render.ts';
import { PageRefused } from './markdown.ts';

/** One page to render, as it travels to a worker. */
export interface RenderTask {
  index: number;
  page: PlannedPage<PageSource>;
  route: string;
}

/**
 * What comes back for a task: its HTML as text where the page rendered in this thread, as UTF-8 bytes where
 * it rendered in a render thread (`htmlBytes` takes either).
 */
export type TaskResult = Omit<Rendered, 'html'> & { index: number; html: string | Uint8Array };

/** A task rendered in this thread: its HTML as text. */
export type RenderedTask = Rendered & { index: number };

/** A result's HTML as bytes to write, the bytes from a render thread as they are (not copied). */
export function htmlBytes(html: string | Uint8Array): Buffer {
  return typeof html === 'string' ? Buffer.from(html) : Buffer.from(html.buffer, html.byteOffset, html.byteLength);
}

/** What a worker is told before rendering: the site's context (templates travel as their file). */
export interface WorkerSetup {
  ctx: Omit<RenderContext, 'templates'>;
  templatesFile: string;
}

/** A message to a worker: a new context, or pages to render with the last one. */
export type WorkerMessage = { setup: WorkerSetup } | { batch: RenderTask[] };

/**
 * Pages sent to a thread at a time: large enough that messaging costs little against rendering a page, small enough that both threads finish close together at the end of a build.
 */
const BATCH = 24;

/**
 * Renders one task; a template that throws becomes a RENDER_FAILED problem instead of a crash, a page
 * nested too deeply a PAGE_TOO_DEEP one (deeper than `DEFAULTS.maxNesting`, or, should a tree ever be
 * deeper after the Markdown tools than the limit allows for, deep enough to overflow the call stack), and
 * a page whose tables leave out more than `DEFAULTS.maxFilledCells` cells a TABLE_TOO_SPARSE one.
 */
export function renderTask(task: RenderTask, ctx: RenderContext): RenderedTask {
  try {
    return { index: task.index, ...renderPage(task.page, ctx, task.route) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const file = task.page.source.file;
    const failed =
      error instanceof PageRefused
        ? problem(error.code, error.message, { file, ...(error.line ? { line: error.line } : {}) })
        : overflowed(error)
          ? problem('PAGE_TOO_DEEP', DEEP_MESSAGE, { file })
          : problem('RENDER_FAILED', `Rendering ${task.route} failed: ${message}`, { file });
    return failedResult(task, failed);
  }
}

/** The result of a page that could not be rendered: the problem instead of its HTML. */
export function failedResult(task: RenderTask, failure: Problem): RenderedTask {
  return { index: task.index, html: '', warnings: [], errors: [failure] };
}

const DEEP_MESSAGE = 'The page nests block quotes, lists, links or emphasis too deeply to be rendered: the call stack overflowed.';

/**
 * Whether rendering ran out of call stack: the Markdown tools' recursion (a RangeError), or React's, which
 * `renderToStaticMarkup` reports as a component that suspended (it retries an overflow on a fresh stack, a
 * retry a synchronous render cannot wait for; the templates never suspend).
 */
function overflowed(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    (error instanceof RangeError && error.message === 'Maximum call stack size exceeded') ||
    error.message.startsWith('A component suspended while responding to synchronous input')
  );
}

/** A page's source with its YAML line lookup (a function) removed, so it can be copied to a worker thread. */
export function portableSource(source: SourcePage): PageSource {
  const { lineOf: _lineOf, ...rest } = source;
  return rest;
}

/** A page with its YAML line lookup removed, so it can be copied to a worker thread. */
export function portable(page: PlannedPage): PlannedPage<PageSource> {
  return { ...page, source: portableSource(page.source) };
}

/** The worker script beside this module: the bundled CLI has `worker.mjs` next to `index.mjs`. */
export const WORKER_FILE = fileURLToPath(new URL('./worker.mjs', import.meta.url));

/**
 * The heap limits of a render thread. A thread holds little between pages, but left to V8's
 * defaults each heap grew several times that before collecting, and the build's peak memory with it.
 * With these it stays lower for a little more time collecting. A batch that runs a thread out of memory is
 * rendered again page by page, and a page that does it alone renders on the large-page thread, whose heap
 * is as large as the main thread's: no page is lost to the limit.
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 128 };

/**
 * The heap of the thread that renders a large page (`DEFAULTS.isolatePageAbove`), in MB: as large as this
 * thread's own (V8 sizes it from the machine's memory), or ECOM_SITE_PAGE_HEAP_MB. A page that needs more
 * fails with PAGE_OUT_OF_MEMORY; in this thread it would end the process with V8's fatal error.
 */
export function pageHeapMb(): number {
  const set = Number(process.env.ECOM_SITE_PAGE_HEAP_MB);
  return set > 0 ? Math.floor(set) : Math.floor(getHeapStatistics().heap_size_limit / 2 ** 20);
}

/** The result of a page that needs more memory than the large-page thread has. */
function outOfMemoryResult(task: RenderTask): TaskResult {
  const mb = pageHeapMb().toLocaleString(DEFAULTS.messageLanguage);
  return failedResult(
    task,
    problem(
      'PAGE_OUT_OF_MEMORY',
      `Rendering ${task.route} needs more than ${mb} MB of memory, the heap of the thread that renders large pages: its Markdown makes too many elements (a 1 MB page of table rows takes ~4 GB).`,
      { file: task.page.source.file },
    ),
  );
}

/** True for the error of a thread that reached its heap limit. */
function outOfMemory(error: unknown): boolean {
  return (error as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

/** The results of a batch that could not be rendered: a RENDER_FAILED problem for each of its pages. */
function failedBatch(batch: readonly RenderTask[], reason: string): TaskResult[] {
  return batch.map((task) =>
    failedResult(
      task,
      problem('RENDER_FAILED', `Rendering ${task.route} failed: ${reason}`, { file: task.page.source.file }, { thread: true }),
    ),
  );
}

/**
 * One render thread: told the context when it changes, then fed batches. A thread that stops during a
 * batch (a template calling `process.exit()`, an uncaught error) is started again and renders the batch
 * once more; if that fails too, the batch's pages fail with RENDER_FAILED, so a build never waits for a
 * thread that is gone. A thread that reaches its heap limit (ERR_WORKER_OUT_OF_MEMORY) is started again
 * for the batch's pages one by one (`renderAlone`).
 */
class RenderThread {
  private worker: Worker | undefined;
  /** What the current worker was told. */
  private ctx: RenderContext | undefined;
  private templatesFile: string | undefined;
  /** The batch in flight: one at a time per thread. */
  private pending: { done(results: TaskResult[]): void; fail(error: Error): void } | undefined;
  private closed = false;
  /** Batches are sent one at a time, in the order asked. */
  private queue: Promise<unknown> = Promise.resolve();

  /**
   * `limits`: the thread's heap. `isolate`: where a page that alone runs a thread out of memory goes (the
   * pool's large-page thread).
   */
  constructor(
    private readonly file: string,
    private readonly limits: ResourceLimits = THREAD_LIMITS,
    private readonly isolate?: (task: RenderTask, ctx: RenderContext, templatesFile: string) => Promise<TaskResult>,
  ) {
    this.start();
  }

  private start(): Worker {
    const worker = new Worker(this.file, { resourceLimits: this.limits });
    worker.on('message', (results: TaskResult[]) => {
      const pending = this.pending;
      this.pending = undefined;
      pending?.done(results);
    });
    worker.on('error', (error) => this.lose(worker, error));
    worker.on('exit', (code) => this.lose(worker, new Error(`the render thread exited with code ${code}`)));
    this.worker = worker;
    this.ctx = undefined;
    this.templatesFile = undefined;
    return worker;
  }

  /** Forgets a worker that stopped (its `error` comes before its `exit`; the later one is ignored). */
  private lose(worker: Worker, error: Error): void {
    if (worker !== this.worker) return;
    this.worker = undefined;
    void worker.terminate();
    const pending = this.pending;
    this.pending = undefined;
    pending?.fail(error);
  }

  /** Renders a batch after any batch already asked for; the context is sent when the thread lacks it. */
  render(batch: RenderTask[], ctx: RenderContext, templatesFile: string): Promise<TaskResult[]> {
    const result = this.queue.then(() => this.renderTwice(batch, ctx, templatesFile));
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async renderTwice(batch: RenderTask[], ctx: RenderContext, templatesFile: string): Promise<TaskResult[]> {
    try {
      return await this.send(batch, ctx, templatesFile);
    } catch (first) {
      if (outOfMemory(first)) return this.renderAlone(batch, ctx, templatesFile);
      try {
        return await this.send(batch, ctx, templatesFile);
      } catch (error) {
        if (outOfMemory(error)) return this.renderAlone(batch, ctx, templatesFile);
        return failedBatch(batch, error instanceof Error ? error.message : String(error));
      }
    }
  }

  /**
   * A batch that ran the thread out of memory: each page on its own (a fresh thread), and a page that
   * still does on the pool's large-page thread (`isolate`; PAGE_OUT_OF_MEMORY without one).
   */
  private async renderAlone(batch: RenderTask[], ctx: RenderContext, templatesFile: string): Promise<TaskResult[]> {
    const results: TaskResult[] = [];
    for (const task of batch) {
      try {
        results.push(...(await this.send([task], ctx, templatesFile)));
      } catch (error) {
        if (!outOfMemory(error)) results.push(...failedBatch([task], (error as Error).message));
        else results.push(this.isolate ? await this.isolate(task, ctx, templatesFile) : outOfMemoryResult(task));
      }
    }
    return results;
  }

  /**
   * One page, once, after any batch already asked for: the large-page thread's way, where running out of
   * memory is the answer (PAGE_OUT_OF_MEMORY), not a reason to try again.
   */
  renderOnce(task: RenderTask, ctx: RenderContext, templatesFile: string): Promise<TaskResult> {
    const result = this.queue.then(async () => {
      try {
        return (await this.send([task], ctx, templatesFile))[0] as TaskResult;
      } catch (error) {
        return outOfMemory(error) ? outOfMemoryResult(task) : (failedBatch([task], (error as Error).message)[0] as TaskResult);
      }
    });
    this.queue = result.catch(() => undefined);
    return result;
  }

  private send(batch: RenderTask[], ctx: RenderContext, templatesFile: string): Promise<TaskResult[]> {
    if (this.closed) return Promise.reject(new Error('the render threads were closed'));
    const worker = this.worker ?? this.start();
    if (ctx !== this.ctx || templatesFile !== this.templatesFile) {
      const { templates: _templates, ...shared } = ctx;
      worker.postMessage({ setup: { ctx: shared, templatesFile } } satisfies WorkerMessage);
      this.ctx = ctx;
      this.templatesFile = templatesFile;
    }
    return new Promise((done, fail) => {
      this.pending = { done, fail };
      worker.postMessage({ batch } satisfies WorkerMessage);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.pending?.fail(new Error('the render threads were closed'));
    this.pending = undefined;
    await worker?.terminate();
  }
}

/**
 * Render threads that outlive one call: `watch` keeps one so that an edit is rendered by code the first
 * build already made hot (a thread that rendered thousands of pages renders one in a few milliseconds;
 * a fresh one takes ten times longer).
 */
export class RenderPool {
  private readonly threads: RenderThread[] = [];
  /** The thread for large pages, started when the first one comes; null without the worker script. */
  private large: RenderThread | null | undefined;

  /**
   * Starts `size` threads running `file`; with 0, pages render in this thread. A missing worker script is
   * an error (a source run must bundle it, as test/cli/core/render/pool.slow.test.ts does).
   */
  constructor(
    size: number,
    private readonly file = WORKER_FILE,
  ) {
    if (size > 0 && !existsSync(file)) throw new Error(`The render worker ${file} is missing: run the CLI through bin/ecom-site.js.`);
    for (let i = 0; i < size; i++) this.threads.push(new RenderThread(file, THREAD_LIMITS, (...args) => this.renderLarge(...args)));
  }

  /**
   * Renders all tasks over the pool's threads; calls `onResult` as each batch of `batchSize` completes.
   * `pace` is awaited before each batch: the caller's backpressure (the files of the pages rendered so far
   * are written, and their HTML let go, before more pages render).
   */
  async render(
    tasks: readonly RenderTask[],
    ctx: RenderContext,
    templatesFile: string,
    onResult: (result: TaskResult) => void,
    { batchSize = BATCH, pace }: { batchSize?: number; pace?: () => Promise<void> } = {},
  ): Promise<void> {
    if (!this.threads.length) {
      // In this thread, a batch at a time, awaiting `pace` between batches (a turn of the event loop where
      // there is none); a large page on the large-page thread. A `pace` with nothing to wait for resolves at
      // once, so the files wait to be written until the backlog is full or every page is rendered: turning
      // the event loop after every batch to overlap the writes with rendering measured no faster on a
      // two-vCPU machine, at 80 pages and at 4,000 (docs/performance.md).
      for (let i = 0; i < tasks.length; i += batchSize) {
        await (pace ? pace() : new Promise((go) => setImmediate(go)));
        for (const task of tasks.slice(i, i + batchSize))
          onResult(large(task) ? await this.renderLarge(task, ctx, templatesFile) : renderTask(task, ctx));
      }
      return;
    }
    // Large pages go to the large-page thread at once, not through a render thread's heap first.
    const largeOnes = tasks.filter(large);
    const rest = largeOnes.length ? tasks.filter((task) => !large(task)) : tasks;
    let next = 0;
    await Promise.all([
      ...largeOnes.map(async (task) => onResult(await this.renderLarge(task, ctx, templatesFile))),
      ...this.threads.map(async (thread) => {
        for (;;) {
          await pace?.();
          const batch = rest.slice(next, next + batchSize);
          next += batchSize;
          if (batch.length === 0) break;
          for (const result of await thread.render(batch, ctx, templatesFile)) onResult(result);
        }
      }),
    ]);
  }

  /**
   * A page on the large-page thread, whose heap is as large as this thread's (`pageHeapMb`): if it needs
   * more, it fails with PAGE_OUT_OF_MEMORY instead of ending the process. Without the worker script (a
   * source run of this module, in tests) it renders here.
   */
  private renderLarge(task: RenderTask, ctx: RenderContext, templatesFile: string): Promise<TaskResult> {
    if (this.large === undefined)
      this.large = existsSync(this.file) ? new RenderThread(this.file, { maxOldGenerationSizeMb: pageHeapMb() }) : null;
    return this.large ? this.large.renderOnce(task, ctx, templatesFile) : Promise.resolve(renderTask(task, ctx));
  }

  async close(): Promise<void> {
    await Promise.all([...this.threads, ...(this.large ? [this.large] : [])].map((thread) => thread.close()));
  }
}

/**
 * Whether a page is large enough to render on the large-page thread: above `DEFAULTS.isolatePageAbove`,
 * or above what could take half of this thread's heap at ~4 KB a character where the heap is small (a
 * 240 KB page of table rows needs ~1 GB; a machine that gives Node 512 MB lowers the bar to 64 KB).
 */
const LARGE_ABOVE = Math.min(DEFAULTS.isolatePageAbove, Math.floor(getHeapStatistics().heap_size_limit / (8 * 1024)));
function large(task: RenderTask): boolean {
  return task.page.source.body.length > LARGE_ABOVE;
}

/**
 * Whether `count` pages make a render large enough for threads: two threads' worth. It is the size, not the
 * threads a machine can start: a build keeps Pagefind away from such a render even on one core.
 */
export function largeRender(count: number): boolean {
  return count >= 2 * DEFAULTS.pagesPerThread;
}

/** How many threads are worth starting for `count` pages (ECOM_SITE_THREADS pins it; 1 renders here). */
export function threadsFor(count: number): number {
  const pinned = Number(process.env.ECOM_SITE_THREADS);
  const threads =
    pinned > 0 ? pinned : largeRender(count) ? Math.min(availableParallelism(), Math.floor(count / DEFAULTS.pagesPerThread)) : 0;
  return threads < 2 ? 0 : threads;
}
