/** Every default of the CLI in one documented place (README, "Commands"). */
export const DEFAULTS = {
  /** Content folder, relative to the working folder. */
  content: 'content',
  /** Output folder, relative to the working folder. */
  out: 'dist',
  /** `watch` serves here; `--host` exposes it on purpose. */
  host: '127.0.0.1',
  port: 4000,
  /** A build shows a progress line on a terminal once it has run this long (ms). */
  progressAfterMs: 400,
  /**
   * A page file above this many bytes is refused before it is parsed (`PAGE_TOO_LARGE`); site.yaml's
   * `maxPageSize` raises or lowers it (docs/writing.md, "maxPageSize"). Parsing is linear in the page's
   * size (patches/README.md), so the limit bounds the time and memory one page can take.
   */
  maxPageSize: 5 * 1024 * 1024,
  /**
   * A page whose syntax tree nests deeper than this (block quotes, lists, links, emphasis inside one
   * another) is refused (`PAGE_TOO_DEEP`): the Markdown tools and React recurse per level, and the main
   * thread's stack ran out at about twice this many levels on a cold start (a render thread's stack and a warm JIT go
   * further, so without a limit a page would build or fail by chance). Half that leaves room.
   */
  maxNesting: 1000,
  /**
   * GFM fills a table row with fewer cells than the header with empty cells, so a header of n columns over
   * n one-character rows makes n² cells of ~4n characters: a page of a few KB could take seconds and GBs
   * to build. A page whose tables leave out more cells than this is refused (`TABLE_TOO_SPARSE`). cmark-gfm and commonmark-hs bound the same thing (~500,000 and ~200,000).
   */
  maxFilledCells: 200_000,
  /**
   * A page body longer than this (characters) renders on a thread of its own, whose heap is as large as
   * the main thread's: the Markdown tools take up to thousands of bytes of memory a character, and a page that needs more than the heap then fails with PAGE_OUT_OF_MEMORY instead
   * of ending the process with V8's fatal error. Where
   * Node's heap is small, the bar is lower: what could take half of it (pool.ts).
   */
  isolatePageAbove: 256 * 1024,
  /** The template of a page whose front matter names none (docs/templates.md). */
  template: 'page',
  /**
   * The locales of a site.yaml without `locales` (docs/locales.md): Chinese, the default, at the root and
   * English under /en. The one place besides the built-in UI text (templates/strings.ts) that names them.
   */
  locales: [
    { code: 'zh', lang: 'zh-CN', label: '中文', ogLocale: 'zh_CN' },
    { code: 'en', lang: 'en', label: 'English', ogLocale: 'en_US' },
  ],
  /**
   * The language of the tool's own messages and pages (numbers in messages, the "not built yet" page of
   * `watch`): English whatever the site's locales are.
   */
  messageLanguage: 'en',
  /**
   * `deploy` refuses to delete more objects than this in one run unless `--max-deletes` says more (docs/deploy.md):
   * a wrong `--out` or target would otherwise empty a bucket. Hugo's default, so its users keep their habit.
   */
  maxDeletes: 256,
  /**
   * `deploy` keeps a content-hashed file the build dropped (an old script, photo or search chunk) this long
   * after the deploy that first dropped it, and at least one more deploy (docs/deploy.md, "What is uploaded"). Pages
   * are revalidated on each use (`no-cache`), but a page open in a tab or held in the back/forward cache,
   * or a CDN serving a stale copy while the origin fails, still loads the old files; a week covers them.
   */
  keepHashedMs: 7 * 24 * 60 * 60 * 1000,
  /** Threads render pages only when each gets at least this many: starting one costs ~0.3 s. */
  pagesPerThread: 150,
} as const;
