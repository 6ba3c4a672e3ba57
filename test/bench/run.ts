/**
 * `npm run bench`: ecom-site against Eleventy and Hugo on one generated corpus, the same corpus
 * built in one thread against the parse floor, remark-parse + remark-gfm parsing its files alone, and the
 * stack floor, those files taken on to body HTML through remark-rehype, rehype-react and React alone,
 * photos against Eleventy Image (test/bench/images.ts), plus the real site's build,
 * rebuilds, asset sizes and HTML weight. Cold builds run interleaved (A B C A B C …) after a warm-up; the
 * table shows medians and ranges. The last results are kept in docs/performance.md between markers. Eleventy and
 * Eleventy Image are installed into test/bench/peers/ on first use (test/bench/peers.ts).
 *
 * The search index has its own rows: the Pagefind CLI over Eleventy's and Hugo's output (a peer's build with
 * search is the sum), over ecom-site's Chinese pages alone (the floor of re-indexing one locale), ecom-site
 * with `search: false`, a build after one edited Chinese page, and `watch`'s save → reload. `--search-only`
 * leaves out the rows that do not concern search (one thread, parse floor, photos, cards); `--watch-only`
 * measures `watch`'s save → reload alone, on the corpus and on the real site, and prints it.
 *
 *   npm run bench [-- --pages 2000 --rounds 5 --photos 200 --no-readme --search-only | --watch-only]
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, appendFileSync, writeFileSync, cpSync } from 'node:fs';
import { get } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeCorpus } from './corpus.ts';
import { imageBench, PHOTO_HEIGHT, PHOTO_WIDTH } from './images.ts';
import { fmt, measure, median, megabytes, ROOT, type Sample, writeBetweenMarkers } from './measure.ts';
import { ensurePeers } from './peers.ts';

const BIN = join(ROOT, 'bin', 'ecom-site.js');

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const PAGES = option('pages', 2000);
const ROUNDS = option('rounds', 5);
const SEARCH_ONLY = process.argv.includes('--search-only');
/** Only `watch`'s save → reload rows, on the corpus and the real site (a few minutes, not the whole bench). */
const WATCH_ONLY = process.argv.includes('--watch-only');
const PHOTOS = SEARCH_ONLY ? 0 : option('photos', 200);
/** Node with the hook that reports its own peak RSS (test/bench/node-rss.mjs). */
const NODE_RSS = ['--import', join(import.meta.dirname, 'node-rss.mjs')];

interface Tool {
  name: string;
  available: boolean;
  run(): Sample;
}

const work = mkdtempSync(join(tmpdir(), 'ecom-bench-'));
const corpus = writeCorpus(work, PAGES);
const totalPages = PAGES * 2;
if (WATCH_ONLY) {
  const { onCorpus, onReal } = await watchLatencies();
  const [big, small] = [median(onCorpus.reload), median(onReal.reload)];
  console.log(`machine: ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}; ${ROUNDS} rounds\n`);
  console.log(`| watch | ${totalPages}-page corpus | real site | ratio | target |\n| --- | --- | --- | --- | --- |`);
  console.log(`| edit-to-page-written, median | ${fmt(median(onCorpus.written))} | ${fmt(median(onReal.written))} | | |`);
  console.log(`| save → reload event, median | ${fmt(big)} | ${fmt(small)} | ${(big / small).toFixed(2)} × | ≤ 2.0 × |`);
  rmSync(work, { recursive: true, force: true });
  process.exit(0);
}
const hugoBin = ['/usr/bin/hugo', '/usr/local/bin/hugo'].find((p) => existsSync(p));
let peers: string | undefined;
try {
  peers = ensurePeers();
} catch (error) {
  process.stderr.write(`The bench peers could not be installed; Eleventy is left out:\n${(error as Error).message}\n`);
}
const eleventyBin = peers ? join(peers, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs') : '';
/** The Pagefind CLI ecom-site's own service is: the extended binary (it segments Chinese), same version. */
const pagefindBin = (() => {
  const scope = join(ROOT, 'node_modules', '@pagefind');
  const found = existsSync(scope) ? readdirSync(scope).map((name) => join(scope, name, 'bin', 'pagefind_extended')) : [];
  return found.find((path) => existsSync(path));
})();
/** The Pagefind CLI over `site` (the files `glob` matches), its bundle written outside the site. */
function pagefind(site: string, out: string, glob = '**/*.html'): Sample {
  rmSync(out, { recursive: true, force: true });
  return measure(pagefindBin as string, ['--site', site, '--glob', glob, '--output-path', out, '--silent']);
}
/** The corpus's content with `search: false` in its site.yaml. */
function searchOff(content: string, dir: string): string {
  cpSync(content, dir, { recursive: true });
  writeFileSync(join(dir, 'site.yaml'), `${readFileSync(join(content, 'site.yaml'), 'utf8')}search: false\n`);
  return dir;
}
const cacheRoot = join(ROOT, 'node_modules', '.cache', 'ecom-site');
/**
 * Empties the build cache (parsed pages, manifest) and, with `cards`, the made social cards too. The
 * encoded photos stay (the corpus shows the real site's public/, whose photos have their own rows below),
 * and so does the bundled CLI, made once per install.
 */
function emptyCaches(cards: boolean): void {
  for (const name of cards ? ['builds', 'cards'] : ['builds']) rmSync(join(cacheRoot, name), { recursive: true, force: true });
}
const ECOM = 'ecom-site';
const OFF = 'ecom-site, search: false (no index)';
const PF_ZH = `Pagefind CLI over ecom-site's ${PAGES} Chinese pages alone`;
const PF_11TY = "Pagefind CLI over Eleventy's output";
const PF_HUGO = "Pagefind CLI over Hugo's output";
const COLD = 'ecom-site, card cache empty too (every social card drawn)';
const SINGLE = 'ecom-site, 1 thread';
const PARSE = 'remark-parse + remark-gfm, parse only';
const STACK = 'the stack alone: Markdown to body HTML';

const hugoName =
  `Hugo ${hugoBin ? (execFileSync(hugoBin, ['version'], { encoding: 'utf8' }).split(' ')[1]?.replace(/\+.*/, '') ?? '') : ''}`.trim();
const corpusOff = searchOff(corpus.ecom, join(work, 'ecom-off', 'content'));
const tools: Tool[] = [
  {
    // Pages built anew (build cache empty); the social cards and photos come from their cache, as after a
    // first build. Eleventy and Hugo make no cards, so this is the row they are compared with.
    name: ECOM,
    available: true,
    run: () => {
      emptyCaches(false);
      rmSync(join(work, 'out-ecom'), { recursive: true, force: true });
      return measure(process.execPath, [...NODE_RSS, BIN, 'build', '--content', corpus.ecom, '--out', join(work, 'out-ecom'), '--quiet']);
    },
  },
  {
    // The floor of re-indexing one locale: Pagefind alone over the Chinese pages the row above wrote.
    name: PF_ZH,
    available: pagefindBin !== undefined,
    run: () => pagefind(join(work, 'out-ecom'), join(work, 'pf-zh'), 'p*.html'),
  },
  {
    // The same build with search off: the render alone, compared with the stack floor.
    name: OFF,
    available: true,
    run: () => {
      emptyCaches(false);
      rmSync(join(work, 'out-ecom-off'), { recursive: true, force: true });
      return measure(process.execPath, [...NODE_RSS, BIN, 'build', '--content', corpusOff, '--out', join(work, 'out-ecom-off'), '--quiet']);
    },
  },
  {
    // As a first build: every page's social card is drawn too.
    name: COLD,
    available: true,
    run: () => {
      emptyCaches(true);
      rmSync(join(work, 'out-ecom-cold'), { recursive: true, force: true });
      return measure(process.execPath, [BIN, 'build', '--content', corpus.ecom, '--out', join(work, 'out-ecom-cold'), '--quiet']);
    },
  },
  {
    // The same build in the main thread alone (ECOM_SITE_THREADS=1): what is compared with the parse floor.
    name: SINGLE,
    available: true,
    run: () => {
      emptyCaches(false);
      rmSync(join(work, 'out-ecom-1'), { recursive: true, force: true });
      return measure(process.execPath, [BIN, 'build', '--content', corpus.ecom, '--out', join(work, 'out-ecom-1'), '--quiet'], ROOT, {
        ECOM_SITE_THREADS: '1',
      });
    },
  },
  {
    // The parse floor: the same page files, front matter stripped, parsed by remark-parse + remark-gfm alone.
    name: PARSE,
    available: true,
    run: () => measure(process.execPath, [join(import.meta.dirname, 'parse-only.mjs'), corpus.ecom]),
  },
  {
    // The stack floor: the same, and on to HTML through remark-rehype, rehype-react and renderToStaticMarkup
    // (body only: no template, front matter, checks or writes), what any site on this stack pays a page.
    name: STACK,
    available: true,
    run: () => measure(process.execPath, [join(import.meta.dirname, 'parse-only.mjs'), corpus.ecom, '--html']),
  },
  {
    name: 'Eleventy 3.1.7',
    available: eleventyBin !== '' && existsSync(eleventyBin),
    run: () => {
      rmSync(join(work, 'out-11ty'), { recursive: true, force: true });
      return measure(
        process.execPath,
        [eleventyBin, `--input=${corpus.eleventy}`, `--output=${join(work, 'out-11ty')}`, '--quiet'],
        corpus.eleventy,
      );
    },
  },
  {
    // Eleventy makes no index: a site on it with search runs this after the row above.
    name: PF_11TY,
    available: eleventyBin !== '' && existsSync(eleventyBin) && pagefindBin !== undefined,
    run: () => pagefind(join(work, 'out-11ty'), join(work, 'out-11ty', 'pagefind')),
  },
  {
    name: hugoName,
    available: hugoBin !== undefined,
    run: () => {
      rmSync(join(work, 'out-hugo'), { recursive: true, force: true });
      rmSync(join(corpus.hugo, 'resources'), { recursive: true, force: true });
      return measure(hugoBin as string, ['--source', corpus.hugo, '--destination', join(work, 'out-hugo'), '--quiet']);
    },
  },
  {
    name: PF_HUGO,
    available: hugoBin !== undefined && pagefindBin !== undefined,
    run: () => pagefind(join(work, 'out-hugo'), join(work, 'out-hugo', 'pagefind')),
  },
].filter((tool) => !SEARCH_ONLY || ![COLD, SINGLE, PARSE].includes(tool.name));

console.log(`machine: ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`);
console.log(
  `corpus: ${PAGES} pages per locale (${totalPages} pages), ${ROUNDS} rounds after a warm-up; ${PHOTOS} photos of ${PHOTO_WIDTH} × ${PHOTO_HEIGHT}\n`,
);

const samples = new Map<string, Sample[]>(tools.map((t) => [t.name, []]));
for (const tool of tools) if (tool.available) tool.run(); // warm-up: disk cache, esbuild bundle, JIT-free start
for (let round = 0; round < ROUNDS; round++) {
  for (const tool of tools) if (tool.available) samples.get(tool.name)?.push(tool.run());
  process.stderr.write(`  round ${round + 1}/${ROUNDS} done\n`);
}

const ecomWall = median((samples.get(ECOM) ?? []).map((s) => s.wall));
/** The median peak RSS of ecom-site's own Node process, where the runs measured it. */
const nodeRss = (list: Sample[]): string => {
  const own = list.flatMap((s) => (s.nodeRssMb === undefined ? [] : [s.nodeRssMb]));
  return own.length ? `${Math.round(median(own))} MB (max ${Math.round(Math.max(...own))} MB)` : '';
};
const rows: string[] = [
  `| tool | wall median | wall min–max | CPU median | peak RSS (largest process) | ecom-site's own Node process, peak RSS | pages/s | ecom-site wall ÷ this tool |`,
  `| --- | --- | --- | --- | --- | --- | --- | --- |`,
];
for (const tool of tools) {
  const list = samples.get(tool.name) ?? [];
  if (!tool.available || list.length === 0) {
    rows.push(`| ${tool.name || 'Hugo'} | not installed | | | | | | |`);
    continue;
  }
  const wall = median(list.map((s) => s.wall));
  const walls = list.map((s) => s.wall);
  rows.push(
    `| ${tool.name} | ${fmt(wall)} | ${fmt(Math.min(...walls))}–${fmt(Math.max(...walls))} | ${fmt(median(list.map((s) => s.cpu)))} | ${Math.round(median(list.map((s) => s.rssMb)))} MB | ${nodeRss(list)} | ${Math.round(totalPages / wall)} | ${tool.name === ECOM ? '1.00' : `${(ecomWall / wall).toFixed(2)} ×`} |`,
  );
}

// The parse floor: the single-thread build against remark-parse + remark-gfm alone, both
// whole processes (start included), medians of the rounds; and the parse loop's own time per page.
const medianOf = (name: string, field: 'wall' | 'cpu'): number => median((samples.get(name) ?? []).map((s) => s[field]));
/** The JSON line parse-only.mjs prints: its loop's own figures. */
const loopsOf = (list: Sample[]): Array<{ files: number; wallMs: number; cpuMs: number }> =>
  list.map((s) => JSON.parse(s.stdout.trim().split('\n').pop() ?? '{}'));
const parseLoops = loopsOf(samples.get(PARSE) ?? []);
const parseFiles = parseLoops[0]?.files ?? 0;
const eleventyWall = median((samples.get('Eleventy 3.1.7') ?? []).map((s) => s.wall));
const parseMsPerPage = median(parseLoops.map((p) => p.cpuMs / Math.max(1, p.files)));
const floor = SEARCH_ONLY
  ? [
      `| the stack floor | wall median | CPU median |`,
      `| --- | --- | --- |`,
      `| ${STACK}, 1 thread (\`parse-only.mjs --html\`) | ${fmt(medianOf(STACK, 'wall'))} | ${fmt(medianOf(STACK, 'cpu'))} |`,
    ]
  : [
      `| parse floor (${parseFiles} page files) | wall median | CPU median |`,
      `| --- | --- | --- |`,
      `| ecom-site build, 1 thread (ECOM_SITE_THREADS=1) | ${fmt(medianOf(SINGLE, 'wall'))} | ${fmt(medianOf(SINGLE, 'cpu'))} |`,
      `| remark-parse + remark-gfm, parse only, 1 thread (\`test/bench/parse-only.mjs\`) | ${fmt(medianOf(PARSE, 'wall'))} | ${fmt(medianOf(PARSE, 'cpu'))} |`,
      `| single-thread build ÷ parse only (target: at most 1.5) | ${(medianOf(SINGLE, 'wall') / medianOf(PARSE, 'wall')).toFixed(2)} × | ${(medianOf(SINGLE, 'cpu') / medianOf(PARSE, 'cpu')).toFixed(2)} × |`,
      `| parse only: CPU per page inside the loop (process start excluded) | | ${parseMsPerPage.toFixed(2)} ms |`,
      `| the stack alone: parse only, then remark-rehype, rehype-react and renderToStaticMarkup, body HTML only, 1 thread (\`parse-only.mjs --html\`) | ${fmt(medianOf(STACK, 'wall'))} | ${fmt(medianOf(STACK, 'cpu'))} |`,
      `| the stack alone ÷ parse only | ${(medianOf(STACK, 'wall') / medianOf(PARSE, 'wall')).toFixed(2)} × | ${(medianOf(STACK, 'cpu') / medianOf(PARSE, 'cpu')).toFixed(2)} × |`,
      `| the stack alone ÷ Eleventy (the target for the cold build is at most 1.5 × Eleventy: while this is above 1.5, no build on one thread meets it) | ${eleventyWall ? `${(medianOf(STACK, 'wall') / eleventyWall).toFixed(2)} ×` : 'Eleventy not installed'} | |`,
    ];

// Photos: ecom-site against Eleventy Image, cold and warm.
const imageRuns = PHOTOS > 0 ? await imageBench(work, PHOTOS, peers) : [];
const images = [
  `| ${PHOTOS} photos of ${PHOTO_WIDTH} × ${PHOTO_HEIGHT} (AVIF, WebP, JPEG × 320…2560 px) | wall | CPU | peak RSS | files | output | AVIF / WebP / JPEG |`,
  `| --- | --- | --- | --- | --- | --- | --- |`,
  ...imageRuns.map(
    (r) =>
      `| ${r.tool}, ${r.state} | ${fmt(r.sample.wall)} | ${fmt(r.sample.cpu)} | ${Math.round(r.sample.rssMb)} MB | ${r.files} | ${megabytes(r.bytes)} | ${megabytes(r.byFormat.avif)} / ${megabytes(r.byFormat.webp)} / ${megabytes(r.byFormat.jpeg)} |`,
  ),
];
if (PHOTOS > 0 && !peers) images.push(`| Eleventy Image 6 | not installed | | | | | |`);

// A site the size of ours: the corpus at 40 pages per locale, process start included, against
// Eleventy; interleaved rounds after a warm-up, like the large corpus.
const SMALL_PAGES = 40;
const smallCorpus = writeCorpus(join(work, 'small'), SMALL_PAGES);
const small: Array<{ name: string; available: boolean; run(): Sample }> = [
  {
    name: `${ECOM}, build cache empty`,
    available: true,
    run: () => {
      emptyCaches(false);
      return measure(process.execPath, [BIN, 'build', '--content', smallCorpus.ecom, '--out', join(work, 'out-small'), '--quiet']);
    },
  },
  {
    name: `${ECOM}, card cache empty too (cards drawn)`,
    available: true,
    run: () => {
      emptyCaches(true);
      return measure(process.execPath, [BIN, 'build', '--content', smallCorpus.ecom, '--out', join(work, 'out-small-cold'), '--quiet']);
    },
  },
  {
    // Unbundled: its process loads the Markdown and React packages as ES modules (~0.2 s here), which the
    // CLI loads from one code-cached bundle; the table's last row gives its loop alone.
    name: `${STACK} (process)`,
    available: true,
    run: () => measure(process.execPath, [join(import.meta.dirname, 'parse-only.mjs'), smallCorpus.ecom, '--html']),
  },
  {
    name: 'Eleventy 3.1.7',
    available: eleventyBin !== '' && existsSync(eleventyBin),
    run: () => {
      rmSync(join(work, 'out-small-11ty'), { recursive: true, force: true });
      return measure(
        process.execPath,
        [eleventyBin, `--input=${smallCorpus.eleventy}`, `--output=${join(work, 'out-small-11ty')}`, '--quiet'],
        smallCorpus.eleventy,
      );
    },
  },
  {
    name: PF_11TY,
    available: eleventyBin !== '' && existsSync(eleventyBin) && pagefindBin !== undefined,
    run: () => pagefind(join(work, 'out-small-11ty'), join(work, 'out-small-11ty', 'pagefind')),
  },
].filter((tool) => !SEARCH_ONLY || !tool.name.includes('card cache'));
const smallSamples = new Map<string, Sample[]>(small.map((t) => [t.name, []]));
for (const tool of small) if (tool.available) tool.run();
for (let round = 0; round < ROUNDS; round++) for (const tool of small) if (tool.available) smallSamples.get(tool.name)?.push(tool.run());
const smallWall = (name: string): number => median((smallSamples.get(name) ?? []).map((s) => s.wall));
const smallEleventy = smallWall('Eleventy 3.1.7');
const smallRows = [
  `| ${SMALL_PAGES * 2}-page corpus (a site the size of ours), process start included | wall median | CPU median | peak RSS | ÷ Eleventy |`,
  `| --- | --- | --- | --- | --- |`,
  ...small.map((tool) => {
    const list = smallSamples.get(tool.name) ?? [];
    if (!tool.available || list.length === 0) return `| ${tool.name} | not installed | | | |`;
    const wall = smallWall(tool.name);
    return `| ${tool.name} | ${fmt(wall)} | ${fmt(median(list.map((s) => s.cpu)))} | ${Math.round(median(list.map((s) => s.rssMb)))} MB | ${smallEleventy ? `${(wall / smallEleventy).toFixed(2)} ×` : ''} |`;
  }),
  (() => {
    const loops = loopsOf(smallSamples.get(`${STACK} (process)`) ?? []);
    const wall = median(loops.map((l) => l.wallMs)) / 1000;
    // Not divided by Eleventy's figure: that one includes process start and module loading.
    return `| ${STACK}: its loop alone (process start and module loading excluded) | ${fmt(wall)} | ${fmt(median(loops.map((l) => l.cpuMs)) / 1000)} | | |`;
  })(),
];

// The real site, rebuilds, and sizes.
const realOut = join(work, 'out-real');
const real = (): Sample => measure(process.execPath, [BIN, 'build', '--out', realOut, '--quiet']);
real();
const realCold: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  emptyCaches(false);
  realCold.push(real().wall);
}
const warm: number[] = [];
// The builds above emptied the build cache: one build first, so that every timed run has nothing to do.
measure(process.execPath, [BIN, 'build', '--content', corpus.ecom, '--out', join(work, 'out-ecom'), '--quiet']);
for (let i = 0; i < ROUNDS; i++)
  warm.push(measure(process.execPath, [BIN, 'build', '--content', corpus.ecom, '--out', join(work, 'out-ecom'), '--quiet']).wall);
/** Builds after one edit of `locale`'s page p1, each edit changing its text (so its locale is indexed again). */
const afterEdit = (locale: 'zh' | 'en'): Sample[] =>
  Array.from({ length: ROUNDS }, (_, i) => {
    appendFileSync(join(corpus.ecom, locale, 'p1.md'), `\nEdit ${i}.\n`);
    return measure(process.execPath, [...NODE_RSS, BIN, 'build', '--content', corpus.ecom, '--out', join(work, 'out-ecom'), '--quiet']);
  });
const oneChange = afterEdit('en').map((sample) => sample.wall);
const oneZh = afterEdit('zh');
/** Edit-to-page-written and edit-to-reload latencies of `watch`, seconds per round. */
interface Latency {
  written: number[];
  reload: number[];
}

/** `watch`'s latencies on the corpus (page p1) and on a copy of the real site (DROC), `ROUNDS` edits each. */
async function watchLatencies(): Promise<{ onCorpus: Latency; onReal: Latency }> {
  const onCorpus = await watchLatency(corpus.ecom, join(work, 'out-watch'), 'p1', ROUNDS);
  const realContent = join(work, 'real-content');
  execFileSync('cp', ['-r', join(ROOT, 'content'), realContent]);
  return { onCorpus, onReal: await watchLatency(realContent, join(work, 'out-watch-real'), 'DROC', ROUNDS) };
}

/**
 * Edit latencies in `watch`, on `content` served into `out`: from writing a page's source to its HTML
 * containing the edit (polled every millisecond), and to the reload event a browser gets. Each edit is made
 * on an idle session: after the search index of the one before is up to date.
 */
async function watchLatency(content: string, out: string, page: string, rounds: number): Promise<Latency> {
  const child = spawn(process.execPath, [BIN, 'watch', '--content', content, '--out', out, '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  let text = '';
  child.stdout.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr.on('data', (d: Buffer) => (text += d.toString()));
  while (!text.includes('Serving')) {
    if (child.exitCode !== null) throw new Error(`watch exited:\n${text}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const url = /Serving (http:\/\/\S+?)\/? with/.exec(text)?.[1] as string;
  let reloads = 0;
  await new Promise<void>((connected) =>
    get(`${url}/__ecom/events`, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (reloads += chunk.split('event: reload').length - 1));
      connected();
    }),
  );
  const source = join(content, 'en', `${page}.md`);
  const html = join(out, 'en', `${page}.html`);
  const result: Latency = { written: [], reload: [] };
  for (let i = 0; i < rounds; i++) {
    // Idle: the index of the last edit is written (or no pass is under way).
    const indexed = text.split('Search index updated').length;
    for (let waited = 0; i > 0 && text.split('Search index updated').length === indexed && waited < 60_000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    const marker = `WATCH-EDIT-${i}-${Date.now()}`;
    const before = reloads;
    const started = performance.now();
    appendFileSync(source, `\n${marker}\n`);
    let written = 0;
    for (;;) {
      try {
        if (!written && readFileSync(html, 'utf8').includes(marker)) written = performance.now() - started;
      } catch {
        // mid-rename: try again
      }
      if (written && reloads > before) break;
      if (performance.now() - started > 30_000) throw new Error('watch did not write the page and reload within 30 s');
      await new Promise((r) => setTimeout(r, 1));
    }
    result.written.push(written / 1000);
    result.reload.push((performance.now() - started) / 1000);
  }
  child.kill('SIGINT');
  await new Promise((r) => child.once('exit', r));
  return result;
}
const { onCorpus: latencyCorpus, onReal: latencyReal } = await watchLatencies();

const assets = readdirSync(join(realOut, 'assets'));
const gz = (prefix: string): number => {
  const name = assets.find((a) => a.startsWith(prefix));
  return name ? gzipSync(readFileSync(join(realOut, 'assets', name)), { level: 9 }).length : 0;
};
const htmlSizes: number[] = [];
const walk = (dir: string): void => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (entry.name.endsWith('.html')) htmlSizes.push(statSync(path).size);
  }
};
walk(realOut);

const extra = [
  `| measure | value |`,
  `| --- | --- |`,
  `| real site build (process start included), median | ${fmt(median(realCold))} |`,
  `| ${totalPages}-page rebuild, nothing changed, median | ${fmt(median(warm))} |`,
  `| ${totalPages}-page rebuild after one file changed, median | ${fmt(median(oneChange))} |`,
  `| ${totalPages}-page rebuild after one Chinese page changed (zh indexed again, en kept), median | ${fmt(median(oneZh.map((x) => x.wall)))} |`,
  `| watch: edit-to-page-written latency, one page, ${totalPages}-page corpus, median | ${fmt(median(latencyCorpus.written))} |`,
  `| watch: save → reload event, one page, ${totalPages}-page corpus, median | ${fmt(median(latencyCorpus.reload))} |`,
  `| watch: edit-to-page-written latency, one page, real site, median | ${fmt(median(latencyReal.written))} |`,
  `| watch: save → reload event, one page, real site, median | ${fmt(median(latencyReal.reload))} |`,
  `| client script (app.js), gzip -9 | ${gz('app.')} B |`,
  `| search script (search.js, loaded on demand), gzip -9 | ${gz('search.')} B |`,
  `| stylesheet (site.css), gzip -9 | ${gz('site.')} B |`,
  `| median HTML bytes per page (real site) | ${Math.round(median(htmlSizes))} B |`,
];

// The issue's targets, each ratio from figures of this one run.
const wallOf = (name: string, from = samples): number => median((from.get(name) ?? []).map((x) => x.wall));
const ratioRow = (what: string, ours: number, theirs: number, reference: string, target: number): string =>
  `| ${what} | ${fmt(ours)} | ${reference}: ${fmt(theirs)} | ${Number.isFinite(ours / theirs) ? (ours / theirs).toFixed(2) : 'n/a'} × | ≤ ${target.toFixed(1)} × |`;
const peerSum = wallOf('Eleventy 3.1.7') + wallOf(PF_11TY);
const smallPeerSum = wallOf('Eleventy 3.1.7', smallSamples) + wallOf(PF_11TY, smallSamples);
const targets = [
  `| target | ecom-site | reference | ratio | target |`,
  `| --- | --- | --- | --- | --- |`,
  ratioRow(`cold build, ${totalPages} pages`, ecomWall, peerSum, 'Eleventy + Pagefind CLI over its output', 1.3),
  ratioRow(
    `cold build, ${SMALL_PAGES * 2} pages`,
    wallOf(`${ECOM}, build cache empty`, smallSamples),
    smallPeerSum,
    'Eleventy + Pagefind CLI over its output',
    1.0,
  ),
  ratioRow(
    `build after one Chinese page edited, ${totalPages} pages`,
    median(oneZh.map((x) => x.wall)),
    wallOf(PF_ZH),
    `Pagefind CLI over the ${PAGES} Chinese pages alone`,
    1.3,
  ),
  ratioRow(`search off: the render alone, ${totalPages} pages`, wallOf(OFF), medianOf(STACK, 'wall'), 'the stack floor', 1.3),
  ratioRow(
    `watch: save → reload, ${totalPages} pages`,
    median(latencyCorpus.reload),
    median(latencyReal.reload),
    'the same on the real site (78 pages)',
    2.0,
  ),
  `| ecom-site's own Node process, peak RSS: cold build / one Chinese page edited, ${totalPages} pages | ${nodeRss(samples.get(ECOM) ?? [])} / ${nodeRss(oneZh)} | | | ≤ 350 MB |`,
  `| Hugo + Pagefind CLI over its output, cold build, ${totalPages} pages | ${hugoBin ? fmt(wallOf(hugoName) + wallOf(PF_HUGO)) : 'not installed (Debian package hugo)'} | | | |`,
];

const machine = `machine: ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}; ${PAGES} pages per locale, ${ROUNDS} rounds, ${PHOTOS} photos`;
const report = `${machine}\n\n${targets.join('\n')}\n\n${rows.join('\n')}\n\n${floor.join('\n')}\n\n${smallRows.join('\n')}\n\n${PHOTOS > 0 ? `${images.join('\n')}\n\n` : ''}${extra.join('\n')}\n`;
console.log(report);

if (!process.argv.includes('--no-readme') && writeBetweenMarkers(join(ROOT, 'docs', 'performance.md'), 'bench', report)) {
  console.log('docs/performance.md updated with these results.');
}
rmSync(work, { recursive: true, force: true });
