/**
 * `npm run bench`: ecom-site against Eleventy and Hugo on one generated corpus (issue 7), plus the real
 * site's build, rebuilds, asset sizes and HTML weight. Cold builds run interleaved (A B C A B C …) after a
 * warm-up; the table shows medians and ranges. The last results are kept in the README between markers.
 *
 *   npm run bench [-- --pages 2000 --rounds 5 --no-readme]
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeCorpus } from './corpus.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'ecom-site.js');

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const PAGES = option('pages', 2000);
const ROUNDS = option('rounds', 5);

/** One measured run of a command. */
interface Sample {
  wall: number;
  cpu: number;
  rssMb: number;
}

/** Runs a command under GNU time; returns wall and CPU seconds and peak RSS. Throws on failure. */
function measure(command: string, args: string[], cwd = ROOT): Sample {
  const result = spawnSync('/usr/bin/time', ['-f', 'BENCH %e %U %S %M', command, ...args], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, NODE_ENV: 'production' } });
  const line = result.stderr.split('\n').reverse().find((l) => l.startsWith('BENCH '));
  if (result.status !== 0 || !line) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr.slice(-2000)}`);
  const [, wall, user, sys, rss] = line.split(' ').map(Number) as [number, number, number, number, number];
  return { wall, cpu: user + sys, rssMb: rss / 1024 };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const fmt = (s: number): string => (s < 1 ? `${Math.round(s * 1000)} ms` : `${s.toFixed(2)} s`);

interface Tool {
  name: string;
  available: boolean;
  run(): Sample;
}

const work = mkdtempSync(join(tmpdir(), 'ecom-bench-'));
const corpus = writeCorpus(work, PAGES);
const totalPages = PAGES * 2;
const hugoBin = ['/usr/bin/hugo', '/usr/local/bin/hugo'].find((p) => existsSync(p));
const eleventyBin = join(ROOT, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
const ecomCache = join(ROOT, 'node_modules', '.cache', 'ecom-site', 'builds');

const tools: Tool[] = [
  {
    name: 'ecom-site',
    available: true,
    run: () => {
      rmSync(ecomCache, { recursive: true, force: true });
      rmSync(join(work, 'out-ecom'), { recursive: true, force: true });
      return measure(process.execPath, [BIN, 'build', '--content', corpus.ecom, '--out', join(work, 'out-ecom'), '--quiet']);
    },
  },
  {
    name: 'Eleventy 3.1.7',
    available: existsSync(eleventyBin),
    run: () => {
      rmSync(join(work, 'out-11ty'), { recursive: true, force: true });
      return measure(process.execPath, [eleventyBin, `--input=${corpus.eleventy}`, `--output=${join(work, 'out-11ty')}`, '--quiet'], corpus.eleventy);
    },
  },
  {
    name: `Hugo ${hugoBin ? execFileSync(hugoBin, ['version'], { encoding: 'utf8' }).split(' ')[1]?.replace(/\+.*/, '') ?? '' : ''}`.trim(),
    available: hugoBin !== undefined,
    run: () => {
      rmSync(join(work, 'out-hugo'), { recursive: true, force: true });
      rmSync(join(corpus.hugo, 'resources'), { recursive: true, force: true });
      return measure(hugoBin as string, ['--source', corpus.hugo, '--destination', join(work, 'out-hugo'), '--quiet']);
    },
  },
];

console.log(`machine: ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`);
console.log(`corpus: ${PAGES} pages per locale (${totalPages} pages), ${ROUNDS} rounds after a warm-up\n`);

const samples = new Map<string, Sample[]>(tools.map((t) => [t.name, []]));
for (const tool of tools) if (tool.available) tool.run(); // warm-up: disk cache, esbuild bundle, JIT-free start
for (let round = 0; round < ROUNDS; round++) {
  for (const tool of tools) if (tool.available) samples.get(tool.name)?.push(tool.run());
  process.stderr.write(`  round ${round + 1}/${ROUNDS} done\n`);
}

const ecomWall = median((samples.get('ecom-site') ?? []).map((s) => s.wall));
const rows: string[] = [
  `| tool | wall median | wall min–max | CPU median | peak RSS | pages/s | ecom-site wall ÷ this tool |`,
  `| --- | --- | --- | --- | --- | --- | --- |`,
];
for (const tool of tools) {
  const list = samples.get(tool.name) ?? [];
  if (!tool.available || list.length === 0) {
    rows.push(`| ${tool.name || 'Hugo'} | not installed | | | | | |`);
    continue;
  }
  const wall = median(list.map((s) => s.wall));
  const walls = list.map((s) => s.wall);
  rows.push(
    `| ${tool.name} | ${fmt(wall)} | ${fmt(Math.min(...walls))}–${fmt(Math.max(...walls))} | ${fmt(median(list.map((s) => s.cpu)))} | ${Math.round(median(list.map((s) => s.rssMb)))} MB | ${Math.round(totalPages / wall)} | ${tool.name === 'ecom-site' ? '1.00' : `${(ecomWall / wall).toFixed(2)} ×`} |`,
  );
}

// The real site, rebuilds, and sizes.
const realOut = join(work, 'out-real');
const real = (): Sample => measure(process.execPath, [BIN, 'build', '--out', realOut, '--quiet']);
real();
const realCold: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  rmSync(ecomCache, { recursive: true, force: true });
  realCold.push(real().wall);
}
const warm: number[] = [];
for (let i = 0; i < ROUNDS; i++) warm.push(measure(process.execPath, [BIN, 'build', '--content', corpus.ecom, '--out', join(work, 'out-ecom'), '--quiet']).wall);
const edited = join(corpus.ecom, 'en', 'p1.md');
const oneChange: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  appendFileSync(edited, `\nEdit ${i}.\n`);
  oneChange.push(measure(process.execPath, [BIN, 'build', '--content', corpus.ecom, '--out', join(work, 'out-ecom'), '--quiet']).wall);
}
/**
 * Edit-to-page-written latency in `watch`: the time from writing a page's source to its HTML containing
 * the edit, polled every millisecond, on `content` served into `out`.
 */
async function watchLatency(content: string, out: string, page: string, rounds: number): Promise<number[]> {
  const child = spawn(process.execPath, [BIN, 'watch', '--content', content, '--out', out, '--port', '0', '--quiet'], { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' } });
  let text = '';
  child.stdout.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr.on('data', (d: Buffer) => (text += d.toString()));
  while (!text.includes('Serving')) {
    if (child.exitCode !== null) throw new Error(`watch exited:\n${text}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const source = join(content, 'en', `${page}.md`);
  const html = join(out, 'en', `${page}.html`);
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    await new Promise((r) => setTimeout(r, 300));
    const marker = `WATCH-EDIT-${i}-${Date.now()}`;
    const started = performance.now();
    appendFileSync(source, `\n${marker}\n`);
    for (;;) {
      try {
        if (readFileSync(html, 'utf8').includes(marker)) break;
      } catch {
        // mid-rename: try again
      }
      if (performance.now() - started > 30_000) throw new Error('watch did not write the page within 30 s');
      await new Promise((r) => setTimeout(r, 1));
    }
    times.push((performance.now() - started) / 1000);
  }
  child.kill('SIGINT');
  await new Promise((r) => child.once('exit', r));
  return times;
}
const latencyCorpus = median(await watchLatency(corpus.ecom, join(work, 'out-watch'), 'p1', ROUNDS));
const realCopy = join(work, 'real-content');
execFileSync('cp', ['-r', join(ROOT, 'content'), realCopy]);
const latencyReal = median(await watchLatency(realCopy, join(work, 'out-watch-real'), 'DROC', ROUNDS));

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
  `| watch: edit-to-page-written latency, one page, ${totalPages}-page corpus, median | ${fmt(latencyCorpus)} |`,
  `| watch: edit-to-page-written latency, one page, real site, median | ${fmt(latencyReal)} |`,
  `| client script (app.js), gzip -9 | ${gz('app.')} B |`,
  `| stylesheet (site.css), gzip -9 | ${gz('site.')} B |`,
  `| median HTML bytes per page (real site) | ${Math.round(median(htmlSizes))} B |`,
];

const machine = `machine: ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}; ${PAGES} pages per locale, ${ROUNDS} rounds`;
const report = `${machine}\n\n${rows.join('\n')}\n\n${extra.join('\n')}\n`;
console.log(report);

if (!process.argv.includes('--no-readme')) {
  const readmePath = join(ROOT, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  if (readme.includes(start) && readme.includes(end)) {
    writeFileSync(readmePath, `${readme.slice(0, readme.indexOf(start) + start.length)}\n${report}${readme.slice(readme.indexOf(end))}`);
    console.log('README.md updated with these results.');
  }
}
rmSync(work, { recursive: true, force: true });
