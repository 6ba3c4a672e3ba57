/**
 * `npm run bench:search-scale [-- --pages 20000 --index-only]`: what the search index costs per locale at a given size.
 * Builds the bench corpus (N pages per locale, test/bench/corpus.ts) once with search on and once with
 * `search: false`, both cold (build cache emptied, new output folder) after a first build that draws the
 * social cards into their cache, and watches the processes while
 * they run: the build's own Node process (peak RSS) and each Pagefind service it starts (one per locale, in
 * the locales' order), with the wall time each service lived, its CPU seconds and its peak RSS. Prints a
 * Markdown table; docs/performance.md ("Search index") keeps the figures.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeCorpus } from './corpus.ts';
import { ROOT } from './measure.ts';

const at = process.argv.indexOf('--pages');
const PAGES = at > 0 ? Number(process.argv[at + 1]) : 20000;
/** Only the build with search on, its social cards drawn in it (a large corpus's first build takes long). */
const INDEX_ONLY = process.argv.includes('--index-only');
const BIN = join(ROOT, 'bin', 'ecom-site.js');
/** Clock ticks per second of /proc/<pid>/stat's CPU times (Linux's USER_HZ). */
const TICKS = 100;
const SAMPLE_MS = 100;

/** What was seen of one process while it ran. */
interface Seen {
  pid: number;
  name: string;
  first: number;
  last: number;
  /** Peak RSS (VmHWM) in MB, and CPU seconds, as last read. */
  peakMb: number;
  cpu: number;
}

/** The parent pid, name and CPU seconds of a process, or undefined once it is gone. */
function statOf(pid: number): { ppid: number; name: string; cpu: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), name, cpu: (Number(fields[11]) + Number(fields[12])) / TICKS };
  } catch {
    return undefined;
  }
}

function peakMbOf(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Runs a build and samples it and its child processes until it ends. */
async function watchBuild(content: string, out: string): Promise<{ wall: number; cpu: number; node: Seen; services: Seen[] }> {
  rmSync(join(ROOT, 'node_modules', '.cache', 'ecom-site', 'builds'), { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
  const started = performance.now();
  // Under GNU time, whose figures include the Pagefind services (the build waits for them).
  const child = spawn(
    '/usr/bin/time',
    ['-f', 'BENCH %e %U %S', process.execPath, BIN, 'build', '--content', content, '--out', out, '--quiet'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const root = child.pid as number;
  const seen = new Map<number, Seen>();
  const sample = (): void => {
    const now = (performance.now() - started) / 1000;
    const tree = new Set([root]);
    for (const entry of readdirSync('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid)) continue;
      const stat = statOf(pid);
      if (!stat || !(tree.has(stat.ppid) || pid === root)) continue;
      tree.add(pid);
      const known = seen.get(pid) ?? { pid, name: stat.name, first: now, last: now, peakMb: 0, cpu: 0 };
      // A process sampled between fork and exec still bears its parent's name: the latest name is the true one.
      known.name = stat.name;
      known.last = now;
      known.cpu = stat.cpu;
      known.peakMb = Math.max(known.peakMb, peakMbOf(pid));
      seen.set(pid, known);
    }
  };
  const timer = setInterval(sample, SAMPLE_MS);
  const code = await new Promise<number | null>((done) => child.on('exit', done));
  clearInterval(timer);
  const line = stderr.split('\n').find((l) => l.startsWith('BENCH '));
  if (code !== 0 || !line) throw new Error(`The build of ${content} failed (exit ${code}):\n${stderr.slice(-2000)}`);
  const [, wall, user, system] = line.split(' ').map(Number) as [number, number, number, number];
  const processes = [...seen.values()].sort((a, b) => a.first - b.first);
  return {
    wall,
    cpu: user + system,
    node: processes.find((s) => s.name.startsWith('node')) as Seen,
    services: processes.filter((s) => s.name.startsWith('pagefind')),
  };
}

const fmt = (s: number): string => `${s.toFixed(1)} s`;
const mb = (m: number): string => `${Math.round(m)} MB`;

const work = mkdtempSync(join(tmpdir(), 'ecom-search-scale-'));
try {
  const corpus = writeCorpus(work, PAGES);
  const off = join(work, 'ecom-off', 'content');
  cpSync(corpus.ecom, off, { recursive: true });
  writeFileSync(join(off, 'site.yaml'), `${readFileSync(join(corpus.ecom, 'site.yaml'), 'utf8')}search: false\n`);
  const load = loadavg()[0] as number;
  // A first build draws the social cards into their cache, as a user's machine keeps them; not reported.
  // `--index-only` leaves it and the build without search out: the one build left draws the cards.
  if (!INDEX_ONLY) await watchBuild(off, join(work, 'out-off'));
  const on = await watchBuild(corpus.ecom, join(work, 'out-on'));
  const without = INDEX_ONLY ? undefined : await watchBuild(off, join(work, 'out-off'));
  const locales = ['zh', 'en'];
  const rows = [
    `${cpus()[0]?.model ?? 'cpu'}, ${cpus().length} cores, Node ${process.version}; ${PAGES} pages per locale; load average ${load.toFixed(1)} at the start, ${(loadavg()[0] as number).toFixed(1)} at the end`,
    '',
    '| row | wall | CPU | peak RSS |',
    '| --- | --- | --- | --- |',
    `| cold build, search on (whole command${INDEX_ONLY ? ', social cards drawn too' : ''}) | ${fmt(on.wall)} | ${fmt(on.cpu)} | build's Node process ${mb(on.node.peakMb)} |`,
    ...(without
      ? [`| cold build, \`search: false\` | ${fmt(without.wall)} | ${fmt(without.cpu)} | build's Node process ${mb(without.node.peakMb)} |`]
      : []),
    ...on.services.map(
      (s, i) =>
        `| Pagefind service ${i + 1} (${locales[i] ?? '?'}: ${PAGES} pages), from start to close | ${fmt(s.last - s.first)} | ${fmt(s.cpu)} | ${mb(s.peakMb)} |`,
    ),
  ];
  process.stdout.write(`${rows.join('\n')}\n`);
  if (on.services.length !== 2) process.stderr.write(`Expected 2 Pagefind services, saw ${on.services.length}.\n`);
} finally {
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
