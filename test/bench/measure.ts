/** Measuring one run of a command: wall and CPU seconds and peak RSS, from GNU time. */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');

/** One measured run of a command. */
export interface Sample {
  wall: number;
  cpu: number;
  rssMb: number;
  /**
   * Peak RSS of the Node process itself (worker threads included, child processes such as Pagefind's not),
   * when the command ran with test/bench/node-rss.mjs; the `rssMb` of GNU time is that of the largest process.
   */
  nodeRssMb?: number;
  /** What the command printed on stdout. */
  stdout: string;
}

/** Runs a command under GNU time; returns wall and CPU seconds and peak RSS. Throws on failure. */
export function measure(command: string, args: string[], cwd = ROOT, env: Record<string, string> = {}): Sample {
  const result = spawnSync('/usr/bin/time', ['-f', 'BENCH %e %U %S %M', command, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production', ...env },
  });
  const line = result.stderr
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('BENCH '));
  if (result.status !== 0 || !line) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr.slice(-2000)}`);
  const [, wall, user, sys, rss] = line.split(' ').map(Number) as [number, number, number, number, number];
  const own = /^BENCH-NODE-RSS (\d+)$/m.exec(result.stderr);
  return { wall, cpu: user + sys, rssMb: rss / 1024, ...(own ? { nodeRssMb: Number(own[1]) / 1024 } : {}), stdout: result.stdout };
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

export const fmt = (s: number): string => (s < 1 ? `${Math.round(s * 1000)} ms` : `${s.toFixed(2)} s`);

/** Bytes as MB (10^6), one decimal. */
export const megabytes = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

/**
 * Puts `report` between the lines `<!-- NAME:start -->` and `<!-- NAME:end -->` of the document `file`, where
 * a bench keeps its last results; false (and nothing written) when the document lacks the markers.
 */
export function writeBetweenMarkers(file: string, name: string, report: string): boolean {
  const doc = readFileSync(file, 'utf8');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  if (!doc.includes(start) || !doc.includes(end)) return false;
  writeFileSync(file, `${doc.slice(0, doc.indexOf(start) + start.length)}\n${report}${doc.slice(doc.indexOf(end))}`);
  return true;
}
