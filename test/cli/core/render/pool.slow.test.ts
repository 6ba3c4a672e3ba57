/**
 * Render threads that stop (a template calling `process.exit()`, the heap limit): the batch is rendered
 * again once on a fresh thread, and fails with RENDER_FAILED naming the page if it fails again; a build
 * never hangs. Real worker threads: the pool and its worker are bundled here the way bin/ecom-site.js
 * bundles them (a pool asked for threads without `worker.mjs` beside it throws).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as PoolModule from '../../../../cli/core/render/pool.ts';
import { prepareSite, type Staged } from '../../../../cli/core/stages.ts';
import { makeContent, ROOT, tempDir } from '../../../helpers/cli.ts';

/** Inside node_modules, so that the bundle's package imports resolve. */
const dir = join(ROOT, 'node_modules', '.cache', 'ecom-site-test', `pool-${process.pid}-${Date.now()}`);
const marker = join(tempDir(), 'exited-once');
let pool: typeof PoolModule;
/** A result's HTML as text, whether it came as text (this thread) or as bytes (a render thread). */
const text = (html: string | Uint8Array | undefined): string => (html === undefined ? '' : pool.htmlBytes(html).toString('utf8'));
let site: Staged;
let templatesFile: string;

beforeAll(async () => {
  await build({
    entryPoints: { pool: join(ROOT, 'cli', 'core', 'render', 'pool.ts'), worker: join(ROOT, 'cli', 'core', 'render', 'worker.ts') },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'error',
  });
  pool = (await import(pathToFileURL(join(dir, 'pool.mjs')).href)) as typeof PoolModule;
  const content = makeContent({
    'zh/once.md': '---\ntitle: exit-once\n---\n\n一次。\n',
    'zh/always.md': '---\ntitle: exit-always\n---\n\n总是。\n',
    'zh/hungry.md': '---\ntitle: hungry\n---\n\n很大。\n',
    ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`zh/p${i}.md`, `---\ntitle: 页面 ${i}\n---\n\n文字。\n`])),
  });
  site = await prepareSite({ root: ROOT, contentDir: content, drafts: false });
  // The real templates, except that two pages end their thread: one the first time only, one always.
  // A CommonJS module, as the compiled templates are (cli/core/load/bundle.ts).
  templatesFile = join(dir, 'templates.cjs');
  writeFileSync(
    templatesFile,
    `
const { existsSync, writeFileSync } = require('node:fs');
const real = require(${JSON.stringify(site.loaded.templates.file)});
exports.NotFound = real.NotFound;
exports.UI_STRINGS = real.UI_STRINGS;
exports.templates = Object.fromEntries(Object.entries(real.templates).map(([name, spec]) => [name, { ...spec, component(props) {
  if (props.page.title === 'exit-always') process.exit(7);
  // About 320 MB, more than a render thread's heap may hold (pool.ts THREAD_LIMITS).
  if (props.page.title === 'hungry') globalThis.kept = Array.from({ length: 40 }, (_, i) => new Array(1e6).fill(i));
  if (props.page.title === 'exit-once' && !existsSync(${JSON.stringify(marker)})) { writeFileSync(${JSON.stringify(marker)}, 'x'); process.exit(0); }
  return spec.component(props);
} }]));
`,
  );
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function tasksOf(pages: Staged['planned']['pages']): PoolModule.RenderTask[] {
  return pages.map((page, index) => ({ index, page: pool.portable(page), route: page.route }));
}

describe('render threads that exit', () => {
  it('render a batch again on a fresh thread, and fail only the page that always ends its thread', async () => {
    mkdirSync(dir, { recursive: true });
    const threads = new pool.RenderPool(2);
    const tasks = tasksOf(site.planned.pages.filter((page) => page.locale === 'zh' && page.source.data.title !== 'hungry'));
    const results = new Map<number, PoolModule.TaskResult>();
    await threads.render(tasks, site.ctx, templatesFile, (result) => results.set(result.index, result), { batchSize: 2 });
    expect([...results.keys()].sort((a, b) => a - b)).toEqual(tasks.map((task) => task.index));
    expect(existsSync(marker)).toBe(true);
    for (const task of tasks) {
      const result = results.get(task.index) as PoolModule.TaskResult;
      if (task.page.source.data.title === 'exit-always') {
        expect(result.errors).toEqual([expect.objectContaining({ code: 'RENDER_FAILED', file: task.page.source.file })]);
        expect(result.errors[0]?.message).toContain('exited with code 7');
      } else if (task.route === '/always' || task.route === '/once' || task.route.startsWith('/p')) {
        // Batches of two: the page sharing a batch with the failing one failed with it.
        expect(
          result.errors.length === 0 || result.errors.every((p) => p.code === 'RENDER_FAILED' && p.file === task.page.source.file),
        ).toBe(true);
      }
    }
    const once = tasks.find((task) => task.page.source.data.title === 'exit-once') as PoolModule.RenderTask;
    expect(results.get(once.index)?.errors).toEqual([]);
    expect(text(results.get(once.index)?.html)).toContain('exit-once');

    // The pool stays usable: its threads were started again.
    const again: PoolModule.TaskResult[] = [];
    const normal = tasks.filter((task) => String(task.page.source.data.title).startsWith('页面'));
    await threads.render(normal, site.ctx, templatesFile, (result) => again.push(result), { batchSize: 1 });
    expect(again.map((result) => result.errors)).toEqual(normal.map(() => []));
    await threads.close();
  }, 120_000);

  it('loses no page to a thread that reaches its heap limit: its batch is rendered again page by page, the page that needs more memory on the large-page thread', async () => {
    const threads = new pool.RenderPool(1);
    const tasks = tasksOf(site.planned.pages.filter((page) => page.locale === 'zh' && !String(page.source.data.title).startsWith('exit')));
    expect(tasks.some((task) => task.page.source.data.title === 'hungry')).toBe(true);
    const results: PoolModule.TaskResult[] = [];
    await threads.render(tasks, site.ctx, templatesFile, (result) => results.push(result), { batchSize: tasks.length });
    await threads.close();
    expect(results.map((result) => result.errors)).toEqual(tasks.map(() => []));
    expect(results.find((result) => text(result.html).includes('hungry'))).toBeDefined();
  }, 120_000);

  it('fails a page that needs more memory than the large-page thread has with PAGE_OUT_OF_MEMORY, from render threads and from this thread, instead of ending the process', async () => {
    process.env.ECOM_SITE_PAGE_HEAP_MB = '100';
    try {
      const [hungry] = tasksOf(site.planned.pages.filter((page) => page.locale === 'zh' && page.source.data.title === 'hungry'));
      if (!hungry) throw new Error('no hungry page');
      // Above DEFAULTS.isolatePageAbove: this thread sends it to the large-page thread too.
      const large = { ...hungry, page: { ...hungry.page, source: { ...hungry.page.source, body: '很大。\n'.repeat(70_000) } } };
      expect(large.page.source.body.length).toBeGreaterThan(256 * 1024);
      // A small page that runs a render thread out of memory, and a large page sent to the large-page
      // thread at once, from render threads and from this thread.
      for (const [size, task] of [
        [1, hungry],
        [1, large],
        [0, large],
      ] as const) {
        const threads = new pool.RenderPool(size);
        const results: PoolModule.TaskResult[] = [];
        await threads.render([task], site.ctx, templatesFile, (result) => results.push(result));
        await threads.close();
        expect(results, `${size} threads`).toEqual([
          expect.objectContaining({
            html: '',
            errors: [
              expect.objectContaining({
                code: 'PAGE_OUT_OF_MEMORY',
                file: expect.stringMatching(/zh\/hungry\.md$/),
                message: expect.stringMatching(/^Rendering \/hungry needs more than 100 MB of memory/),
              }),
            ],
          }),
        ]);
      }
    } finally {
      delete process.env.ECOM_SITE_PAGE_HEAP_MB;
    }
  }, 120_000);

  it('refuses to start threads without the worker script, rather than quietly rendering in this thread', () => {
    expect(() => new pool.RenderPool(2, join(dir, 'missing-worker.mjs'))).toThrow(/render worker .*missing-worker\.mjs is missing/);
    expect(() => new pool.RenderPool(0, join(dir, 'missing-worker.mjs'))).not.toThrow();
  });

  it('renders the same HTML on threads as in this thread', async () => {
    const threads = new pool.RenderPool(2);
    const tasks = tasksOf(site.planned.pages.filter((page) => !String(page.source.data.title).startsWith('exit')));
    const html: string[] = [];
    const kinds = new Set<string>();
    await threads.render(tasks, site.ctx, site.loaded.templates.file, (result) => {
      kinds.add(result.html instanceof Uint8Array ? 'bytes' : 'text');
      html[result.index] = text(result.html);
    });
    await threads.close();
    // A render thread sends the UTF-8 bytes of each page (moved, not copied), never a string.
    expect([...kinds]).toEqual(['bytes']);
    expect(html).toEqual(tasks.map((task) => pool.renderTask(task, site.ctx).html));
  }, 120_000);
});

describe('pages nested too deeply', () => {
  it('fail with PAGE_TOO_DEEP the same way on render threads as in this thread, and a page at the limit renders on both', async () => {
    const page = (title: string, body: string): string => `---\ntitle: ${title}\n---\n\n${body}\n`;
    const deep = await prepareSite({
      root: ROOT,
      contentDir: makeContent({
        // 1,000 block quotes hold a paragraph at depth 1,001, its text below: the limit counts parents.
        'zh/at-limit.md': page('at-limit', `${'>'.repeat(999)} a`),
        'zh/over-limit.md': page('over-limit', `${'>'.repeat(1000)} a`),
        'zh/lists.md': page('lists', `${'- '.repeat(501)}a`),
        // Refused while parsing (that took seconds, then overflowed the stack).
        'zh/far.md': page('far', `${'>'.repeat(30_000)} a`),
        // Refused while parsing, at the list item one too many (line 5: the front matter and a blank line first).
        'zh/markers.md': page('markers', `${'- '.repeat(20_000)}a`),
      }),
      drafts: false,
    });
    const tasks = tasksOf(
      deep.planned.pages.filter((p) => p.locale === 'zh' && ['/at-limit', '/over-limit', '/lists', '/far', '/markers'].includes(p.route)),
    );
    expect(tasks).toHaveLength(5);
    const threads = new pool.RenderPool(2);
    const onThreads: PoolModule.TaskResult[] = [];
    await threads.render(tasks, deep.ctx, deep.loaded.templates.file, (result) => (onThreads[result.index] = result), { batchSize: 1 });
    await threads.close();
    const here = tasks.map((task) => pool.renderTask(task, deep.ctx));
    for (const results of [onThreads, here]) {
      const byRoute = new Map(tasks.map((task) => [task.route, results[task.index] as PoolModule.TaskResult]));
      expect(byRoute.get('/at-limit')?.errors).toEqual([]);
      expect(text(byRoute.get('/at-limit')?.html)).toContain('<blockquote>');
      for (const route of ['/over-limit', '/lists', '/far', '/markers'])
        expect(byRoute.get(route)?.errors, route).toEqual([
          expect.objectContaining({ code: 'PAGE_TOO_DEEP', file: expect.stringMatching(new RegExp(`zh/${route.slice(1)}\\.md$`)) }),
        ]);
      expect(byRoute.get('/over-limit')?.errors[0]?.message).toMatch(/nested 1,001 levels deep .*at most 1,000 can be rendered/);
      expect(byRoute.get('/lists')?.errors[0]?.message).toMatch(/nested 1,003 levels deep/);
      for (const route of ['/far', '/markers'])
        expect(byRoute.get(route)?.errors[0], route).toMatchObject({
          line: 5,
          message: expect.stringMatching(/nested more than 1,000 levels deep/),
        });
    }
  }, 120_000);
});
